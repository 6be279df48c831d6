//! ENT001: every arrival time is a turn of the game.
//!
//! ## What it does
//! Maps each reinforcement's `at` onto the turn track: `Turn(n)` must lie
//! between 1 and the number of turns; `Clock("HH:MM")` must be the start
//! time of a turn (turn lengths from the track and its special turns). A
//! clock time between two turns, or before the first or after the last,
//! is reported.
//!
//! ## Why
//! Reinforcements enter in the Assembly phase of a turn; a time that is
//! not a turn start is a misprint or a wrong turn length, and the arrival
//! cannot be played as written.
//!
//! ## Example
//! Turns of 75 minutes from 04:00: `at: Clock("08:00")` falls between
//! turn 4 (07:45) and turn 5 (09:00).
//!
//! Rulebook: Jours de Gloire 5.2 (reinforcements enter on their turn);
//! Vive l'Empereur XIII; the scenario's turn track.

use super::plan::Planned;
use crate::check::Finding;
use crate::code::{Code, Rule};

/// Documentation of ENT001.
pub const DOC: Rule = Rule {
    summary: "Arrival time is not a turn of the game",
    what: "Maps each reinforcement's `at` onto the turn track: `Turn(n)` \
           must lie between 1 and the number of turns, `Clock(\"HH:MM\")` \
           must be the start of a turn (turn lengths from the track and \
           its special turns). Reports a time between two turns, before \
           the first or after the last.",
    why: "Reinforcements arrive at the start of a turn; a time that is not \
          one is a misprint or a wrong turn length, and the arrival cannot \
          be played as written.",
    example: "turns: (first: \"04:00\", minutes_per_turn: 75, count: 13) \
              ... (at: Clock(\"08:00\"), ...)   // 07:45 is turn 4, 09:00 turn 5",
    rulebook: Some(
        "Jours de Gloire 5.2; Vive l'Empereur XIII; the scenario's turn \
         track",
    ),
};

/// ENT001 for each arrival off the track.
pub fn check(plan: &[Planned<'_>], out: &mut Vec<Finding>) {
    for planned in plan {
        let Err(why) = &planned.turn else { continue };
        out.push(
            Finding::new(
                Code::Ent001,
                planned.pointer().field("at"),
                format!(
                    "{} is not a turn of the game: {why}",
                    super::arrival_name(planned)
                ),
            )
            .help(
                "use the start time of a turn (or `Turn(n)`), or fix the \
                 turn track's start, turn length or special turns",
            ),
        );
    }
}
