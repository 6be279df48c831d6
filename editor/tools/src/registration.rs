//! Registering the printed grid on a scan, without any GUI: measuring where
//! printed hexes really are, refining a grid from many such measurements
//! with the model's least-squares `fit_grid`, automatic proposals from the
//! image alone (`auto`) and local drift corrections (`piecewise`).
//!
//! Pixel convention (the model's): pixel `(i, j)` covers `[i, i+1)`, so its
//! centre is at `(i + 0.5, j + 0.5)`.

pub mod anchor;
pub mod auto;
pub mod piecewise;

use berthier_schema::fit::{Fit, FitError, Landmark, fit_grid};
use berthier_schema::{Geometry, Grid, HexId};

/// An 8-bit grayscale copy of a scan (a byte per pixel keeps a 100
/// megapixel scan at 100 MB).
#[derive(Debug, Clone, PartialEq)]
pub struct Gray {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major luminance.
    pub data: Vec<u8>,
}

impl Gray {
    /// Luminance (Rec. 601 weights) of an RGB image.
    pub fn from_rgb(img: &image::RgbImage) -> Self {
        Self::from_pixels(img.width(), img.height(), img.pixels().map(|p| p.0))
    }

    /// Luminance of an RGBA image (alpha ignored: scans are opaque).
    pub fn from_rgba(img: &image::RgbaImage) -> Self {
        let px = img.pixels().map(|p| [p.0[0], p.0[1], p.0[2]]);
        Self::from_pixels(img.width(), img.height(), px)
    }

    fn from_pixels(
        width: u32,
        height: u32,
        px: impl Iterator<Item = [u8; 3]>,
    ) -> Self {
        let data = px
            .map(|[r, g, b]| {
                let l = 299 * u32::from(r)
                    + 587 * u32::from(g)
                    + 114 * u32::from(b);
                (l / 1000) as u8
            })
            .collect();
        Self {
            width,
            height,
            data,
        }
    }

    /// Luminance at a continuous position (bilinear between pixel
    /// centres), or `None` outside the image.
    pub fn at(&self, p: [f64; 2]) -> Option<f64> {
        let (x, y) = (p[0] - 0.5, p[1] - 0.5);
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (x0, y0) = (x.floor(), y.floor());
        let (ix, iy) = (x0 as usize, y0 as usize);
        let (w, h) = (self.width as usize, self.height as usize);
        if ix >= w.saturating_sub(1) || iy >= h.saturating_sub(1) {
            return None;
        }
        let (fx, fy) = (x - x0, y - y0);
        let at = |dx: usize, dy: usize| {
            f64::from(self.data[(iy + dy) * w + ix + dx])
        };
        let top = at(0, 0) + (at(1, 0) - at(0, 0)) * fx;
        let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * fx;
        Some(top + (bottom - top) * fy)
    }
}

/// How far (in pixels) a measured edge may sit from where the grid puts
/// it: a fraction of the radius, so big hexes tolerate bigger errors.
fn capture_range(radius: f64) -> f64 {
    (0.18 * radius).max(2.5)
}

/// Where a thin dark line crosses the segment `from + t * dir`,
/// `t in [-range, range]`, as `t`. Uses a ridge measure (darker than both
/// neighbours at +-w) so that a change of terrain colour across the
/// hexside, which is a step and not a line, does not pull the estimate.
fn line_crossing(
    gray: &Gray,
    from: [f64; 2],
    dir: [f64; 2],
    range: f64,
    w: f64,
) -> Option<f64> {
    const STEP: f64 = 0.25;
    let lum = |t: f64| gray.at([from[0] + dir[0] * t, from[1] + dir[1] * t]);
    let n = (range / STEP).ceil() as i32;
    let mut ridge = Vec::with_capacity(2 * n as usize + 1);
    for i in -n..=n {
        let t = f64::from(i) * STEP;
        let (a, b, c) = (lum(t - w)?, lum(t)?, lum(t + w)?);
        ridge.push((t, (a.min(c) - b).max(0.0)));
    }
    let peak = ridge.iter().map(|r| r.1).fold(0.0, f64::max);
    // Too faint to be a printed line (grain, a blank margin).
    if peak < 12.0 {
        return None;
    }
    // Drop the noise floor so it does not pull the centroid to t = 0.
    let floor = 0.35 * peak;
    let (mut st, mut sw) = (0.0, 0.0);
    for (t, r) in ridge {
        let w = (r - floor).max(0.0);
        (st, sw) = (st + t * w, sw + w);
    }
    (sw > 0.0).then(|| st / sw)
}

/// The centre of printed hex `hex` on the scan, measured from its six
/// printed hexsides (three profiles across each, away from the corners and
/// from roads that cross at the midpoint), or `None` when too few sides
/// are seen. `grid` must already be within about a sixth of a radius.
pub fn measure_centre(
    gray: &Gray,
    grid: &Geometry<'_>,
    hex: HexId,
) -> Option<[f64; 2]> {
    let c = grid.center_px(hex);
    // A rigid outline around the (possibly corrected) centre: corrected
    // corners bend with the interpolated field and would bias the result.
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.grid().clone()
    };
    let (rc, rk) = (regular.center_px(hex), regular.corners_px(hex));
    let corners = rk.map(|k| [c[0] + k[0] - rc[0], c[1] + k[1] - rc[1]]);
    let r = grid.hex_radius_px;
    let (range, w) = (capture_range(r), (0.06 * r).max(1.5));
    // Each profile says how far its hexside moved along its normal n:
    // offset . n = d. Least squares over all of them gives the offset.
    let mut obs: Vec<([f64; 2], f64)> = Vec::with_capacity(18);
    for k in 0..6 {
        let (a, b) = (corners[k], corners[(k + 1) % 6]);
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let len = (mid[0] - c[0]).hypot(mid[1] - c[1]);
        if len <= f64::EPSILON {
            return None;
        }
        let n = [(mid[0] - c[0]) / len, (mid[1] - c[1]) / len];
        for f in [0.3, 0.5, 0.7] {
            let p = [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
            if let Some(d) = line_crossing(gray, p, n, range, w) {
                obs.push((n, d));
            }
        }
    }
    let offset = solve_offset(&obs)?;
    // Reject profiles that disagree (a road, a river bank), then solve again.
    let resid = |o: [f64; 2], (n, d): &([f64; 2], f64)| {
        (o[0] * n[0] + o[1] * n[1] - d).abs()
    };
    let mut errs: Vec<f64> = obs.iter().map(|x| resid(offset, x)).collect();
    errs.sort_by(f64::total_cmp);
    let limit = (3.0 * errs[errs.len() / 2]).max(0.5);
    obs.retain(|x| resid(offset, x) <= limit);
    if obs.len() < 10 {
        return None;
    }
    let o = solve_offset(&obs)?;
    Some([c[0] + o[0], c[1] + o[1]])
}

/// Least squares `o` with `o . n_i = d_i`.
fn solve_offset(obs: &[([f64; 2], f64)]) -> Option<[f64; 2]> {
    let (mut a, mut b, mut c, mut u, mut v) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (n, d) in obs {
        a += n[0] * n[0];
        b += n[0] * n[1];
        c += n[1] * n[1];
        u += n[0] * d;
        v += n[1] * d;
    }
    let det = a * c - b * b;
    if obs.len() < 10 || det.abs() < 1e-6 {
        return None;
    }
    Some([(c * u - b * v) / det, (a * v - b * u) / det])
}

/// A grid refined from the scan, with the centres it was fitted to.
#[derive(Debug, Clone, PartialEq)]
pub struct Refined {
    /// The least-squares fit over `landmarks`.
    pub fit: Fit,
    /// Measured hex centres the fit used (outliers dropped).
    pub landmarks: Vec<Landmark>,
}

impl Refined {
    /// Root mean square of the residuals, in pixels.
    pub fn rms(&self) -> f64 {
        self.fit.rms()
    }
}

/// Measures every hex of `hexes` against `grid`, fits, drops outliers and
/// repeats (each pass predicts better, so the next measures better).
/// Keeps `grid`'s orientation, shift and origin hex.
pub fn refine(
    gray: &Gray,
    grid: &Grid,
    hexes: &[HexId],
) -> Result<Refined, FitError> {
    refine_reporting(gray, grid, hexes, &mut |_| {})
}

/// How far [`refine_reporting`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefineStep {
    /// Pass `pass` (1-based, of `passes`) has measured `done` of `total`
    /// hexes.
    Measuring {
        /// Pass number.
        pass: u32,
        /// Passes in all.
        passes: u32,
        /// Hexes measured.
        done: usize,
        /// Hexes to measure.
        total: usize,
    },
    /// Pass `pass` is fitting the grid to its measurements.
    Fitting {
        /// Pass number.
        pass: u32,
    },
}

/// [`refine`], telling `report` how far it is (about every 5 % of the
/// hexes, and at the end of each pass).
pub fn refine_reporting(
    gray: &Gray,
    grid: &Grid,
    hexes: &[HexId],
    report: &mut dyn FnMut(RefineStep),
) -> Result<Refined, FitError> {
    const PASSES: u32 = 4;
    let mut current = grid.clone();
    let mut result = Err(FitError::TooFewPoints);
    let total = hexes.len();
    let every = (total / 20).max(1);
    for pass in 1..=PASSES {
        let mut marks = Vec::new();
        let placed = current.geometry();
        for (i, &hex) in hexes.iter().enumerate() {
            if let Some(px) = measure_centre(gray, &placed, hex) {
                marks.push(Landmark { hex, px });
            }
            if (i + 1) % every == 0 || i + 1 == total {
                report(RefineStep::Measuring {
                    pass,
                    passes: PASSES,
                    done: i + 1,
                    total,
                });
            }
        }
        report(RefineStep::Fitting { pass });
        let first = fit_grid(current.orientation, current.shift, &marks)?;
        let mut sorted = first.residuals.clone();
        sorted.sort_by(f64::total_cmp);
        let limit = (3.0 * sorted[sorted.len() / 2]).max(0.75);
        let keep: Vec<bool> =
            first.residuals.iter().map(|r| *r <= limit).collect();
        let mut i = 0;
        marks.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        let mut fit = fit_grid(current.orientation, current.shift, &marks)?;
        fit.grid = rebase(&fit.grid, grid.origin_hex);
        current = fit.grid.clone();
        result = Ok(Refined {
            fit,
            landmarks: marks,
        });
    }
    result
}

/// The same grid described from another origin hex (fits put the origin
/// on their first landmark; the map keeps the one it had).
/// `origin_px` is a point of the regular grid: corrections are added after.
pub fn rebase(grid: &Grid, origin_hex: HexId) -> Grid {
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.clone()
    };
    Grid {
        origin_px: regular.center_px(origin_hex),
        origin_hex,
        ..grid.clone()
    }
}

/// Largest distance between the centres two grids give over `hexes`.
pub fn max_centre_error(a: &Grid, b: &Grid, hexes: &[HexId]) -> f64 {
    let (a, b) = (a.geometry(), b.geometry());
    hexes
        .iter()
        .map(|h| {
            let (p, q) = (a.center_px(*h), b.center_px(*h));
            (p[0] - q[0]).hypot(p[1] - q[1])
        })
        .fold(0.0, f64::max)
}

/// Bends a refined grid onto a drifting scan: corrections from the
/// measured centres, then every hex measured again against the bent grid
/// (hexes far from the regular fit are found only then) and corrected
/// again; finally only the corrections that lower the local error enough
/// are kept ([`piecewise::bend`]).
pub fn refine_piecewise(
    gray: &Gray,
    refined: &Refined,
    hexes: &[HexId],
) -> piecewise::Bend {
    let regular = &refined.fit.grid;
    let mut marks = refined.landmarks.clone();
    let mut grid = Grid {
        corrections: piecewise::corrections(regular, &marks),
        ..regular.clone()
    };
    for _ in 0..2 {
        let placed = grid.geometry();
        let found: Vec<Landmark> = hexes
            .iter()
            .filter_map(|&hex| {
                Some(Landmark {
                    hex,
                    px: measure_centre(gray, &placed, hex)?,
                })
            })
            .collect();
        if found.len() < 3 {
            break;
        }
        marks = found;
        grid.corrections = piecewise::corrections(regular, &marks);
    }
    piecewise::bend(regular, grid.corrections, &marks)
}
