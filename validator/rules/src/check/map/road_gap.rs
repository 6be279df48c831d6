//! REF012: a road is a path of adjacent hexes.
//!
//! What follows is `docs/REF012.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/REF012.md")]

use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF012 for every road of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, road) in map.roads.iter().enumerate() {
        for (j, pair) in road.hexes.windows(2).enumerate() {
            let (prev, hex) = (pair[0], pair[1]);
            if map.adjacent(prev, hex) {
                continue;
            }
            out.push(
                Finding::new(
                    Code::Ref012,
                    at("roads").index(i).field("hexes").index(j + 1),
                    format!(
                        "road `{}` jumps from {prev} to {hex}, which are not \
                         adjacent",
                        road.id
                    ),
                )
                .hex(hex),
            );
        }
    }
    out
}
