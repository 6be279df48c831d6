//! Map checks: what a painted map says that cannot be right, read from the
//! map and its series alone, with no file and no scenario. The editor runs
//! [`check`] after every edit (the findings panel); `berthier-validate`
//! runs it on every map document in pass 2, where the findings are
//! located through their JSON Pointers.
//!
//! | Code | Module | Checks |
//! |---|---|---|
//! | REF012 | [`road_gap`] | consecutive road hexes are adjacent |
//! | MAP001 | [`river_crossing`] | a road crossing an impassable hexside has a bridge or ford |
//! | MAP002 | [`levels`] | a slope's high hex is not the lower one |
//! | MAP003 | [`entry_edge`] | an entry point is on a map edge |
//! | MAP004 | [`levels`] | a level change has a slope between the hexes |
//!
//! Every rule is cheap (linear in hexes, hexsides and road steps), so the
//! editor needs no debouncing even on the largest bundled maps.

pub mod entry_edge;
pub mod levels;
pub mod river_crossing;
pub mod road_gap;
mod series_file;

use std::collections::HashMap;

use berthier_schema::Hexside;
use berthier_schema::map::{HexsideFeature, Map};
use berthier_schema::series::{HexsideType, Series};

pub use super::Finding;
use crate::code::{Code, Rule};
pub use series_file::series_for_map;

/// Documentation of the codes of this module (REF012 is documented with
/// the other pass-2 codes).
pub const DOCS: &[(Code, Rule)] = &[
    (Code::Map001, river_crossing::DOC),
    (Code::Map002, levels::DOC_SLOPE),
    (Code::Map003, entry_edge::DOC),
    (Code::Map004, levels::DOC_LEVEL),
];

/// Every map finding: road gaps (REF012) and MAP001-MAP004, with pointers
/// into the map document (`/roads/2/hexes/5`, `/hexsides/4`,
/// `/entry_points/1`, `/hexes/0602/level`).
pub fn check(map: &Map, series: &Series) -> Vec<Finding> {
    let mut out = road_gap::check(map);
    out.extend(painted(map, series));
    out
}

/// The map checks that need the series (MAP001-MAP004), without road gaps
/// (pass 2 reports those with its own reference checks).
pub fn painted(map: &Map, series: &Series) -> Vec<Finding> {
    let sides = Sides::new(map, series);
    let mut out = river_crossing::check(map, &sides);
    out.extend(levels::check(map, &sides));
    out.extend(entry_edge::check(map));
    out
}

/// The hexside features of a map by hexside, with their series types
/// (features the series does not define are left out: REF008).
pub struct Sides<'a> {
    by_side:
        HashMap<Hexside, Vec<(usize, &'a HexsideFeature, &'a HexsideType)>>,
}

impl<'a> Sides<'a> {
    /// Indexes the features of `map`.
    pub fn new(map: &'a Map, series: &'a Series) -> Self {
        let mut by_side: HashMap<_, Vec<_>> = HashMap::new();
        for (i, feature) in map.hexsides.iter().enumerate() {
            if let Some(kind) = series.hexside_type(&feature.feature) {
                by_side
                    .entry(feature.at)
                    .or_default()
                    .push((i, feature, kind));
            }
        }
        Self { by_side }
    }

    /// The features on `side`: index in `map.hexsides`, feature, type.
    pub fn on(
        &self,
        side: Hexside,
    ) -> &[(usize, &'a HexsideFeature, &'a HexsideType)] {
        self.by_side.get(&side).map_or(&[], Vec::as_slice)
    }
}

/// Whether a hexside type marks a change of level (the series' `slope`
/// flag; a redoubt or wall is directed too, but its `high` is the inner
/// hex, not an upper level).
pub fn is_slope(kind: &HexsideType) -> bool {
    kind.slope
}
