//! ENT024: reinforcements whose movement allowance is not printed, let in
//! without knowing whether they can pay the entry cost: their entry is
//! reported as not checked instead of passing. When no arriving unit of
//! the scenario prints an allowance, one finding says so for all its
//! arrivals (as TER004 does for a map with no painted terrain).
//!
//! What follows is `docs/ENT024.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT024.md")]

use berthier_schema::battle::Battle;

use super::movers::allowance;
use super::plan::{Planned, is_leader};
use super::sim::{AllowanceUnknown, Simulation};
use crate::check::Finding;
use crate::code::Code;

const HELP: &str = "give the units' `movement` rating if their counters \
                    print it; a rulebook that prints none leaves the entry \
                    unchecked";

/// ENT024 for every arrival the simulation let in with units whose
/// allowance is unknown.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let records = &sim.allowance_unknown;
    if records.len() > 1 && !any_printed(battle, plan) {
        out.extend(all_unprinted(plan, records));
        return;
    }
    for record in records {
        let Some(planned) = plan.get(record.arrival) else {
            continue;
        };
        let message = format!(
            "entry not checked for {} on turn {}: no movement allowance is \
             printed for {}, so whether they can pay their way in is not \
             known; they were let in",
            super::arrival_name(planned),
            record.turn,
            super::unit_names(battle, &record.units)
        );
        out.push(finding(planned, &record.units, message));
    }
}

/// Whether any arriving unit (leaders apart) prints an allowance.
fn any_printed(battle: &Battle<'_>, plan: &[Planned<'_>]) -> bool {
    plan.iter()
        .flat_map(|p| p.units.iter())
        .filter(|u| !is_leader(battle, u))
        .any(|u| allowance(u).is_some())
}

/// One finding for every arrival, at the first: the counters print no
/// allowance at all.
fn all_unprinted(
    plan: &[Planned<'_>],
    records: &[AllowanceUnknown],
) -> Option<Finding> {
    let first = records.first()?;
    let planned = plan.get(first.arrival)?;
    let units: usize = records.iter().map(|r| r.units.len()).sum();
    let message = format!(
        "entry not checked for the {} of {}: the counters print no \
         movement allowance for any arriving unit, so whether they can pay \
         their way in is not known; they were let in",
        crate::words::plural(units, "unit"),
        crate::words::plural(records.len(), "arrival")
    );
    Some(finding(planned, &first.units, message))
}

fn finding(
    planned: &Planned<'_>,
    units: &[String],
    message: String,
) -> Finding {
    let first = units.first().map_or("", String::as_str);
    let mut finding =
        Finding::new(Code::Ent024, planned.unit_pointer(first), message)
            .help(HELP);
    if let Some(hex) = planned.entry.hexes().first() {
        finding = finding.hex(*hex);
    }
    finding
}
