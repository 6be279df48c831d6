//! REF034: every place a game names on a map resolves there: the exit
//! and entry of each transfer, the hexes and road of each join, the hexes
//! of each overlap.
//!
//! What follows is `docs/REF034.md`.
#![doc = include_str!("../../../docs/REF034.md")]

use berthier_schema::HexId;
use berthier_schema::map::Map;
use berthier_schema::placement::Location;
use berthier_schema::zone::{NoSetup, Zone};

use super::GameInputs;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF034 for each transfer end, join end and overlap hex that is not on
/// its battle's map (battles that are not the game's are REF032, and a
/// map that does not load has its own findings).
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let game = inputs.game;
    let mut out = Vec::new();
    for (i, transfer) in game.transfers.iter().enumerate() {
        let base = at("transfers").index(i);
        for (field, end) in [("from", &transfer.from), ("to", &transfer.to)] {
            if let Some(map) = inputs.map_of(&end.battle) {
                let pointer = base.field(field).field("at");
                out.extend(location(map, &end.battle, &end.at, pointer));
            }
        }
    }
    for (i, join) in game.joins.iter().enumerate() {
        for (field, end) in [("a", &join.a), ("b", &join.b)] {
            let Some(map) = inputs.map_of(&end.battle) else {
                continue;
            };
            let base = at("joins").index(i).field(field);
            if let Some(road) = &end.road
                && map.road(road).is_none()
            {
                out.push(Finding::new(
                    Code::Ref034,
                    base.field("road"),
                    format!("no road `{road}` on the map of `{}`", end.battle),
                ));
            }
            let hexes = base.field("hexes");
            for (j, hex) in end.hexes.iter().enumerate() {
                out.extend(off_map(map, &end.battle, *hex, hexes.index(j)));
            }
        }
    }
    for (i, overlap) in game.overlaps.iter().enumerate() {
        let base = at("overlaps").index(i).field("hexes");
        for (j, pair) in overlap.hexes.iter().enumerate() {
            for (side, battle) in
                [&overlap.a, &overlap.b].into_iter().enumerate()
            {
                if let Some(map) = inputs.map_of(battle) {
                    let pointer = base.index(j).index(side);
                    out.extend(off_map(map, battle, pair[side], pointer));
                }
            }
        }
    }
    out
}

/// REF034 unless `loc` names hexes of `map`, all on it.
fn location(
    map: &Map,
    battle: &str,
    loc: &Location,
    pointer: Pointer,
) -> Vec<Finding> {
    match Zone::new(map, &NoSetup).location_hexes(loc) {
        Err(why) => vec![Finding::new(
            Code::Ref034,
            pointer,
            format!("{why} (the map of battle `{battle}`)"),
        )],
        Ok(hexes) => hexes
            .into_iter()
            .flat_map(|h| off_map(map, battle, h, pointer.clone()))
            .collect(),
    }
}

fn off_map(
    map: &Map,
    battle: &str,
    hex: HexId,
    pointer: Pointer,
) -> Option<Finding> {
    (!map.contains(hex)).then(|| {
        Finding::new(
            Code::Ref034,
            pointer,
            format!("hex {hex} is not on the map of battle `{battle}`"),
        )
        .hex(hex)
    })
}
