//! REF032 and REF033: the battles of a game. Every battle a join,
//! overlap or transfer names is one of the game's, and no scenario is
//! played twice.
//!
//! What follows is `docs/REF032.md`, then `docs/REF033.md`.
#![doc = include_str!("../../../docs/REF032.md")]
#![doc = include_str!("../../../docs/REF033.md")]

use super::GameInputs;
use crate::check::Finding;
use crate::check::map::unique_ids::duplicates;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF003 for two battles with one id, REF033 for a scenario listed
/// twice, REF032 for a battle id that is not the game's.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let game = inputs.game;
    let ids = game.battles.iter().enumerate();
    let mut out = duplicates(
        "battle",
        ids.map(|(i, b)| (at("battles").index(i).field("id"), b.id.as_str()))
            .collect::<Vec<_>>(),
    );
    for (i, file) in inputs.scenario_files.iter().enumerate() {
        let Some(file) = file else { continue };
        let earlier = inputs.scenario_files[..i]
            .iter()
            .position(|f| f.as_ref() == Some(file));
        if let Some(first) = earlier {
            out.push(
                Finding::new(
                    Code::Ref033,
                    at("battles").index(i).field("scenario"),
                    format!(
                        "scenario `{}` is already played by battle `{}`",
                        game.battles[i].scenario, game.battles[first].id
                    ),
                )
                .help("a game plays each scenario once; remove one battle"),
            );
        }
    }
    for (pointer, id) in battle_refs(inputs) {
        if game.battle(id).is_none() {
            let known: Vec<&str> =
                game.battles.iter().map(|b| b.id.as_str()).collect();
            out.push(
                Finding::new(
                    Code::Ref032,
                    pointer,
                    format!("battle `{id}` is not one of this game's"),
                )
                .help(format!("the game's battles: {}", known.join(", "))),
            );
        }
    }
    out
}

/// Every battle id a join, overlap or transfer names, with its pointer.
fn battle_refs<'a>(inputs: &GameInputs<'a>) -> Vec<(Pointer, &'a str)> {
    let game = inputs.game;
    let mut refs = Vec::new();
    for (i, join) in game.joins.iter().enumerate() {
        let base = at("joins").index(i);
        refs.push((base.field("a").field("battle"), join.a.battle.as_str()));
        refs.push((base.field("b").field("battle"), join.b.battle.as_str()));
    }
    for (i, overlap) in game.overlaps.iter().enumerate() {
        let base = at("overlaps").index(i);
        refs.push((base.field("a"), overlap.a.as_str()));
        refs.push((base.field("b"), overlap.b.as_str()));
    }
    for (i, transfer) in game.transfers.iter().enumerate() {
        let base = at("transfers").index(i);
        refs.push((base.field("from").field("battle"), &transfer.from.battle));
        refs.push((base.field("to").field("battle"), &transfer.to.battle));
    }
    for (i, choice) in game.choices.iter().enumerate() {
        for (j, option) in choice.options.iter().enumerate() {
            let base = at("choices").index(i).field("options").index(j);
            refs.extend(option_battles(option, &base));
        }
    }
    refs
}

/// Every battle id an option of a choice names, with its pointer.
fn option_battles<'a>(
    option: &'a berthier_schema::game::ChoiceOption,
    base: &Pointer,
) -> Vec<(Pointer, &'a str)> {
    let field = |name: &str, k: usize| base.field(name).index(k);
    let mut refs = Vec::new();
    for (k, s) in option.scenarios.iter().enumerate() {
        refs.push((field("scenarios", k).field("battle"), s.battle.as_str()));
    }
    for (k, b) in option.battles.iter().enumerate() {
        refs.push((field("battles", k), b.as_str()));
    }
    for (k, a) in option.drop_arrivals.iter().enumerate() {
        refs.push((
            field("drop_arrivals", k).field("battle"),
            a.battle.as_str(),
        ));
    }
    for (k, r) in option.releases.iter().enumerate() {
        refs.push((field("releases", k).field("battle"), r.battle.as_str()));
    }
    refs
}
