//! The hexside tool: which hexside the cursor is near, and the edits that
//! toggle a feature there. For a directed type (slope, wall) the high side
//! is the hex the cursor is in: press just inside the high hex, near the
//! edge.

use berthier_schema::edit::Edit;
use berthier_schema::map::HexsideFeature;
use berthier_schema::{HexId, Hexside, Map};

/// The hexside nearest a scan pixel, with the hex the pixel is in. Both
/// hexes must be on the map.
pub fn nearest(map: &Map, px: [f64; 2]) -> Option<(Hexside, HexId)> {
    let grid = map.geometry();
    let hex = grid.hex_at_px(px, None).filter(|h| map.contains(*h))?;
    let c = grid.center_px(hex);
    let dist = |n: &HexId| {
        let o = grid.center_px(*n);
        let mid = [(c[0] + o[0]) / 2.0, (c[1] + o[1]) / 2.0];
        (mid[0] - px[0]).hypot(mid[1] - px[1])
    };
    let across = map
        .neighbours(hex)
        .into_iter()
        .filter(|n| map.contains(*n))
        .min_by(|a, b| dist(a).total_cmp(&dist(b)))?;
    Some((Hexside::between(hex, across).ok()?, hex))
}

/// A hexside drag: the first hexside decides whether the drag adds or
/// removes the feature; each hexside is touched once.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// Feature type id.
    pub kind: String,
    /// Whether the type records a high side.
    pub directed: bool,
    /// Adding (true) or removing.
    pub adding: bool,
    /// Hexsides already touched.
    pub done: Vec<Hexside>,
    /// Name given to the features added (a feature that had one keeps it).
    pub name: Option<String>,
}

impl Stroke {
    /// Starts at `side` (cursor in `inside`): removes the feature if the
    /// identical one is there, else adds it, named `name`.
    pub fn begin(
        map: &Map,
        kind: &str,
        directed: bool,
        at: (Hexside, HexId),
        name: Option<String>,
    ) -> (Self, Vec<Edit>) {
        let (side, inside) = at;
        let wanted = feature(kind, directed, side, inside);
        let mut stroke = Self {
            kind: kind.to_owned(),
            directed,
            adding: !map.hexsides.iter().any(|f| same(f, &wanted)),
            done: Vec::new(),
            name,
        };
        let edits = stroke.touch(map, side, inside);
        (stroke, edits)
    }

    /// Continues the drag over `side`.
    pub fn touch(
        &mut self,
        map: &Map,
        side: Hexside,
        inside: HexId,
    ) -> Vec<Edit> {
        if self.done.contains(&side) {
            return Vec::new();
        }
        self.done.push(side);
        let wanted = feature(&self.kind, self.directed, side, inside);
        // The same type already there (possibly with the other high side).
        let existing: Vec<&HexsideFeature> = map
            .hexsides
            .iter()
            .filter(|f| f.at == side && f.feature == self.kind)
            .collect();
        let remove = |f: &HexsideFeature| Edit::Hexside {
            feature: f.clone(),
            present: false,
            at: None,
        };
        if !self.adding {
            return existing.into_iter().map(remove).collect();
        }
        if existing.iter().any(|f| same(f, &wanted)) {
            return Vec::new();
        }
        // Keep a name the feature had (flipping a slope keeps "Ridge").
        let name = existing
            .iter()
            .find_map(|f| f.name.clone())
            .or_else(|| self.name.clone());
        let mut edits: Vec<Edit> = existing.into_iter().map(remove).collect();
        edits.push(Edit::Hexside {
            feature: HexsideFeature { name, ..wanted },
            present: true,
            at: None,
        });
        edits
    }
}

/// Identical but for the name.
fn same(a: &HexsideFeature, b: &HexsideFeature) -> bool {
    a.at == b.at && a.feature == b.feature && a.high == b.high
}

fn feature(
    kind: &str,
    directed: bool,
    side: Hexside,
    inside: HexId,
) -> HexsideFeature {
    HexsideFeature {
        at: side,
        feature: kind.to_owned(),
        high: directed.then_some(inside),
        name: None,
    }
}
