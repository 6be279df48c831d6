//! REF015: a directed hexside feature (a slope, a redoubt) names no `high`
//! hex, or one that is not on its hexside. Documented with the other
//! pass-2 codes (`crate::rules`).

use berthier_schema::map::Map;
use berthier_schema::series::Series;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF015 for every hexside feature of `map` whose type `series` defines
/// (unknown types are REF008).
pub fn check(map: &Map, series: &Series) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in map.hexsides.iter().enumerate() {
        let Some(kind) = series.hexside_type(&side.feature) else {
            continue;
        };
        match side.high {
            None if kind.directed => out.push(
                Finding::new(
                    Code::Ref015,
                    at("hexsides").index(i),
                    format!(
                        "`{}` is directed: hexside {} must name its `high` \
                         hex",
                        side.feature, side.at
                    ),
                )
                .side(side.at),
            ),
            Some(high) if side.at.other(high).is_none() => out.push(
                Finding::new(
                    Code::Ref015,
                    at("hexsides").index(i).field("high"),
                    format!(
                        "high hex {high} is not one of hexside {}",
                        side.at
                    ),
                )
                .hex(high)
                .side(side.at),
            ),
            _ => {}
        }
    }
    out
}
