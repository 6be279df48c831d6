//! ENT005: no unit is set up on or next to an enemy entry hex while
//! reinforcements are still due there.
//!
//! What follows is `docs/ENT005.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT005.md")]

use std::collections::BTreeMap;

use berthier_schema::HexId;

use super::plan::{Planned, is_leader};
use crate::check::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// An enemy entry hex: who enters there and the last turn they do.
struct Gate<'p> {
    side: &'p str,
    arrival: &'p Planned<'p>,
    last: Option<u16>,
}

/// ENT005 for every unit too close to an enemy entry hex.
pub fn check(
    scene: &Scene<'_, '_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
    let battle = scene.battle;
    let Some(radius) =
        battle.series.entry.as_ref().and_then(|e| e.keep_out_radius)
    else {
        return;
    };
    let mut gates: BTreeMap<HexId, Vec<Gate<'_>>> = BTreeMap::new();
    for planned in plan {
        for hex in planned.entry.hexes() {
            let gate = gates.entry(*hex).or_default();
            let last = gate
                .iter()
                .filter(|g| g.side == planned.side_id)
                .filter_map(|g| g.last)
                .chain(planned.turn.clone().ok())
                .max();
            gate.push(Gate {
                side: planned.side_id,
                arrival: planned,
                last,
            });
        }
    }
    if gates.is_empty() {
        return;
    }
    let map = battle.map;
    // The entries on the map, in document order, units looked up.
    for entry in &scene.setups {
        let (s, i, placed) = (entry.side, entry.index, entry.placed);
        let Some(unit) = entry.unit else {
            continue;
        };
        if is_leader(battle, unit) {
            continue;
        }
        let near = gates.iter().find_map(|(hex, list)| {
            let distance = map.distance(*hex, placed.hex);
            let enemy = list.iter().rev().find(|g| g.side != unit.side)?;
            (distance <= u32::from(radius)).then_some((hex, distance, enemy))
        });
        let Some((hex, distance, gate)) = near else {
            continue;
        };
        let pointer = at("sides").index(s).field("setup").index(i).field("hex");
        out.push(finding(
            plan, unit, placed.hex, *hex, distance, gate, pointer,
        ));
    }
}

fn finding(
    plan: &[Planned<'_>],
    unit: &berthier_schema::Unit,
    at: HexId,
    gate_hex: HexId,
    distance: u32,
    gate: &Gate<'_>,
    pointer: Pointer,
) -> Finding {
    let place = match distance {
        0 => format!("in {gate_hex}"),
        1 => format!("in {at}, next to {gate_hex}"),
        d => format!("in {at}, {d} hexes from {gate_hex}"),
    };
    let side_last = plan
        .iter()
        .filter(|p| p.side_id == gate.side)
        .filter_map(|p| p.turn.clone().ok())
        .max();
    let turn = |t: Option<u16>| {
        t.map_or("its arrivals".to_owned(), |t| format!("turn {t}"))
    };
    Finding::new(
        Code::Ent005,
        pointer,
        format!(
            "{} is set up {place}, the entry hex of {} ({} side), while \
             reinforcements are still to come",
            crate::check::common::label(&unit.id, Some(unit)),
            super::arrival_name(gate.arrival),
            gate.arrival.side_name
        ),
    )
    .hex(at)
    .help(format!(
        "no unit may occupy or be adjacent to an enemy entry hex until the \
         reinforcements have entered: until {} if only those through \
         {gate_hex} count, {} if all the {} side's do (seed-jdg F10)",
        turn(gate.last),
        turn(side_last),
        gate.arrival.side_name
    ))
}
