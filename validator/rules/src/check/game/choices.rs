//! REF040 and ENT014: the choices of a game. Each names the sides of the
//! game that choose (once each), a default among its options, and battles, transfers and arrivals
//! that exist (REF040; a battle id that is not the game's is REF032, from
//! [`super::battles`]); each is made while it can still change what it
//! switches: before the game ends, before the battles whose scenario it
//! sets begin, before the releases it moves (ENT014).
//!
//! What follows is `docs/REF040.md`, then `docs/ENT014.md`.
#![doc = include_str!("../../../docs/REF040.md")]
#![doc = include_str!("../../../docs/ENT014.md")]

use berthier_schema::game::{ChoiceOption, GameChoice};
use berthier_schema::scenario::selects_arrival;

use super::GameInputs;
use super::starts::on_track;
use crate::check::Finding;
use crate::check::map::unique_ids::duplicates;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// Every finding of the game's choices.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let game = inputs.game;
    let mut out = duplicates(
        "choice",
        game.choices
            .iter()
            .enumerate()
            .map(|(i, c)| (at("choices").index(i).field("id"), c.id.as_str())),
    );
    for (i, choice) in game.choices.iter().enumerate() {
        let base = at("choices").index(i);
        out.extend(duplicates(
            "option",
            choice.options.iter().enumerate().map(|(j, o)| {
                (base.field("options").index(j).field("id"), o.id.as_str())
            }),
        ));
        out.extend(names(inputs, choice, &base));
        out.extend(timing(inputs, choice, &base));
        for (j, option) in choice.options.iter().enumerate() {
            let base = base.field("options").index(j);
            out.extend(switches(inputs, option, &base));
        }
    }
    out
}

fn ref040(pointer: Pointer, message: String, help: String) -> Finding {
    Finding::new(Code::Ref040, pointer, message).help(help)
}

/// REF040 for a side no battle has, or a default that is no option.
fn names(
    inputs: &GameInputs<'_>,
    choice: &GameChoice,
    base: &Pointer,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let loaded: Vec<_> = inputs.battles.iter().flatten().collect();
    let sides: std::collections::BTreeSet<&str> = loaded
        .iter()
        .flat_map(|(s, _)| s.sides.iter().map(|side| side.side.as_str()))
        .collect();
    let all_loaded = loaded.len() == inputs.battles.len();
    let mut seen = std::collections::BTreeSet::new();
    let choosers = std::iter::once((base.field("by"), choice.by.as_str()))
        .chain(
            choice
                .with
                .iter()
                .enumerate()
                .map(|(k, side)| (base.field("with").index(k), side.as_str())),
        );
    for (pointer, side) in choosers {
        if !seen.insert(side) {
            out.push(ref040(
                pointer,
                format!("side `{side}` is named twice among those who choose"),
                "name each side once, in `by` or in `with`".to_owned(),
            ));
        } else if all_loaded && !sides.contains(&side) {
            out.push(ref040(
                pointer,
                format!("side `{side}` plays in none of the game's battles"),
                format!(
                    "the battles' sides: {}",
                    sides.iter().copied().collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    }
    if let Some(default) = &choice.default
        && choice.option(default).is_none()
    {
        let ids: Vec<&str> =
            choice.options.iter().map(|o| o.id.as_str()).collect();
        out.push(ref040(
            base.field("default"),
            format!("`{default}` is not an option of choice `{}`", choice.id),
            format!("its options: {}", ids.join(", ")),
        ));
    }
    out
}

/// REF040 for a transfer the game lacks or an arrival switch that
/// selects no arrival of its battle's scenario.
fn switches(
    inputs: &GameInputs<'_>,
    option: &ChoiceOption,
    base: &Pointer,
) -> Vec<Finding> {
    let game = inputs.game;
    let mut out = Vec::new();
    for (k, id) in option.transfers.iter().enumerate() {
        if !game.transfers.iter().any(|t| &t.id == id) {
            let ids: Vec<&str> =
                game.transfers.iter().map(|t| t.id.as_str()).collect();
            out.push(ref040(
                base.field("transfers").index(k),
                format!("transfer `{id}` is not one of the game's"),
                format!("the game's transfers: {}", ids.join(", ")),
            ));
        }
    }
    for (k, switch) in option.drop_arrivals.iter().enumerate() {
        let Some(i) = game.battles.iter().position(|b| b.id == switch.battle)
        else {
            continue; // REF032
        };
        let Some(Some((scenario, _))) = inputs.battles.get(i) else {
            continue;
        };
        let selected = scenario
            .sides
            .iter()
            .flat_map(|s| &s.reinforcements)
            .any(|a| selects_arrival(&switch.units, a, None));
        if !selected {
            out.push(ref040(
                base.field("drop_arrivals").index(k).field("units"),
                format!(
                    "no arrival of battle `{}` brings these units",
                    switch.battle
                ),
                format!(
                    "name a unit or the formation of an arrival of `{}`",
                    game.battles[i].scenario
                ),
            ));
        }
    }
    for (k, switch) in option.releases.iter().enumerate() {
        let i = game.battles.iter().position(|b| b.id == switch.battle);
        let Some(Some((scenario, _))) = i.and_then(|i| inputs.battles.get(i))
        else {
            continue;
        };
        let pointer = base.field("releases").index(k).field("release");
        out.extend(on_track(&scenario.turns, &switch.release, pointer));
    }
    out
}

/// The last turn's start on the game clock, over the loaded battles.
fn game_end(inputs: &GameInputs<'_>) -> Option<i64> {
    inputs
        .game
        .battles
        .iter()
        .zip(&inputs.battles)
        .filter_map(|(battle, loaded)| {
            let (scenario, _) = loaded.as_ref()?;
            battle.turn_minutes(&scenario.turns, scenario.turns.count)
        })
        .max()
}

/// ENT014 for a choice made too late for what it switches.
fn timing(
    inputs: &GameInputs<'_>,
    choice: &GameChoice,
    base: &Pointer,
) -> Vec<Finding> {
    let at_ptr = base.field("at");
    let Some(when) = choice.at.minutes() else {
        let text = format!(
            "{} {} is not a date and time",
            choice.at.date, choice.at.time
        );
        return vec![Finding::new(Code::Ent014, at_ptr, text)];
    };
    let stamp = format!("{} {}", choice.at.date, choice.at.time);
    let mut out = Vec::new();
    if let Some(end) = game_end(inputs)
        && when > end
    {
        out.push(
            Finding::new(
                Code::Ent014,
                at_ptr.clone(),
                format!(
                    "choice `{}` at {stamp} comes after the game's last turn",
                    choice.id
                ),
            )
            .help("choose before the last turn of the last battle begins"),
        );
    }
    for (j, option) in choice.options.iter().enumerate() {
        let opt = base.field("options").index(j);
        // A switch with its own start is ENT017's.
        let scenario_battles = option
            .scenarios
            .iter()
            .enumerate()
            .filter(|(_, s)| s.start.is_none())
            .map(|(k, s)| {
                (opt.field("scenarios").index(k).field("battle"), &s.battle)
            });
        let played = option
            .battles
            .iter()
            .enumerate()
            .map(|(k, b)| (opt.field("battles").index(k), b));
        for (pointer, id) in scenario_battles.chain(played) {
            let Some(battle) = inputs.game.battle(id) else {
                continue;
            };
            if battle.start.minutes().is_some_and(|s| s < when) {
                out.push(Finding::new(
                    Code::Ent014,
                    pointer,
                    format!(
                        "battle `{id}` starts at {} {}, before choice `{}` is made at {stamp}",
                        battle.start.date, battle.start.time, choice.id
                    ),
                ).help("a choice sets which battles and scenarios are played before they begin"));
            }
        }
        for (k, switch) in option.releases.iter().enumerate() {
            if switch.release.minutes().is_some_and(|r| r < when) {
                out.push(Finding::new(
                    Code::Ent014,
                    opt.field("releases").index(k).field("release"),
                    format!(
                        "this release at {} {} comes before choice `{}` is made at {stamp}",
                        switch.release.date, switch.release.time, choice.id
                    ),
                ));
            }
        }
    }
    out
}
