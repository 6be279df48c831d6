//! MAP001: a road crosses an impassable hexside only at a bridge or ford.
//!
//! ## What it does
//! For every step of a road or track, looks at the hexside between the two
//! hexes. Reports the step when a feature there has an `impassable` type
//! (a river) and no feature there has a `crossing` type (a bridge, a ford).
//!
//! ## Why
//! Vive l'Empereur's rivers "cannot be crossed" except at bridges; Jours
//! de Gloire lets roads and trails cross impassable hexsides, but the
//! retreat and zone-of-control rules ask whether there is a bridge or ford
//! there, so the map must say which. A road drawn over a river with no
//! crossing is almost always a bridge left out (the editor's road tool
//! adds one when it crosses a river).
//!
//! ## Example
//! `hexsides: [(at: "0303/0403", feature: "river")]` with a road
//! `hexes: ["0303", "0403"]` and no bridge on `0303/0403`.
//!
//! Rulebook: Jours de Gloire 4.3.2, 6.2, 10.3.3; Vive l'Empereur §III.5,
//! §VI.6.

use berthier_schema::Hexside;
use berthier_schema::map::Map;

use super::{Finding, Sides};
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of MAP001.
pub const DOC: Rule = Rule {
    summary: "Road crosses an impassable hexside without a bridge or ford",
    what: "For every step of a road or track, reports a hexside between \
           the two hexes that has a feature of an `impassable` type (a \
           river) and none of a `crossing` type (a bridge, a ford).",
    why: "Vive l'Empereur's rivers cannot be crossed except at bridges; \
          Jours de Gloire lets roads cross, but its retreat and zone of \
          control rules depend on a bridge or ford being there. A road over \
          a river with no crossing is almost always a bridge left out.",
    example: "hexsides: [(at: \"0303/0403\", feature: \"river\")], \
              roads: [(id: \"r\", class: \"road\", hexes: [\"0303\", \
              \"0403\"])]",
    rulebook: Some(
        "Jours de Gloire 4.3.2, 6.2, 10.3.3; Vive l'Empereur §III.5, §VI.6",
    ),
};

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
