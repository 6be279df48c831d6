//! Game documents: the scenario each battle plays (REF001, REF002,
//! REF010), loaded with its map, then the checks of
//! `berthier_rules::check::game` (REF032-REF034, REF040, ENT011, ENT012,
//! ENT014, ENT016, ENT017); the scenarios a choice's options switch to
//! must load too.

use std::sync::Arc;

use berthier_schema::map::Map;
use berthier_schema::scenario::Scenario;
use berthier_schema::{DocKind, Document, Game};

use super::{Ctx, Resolved};
use crate::schema_pass::Checked;
use berthier_rules::check::game::{Army, GameInputs, check as game_checks};

pub(super) fn check(ctx: &mut Ctx<'_>, game: &Game) {
    let mut files = Vec::with_capacity(game.battles.len());
    let mut scenarios: Vec<Option<Arc<Checked>>> = Vec::new();
    for (i, battle) in game.battles.iter().enumerate() {
        let pointer = format!("/battles/{i}/scenario");
        let entry = ctx.document(&pointer, &battle.scenario, DocKind::Scenario);
        files.push(entry.as_ref().map(|e| e.source.at.rel.clone()));
        scenarios.push(entry);
    }
    let maps: Vec<Option<Arc<Checked>>> = scenarios
        .iter()
        .map(|entry| {
            let entry = entry.as_ref()?;
            let Some(Document::Scenario(s)) = &entry.document else {
                return None;
            };
            match ctx.pack.resolve(&entry.source, &s.map) {
                Resolved::Found(path) => ctx.pack.get(&path).cloned(),
                _ => None,
            }
        })
        .collect();
    let battles = scenarios
        .iter()
        .zip(&maps)
        .map(|(scenario, map)| {
            let scenario: &Scenario = match scenario.as_deref()?.document {
                Some(Document::Scenario(ref s)) => s,
                _ => return None,
            };
            let map: Option<&Map> = match map.as_deref() {
                Some(Checked {
                    document: Some(Document::Map(m)),
                    ..
                }) => Some(m),
                _ => None,
            };
            Some((scenario, map))
        })
        .collect();
    let definitions = scenarios
        .iter()
        .map(|entry| {
            let entry = entry.as_ref()?;
            let Some(Document::Scenario(s)) = &entry.document else {
                return None;
            };
            match ctx.pack.resolve(&entry.source, &s.counters) {
                Resolved::Found(path) => Some(ctx.pack.definitions(&path)),
                _ => None,
            }
        })
        .collect();
    let mut switched_files = Vec::new();
    for (i, choice) in game.choices.iter().enumerate() {
        for (j, option) in choice.options.iter().enumerate() {
            for (k, switch) in option.scenarios.iter().enumerate() {
                let pointer =
                    format!("/choices/{i}/options/{j}/scenarios/{k}/scenario");
                let entry =
                    ctx.document(&pointer, &switch.scenario, DocKind::Scenario);
                if let Some(entry) = entry {
                    switched_files.push(([i, j, k], entry));
                }
            }
        }
    }
    let switched = switched_files
        .iter()
        .filter_map(|(key, entry)| match &entry.document {
            Some(Document::Scenario(s)) => Some((*key, s)),
            _ => None,
        })
        .collect();
    let armies = scenarios
        .iter()
        .map(|entry| army(ctx, entry.as_deref()?))
        .collect();
    let inputs = GameInputs {
        game,
        scenario_files: files,
        battles,
        definitions,
        armies,
        switched,
    };
    ctx.findings(game_checks(&inputs));
}

/// The effective series and counters of a battle's scenario.
fn army(ctx: &Ctx<'_>, entry: &Checked) -> Option<Army> {
    let Some(Document::Scenario(s)) = &entry.document else {
        return None;
    };
    let series = match ctx.pack.resolve_series(&entry.source, &s.series) {
        Resolved::Found(path) => {
            crate::pack::series::effective(ctx.pack, &path)?
        }
        _ => return None,
    };
    let counters = match ctx.pack.resolve(&entry.source, &s.counters) {
        Resolved::Found(path) => ctx.pack.effective_counters(&path)?,
        _ => return None,
    };
    Some((series, counters))
}
