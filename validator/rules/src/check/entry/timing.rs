//! ENT001: every arrival time is a turn of the game.
//!
//! What follows is `docs/ENT001.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT001.md")]

use super::plan::Planned;
use crate::check::Finding;
use crate::code::Code;

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
