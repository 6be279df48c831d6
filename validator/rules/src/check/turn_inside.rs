//! ENT015: an arrival time printed inside a longer turn.
//!
//! What follows is `docs/ENT015.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT015.md")]

use berthier_schema::battle::OffTrack;
use berthier_schema::scenario::Arrival;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT015 for each dated arrival of the scenario that falls inside a turn.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let battle = scene.battle;
    let mut out = Vec::new();
    for (s, side) in battle.scenario.sides.iter().enumerate() {
        for (i, arrival) in side.reinforcements.iter().enumerate() {
            let Some(OffTrack::InsideTurn { at, turn, from, to }) =
                battle.inside_turn(&arrival.at)
            else {
                continue;
            };
            let pointer = Pointer::root()
                .field("sides")
                .index(s)
                .field("reinforcements")
                .index(i)
                .field("at");
            out.push(
                Finding::new(
                    Code::Ent015,
                    pointer,
                    format!(
                        "{} at {at} falls inside turn {turn} ({from}-{to}), \
                         not at its start: it arrives on turn {turn}",
                        who(arrival)
                    ),
                )
                .help(
                    "keep the printed time and say in the provenance that the \
                     arrival comes with the turn that holds it",
                ),
            );
        }
    }
    out
}

/// The arrival's formation, or its first units.
fn who(arrival: &Arrival) -> String {
    match &arrival.formation {
        Some(f) => format!("the arrival of `{f}`"),
        None if arrival.units.units.is_empty() => format!(
            "the arrival of {}",
            crate::words::units(&arrival.units.formations, 2)
        ),
        None => format!(
            "the arrival of {}",
            crate::words::units(&arrival.units.units, 2)
        ),
    }
}
