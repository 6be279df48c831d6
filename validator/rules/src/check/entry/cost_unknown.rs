//! ENT023: reinforcements with a printed movement allowance let in through
//! an entry hex whose cost is unknown (a trail the series prints no cost
//! for, an unpainted hex): their entry is reported as not checked instead
//! of passing.
//!
//! What follows is `docs/ENT023.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT023.md")]

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::Code;

/// ENT023 for every arrival the simulation let in at an unknown cost.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    for record in &sim.cost_unknown {
        let Some(planned) = plan.get(record.arrival) else {
            continue;
        };
        let first = record.units.first().map_or("", String::as_str);
        let mut finding = Finding::new(
            Code::Ent023,
            planned.unit_pointer(first),
            format!(
                "entry not checked for {} on turn {}: {}, so whether {} \
                 can pay their way in is not known; they were let in",
                super::arrival_name(planned),
                record.turn,
                record.why,
                super::unit_names(battle, &record.units)
            ),
        )
        .help(
            "give the cost in the series (or paint the entry hex) if the \
             rulebook prints it; units refused whatever the cost are \
             reported by ENT003",
        );
        if let Some(hex) = planned.entry.hexes().first() {
            finding = finding.hex(*hex);
        }
        out.push(finding);
    }
}
