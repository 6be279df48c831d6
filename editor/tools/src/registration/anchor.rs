//! Numbering an automatic proposal. The lattice found from lines says where
//! hexes are, not which printed number each has: a starting guess more than
//! about half a hex away lands the numbering a whole hex off with the same
//! residuals as the right answer. One hex whose printed number the designer
//! reads fixes it ([`anchor`]); [`Coverage`] flags the symptoms of a wrong
//! numbering (hexes of the extent left unmeasured, or off the scan).

use berthier_schema::fit::Landmark;
use berthier_schema::{Grid, HexId};
use hexx::Hex;

/// A grid renumbered onto designer-read landmarks.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchored {
    /// The same lattice (origin hex, size, rotation kept) numbered so the
    /// landmarks fall in their hexes.
    pub grid: Grid,
    /// How far the numbering moved, in axial hexes (zero: it was right).
    pub delta: Hex,
    /// What the old grid called the first landmark's hex.
    pub was: Option<HexId>,
}

/// Axial shift that puts `mark.hex` on the lattice hex under `mark.px`.
fn delta_for(grid: &Grid, mark: &Landmark) -> Hex {
    let under = Hex::round(grid.px_to_fract(mark.px).to_array());
    grid.to_hex(mark.hex) - under
}

/// `grid` renumbered by `delta`: the hex that was numbered `h` becomes
/// `h + delta`. Corrections move with their hexes (dropped if their new
/// number would be negative).
pub fn renumber(grid: &Grid, delta: Hex) -> Grid {
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.clone()
    };
    let origin = regular.to_hex(grid.origin_hex) - delta;
    let corrections = grid
        .corrections
        .iter()
        .filter_map(|c| {
            let hex = grid.to_id(grid.to_hex(c.hex) + delta, c.hex.sheet)?;
            Some(berthier_schema::correction::Correction { hex, ..c.clone() })
        })
        .collect();
    Grid {
        origin_px: regular.fract_to_px(origin.as_vec2()),
        corrections,
        ..regular
    }
}

/// Landmarks renumbered by `delta` (see [`renumber`]).
pub fn renumber_marks(
    grid: &Grid,
    marks: &[Landmark],
    delta: Hex,
) -> Vec<Landmark> {
    marks
        .iter()
        .filter_map(|l| {
            let hex = grid.to_id(grid.to_hex(l.hex) + delta, l.hex.sheet)?;
            Some(Landmark { hex, px: l.px })
        })
        .collect()
}

/// `grid` renumbered by the whole-hex shift that best fits `marks` (the
/// shift one of them asks for with the smallest total miss over all), its
/// geometry kept; `None` without landmarks.
pub fn anchor(grid: &Grid, marks: &[Landmark]) -> Option<Anchored> {
    let first = marks.first()?;
    let miss = |g: &Grid| residuals(g, marks).iter().sum::<f64>();
    let (delta, renumbered) = marks
        .iter()
        .map(|m| {
            let d = delta_for(grid, m);
            (d, renumber(grid, d))
        })
        .min_by(|a, b| miss(&a.1).total_cmp(&miss(&b.1)))?;
    Some(Anchored {
        grid: renumbered,
        delta,
        was: grid.hex_at_px(first.px, first.hex.sheet),
    })
}

/// Distance from each landmark to where `grid` puts its hex.
pub fn residuals(grid: &Grid, marks: &[Landmark]) -> Vec<f64> {
    let grid = grid.geometry();
    marks
        .iter()
        .map(|l| {
            let c = grid.center_px(l.hex);
            (c[0] - l.px[0]).hypot(c[1] - l.px[1])
        })
        .collect()
}

/// How much of the map's extent a proposal measured on the scan.
#[derive(Debug, Clone, PartialEq)]
pub struct Coverage {
    /// Extent hexes measured on the scan.
    pub measured: usize,
    /// Extent hexes whose centre the grid puts inside the scan.
    pub inside: usize,
    /// Extent hexes whose centre the grid puts outside the scan.
    pub outside: Vec<HexId>,
    /// All extent hexes (to tell whole columns and rows off the scan).
    hexes: Vec<HexId>,
}

impl Coverage {
    /// `hexes` (the extent) under `grid` on a scan of `size` pixels, with
    /// the centres that were measured.
    pub fn new(
        grid: &Grid,
        hexes: &[HexId],
        measured: &[Landmark],
        size: [u32; 2],
    ) -> Self {
        let (w, h) = (f64::from(size[0]), f64::from(size[1]));
        let placed = grid.geometry();
        let on_scan = |p: [f64; 2]| {
            (0.0..=w).contains(&p[0]) && (0.0..=h).contains(&p[1])
        };
        let outside: Vec<HexId> = hexes
            .iter()
            .copied()
            .filter(|x| !on_scan(placed.center_px(*x)))
            .collect();
        let extent: std::collections::HashSet<HexId> =
            hexes.iter().copied().collect();
        let seen: std::collections::HashSet<HexId> = measured
            .iter()
            .map(|l| l.hex)
            .filter(|x| extent.contains(x))
            .collect();
        Self {
            measured: seen.len(),
            inside: hexes.len() - outside.len(),
            outside,
            hexes: hexes.to_vec(),
        }
    }

    /// Warnings for the side panel, empty when the proposal covers the
    /// extent.
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.measured < self.inside {
            out.push(format!(
                "{} of {} hexes of the extent measured",
                self.measured, self.inside
            ));
        }
        if !self.outside.is_empty() {
            out.push(format!(
                "the grid hangs off the scan: {} outside the image",
                self.describe_outside()
            ));
        }
        out
    }

    /// "column 16, row 12" for whole lines off the scan, then the other
    /// hexes by number (a few, then how many more).
    fn describe_outside(&self) -> String {
        // A set: the whole grid can be off the scan while it is dragged.
        let off: std::collections::HashSet<HexId> =
            self.outside.iter().copied().collect();
        let whole = |key: fn(&HexId) -> u16| -> Vec<u16> {
            let mut keys: Vec<u16> = self.outside.iter().map(key).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.retain(|k| {
                self.hexes
                    .iter()
                    .filter(|x| key(x) == *k)
                    .all(|x| off.contains(x))
            });
            keys
        };
        let (cols, rows) = (whole(|x| x.col), whole(|x| x.row));
        let mut parts = Vec::new();
        let list = |name: &str, v: &[u16]| {
            let nums: Vec<String> =
                v.iter().map(|k| format!("{k:02}")).collect();
            let s = if v.len() > 1 { "s" } else { "" };
            format!("{name}{s} {}", nums.join(", "))
        };
        if !cols.is_empty() {
            parts.push(list("column", &cols));
        }
        if !rows.is_empty() {
            parts.push(list("row", &rows));
        }
        let rest: Vec<String> = self
            .outside
            .iter()
            .filter(|x| !cols.contains(&x.col) && !rows.contains(&x.row))
            .map(ToString::to_string)
            .collect();
        if !rest.is_empty() {
            let shown = rest.iter().take(4).cloned().collect::<Vec<_>>();
            let more = rest.len().saturating_sub(shown.len());
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            let s = if rest.len() > 1 { "es" } else { "" };
            parts.push(format!("hex{s} {}{tail}", shown.join(", ")));
        }
        let items = cols.len() + rows.len() + rest.len();
        let verb = if items == 1 { "lies" } else { "lie" };
        format!("{} {verb}", parts.join(" and "))
    }
}
