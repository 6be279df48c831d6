//! OOB013: a unit given more starting losses than a per-unit cap allows
//! ("The II Corps has 10 losses spread among their infantry units, one
//! per unit", Quatre-Bras 2, seed 001 l. 2102).
//!
//! What follows is `docs/OOB013.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB013.md")]

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::scenario::{Losses, ScenarioSide};

use super::common::label;
use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// OOB013 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        let entries = entries(b, side, &at("sides").index(i));
        let mut reported: BTreeSet<(&str, &Pointer)> = BTreeSet::new();
        for cap in entries.iter().filter(|e| e.losses.max_each.is_some()) {
            for unit in &cap.units {
                if let Some((finding, at)) = over_cap(&entries, cap, unit)
                    && reported.insert((unit.id.as_str(), at))
                {
                    out.push(finding);
                }
            }
        }
    }
    out
}

/// One losses entry of a side, at start or with an arrival.
struct Entry<'a> {
    /// Where it is in the scenario.
    pointer: Pointer,
    /// The entry.
    losses: &'a Losses,
    /// The units it falls on.
    units: Vec<&'a Unit>,
}

impl Entry<'_> {
    /// The steps this entry puts on `unit` by name: `each` on every unit
    /// it names, a `total` when the unit is its only one. A `total` spread
    /// over several units is the player's choice and puts none on any one
    /// of them.
    fn definite_on(&self, unit: &Unit) -> Option<(u32, &'static str)> {
        if !self.units.iter().any(|u| u.id == unit.id) {
            return None;
        }
        match (self.losses.each, self.losses.total) {
            (Some(each), _) => Some((u32::from(each), "each")),
            (None, Some(total)) if self.units.len() == 1 => {
                Some((u32::from(total), "total"))
            }
            _ => None,
        }
    }
}

/// The side's losses at start, then those of each arrival.
fn entries<'a>(
    b: &Battle<'a>,
    side: &'a ScenarioSide,
    base: &Pointer,
) -> Vec<Entry<'a>> {
    let entry = |pointer: Pointer, losses: &'a Losses| Entry {
        pointer,
        losses,
        units: b.units_in(&losses.units),
    };
    let mut all: Vec<Entry<'a>> = side
        .losses
        .iter()
        .enumerate()
        .map(|(j, l)| entry(base.field("losses").index(j), l))
        .collect();
    for (j, arrival) in side.reinforcements.iter().enumerate() {
        let p = base.field("reinforcements").index(j).field("losses");
        all.extend(
            arrival
                .losses
                .iter()
                .enumerate()
                .map(|(k, l)| entry(p.index(k), l)),
        );
    }
    all
}

/// The finding when the losses put on `unit` by name, under one choice of
/// the scenario's options, pass `cap`'s `max_each`; and the pointer of the
/// entry that passes it.
fn over_cap<'e>(
    entries: &'e [Entry<'_>],
    cap: &Entry<'_>,
    unit: &Unit,
) -> Option<(Finding, &'e Pointer)> {
    let most = u32::from(cap.losses.max_each?);
    // Entries under no option always apply; each option is taken in turn
    // with them (two different options are not assumed to be chosen
    // together). The cap applies only where its own option does.
    let mut choices: Vec<Option<&str>> = vec![None];
    choices.extend(
        entries
            .iter()
            .filter_map(|e| e.losses.option.as_deref())
            .map(Some),
    );
    for choice in choices {
        let applies = |e: &Entry<'_>| {
            e.losses.option.is_none() || e.losses.option.as_deref() == choice
        };
        if !applies(cap) {
            continue;
        }
        let mut sum = 0_u32;
        for e in entries.iter().filter(|e| applies(e)) {
            let Some((steps, field)) = e.definite_on(unit) else {
                continue;
            };
            sum = sum.saturating_add(steps);
            if sum > most {
                return Some((finding(cap, unit, sum, e, field), &e.pointer));
            }
        }
    }
    None
}

fn finding(
    cap: &Entry<'_>,
    unit: &Unit,
    sum: u32,
    at: &Entry<'_>,
    field: &str,
) -> Finding {
    let most = cap.losses.max_each.unwrap_or_default();
    let which = match &cap.losses.text {
        Some(text) => format!("the losses entry \"{text}\""),
        None => "a losses entry".to_owned(),
    };
    let per_unit = crate::words::plural(usize::from(most), "step");
    let given = crate::words::plural(
        usize::try_from(sum).unwrap_or(usize::MAX),
        "step",
    );
    let unit = label(&unit.id, Some(unit));
    let message = if std::ptr::eq(cap, at) {
        format!(
            "{unit} loses {given} at start by {which}, which puts at most \
             {per_unit} on each unit"
        )
    } else {
        format!(
            "{unit} loses {given} at start, but {which} puts at most \
             {per_unit} on each unit"
        )
    };
    Finding::new(Code::Oob013, at.pointer.field(field), message).help(
        "at most `max_each` of these losses on one unit: put the others on \
         other units, or check the losses written per unit",
    )
}
