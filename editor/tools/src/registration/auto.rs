//! Automatic registration: the printed hex lattice found from the image
//! alone. A thin-dark-line map of a reduced copy of the scan is
//! autocorrelated (2D FFT): a hex grid repeats exactly under the vectors
//! between neighbouring hex centres, so the strongest short peaks are the
//! lattice, 60 degrees apart. Their length gives the hex size, their angle
//! the rotation and whether hexes are flat or pointy. The phase (where
//! centres are) comes from folding the line map into one lattice cell (the
//! average hex of the whole sheet) and matching it with hexagon outlines.
//! Printed numbers cannot be read from lines, so the designer (or the map)
//! names one hex; [`propose`] then measures every hex and fits.

use berthier_schema::fit::{FitError, Landmark};
use berthier_schema::{Grid, HexId, Orientation, Shift};

use super::{Gray, RefineStep, Refined, refine_reporting};
use lattice::{LineMap, autocorrelation, find_basis, phase};

mod lattice;

/// Longest side of the reduced copy the lattice is searched in.
const WORK_SIZE: u32 = 700;

/// The hex lattice seen on a scan (scan pixels).
#[derive(Debug, Clone, PartialEq)]
pub struct Lattice {
    /// Two vectors between neighbouring hex centres, 60 degrees apart.
    pub vectors: [[f64; 2]; 2],
    /// One hex centre.
    pub centre_px: [f64; 2],
    /// Flat-topped or pointy-topped, from the vectors' angle.
    pub orientation: Orientation,
    /// Centre-to-corner distance.
    pub radius_px: f64,
    /// Clockwise rotation, degrees, within +-30.
    pub rotation_deg: f64,
}

/// Why no lattice or grid was found.
#[derive(Debug, Clone, PartialEq)]
pub enum AutoError {
    /// The image is too small or blank.
    NoImage,
    /// No repeating pattern of hexes.
    NoLattice,
    /// The lattice was found but too few hexes could be measured.
    Fit(FitError),
}

impl std::fmt::Display for AutoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoImage => write!(f, "the scan is too small or blank"),
            Self::NoLattice => {
                write!(f, "no repeating hex pattern found in the scan")
            }
            Self::Fit(e) => write!(f, "hexes found but not measurable: {e}"),
        }
    }
}

impl std::error::Error for AutoError {}

impl From<FitError> for AutoError {
    fn from(e: FitError) -> Self {
        Self::Fit(e)
    }
}

/// Finds the hex lattice in a scan.
pub fn detect_lattice(gray: &Gray) -> Result<Lattice, AutoError> {
    let k = gray.width.max(gray.height).div_ceil(WORK_SIZE).max(1);
    let lines = LineMap::new(gray, k).ok_or(AutoError::NoImage)?;
    let ac = autocorrelation(&lines);
    let basis = find_basis(&ac).ok_or(AutoError::NoLattice)?;
    let centre = phase(&lines, basis);
    let scale = f64::from(k);
    let vectors = basis.map(|v| [v[0] * scale, v[1] * scale]);
    Ok(from_vectors(
        vectors,
        [centre[0] * scale, centre[1] * scale],
    ))
}

/// Orientation, radius and rotation from two lattice vectors.
fn from_vectors(vectors: [[f64; 2]; 2], centre_px: [f64; 2]) -> Lattice {
    let [a, b] = vectors;
    let third = if a[0] * b[0] + a[1] * b[1] > 0.0 {
        [a[0] - b[0], a[1] - b[1]]
    } else {
        [a[0] + b[0], a[1] + b[1]]
    };
    let all = [a, b, third];
    let spacing = all.iter().map(|v| v[0].hypot(v[1])).sum::<f64>() / 3.0;
    // Circular mean of the angles mod 60 degrees (six-fold symmetry).
    let (mut s, mut c) = (0.0, 0.0);
    for v in all {
        let six = 6.0 * v[1].atan2(v[0]);
        (s, c) = (s + six.sin(), c + six.cos());
    }
    let m = (s.atan2(c).to_degrees() / 6.0).rem_euclid(60.0);
    // Flat-topped neighbours lie at 30, 90, 150 degrees; pointy at 0, 60,
    // 120. Scans are turned a few degrees at most, so the nearer wins.
    let (orientation, rotation_deg) = if (15.0..45.0).contains(&m) {
        (Orientation::Flat, m - 30.0)
    } else if m < 15.0 {
        (Orientation::Pointy, m)
    } else {
        (Orientation::Pointy, m - 60.0)
    };
    Lattice {
        vectors,
        centre_px,
        orientation,
        radius_px: spacing / 3f64.sqrt(),
        rotation_deg,
    }
}

impl Lattice {
    /// The lattice centre nearest `px`.
    pub fn snap(&self, px: [f64; 2]) -> [f64; 2] {
        let [a, b] = self.vectors;
        let det = a[0] * b[1] - a[1] * b[0];
        if det.abs() < f64::EPSILON {
            return self.centre_px;
        }
        let d = [px[0] - self.centre_px[0], px[1] - self.centre_px[1]];
        let u = ((d[0] * b[1] - d[1] * b[0]) / det).round();
        let v = ((a[0] * d[1] - a[1] * d[0]) / det).round();
        [
            self.centre_px[0] + u * a[0] + v * b[0],
            self.centre_px[1] + u * a[1] + v * b[1],
        ]
    }

    /// A grid on this lattice numbered so that `anchor.hex` is the hex
    /// nearest `anchor.px`.
    pub fn grid(&self, shift: Shift, anchor: Landmark) -> Grid {
        Grid {
            orientation: self.orientation,
            shift,
            origin_hex: anchor.hex,
            origin_px: self.snap(anchor.px),
            hex_radius_px: self.radius_px,
            aspect: 1.0,
            rotation_deg: self.rotation_deg,
            ..Grid::default()
        }
    }
}

/// The full automatic proposal: lattice, numbered by `anchor` (a hex the
/// designer named, or the current grid's origin), then every hex of
/// `hexes` measured on the scan and fitted by least squares.
pub fn propose(
    gray: &Gray,
    shift: Shift,
    anchor: Landmark,
    hexes: &[HexId],
) -> Result<(Lattice, Refined), AutoError> {
    propose_reporting(gray, shift, anchor, hexes, &mut |_| {})
}

/// How far [`propose_reporting`] is.
#[derive(Debug, Clone, PartialEq)]
pub enum AutoStep {
    /// The lattice was found.
    Lattice(Lattice),
    /// Measuring and fitting the hexes.
    Refine(RefineStep),
}

/// [`propose`], telling `report` each step.
pub fn propose_reporting(
    gray: &Gray,
    shift: Shift,
    anchor: Landmark,
    hexes: &[HexId],
    report: &mut dyn FnMut(AutoStep),
) -> Result<(Lattice, Refined), AutoError> {
    let lattice = detect_lattice(gray)?;
    report(AutoStep::Lattice(lattice.clone()));
    let start = lattice.grid(shift, anchor);
    let refined = refine_reporting(gray, &start, hexes, &mut |s| {
        report(AutoStep::Refine(s));
    })?;
    Ok((lattice, refined))
}
