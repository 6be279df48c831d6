//! Map checks: everything pass 2 finds in a map document that the map and
//! its series (with its `extends` chain) decide, with no file read and no
//! scenario. `berthier-validate` and the editor's findings panel both call
//! [`check`], so the panel shows what CI will report for the map; only
//! the file references (`series`, `scan`: REF001, REF002, REF010, REF013)
//! stay in pass 2.
//!
//! | Code | Module | Checks |
//! |---|---|---|
//! | REF003 | [`unique_ids`] | road, place, edge and entry point ids are unique |
//! | REF006 | [`entry_refs`] | an entry point's edge and road are on the map |
//! | REF007 | [`off_map`] | every hex listed is a printed hex |
//! | REF008 | [`series_ids`] | terrain, hexside features, road classes are the series' |
//! | REF009 | [`hexside_join`] | a hexside joins two adjacent hexes |
//! | REF012 | [`road_gap`] | consecutive road hexes are adjacent |
//! | REF015 | [`high_hex`] | a directed hexside feature names its high hex |
//! | MAP001 | [`river_crossing`] | a road crossing an impassable hexside has a bridge or ford |
//! | MAP002 | [`levels`] | a slope's high hex is not the lower one |
//! | MAP003 | [`entry_edge`] | an entry point is on a map edge |
//! | MAP004 | [`levels`] | a level change has a slope between the hexes |
//! | MAP009 | [`road_revisit`] | a road does not come back to a hex it passed |
//! | REF020 | [`off_map`] | a hex id's prefix names a sheet of the map |
//! | REF021 | [`sheets`] | every extent is on a declared sheet, every sheet has one |
//! | REF022 | [`sheets`] | sheet letters are capitals, each used once |
//! | MAP005 | [`sheets`] | no two sheets cover the same canonical hex |
//! | MAP006 | [`sheets`] | a sheet's own grid is staggered as its offset places it |
//! | MAP007 | [`numbering`] | every printed label reads back as its hex |
//! | MAP008 | [`sheets`] | a sheet's own scan and its grid come together |
//! | MAP010 | [`edge_sheet`] | an edge's sheet is one of the map's, its hexes on it |
//! | MAP011 | [`edge_sheet`] | a sheet's side named as an edge is shared with no other sheet |
//!
//! Every rule is cheap (linear in hexes, hexsides and road steps), so the
//! editor needs no debouncing even on the largest bundled maps.

pub mod edge_sheet;
pub mod entry_edge;
pub mod entry_refs;
pub mod hexside_join;
pub mod high_hex;
pub mod levels;
pub mod numbering;
pub mod off_map;
pub mod river_crossing;
pub mod road_gap;
pub mod road_revisit;
pub mod series_ids;
pub mod sheets;
pub mod unique_ids;

use std::collections::HashMap;

use berthier_schema::Hexside;
use berthier_schema::map::{HexsideFeature, Map};
use berthier_schema::series::{HexsideType, Series};

pub use super::Finding;
use crate::code::Code;

/// The codes [`check`] leaves out when the series cannot be read: those
/// that compare the map with the series' terrain, hexside and road types,
/// and MAP003, which berthier-validate has always skipped with them.
pub const NEED_SERIES: &[Code] = &[
    Code::Ref008,
    Code::Ref015,
    Code::Map001,
    Code::Map002,
    Code::Map003,
    Code::Map004,
];

/// Every finding of the map checks, with pointers into the map document
/// (`/roads/2/hexes/5`, `/hexsides/4`, `/hexes/0602/level`). `series` is
/// the map's series with its `extends` chain applied; `None` when it
/// cannot be read, and then the [`NEED_SERIES`] checks do not run (pass 2
/// reports why the series cannot be read).
pub fn check(map: &Map, series: Option<&Series>) -> Vec<Finding> {
    let printed = |f: Finding| f.printed_on(map);
    checks(map, series).into_iter().map(printed).collect()
}

/// The map checks, hexes named by grid position.
fn checks(map: &Map, series: Option<&Series>) -> Vec<Finding> {
    let mut out = unique_ids::check(map);
    out.extend(sheets::check(map));
    out.extend(edge_sheet::check(map));
    out.extend(numbering::check(map));
    out.extend(off_map::check(map));
    out.extend(hexside_join::check(map));
    out.extend(road_gap::check(map));
    out.extend(road_revisit::check(map));
    out.extend(entry_refs::check(map));
    let Some(series) = series else { return out };
    out.extend(series_ids::check(map, series));
    out.extend(high_hex::check(map, series));
    let sides = Sides::new(map, series);
    out.extend(river_crossing::check(map, &sides));
    out.extend(levels::check(map, &sides));
    // MAP003 needs no series, but berthier-validate has always skipped it
    // with the other map checks when the series does not load.
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
