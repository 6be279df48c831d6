//! Piecewise correction for scans whose hexes drift in size or position
//! across the sheet: measured hex centres become `Correction`s, which the
//! model's grid interpolates smoothly (affine trend plus inverse-distance
//! residuals) so the corrected grid passes through them.

use std::collections::HashMap;

use berthier_schema::correction::{Correction, solve3};
use berthier_schema::fit::Landmark;
use berthier_schema::{Grid, HexId};

/// Up to this many landmarks each become a correction, hit exactly.
/// Beyond it (auto-found centres on a big sheet) they are smoothed onto a
/// sparser set of hexes, because every correction costs a little on every
/// grid lookup. Measured on the drifting demo: one correction per hex
/// follows the drift within 0.7 px, while every other hex (Shepard
/// interpolation in between) leaves 1.5 px, so thin only when needed.
pub const MAX_DIRECT: usize = 600;

/// Roughly how many corrections a smoothed field keeps.
const TARGET_CONTROLS: usize = 600;

/// The corrections that bend `grid` (its regular part: existing
/// corrections are ignored) onto `landmarks`.
pub fn corrections(grid: &Grid, landmarks: &[Landmark]) -> Vec<Correction> {
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.clone()
    };
    let offsets: Vec<([f64; 2], [f64; 2])> = landmarks
        .iter()
        .map(|l| {
            let c = regular.center_px(l.hex);
            (c, [l.px[0] - c[0], l.px[1] - c[1]])
        })
        .collect();
    if landmarks.len() <= MAX_DIRECT {
        return landmarks
            .iter()
            .zip(&offsets)
            .map(|(l, (_, o))| Correction {
                hex: l.hex,
                offset_px: *o,
            })
            .collect();
    }
    let step = ((landmarks.len() as f64 / TARGET_CONTROLS as f64)
        .sqrt()
        .ceil() as u16)
        .max(1);
    let (min_col, min_row) =
        landmarks.iter().fold((u16::MAX, u16::MAX), |m, l| {
            (m.0.min(l.hex.col), m.1.min(l.hex.row))
        });
    let (max_col, max_row) = landmarks
        .iter()
        .fold((0, 0), |m, l| (m.0.max(l.hex.col), m.1.max(l.hex.row)));
    // Smoothing radius: a little more than the control spacing.
    let radius = regular.hex_radius_px * 3f64.sqrt() * f64::from(step) * 1.2;
    landmarks
        .iter()
        .zip(&offsets)
        .filter(|(l, _)| {
            let on = |v: u16, lo: u16, hi: u16| {
                (v - lo).is_multiple_of(step) || v == hi
            };
            on(l.hex.col, min_col, max_col) && on(l.hex.row, min_row, max_row)
        })
        .map(|(l, (at, _))| Correction {
            hex: l.hex,
            offset_px: local_linear(&offsets, *at, radius),
        })
        .collect()
}

/// The offset at `at` from a Gaussian-weighted local linear fit to the
/// measured offsets: unlike a local mean it is not biased near the sheet
/// edge where all neighbours lie on one side.
fn local_linear(
    offsets: &[([f64; 2], [f64; 2])],
    at: [f64; 2],
    radius: f64,
) -> [f64; 2] {
    let mut m = [[0.0f64; 3]; 3];
    let (mut bx, mut by) = ([0.0f64; 3], [0.0f64; 3]);
    let (mut wsum, mut mean) = (0.0, [0.0, 0.0]);
    for (p, o) in offsets {
        let d = [(p[0] - at[0]) / radius, (p[1] - at[1]) / radius];
        let w = (-(d[0] * d[0] + d[1] * d[1])).exp();
        if w < 1e-4 {
            continue;
        }
        let row = [1.0, d[0], d[1]];
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += w * row[i] * row[j];
            }
            bx[i] += w * row[i] * o[0];
            by[i] += w * row[i] * o[1];
        }
        wsum += w;
        mean = [mean[0] + w * o[0], mean[1] + w * o[1]];
    }
    if wsum <= 0.0 {
        return [0.0, 0.0];
    }
    match (solve3(m, bx), solve3(m, by)) {
        (Some(x), Some(y)) => [x[0], y[0]],
        // Neighbours all on one line: fall back to their weighted mean.
        _ => [mean[0] / wsum, mean[1] / wsum],
    }
}

/// Largest distance from a landmark to where `grid` puts its hex.
pub fn worst_miss(grid: &Grid, landmarks: &[Landmark]) -> f64 {
    let grid = grid.geometry();
    landmarks
        .iter()
        .map(|l| {
            let c = grid.center_px(l.hex);
            (c[0] - l.px[0]).hypot(c[1] - l.px[1])
        })
        .fold(0.0, f64::max)
}

/// How much a correction must lower the local error (pixels) to be kept.
/// Hex centres are measured to about 0.1-0.3 px on a clean scan, so a
/// smaller gain is noise being copied into the file; half a pixel is
/// also about where a designer starts to see a grid line sit off the
/// printed one at working zoom.
pub const MIN_IMPROVEMENT_PX: f64 = 0.5;

/// Corrections kept after weighing each one, and what they achieve.
#[derive(Debug, Clone, PartialEq)]
pub struct Bend {
    /// The grid with the kept corrections only.
    pub grid: Grid,
    /// The measured centres the corrections were weighed on.
    pub landmarks: Vec<Landmark>,
    /// How many corrections were weighed.
    pub candidates: usize,
    /// The largest local improvement any of them brought (pixels, at
    /// least 0).
    pub best_improvement: f64,
    /// RMS distance of the landmarks from the regular grid.
    pub rms_before: f64,
    /// RMS distance of the landmarks from the bent grid.
    pub rms_after: f64,
}

impl Bend {
    /// How many corrections were kept.
    pub fn kept(&self) -> usize {
        self.grid.corrections.len()
    }
}

/// Keeps the `candidates` that lower the local error by more than
/// [`MIN_IMPROVEMENT_PX`]. The local error of a candidate at hex `h` is
/// the RMS distance between the measured centres of `h` and its measured
/// neighbours and where the grid puts them, without the candidate and
/// with its offset applied to them all: a real drift is shared by
/// neighbours, a measurement error is not, so weighing on the
/// neighbourhood keeps noise out. Candidates are weighed first against
/// the regular grid, then (a few rounds) against the grid bent by those
/// kept so far: between kept corrections the interpolated field can miss
/// hexes whose own drift was too small to qualify at first.
pub fn bend(
    grid: &Grid,
    candidates: Vec<Correction>,
    marks: &[Landmark],
) -> Bend {
    const ROUNDS: usize = 4;
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.clone()
    };
    let count = candidates.len();
    let (mut kept, mut rest) = (Vec::new(), candidates);
    let mut best = 0.0f64;
    for round in 0..ROUNDS {
        let bent = Grid {
            corrections: kept.clone(),
            ..regular.clone()
        };
        let gains = local_gains(&regular, &bent, &rest, marks);
        if round == 0 {
            best = gains.iter().copied().fold(0.0, f64::max);
        }
        let before = kept.len();
        let mut g = gains.into_iter();
        rest.retain(|c| {
            let keep = g.next().is_some_and(|x| x > MIN_IMPROVEMENT_PX);
            if keep {
                kept.push(c.clone());
            }
            !keep
        });
        if kept.len() == before {
            break;
        }
    }
    let bent = Grid {
        corrections: kept,
        ..regular.clone()
    };
    Bend {
        rms_before: rms(&super::anchor::residuals(&regular, marks)),
        rms_after: rms(&super::anchor::residuals(&bent, marks)),
        grid: bent,
        landmarks: marks.to_vec(),
        candidates: count,
        best_improvement: best,
    }
}

/// For each candidate, how much it would lower the local error of `bent`
/// (see [`bend`]).
fn local_gains(
    regular: &Grid,
    bent: &Grid,
    candidates: &[Correction],
    marks: &[Landmark],
) -> Vec<f64> {
    let pinned: std::collections::HashSet<HexId> =
        bent.corrections.iter().map(|c| c.hex).collect();
    let (regular, bent) = (regular.geometry(), bent.geometry());
    // What `bent` still misses at each measured hex.
    let left: HashMap<HexId, [f64; 2]> = marks
        .iter()
        .map(|l| {
            let c = bent.center_px(l.hex);
            (l.hex, [l.px[0] - c[0], l.px[1] - c[1]])
        })
        .collect();
    candidates
        .iter()
        .map(|c| {
            // The candidate's offset beyond what `bent` already moves.
            let (b, r) = (bent.center_px(c.hex), regular.center_px(c.hex));
            let x = c.offset_px[0] - (b[0] - r[0]);
            let y = c.offset_px[1] - (b[1] - r[1]);
            let mut near = regular.neighbours(c.hex);
            near.push(c.hex);
            let (mut without, mut with) = (Vec::new(), Vec::new());
            for h in near {
                let Some(o) = left.get(&h) else { continue };
                without.push(o[0].hypot(o[1]));
                // The field passes exactly through kept corrections, so
                // a new one does not move those neighbours.
                with.push(if pinned.contains(&h) && h != c.hex {
                    o[0].hypot(o[1])
                } else {
                    (o[0] - x).hypot(o[1] - y)
                });
            }
            rms(&without) - rms(&with)
        })
        .collect()
}

fn rms(v: &[f64]) -> f64 {
    (v.iter().map(|x| x * x).sum::<f64>() / v.len().max(1) as f64).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_on_one_line_fall_back_to_their_mean() {
        // The shared solve refuses the near-singular system (all points on
        // y = 0), even with the small weights far from `at`.
        let offsets: Vec<_> = (0..4)
            .map(|i| ([f64::from(i) * 10.0, 0.0], [f64::from(i), 1.0]))
            .collect();
        let got = local_linear(&offsets, [15.0, 30.0], 20.0);
        let weights: Vec<f64> = offsets
            .iter()
            .map(|(p, _)| {
                let d = [(p[0] - 15.0) / 20.0, (p[1] - 30.0) / 20.0];
                (-(d[0] * d[0] + d[1] * d[1])).exp()
            })
            .collect();
        let mean_x = offsets.iter().zip(&weights).map(|(o, w)| w * o.1[0]);
        let mean_x = mean_x.sum::<f64>() / weights.iter().sum::<f64>();
        assert!((got[0] - mean_x).abs() < 1e-9, "{got:?} vs {mean_x}");
        assert!((got[1] - 1.0).abs() < 1e-9, "{got:?}");
    }

    #[test]
    fn a_plane_of_offsets_is_followed_with_small_weights() {
        // Offsets linear in position: the local fit recovers them exactly,
        // though every weight is well below 1 (radius small against the
        // spacing), which a threshold in absolute units would refuse.
        let offsets: Vec<_> =
            [[0.0, 0.0], [30.0, 0.0], [0.0, 30.0], [30.0, 30.0]]
                .into_iter()
                .map(|p: [f64; 2]| (p, [0.1 * p[0] + 2.0, -0.05 * p[1]]))
                .collect();
        let got = local_linear(&offsets, [15.0, 15.0], 8.0);
        assert!((got[0] - 3.5).abs() < 1e-6, "{got:?}");
        assert!((got[1] + 0.75).abs() < 1e-6, "{got:?}");
    }
}
