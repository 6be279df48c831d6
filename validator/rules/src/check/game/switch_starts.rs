//! ENT017: a choice that plays a battle with another scenario from
//! another time ("Wavre is played using either scenario 3 or 5 (this
//! time, Wavre starts first ...)", 001 l. 3044) starts it on a turn of
//! that scenario, once the choice is made.
//!
//! What follows is `docs/ENT017.md`.
#![doc = include_str!("../../../docs/ENT017.md")]

use berthier_schema::game::{GameChoice, ScenarioSwitch};

use super::GameInputs;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// ENT017 for each switched start that cannot be played.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, choice) in inputs.game.choices.iter().enumerate() {
        for (j, option) in choice.options.iter().enumerate() {
            for (k, switch) in option.scenarios.iter().enumerate() {
                let base = at("choices")
                    .index(i)
                    .field("options")
                    .index(j)
                    .field("scenarios")
                    .index(k)
                    .field("start");
                let played = inputs.switched.get(&[i, j, k]).copied();
                out.extend(one(choice, switch, played, base));
            }
        }
    }
    out
}

fn one(
    choice: &GameChoice,
    switch: &ScenarioSwitch,
    played: Option<&berthier_schema::scenario::Scenario>,
    pointer: Pointer,
) -> Option<Finding> {
    let start = switch.start.as_ref()?;
    let stamp = format!("{} {}", start.date, start.time);
    let Some(when) = start.minutes() else {
        let text = format!("{stamp} is not a date and time");
        return Some(Finding::new(Code::Ent017, pointer, text));
    };
    if let Some(track) = played.map(|s| &s.turns)
        && track.turn_at(&start.time).is_none()
    {
        let text = format!(
            "{} is not a turn of `{}`, the scenario this option plays",
            start.time, switch.scenario
        );
        let help = format!(
            "its turns start at {}, every {} minutes",
            track.first, track.minutes_per_turn
        );
        return Some(
            Finding::new(Code::Ent017, pointer.field("time"), text).help(help),
        );
    }
    let made = choice.at.minutes()?; // a malformed `at` is ENT014
    (when < made).then(|| {
        Finding::new(
            Code::Ent017,
            pointer,
            format!(
                "battle `{}` starts at {stamp} with this option, before choice `{}` is made at {} {}",
                switch.battle, choice.id, choice.at.date, choice.at.time
            ),
        )
        .help("a choice sets which scenario is played before the battle begins")
    })
}
