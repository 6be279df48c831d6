//! ENT011: where two maps meet, the ground agrees. Each end of a join is
//! on its map's edge (and on its road, when the join names one: "The maps
//! can be set for the main road from Nivelles to Namur to be continuous",
//! 001 l. 3007), and two hexes an overlap calls the same ground have the
//! same terrain ("solved on the maps as they overlap", l. 3085).
//!
//! What follows is `docs/ENT011.md`.
#![doc = include_str!("../../../docs/ENT011.md")]

use super::{GameInputs, on_edge};
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::at;

/// ENT011 for join hexes off the edge or off their road, and overlap
/// pairs painted with different terrain (hexes off the map are REF034).
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, join) in inputs.game.joins.iter().enumerate() {
        for (field, end) in [("a", &join.a), ("b", &join.b)] {
            let Some(map) = inputs.map_of(&end.battle) else {
                continue;
            };
            let road = end.road.as_deref().and_then(|r| map.road(r));
            let base = at("joins").index(i).field(field).field("hexes");
            for (j, hex) in end.hexes.iter().enumerate() {
                if !map.contains(*hex) {
                    continue;
                }
                if !on_edge(map, *hex) {
                    out.push(
                        Finding::new(
                            Code::Ent011,
                            base.index(j),
                            format!(
                                "hex {hex} of the join is not on an edge of \
                                 the map of `{}`",
                                end.battle
                            ),
                        )
                        .hex(*hex)
                        .help("a join lists the hexes where the map ends"),
                    );
                }
                if let Some(road) = road
                    && !road.hexes.contains(hex)
                {
                    out.push(
                        Finding::new(
                            Code::Ent011,
                            base.index(j),
                            format!(
                                "hex {hex} is not on road `{}`, which the \
                                 join continues",
                                road.id
                            ),
                        )
                        .hex(*hex),
                    );
                }
            }
        }
    }
    out.extend(overlaps(inputs));
    out
}

fn overlaps(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, overlap) in inputs.game.overlaps.iter().enumerate() {
        let (Some(a), Some(b)) =
            (inputs.map_of(&overlap.a), inputs.map_of(&overlap.b))
        else {
            continue;
        };
        for (j, [ha, hb]) in overlap.hexes.iter().enumerate() {
            let terrain = |map: &berthier_schema::Map, h| {
                map.hexes.get(h).and_then(|d| d.terrain.clone())
            };
            if let (Some(ta), Some(tb)) = (terrain(a, ha), terrain(b, hb))
                && ta != tb
            {
                out.push(
                    Finding::new(
                        Code::Ent011,
                        at("overlaps").index(i).field("hexes").index(j),
                        format!(
                            "{ha} of `{}` is {ta} but {hb} of `{}`, the same \
                             ground, is {tb}",
                            overlap.a, overlap.b
                        ),
                    )
                    .hex(*ha),
                );
            }
        }
    }
    out
}
