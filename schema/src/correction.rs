//! Piecewise correction for scans whose printed hexes drift across the
//! sheet (paper stretch, a scanner that is not quite linear): measured
//! offsets at a few hexes bend the regular grid so it passes through them.
//!
//! The offset field is an affine trend fitted to the measurements plus an
//! inverse-distance (Shepard) interpolation of what the trend leaves, so a
//! uniform stretch is followed everywhere and every measured hex is hit
//! exactly.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexId;

/// A measured offset: where the printed centre of `hex` really is, relative
/// to where the regular grid puts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// The hex measured.
    pub hex: HexId,
    /// Real centre minus regular centre, in scan pixels.
    pub offset_px: [f64; 2],
}

/// Offsets at regular-grid positions, ready to evaluate anywhere.
#[derive(Debug)]
pub(crate) struct OffsetField {
    points: Vec<([f64; 2], [f64; 2])>,
    trend: Option<[[f64; 3]; 2]>,
}

impl OffsetField {
    /// A field through `points` (regular position, offset).
    pub(crate) fn new(points: Vec<([f64; 2], [f64; 2])>) -> Self {
        let trend = affine_fit(&points);
        Self { points, trend }
    }

    fn trend_at(&self, p: [f64; 2]) -> [f64; 2] {
        match &self.trend {
            Some([ax, ay]) => [
                ax[0] * p[0] + ax[1] * p[1] + ax[2],
                ay[0] * p[0] + ay[1] * p[1] + ay[2],
            ],
            None => [0.0, 0.0],
        }
    }

    /// The offset at a regular-grid position.
    pub(crate) fn at(&self, p: [f64; 2]) -> [f64; 2] {
        if self.points.is_empty() {
            return [0.0, 0.0];
        }
        let base = self.trend_at(p);
        let (mut wsum, mut rx, mut ry) = (0.0, 0.0, 0.0);
        for (q, off) in &self.points {
            let t = self.trend_at(*q);
            let (dx, dy) = (p[0] - q[0], p[1] - q[1]);
            let d2 = dx * dx + dy * dy;
            if d2 < 1e-12 {
                return *off;
            }
            let w = 1.0 / d2;
            wsum += w;
            rx += w * (off[0] - t[0]);
            ry += w * (off[1] - t[1]);
        }
        [base[0] + rx / wsum, base[1] + ry / wsum]
    }
}

/// Least-squares affine map from position to offset, when the points are
/// not all on one line.
fn affine_fit(points: &[([f64; 2], [f64; 2])]) -> Option<[[f64; 3]; 2]> {
    if points.len() < 3 {
        return None;
    }
    // Normal equations for [x y 1] * coef = offset, per output axis.
    let mut m = [[0.0f64; 3]; 3];
    let mut bx = [0.0f64; 3];
    let mut by = [0.0f64; 3];
    for (p, off) in points {
        let row = [p[0], p[1], 1.0];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += row[i] * row[j];
            }
            bx[i] += row[i] * off[0];
            by[i] += row[i] * off[1];
        }
    }
    Some([solve3(m, bx)?, solve3(m, by)?])
}

/// Solves the 3×3 system `m · x = b` by Cramer's rule; `None` when
/// singular: the determinant is at most `1e-9` of the largest entry cubed.
/// The test is relative on purpose: the same system scaled by any factor is
/// refused or solved alike, so the editor's Gaussian-weighted fits (entries
/// well below 1) are judged like the affine trend here (entries in squared
/// pixels). Public so that other crates solve with this one copy.
pub fn solve3(m: [[f64; 3]; 3], b: [f64; 3]) -> Option<[f64; 3]> {
    let det = |m: &[[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(&m);
    let scale = m.iter().flatten().map(|v| v.abs()).fold(0.0, f64::max);
    // An all-zero matrix has scale 0: the floor keeps it refused.
    if d.abs() <= 1e-9 * scale.powi(3).max(f64::MIN_POSITIVE) {
        return None;
    }
    let mut out = [0.0; 3];
    for (k, slot) in out.iter_mut().enumerate() {
        let mut mk = m;
        for row in 0..3 {
            mk[row][k] = b[row];
        }
        *slot = det(&mk) / d;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows 1 and 2 differ by `eps` in one entry: nearly dependent.
    fn near_singular(scale: f64, eps: f64) -> [[f64; 3]; 3] {
        [
            [1.0 * scale, 2.0 * scale, 3.0 * scale],
            [2.0 * scale, 4.0 * scale, (6.0 + eps) * scale],
            [1.0 * scale, 0.0, 1.0 * scale],
        ]
    }

    #[test]
    fn near_singular_systems_are_refused_at_every_scale() {
        // The scales of both uses: squared pixels in the affine trend,
        // small Gaussian weights in the editor's local fits.
        for scale in [1e6, 1.0, 1e-3] {
            let b = [scale, scale, scale];
            assert_eq!(solve3(near_singular(scale, 1e-12), b), None, "{scale}");
            assert!(solve3(near_singular(scale, 0.5), b).is_some(), "{scale}");
        }
        assert_eq!(solve3([[0.0; 3]; 3], [1.0, 1.0, 1.0]), None);
    }

    #[test]
    fn points_on_one_line_give_no_trend() {
        let on_a_line: Vec<_> = (0..5)
            .map(|i| ([f64::from(i) * 40.0, f64::from(i) * 20.0], [1.0, 2.0]))
            .collect();
        assert_eq!(affine_fit(&on_a_line), None);
    }
}
