//! MAP003: a map entry point lies on a map edge.
//!
//! ## What it does
//! Reports an entry point that lists hexes, none of which is on the map's
//! edge: a hex with a neighbour that is not a printed hex, or a hex listed
//! by one of the map's named edges. Entry points given only by an edge are
//! not checked; hexes off the map are REF007.
//!
//! ## Why
//! Reinforcements come on from off the map; an interior entry hex is
//! usually a misread hex number or a map extent that is wrong. It is a
//! warning, not an error: Rivoli's French entry hex 0321 is one row short
//! of the southern edge as printed (seed-jdg F19).
//!
//! ## Example
//! `entry_points: [(id: "e", name: "E", hexes: ["0303"])]` on a 6x5 map.
//!
//! Rulebook: Jours de Gloire 5.2 ("enter the map at the hex specified");
//! Vive l'Empereur §XIII.

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::Finding;
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of MAP003.
pub const DOC: Rule = Rule {
    summary: "Map entry point not on a map edge",
    what: "Reports an entry point that lists hexes, none of which has a \
           neighbour off the map or belongs to a named edge. Entry points \
           given only by an edge are not checked; hexes off the map are \
           REF007.",
    why: "Reinforcements come on from off the map; an interior entry hex is \
          usually a misread hex number, or a map extent that is wrong. \
          Only a warning: Rivoli's printed entry hex 0321 is one row short \
          of the southern edge.",
    example: "entry_points: [(id: \"e\", name: \"E\", hexes: [\"0303\"])]   \
              // on a 6x5 map",
    rulebook: Some(
        "Jours de Gloire 5.2 (\"enter the map at the hex specified\"); Vive \
         l'Empereur §XIII",
    ),
};

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
    let neighbours = map.grid.neighbours(hex);
    neighbours.len() < 6
        || neighbours.iter().any(|n| !map.contains(*n))
        || map.edges.iter().any(|e| e.hexes.contains(&hex))
}
