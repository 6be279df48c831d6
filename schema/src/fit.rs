//! Registering a grid on a scan from clicked hex centres: the designer
//! clicks three or more hexes and types their printed numbers; a least
//! squares fit gives origin, size and rotation, with the residual per point.

use crate::grid::Grid;
use crate::hex::{HexId, Orientation, Shift};

/// A clicked hex centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Landmark {
    /// The printed number the designer typed.
    pub hex: HexId,
    /// Where they clicked, in scan pixels.
    pub px: [f64; 2],
}

/// The fitted grid and how far each landmark is from it.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    /// The registered grid.
    pub grid: Grid,
    /// Distance in pixels from each landmark to its fitted hex centre.
    pub residuals: Vec<f64>,
}

/// Why no grid could be fitted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// Fewer than two distinct hexes.
    #[error("click at least two different hexes (three to see residuals)")]
    TooFewPoints,
    /// The clicks collapse to one point.
    #[error("the clicked points are all at the same place")]
    Degenerate,
}

impl Fit {
    /// Root mean square of the residuals.
    pub fn rms(&self) -> f64 {
        let n = self.residuals.len().max(1) as f64;
        (self.residuals.iter().map(|r| r * r).sum::<f64>() / n).sqrt()
    }
}

/// Fits origin, hex radius and rotation (a similarity transform, regular
/// hexes) to the landmarks by least squares.
pub fn fit_grid(
    orientation: Orientation,
    shift: Shift,
    landmarks: &[Landmark],
) -> Result<Fit, FitError> {
    let first = landmarks.first().ok_or(FitError::TooFewPoints)?;
    if landmarks.iter().all(|l| l.hex == first.hex) {
        return Err(FitError::TooFewPoints);
    }
    // Unit layout: radius 1, no rotation, origin at the first landmark.
    let unit = Grid {
        orientation,
        shift,
        origin_hex: first.hex,
        origin_px: [0.0, 0.0],
        hex_radius_px: 1.0,
        aspect: 1.0,
        rotation_deg: 0.0,
        corrections: Vec::new(),
    };
    let u: Vec<[f64; 2]> =
        landmarks.iter().map(|l| unit.center_px(l.hex)).collect();
    let n = landmarks.len() as f64;
    let mean = |pts: &mut dyn Iterator<Item = [f64; 2]>| {
        let (sx, sy) = pts.fold((0.0, 0.0), |(x, y), p| (x + p[0], y + p[1]));
        [sx / n, sy / n]
    };
    let u_mean = mean(&mut u.iter().copied());
    let p_mean = mean(&mut landmarks.iter().map(|l| l.px));
    // s = sum(p_c * conj(u_c)) / sum(|u_c|^2), as complex numbers.
    let (mut re, mut im, mut norm) = (0.0, 0.0, 0.0);
    for (l, u) in landmarks.iter().zip(&u) {
        let (ux, uy) = (u[0] - u_mean[0], u[1] - u_mean[1]);
        let (px, py) = (l.px[0] - p_mean[0], l.px[1] - p_mean[1]);
        re += px * ux + py * uy;
        im += py * ux - px * uy;
        norm += ux * ux + uy * uy;
    }
    if norm <= f64::EPSILON || re.hypot(im) <= f64::EPSILON {
        return Err(FitError::Degenerate);
    }
    let (re, im) = (re / norm, im / norm);
    let origin = [
        p_mean[0] - (re * u_mean[0] - im * u_mean[1]),
        p_mean[1] - (im * u_mean[0] + re * u_mean[1]),
    ];
    let grid = Grid {
        origin_px: origin,
        hex_radius_px: re.hypot(im),
        rotation_deg: im.atan2(re).to_degrees(),
        ..unit
    };
    let residuals = landmarks
        .iter()
        .map(|l| {
            let c = grid.center_px(l.hex);
            (c[0] - l.px[0]).hypot(c[1] - l.px[1])
        })
        .collect();
    Ok(Fit { grid, residuals })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> HexId {
        s.parse().expect("id")
    }

    #[test]
    fn recovers_a_rotated_grid_from_three_clicks() {
        let truth = Grid {
            origin_hex: id("0101"),
            origin_px: [112.5, 87.25],
            hex_radius_px: 41.3,
            rotation_deg: 0.7,
            ..Grid::default()
        };
        let marks: Vec<Landmark> = ["0203", "1207", "0611"]
            .iter()
            .map(|h| Landmark {
                hex: id(h),
                px: truth.center_px(id(h)),
            })
            .collect();
        let fit = fit_grid(Orientation::Flat, Shift::Odd, &marks).expect("fit");
        assert!(fit.rms() < 1e-3, "rms {}", fit.rms());
        for h in ["0101", "2020", "0935"] {
            let (a, b) = (truth.center_px(id(h)), fit.grid.center_px(id(h)));
            assert!((a[0] - b[0]).hypot(a[1] - b[1]) < 1e-3, "{h}");
        }
        assert!((fit.grid.rotation_deg - 0.7).abs() < 1e-6);
    }

    #[test]
    fn reports_the_click_that_is_off() {
        let truth = Grid::default();
        let mut marks: Vec<Landmark> = ["0101", "0801", "0408", "0905"]
            .iter()
            .map(|h| Landmark {
                hex: id(h),
                px: truth.center_px(id(h)),
            })
            .collect();
        marks[3].px[0] += 25.0;
        let fit = fit_grid(Orientation::Flat, Shift::Odd, &marks).expect("fit");
        let worst = fit
            .residuals
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map(|(i, _)| i);
        assert_eq!(worst, Some(3));
    }

    #[test]
    fn needs_two_distinct_hexes() {
        let one = Landmark {
            hex: id("0101"),
            px: [1.0, 1.0],
        };
        assert_eq!(
            fit_grid(Orientation::Flat, Shift::Odd, &[one, one]),
            Err(FitError::TooFewPoints)
        );
    }
}
