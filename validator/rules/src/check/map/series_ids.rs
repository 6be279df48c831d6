//! REF008 on a map: a painted terrain, a hexside feature or a road class
//! the series (with its `extends` chain) does not define. Documented with
//! the other pass-2 codes (`crate::rules`). The editor draws such a hex
//! with no tint, so the findings panel is where the designer learns of it.

// Fx, as elsewhere in the rules: this set is probed once per painted hex.
use rustc_hash::FxHashSet as HashSet;

use berthier_schema::map::Map;
use berthier_schema::series::Series;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF008 for the terrain, hexside features and road classes of `map`.
pub fn check(map: &Map, series: &Series) -> Vec<Finding> {
    let terrain: HashSet<&str> =
        series.terrain.iter().map(|t| &*t.id).collect();
    let mut out = Vec::new();
    for (hex, data) in &map.hexes {
        let Some(t) = &data.terrain else { continue };
        if !terrain.contains(t.as_str()) {
            out.push(
                Finding::new(
                    Code::Ref008,
                    at("hexes").key(hex).field("terrain"),
                    format!("terrain `{t}` is not defined by the series"),
                )
                .hex(*hex),
            );
        }
    }
    for (i, side) in map.hexsides.iter().enumerate() {
        if series.hexside_type(&side.feature).is_none() {
            out.push(
                Finding::new(
                    Code::Ref008,
                    at("hexsides").index(i).field("feature"),
                    format!(
                        "hexside feature `{}` is not defined by the series",
                        side.feature
                    ),
                )
                .side(side.at),
            );
        }
    }
    let classes: HashSet<&str> =
        series.road_types.iter().map(|t| &*t.id).collect();
    for (i, road) in map.roads.iter().enumerate() {
        if !classes.contains(road.class.as_str()) {
            out.push(Finding::new(
                Code::Ref008,
                at("roads").index(i).field("class"),
                format!(
                    "road class `{}` is not defined by the series",
                    road.class
                ),
            ));
        }
    }
    out
}
