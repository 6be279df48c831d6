//! ENT012: each battle of a game starts, and is released, on a turn of its
//! own scenario's track ("Ligny starts at 1300; units at Quatre-Bras are
//! set up but cannot move before the 1400 turn", 001 l. 3007).
//!
//! What follows is `docs/ENT012.md`.
#![doc = include_str!("../../../docs/ENT012.md")]

use berthier_schema::game::GameTime;
use berthier_schema::scenario::TurnTrack;

use super::GameInputs;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// ENT012 for a start or release time that is no turn of the battle's
/// scenario, a release before the start, or a date that is no date.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, battle) in inputs.game.battles.iter().enumerate() {
        let Some(Some((scenario, _))) = inputs.battles.get(i) else {
            continue;
        };
        let base = at("battles").index(i);
        let track = &scenario.turns;
        out.extend(on_track(track, &battle.start, base.field("start")));
        let Some(release) = &battle.release else {
            continue;
        };
        out.extend(on_track(track, release, base.field("release")));
        if let (Some(s), Some(r)) = (battle.start.minutes(), release.minutes())
            && r < s
        {
            out.push(Finding::new(
                Code::Ent012,
                base.field("release"),
                format!(
                    "battle `{}` is released at {} {}, before it starts",
                    battle.id, release.date, release.time
                ),
            ));
        }
    }
    out
}

pub(super) fn on_track(
    track: &TurnTrack,
    time: &GameTime,
    pointer: Pointer,
) -> Option<Finding> {
    if time.minutes().is_none() {
        return Some(Finding::new(
            Code::Ent012,
            pointer,
            format!("{} {} is not a date and time", time.date, time.time),
        ));
    }
    if track.turn_at(&time.time).is_some() {
        return None;
    }
    let first = &track.first;
    Some(
        Finding::new(
            Code::Ent012,
            pointer.field("time"),
            format!("{} is not a turn of the scenario's track", time.time),
        )
        .help(format!(
            "its turns start at {first}, every {} minutes",
            track.minutes_per_turn
        )),
    )
}
