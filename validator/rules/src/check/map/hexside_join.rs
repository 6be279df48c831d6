//! REF009: a hexside joins two hexes that do not touch. Documented with
//! the other pass-2 codes (`crate::rules`).

use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF009 for every hexside feature of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in map.hexsides.iter().enumerate() {
        if side.at.is_on_map(map) {
            continue;
        }
        let [a, b] = side.at.hexes();
        out.push(
            Finding::new(
                Code::Ref009,
                at("hexsides").index(i).field("at"),
                format!(
                    "hexes {a} and {b} of hexside {} are not adjacent",
                    side.at
                ),
            )
            .hex(a)
            .help(
                "check the hex numbers, or the grid's `shift` if many \
                 hexsides are reported",
            ),
        );
    }
    out
}
