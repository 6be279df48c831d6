//! REF041 and REF042: the arms of a transfer's hours. Each arm it names
//! is an arm (or a class id) of the series of the battles it joins, and
//! every unit that can take it (the units of the battle it leaves, of both
//! battles when it runs both ways) finds hours for its arm there
//! ("Passing from Quatre-Bras to Waterloo by the road to Brussels takes 1
//! hour for the cavalry and 2 for the infantry/artillery", seed 001
//! l. 3086). Leaders go with the troops they command: the rulebook gives
//! them no hours of their own, so they are not asked for any.
//!
//! What follows is `docs/REF041.md`, then `docs/REF042.md`.
#![doc = include_str!("../../../docs/REF041.md")]
#![doc = include_str!("../../../docs/REF042.md")]

use std::collections::{BTreeMap, BTreeSet};

use berthier_schema::game::Transfer;

use super::{Army, GameInputs};
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// How many unit ids a finding names before "and N more".
const NAMED: usize = 4;

/// REF041 for an arm no series of the transfer's battles defines, REF042
/// for the arms of units that can take it and find no hours.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, transfer) in inputs.game.transfers.iter().enumerate() {
        let base = at("transfers").index(i);
        let mut ends = vec![army(inputs, &transfer.from.battle)];
        if transfer.both_ways {
            ends.push(army(inputs, &transfer.to.battle));
        }
        let to = army(inputs, &transfer.to.battle);
        let known: Vec<&Army> =
            ends.iter().chain([&to]).flatten().copied().collect();
        if !known.is_empty() {
            out.extend(unknown_arms(transfer, &known, &base));
        }
        let movers: Vec<&Army> = ends.into_iter().flatten().collect();
        out.extend(without_hours(transfer, &movers, &base));
    }
    out
}

fn army<'i>(inputs: &'i GameInputs<'_>, battle: &str) -> Option<&'i Army> {
    let i = inputs.game.battles.iter().position(|b| b.id == battle)?;
    inputs.armies.get(i)?.as_ref()
}

/// REF041 for each arm of `transfer.hours` that no series of `armies`
/// defines as an arm or a class id.
fn unknown_arms(
    transfer: &Transfer,
    armies: &[&Army],
    base: &Pointer,
) -> Vec<Finding> {
    let defined: BTreeSet<&str> = armies
        .iter()
        .flat_map(|(series, _)| &series.unit_classes)
        .flat_map(|c| [c.arm.as_str(), c.id.as_str()])
        .collect();
    let mut out = Vec::new();
    for (j, hours) in transfer.hours.iter().enumerate() {
        for (k, arm) in hours.arms.iter().enumerate() {
            if defined.contains(arm.as_str()) {
                continue;
            }
            let arms: BTreeSet<&str> = armies
                .iter()
                .flat_map(|(s, _)| {
                    s.unit_classes.iter().map(|c| c.arm.as_str())
                })
                .collect();
            out.push(
                Finding::new(
                    Code::Ref041,
                    base.field("hours").index(j).field("arms").index(k),
                    format!(
                        "arm `{arm}` is no arm or class of the series of \
                         transfer `{}`'s battles",
                        transfer.id
                    ),
                )
                .help(format!(
                    "the series' arms: {}",
                    arms.into_iter().collect::<Vec<_>>().join(", ")
                )),
            );
        }
    }
    out
}

/// REF042 for each arm whose units can take `transfer` but find no hours,
/// at the transfer's `hours`.
fn without_hours(
    transfer: &Transfer,
    movers: &[&Army],
    base: &Pointer,
) -> Vec<Finding> {
    let mut stranded: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (series, merged) in movers {
        for unit in &merged.counters.units {
            let class = series.class(&unit.class);
            if class.is_some_and(|c| c.leader)
                || transfer.hours_for_unit(series, unit).is_some()
            {
                continue;
            }
            let arm = class.map_or(unit.class.as_str(), |c| c.arm.as_str());
            let ids = stranded.entry(arm.to_owned()).or_default();
            if !ids.contains(&unit.id.as_str()) {
                ids.push(unit.id.as_str());
            }
        }
    }
    stranded
        .into_iter()
        .map(|(arm, ids)| {
            let named = crate::words::units(
                &ids.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(),
                NAMED,
            );
            Finding::new(
                Code::Ref042,
                base.field("hours"),
                format!(
                    "transfer `{}` gives no hours for arm `{arm}`, yet \
                     {named} can take it",
                    transfer.id
                ),
            )
            .help(format!("add `(arms: [\"{arm}\"], hours: N)` to its hours"))
        })
        .collect()
}
