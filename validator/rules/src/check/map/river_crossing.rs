//! MAP001: a road crosses an impassable hexside only at a bridge or ford.
//!
//! What follows is `docs/MAP001.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/MAP001.md")]

use berthier_schema::Hexside;
use berthier_schema::map::Map;

use super::{Finding, Sides};
use crate::code::Code;
use crate::pointer::at;

/// MAP001 for every road of `map`.
pub fn check(map: &Map, sides: &Sides<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, road) in map.roads.iter().enumerate() {
        for (j, pair) in road.hexes.windows(2).enumerate() {
            let Ok(side) = Hexside::between(pair[0], pair[1]) else {
                continue;
            };
            let features = sides.on(side);
            let blocked = features.iter().find(|(_, _, t)| t.impassable);
            let crossed = features.iter().any(|(_, _, t)| t.crossing);
            let Some((_, river, kind)) = blocked else {
                continue;
            };
            if crossed {
                continue;
            }
            let named = river
                .name
                .as_ref()
                .map_or_else(String::new, |n| format!(" ({n})"));
            out.push(
                Finding::new(
                    Code::Map001,
                    at("roads").index(i).field("hexes").index(j + 1),
                    format!(
                        "{} `{}` crosses the {}{named} at hexside {side} \
                         with no bridge or ford",
                        road.class,
                        road.id,
                        kind.name.to_lowercase()
                    ),
                )
                .hex(pair[1])
                .side(side)
                .help(format!(
                    "add a bridge or ford on hexside {side}, or route the \
                     road to one"
                )),
            );
        }
    }
    out
}
