//! ENT008: entry stack limits (Waterloo special rule 1, 001 l. 2668: "No
//! unit can enter stacked with another unit", Prussians only). Units of
//! one arrival enter one after the other and move on (XIII, l. 1155), so
//! what a schedule can show is an entry hex the setup already fills: the
//! first unit would enter stacked with the units set up there.
//!
//! What follows is `docs/ENT008.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT008.md")]

use std::collections::BTreeSet;

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::series::{EntryRules, EntryStackLimit};

use super::plan::Planned;
use super::sim::Simulation;
use crate::check::common;
use crate::check::{Finding, Scene};
use crate::code::Code;
use crate::pointer::at;

/// An entry hex the setup fills up to a stack limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unstacked {
    /// Index of the arrival in the plan.
    pub arrival: usize,
    /// The turn of the entry.
    pub turn: u16,
    /// The first entry hex.
    pub hex: HexId,
    /// The counted friendly units set up there.
    pub occupants: Vec<String>,
    /// The limit's `max_units`.
    pub max_units: u8,
    /// The limit's rulebook section.
    pub section: Option<String>,
}

/// The strictest entry stack limit binding side `side`.
pub fn limit_for<'r>(
    rules: &'r EntryRules,
    side: &str,
) -> Option<&'r EntryStackLimit> {
    rules
        .stack_limits
        .iter()
        .filter(|l| l.binds(side))
        .min_by_key(|l| l.max_units)
}

/// The entry hexes of an arrival when every one of them already holds
/// `limit.max_units` counted friendly units from the setup.
pub fn held(
    scene: &Scene<'_, '_>,
    arrival: (usize, &str),
    turn: u16,
    hexes: &[HexId],
    limit: &EntryStackLimit,
) -> Option<Unstacked> {
    let b = scene.battle;
    let (index, side) = arrival;
    let exempt = b.series.stacking.as_ref().map(|s| &s.exempt_classes);
    let counted = |hex: &HexId| -> Vec<String> {
        scene
            .stack(*hex)
            .iter()
            .filter(|s| s.unit_side() == Some(side))
            .filter(|s| !common::is_leader(b, s.unit))
            .filter(|s| {
                let class = b.stack_unit(s.placed).map(|u| u.class);
                !exempt.is_some_and(|e| class.is_some_and(|c| e.contains(&c)))
            })
            .map(|s| s.placed.unit.clone())
            .collect()
    };
    // `max_units: 0` is refused by the JSON Schema (SCH); read it as 1
    // rather than report every entry, empty or not.
    let full = usize::from(limit.max_units.max(1));
    let mut held = hexes.iter().map(|h| (*h, counted(h)));
    let (hex, occupants) = held.next()?;
    if occupants.len() < full || held.any(|(_, o)| o.len() < full) {
        return None;
    }
    Some(Unstacked {
        arrival: index,
        turn,
        hex,
        occupants,
        max_units: limit.max_units,
        section: limit.section.clone(),
    })
}

/// ENT008 for every filled entry of the simulation, and for limits a
/// scenario adds where nothing applies them.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let mut seen = BTreeSet::new();
    for held in &sim.unstacked {
        let Some(planned) = plan.get(held.arrival) else {
            continue;
        };
        if seen.insert(held.arrival) {
            out.push(filled(battle, planned, held));
        }
    }
    unused(battle, out);
}

fn filled(
    battle: &Battle<'_>,
    planned: &Planned<'_>,
    held: &Unstacked,
) -> Finding {
    let first = held.occupants.first().map_or("", String::as_str);
    let pointer = battle.scenario.sides[planned.side]
        .setup
        .iter()
        .position(|p| p.unit == first)
        .map_or_else(
            || planned.pointer(),
            |i| at("sides").index(planned.side).field("setup").index(i),
        );
    let rule = match held.max_units {
        1 => "no unit may enter stacked with another".to_owned(),
        n => format!("at most {n} units in an entry hex as a unit enters"),
    };
    let section = held
        .section
        .as_deref()
        .map_or_else(String::new, |s| format!(" ({s})"));
    let fill = if held.occupants.len() == 1 {
        "fills"
    } else {
        "fill"
    };
    Finding::new(
        Code::Ent008,
        pointer,
        format!(
            "{}, set up in entry hex {}, {fill} it for {} (turn {}): {rule}{section}",
            super::unit_names(battle, &held.occupants),
            held.hex,
            super::arrival_name(planned),
            held.turn
        ),
    )
    .hex(held.hex)
    .help("set them up off the entry hex, or say when they leave it")
}

/// Limits a scenario adds that bind nothing: the series has no entry
/// rules (so no simulation), or a side the scenario does not have.
fn unused(battle: &Battle<'_>, out: &mut Vec<Finding>) {
    let scenario = battle.scenario;
    let Some(overrides) = &scenario.rule_overrides else {
        return;
    };
    let base = at("rule_overrides").field("add_entry_stack_limits");
    for (i, limit) in overrides.add_entry_stack_limits.iter().enumerate() {
        let why = if battle.series.entry.is_none() {
            Some(
                "the series has no entry rules, so no entry is simulated"
                    .to_owned(),
            )
        } else {
            limit
                .sides
                .iter()
                .find(|s| !scenario.sides.iter().any(|x| &x.side == *s))
                .map(|s| format!("the scenario has no side `{s}`"))
        };
        if let Some(why) = why {
            out.push(
                Finding::new(
                    Code::Ent008,
                    base.clone().index(i),
                    format!("entry stack limit not applied: {why}"),
                )
                .help("give the series entry rules, or name a side of the scenario"),
            );
        }
    }
}
