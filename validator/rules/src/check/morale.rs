//! OOB004, OOB005, OOB006: morale groups (Vive l'Empereur corps morale).
//!
//! What follows is `docs/OOB004.md`, `docs/OOB005.md` and `docs/OOB006.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/OOB004.md")]
#![doc = include_str!("../../docs/OOB005.md")]
#![doc = include_str!("../../docs/OOB006.md")]

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::scenario::{MoraleGroup, ScenarioSide};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// The rating summed.
const STEPS: &str = "steps";

/// OOB004, OOB005 and OOB006 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    let mut unknown: Vec<(Pointer, String)> = Vec::new();
    let mut off_map: Vec<(Pointer, String)> = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        let in_play = in_play(b, side);
        for (j, group) in side.morale.iter().enumerate() {
            let base = at("sides").index(i).field("morale").index(j);
            match current_steps(b, side, &in_play, group) {
                Steps::Known(sum) if sum != i64::from(group.steps) => out.push(
                    Finding::new(
                        Code::Oob004,
                        base.field("steps"),
                        format!(
                            "morale group `{}` prints {} steps, but its units \
                             in play have {sum}",
                            group.name, group.steps
                        ),
                    )
                    .help("current steps: printed steps minus starting losses"),
                ),
                Steps::Known(_) => {}
                Steps::Unknown => {
                    unknown.push((base.field("steps"), group.name.clone()));
                }
                Steps::NoneInPlay => {
                    off_map.push((base.field("steps"), group.name.clone()));
                }
            }
            out.extend(half(group, &base));
        }
    }
    if let Some((pointer, _)) = unknown.first() {
        let names: Vec<String> =
            unknown.iter().map(|(_, n)| format!("`{n}`")).collect();
        out.push(Finding::new(
            Code::Oob006,
            pointer.clone(),
            format!(
                "steps of morale groups {} not checked: some units' steps \
                 are unknown",
                crate::words::list(&names, 8)
            ),
        ));
    }
    if let Some((pointer, _)) = off_map.first() {
        let names: Vec<String> =
            off_map.iter().map(|(_, n)| format!("`{n}`")).collect();
        out.push(
            Finding::new(
                Code::Oob006,
                pointer.clone(),
                format!(
                    "steps of morale groups {} not checked: none of their \
                     units is set up or arrives in this scenario",
                    crate::words::list(&names, 8)
                ),
            )
            .help(
                "a game's transfers may bring them (a campaign map); \
                 otherwise check the group's units",
            ),
        );
    }
    out
}

/// A group's current steps in play.
enum Steps {
    /// Summed.
    Known(i64),
    /// Some units' steps are unknown, or a `total` loss is spread over
    /// several groups.
    Unknown,
    /// None of its units is set up or arrives in this scenario.
    NoneInPlay,
}

/// The group's current steps in play (`in_play`: the side's units set up
/// or arriving).
fn current_steps(
    b: &Battle<'_>,
    side: &ScenarioSide,
    in_play: &BTreeSet<&str>,
    group: &MoraleGroup,
) -> Steps {
    let units: Vec<&Unit> = b
        .units_in(&group.units)
        .into_iter()
        .filter(|u| in_play.contains(u.id.as_str()))
        .collect();
    if units.is_empty() {
        return Steps::NoneInPlay;
    }
    let ids: BTreeSet<&str> = units.iter().map(|u| u.id.as_str()).collect();
    let mut sum = 0_i64;
    for unit in &units {
        let Some(steps) = printed_steps(unit) else {
            return Steps::Unknown;
        };
        sum += i64::from(steps);
    }
    for loss in &side.losses {
        let hit: Vec<&Unit> = b.units_in(&loss.units);
        let inside = hit.iter().filter(|u| ids.contains(u.id.as_str())).count();
        if let Some(each) = loss.each {
            sum -= i64::from(each) * i64::try_from(inside).unwrap_or(0);
        }
        if let Some(total) = loss.total {
            if inside == hit.len() && inside > 0 {
                sum -= i64::from(total);
            } else if inside > 0 {
                return Steps::Unknown; // spread over several groups
            }
        }
    }
    Steps::Known(sum)
}

/// Units set up or arriving in this scenario.
fn in_play<'a>(b: &Battle<'a>, side: &'a ScenarioSide) -> BTreeSet<&'a str> {
    let mut ids: BTreeSet<&str> =
        side.setup.iter().map(|p| p.unit.as_str()).collect();
    for arrival in &side.reinforcements {
        ids.extend(b.units_in(&arrival.units).iter().map(|u| u.id.as_str()));
    }
    ids
}

/// The steps printed on any side of the counter.
fn printed_steps(unit: &Unit) -> Option<i16> {
    unit.ratings
        .values()
        .find_map(|r| r.get(STEPS).copied().flatten())
}

fn half(group: &MoraleGroup, base: &Pointer) -> Option<Finding> {
    let expected = group.steps.div_ceil(2);
    let printed = group.demoralization?;
    if printed == expected {
        return None;
    }
    let note = match &group.note {
        Some(note) => format!(" (the scenario notes: {note})"),
        None => String::new(),
    };
    Some(Finding::new(
        Code::Oob005,
        base.field("demoralization"),
        format!(
            "morale group `{}`: demoralization {} is not half of {} steps \
             rounded up ({expected}){note}",
            group.name, printed, group.steps
        ),
    ))
}
