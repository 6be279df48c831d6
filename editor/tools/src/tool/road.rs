//! The road and track tool. Dragging adds hexes to a path only as
//! neighbours of its end (skipped hexes are filled in along a hex line);
//! stepping back onto the previous hex takes the last one off. A step over
//! an impassable hexside (a river) adds a bridge there, or a ford when the
//! ford option is on. A drag that starts on an end of a road of the same
//! type extends that road; any other drag makes a new road.

use berthier_schema::edit::Edit;
use berthier_schema::map::{HexsideFeature, Road};
use berthier_schema::{HexId, Hexside, Map};

use super::{Catalog, brush};

/// A road being drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// Road id (existing or fresh).
    pub id: String,
    /// Road type id.
    pub class: String,
    /// Name of an existing road.
    pub name: Option<String>,
    /// The path in drawing order (reversed for a road extended at its
    /// first hex).
    pub path: Vec<HexId>,
    /// Extending at the road's first hex.
    pub front: bool,
    /// Hexes the path had before the drag (not taken off by stepping back).
    pub kept: usize,
    /// Cross rivers by fords rather than bridges.
    pub ford: bool,
    /// Why the last step was refused (a road is an ordered list of hexes
    /// each met once: the rules count movement along it hex by hex, so a
    /// road that comes back to a hex has no order there).
    pub refused: Option<String>,
}

impl Stroke {
    /// Starts a drag of a `class` road at `hex`; a new road is called
    /// `name` (its id made from the name), and so is an extended road
    /// that had no name.
    pub fn begin(
        map: &Map,
        class: &str,
        hex: HexId,
        ford: bool,
        name: Option<String>,
    ) -> Self {
        let same = |r: &&Road| r.class == class;
        let at_back = map
            .roads
            .iter()
            .filter(same)
            .find(|r| r.hexes.len() > 1 && r.hexes.last() == Some(&hex));
        let at_front = map
            .roads
            .iter()
            .filter(same)
            .find(|r| r.hexes.len() > 1 && r.hexes.first() == Some(&hex));
        if let Some(road) = at_back.or(at_front) {
            let front = at_back.is_none();
            let mut path = road.hexes.clone();
            if front {
                path.reverse();
            }
            return Self {
                id: road.id.clone(),
                class: class.to_owned(),
                name: road.name.clone().or(name),
                kept: path.len(),
                path,
                front,
                ford,
                refused: None,
            };
        }
        let base = name.as_deref().unwrap_or(class);
        Self {
            id: super::fresh_id(base, map.roads.iter().map(|r| &r.id)),
            class: class.to_owned(),
            name,
            path: vec![hex],
            front: false,
            kept: 1,
            ford,
            refused: None,
        }
    }

    /// The drag reached `hex`: the edits that bring the map up to date.
    pub fn to(
        &mut self,
        map: &Map,
        catalog: &Catalog,
        hex: HexId,
    ) -> Vec<Edit> {
        let Some(&end) = self.path.last() else {
            return Vec::new();
        };
        if hex == end {
            return Vec::new();
        }
        let n = self.path.len();
        if n > self.kept && n >= 2 && self.path[n - 2] == hex {
            self.path.pop();
            return vec![self.road_edit()];
        }
        let steps = brush::steps(map, end, hex);
        if steps.is_empty() {
            return Vec::new();
        }
        let mut edits = Vec::new();
        let mut prev = end;
        for step in steps {
            if self.path.contains(&step) {
                // Stop at the hex before: the road keeps what was drawn.
                self.refused = Some(format!(
                    "road `{}` already passes through hex {step}: a road \
                     may not come back to a hex (draw a second road from \
                     there instead)",
                    self.id
                ));
                break;
            }
            self.refused = None;
            edits.extend(self.crossing(map, catalog, prev, step));
            self.path.push(step);
            prev = step;
        }
        if prev != end {
            edits.push(self.road_edit());
        }
        edits
    }

    /// The road as drawn, in the order it is stored.
    pub fn road(&self) -> Road {
        let mut hexes = self.path.clone();
        if self.front {
            hexes.reverse();
        }
        Road {
            id: self.id.clone(),
            name: self.name.clone(),
            class: self.class.clone(),
            hexes,
        }
    }

    fn road_edit(&self) -> Edit {
        // A one-hex road is no road: stepping back to the start removes a
        // new one again.
        let to = (self.path.len() >= 2).then(|| self.road());
        Edit::Road {
            id: self.id.clone(),
            to,
            at: None,
        }
    }

    /// A bridge (or ford) where the step `a`→`b` crosses an impassable
    /// hexside that has no crossing yet.
    fn crossing(
        &self,
        map: &Map,
        catalog: &Catalog,
        a: HexId,
        b: HexId,
    ) -> Option<Edit> {
        let side = Hexside::between(a, b).ok()?;
        let here = || map.hexsides.iter().filter(move |f| f.at == side);
        let blocked = here().any(|f| catalog.is_impassable(&f.feature));
        let crossed = here().any(|f| catalog.is_crossing(&f.feature));
        (blocked && !crossed).then(|| Edit::Hexside {
            feature: HexsideFeature {
                at: side,
                feature: if self.ford { "ford" } else { "bridge" }.to_owned(),
                high: None,
                name: None,
            },
            present: true,
            at: None,
        })
    }
}
