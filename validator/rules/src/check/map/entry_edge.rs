//! MAP003: a map entry point lies on a map edge.
//!
//! What follows is `docs/MAP003.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/MAP003.md")]

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// MAP003 for every entry point of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, entry) in map.entry_points.iter().enumerate() {
        let on_map: Vec<HexId> = entry
            .hexes
            .iter()
            .copied()
            .filter(|h| map.contains(*h))
            .collect();
        let Some(first) = on_map.first().copied() else {
            continue;
        };
        if on_map.iter().any(|h| on_edge(map, *h)) {
            continue;
        }
        let list: Vec<String> =
            on_map.iter().map(ToString::to_string).collect();
        out.push(
            Finding::new(
                Code::Map003,
                at("entry_points").index(i),
                format!(
                    "entry point `{}` is not on a map edge: {} has no \
                     neighbour off the map",
                    entry.id,
                    list.join(", ")
                ),
            )
            .hex(first)
            .help(
                "check the hex number against the printed map, and the \
                 map's `extent`",
            ),
        );
    }
    out
}

/// Whether `hex` has a neighbour off the map, or a named edge lists it.
pub fn on_edge(map: &Map, hex: HexId) -> bool {
    let neighbours = map.neighbours(hex);
    neighbours.len() < 6
        || neighbours.iter().any(|n| !map.contains(*n))
        || map.edges.iter().any(|e| e.hexes.contains(&hex))
}
