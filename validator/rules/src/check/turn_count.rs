//! ENT019: a turn count that does not end on the printed last turn.
//!
//! What follows is `docs/ENT019.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT019.md")]

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT019 for one scenario's turn track.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let turns = &scene.battle.scenario.turns;
    let Some(last) = turns.last.as_deref() else {
        return Vec::new();
    };
    let at = Pointer::root().field("turns");
    let finding = match turns.count_to_last() {
        Some(n) if n == turns.count => return Vec::new(),
        Some(n) => Finding::new(
            Code::Ent019,
            at.field("count"),
            format!(
                "{} turns are declared, but from {} to the {last} turn the \
                 track has {n}",
                turns.count, turns.first
            ),
        )
        .help(
            "keep the printed numbers and say in the provenance which one \
             the game follows",
        ),
        None => Finding::new(
            Code::Ent019,
            at.field("last"),
            format!(
                "no turn of this track starts at {last} (turns start at {} \
                 every {} minutes)",
                turns.first, turns.minutes_per_turn
            ),
        ),
    };
    vec![finding]
}
