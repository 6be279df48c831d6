//! MAP009: a road passes through a hex it has already passed.
//!
//! What follows is `docs/MAP009.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/MAP009.md")]

use std::collections::HashMap;

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// MAP009 for every road of `map`: the first revisit of each road (a ring
/// road that ends where it starts is not a revisit).
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, road) in map.roads.iter().enumerate() {
        let mut first_seen: HashMap<HexId, usize> = HashMap::new();
        let last = road.hexes.len().saturating_sub(1);
        for (j, hex) in road.hexes.iter().enumerate() {
            let Some(&before) = first_seen.get(hex) else {
                first_seen.insert(*hex, j);
                continue;
            };
            if before == 0 && j == last {
                continue; // a ring
            }
            out.push(
                Finding::new(
                    Code::Map009,
                    at("roads").index(i).field("hexes").index(j),
                    format!(
                        "road `{}` comes back to {hex} (step {} passed it \
                         already)",
                        road.id,
                        before + 1
                    ),
                )
                .hex(*hex)
                .help(
                    "a road stretch between two places is read along the \
                     list, so a loop doubles it back; remove the repeated \
                     hexes",
                ),
            );
            break;
        }
    }
    out
}
