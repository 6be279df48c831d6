//! The pass-3 runner: every selected scenario whose series chain, map and
//! counters load is resolved into a [`Battle`] (the series after its
//! `extends` chain, as pass 2 resolves it, then the scenario's
//! `rule_overrides`), every rule of [`RULES`] runs on it, and each
//! [`Finding`] is located in the scenario's text. Scenarios are checked in
//! parallel.

use berthier_schema::battle::Battle;
use rayon::prelude::*;

pub use super::registry::{RULES, RuleFn};
use super::{Finding, registry};
use crate::diagnostic::Diagnostic;
use crate::pass::references::{Pack, ScenarioInputs};

/// Runs pass 3 over the selected scenarios of `pack`.
pub fn check(pack: &Pack) -> Vec<Diagnostic> {
    pack.scenarios()
        .par_iter()
        .flat_map_iter(check_scenario)
        .collect()
}

/// Every rule on one scenario, located.
fn check_scenario(inputs: &ScenarioInputs<'_>) -> Vec<Diagnostic> {
    let battle = Battle::new(
        &inputs.series,
        inputs.map,
        &inputs.counters.counters,
        inputs.scenario,
    );
    registry::check(&battle)
        .into_iter()
        .map(|f| locate(inputs, f))
        .collect()
}

fn locate(inputs: &ScenarioInputs<'_>, f: Finding) -> Diagnostic {
    let mut d = inputs.source.at_pointer(f.code, &f.pointer, f.message);
    d.hex = f.hex;
    d.help = f.help;
    d
}
