//! ENT005: no unit is set up on or next to an enemy entry hex while
//! reinforcements are still due there.
//!
//! ## What it does
//! With the series' `entry.keep_out_radius` (Jours de Gloire: 1), reports
//! every non-leader unit set up within that many hexes of an entry hex of
//! an enemy arrival (the historical entry; alternative entries are not
//! chosen at setup).
//!
//! Per hex or per side (seed-jdg F10): the rule forbids the hexes "until
//! all the scheduled reinforcements have appeared on the map", without
//! saying whether it means those due through that hex or all of the
//! side's. At setup every arrival is still to come, so both readings
//! forbid the same hexes; the message gives the turn the keep-out lifts
//! under each reading (per hex: the last arrival through it; per side:
//! the side's last arrival).
//!
//! ## Why
//! A unit parked on the enemy's entry road stops its reinforcements from
//! entering, which the rules forbid; it is usually a misread hex number.
//!
//! ## Example
//! Rivoli: a French unit set up in 3102, next to 3101 where Quasdanovitch
//! enters at 7:45.
//!
//! Rulebook: Jours de Gloire 5.2 ("No unit may occupy or be adjacent to
//! enemy reinforcement entry hex until all the scheduled reinforcements
//! have appeared on the map"), Empire 5.2.3.

use std::collections::BTreeMap;

use berthier_schema::HexId;
use berthier_schema::battle::Battle;

use super::plan::{Planned, is_leader};
use crate::check::Finding;
use crate::code::{Code, Rule};
use crate::pointer::{Pointer, at};

/// Documentation of ENT005.
pub const DOC: Rule = Rule {
    summary: "Unit set up on or next to an enemy entry hex",
    what: "With the series' `entry.keep_out_radius`, reports every \
           non-leader unit set up within that many hexes of the entry hex \
           of an enemy arrival. Whether the keep-out lasts until the \
           arrivals through that hex or all the side's arrivals have \
           entered is not said (seed-jdg F10); at setup both readings \
           forbid the same hexes, and the message gives the turn each \
           would lift it.",
    why: "A unit on the enemy's entry road stops its reinforcements from \
          entering, which the rules forbid; it is usually a misread hex \
          number.",
    example: "a French unit set up in 3102, next to 3101 where \
              Quasdanovitch enters at 7:45",
    rulebook: Some("Jours de Gloire 5.2, Empire 5.2.3"),
};

/// An enemy entry hex: who enters there and the last turn they do.
struct Gate<'p> {
    side: &'p str,
    arrival: &'p Planned<'p>,
    last: Option<u16>,
}

/// ENT005 for every unit too close to an enemy entry hex.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
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
    let grid = &battle.map.grid;
    for (s, side) in battle.scenario.sides.iter().enumerate() {
        for (i, placed) in side.setup.iter().enumerate() {
            let Some(unit) = battle.unit(&placed.unit) else {
                continue;
            };
            if is_leader(battle, unit) || !battle.map.contains(placed.hex) {
                continue;
            }
            let near = gates.iter().find_map(|(hex, list)| {
                let distance = grid.distance(*hex, placed.hex);
                let enemy = list.iter().rev().find(|g| g.side != unit.side)?;
                (distance <= u32::from(radius))
                    .then_some((hex, distance, enemy))
            });
            let Some((hex, distance, gate)) = near else {
                continue;
            };
            let pointer =
                at("sides").index(s).field("setup").index(i).field("hex");
            out.push(finding(
                plan, unit, placed.hex, *hex, distance, gate, pointer,
            ));
        }
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
            "`{}` is set up {place}, the entry hex of {} ({} side), while \
             reinforcements are still to come",
            unit.id,
            super::arrival_name(gate.arrival),
            gate.side
        ),
    )
    .hex(at)
    .help(format!(
        "no unit may occupy or be adjacent to an enemy entry hex until the \
         reinforcements have entered: until {} if only those through \
         {gate_hex} count, {} if all the {} side's do (seed-jdg F10)",
        turn(gate.last),
        turn(side_last),
        gate.side
    ))
}
