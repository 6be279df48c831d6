//! The pass-3 runner: every selected scenario whose series chain, map and
//! counters load is resolved into a [`Battle`] (the series after its
//! `extends` chain, as pass 2 resolves it, then the scenario's
//! `rule_overrides`), every rule of [`RULES`] runs on it, and each
//! [`Finding`] is located in the scenario's text. The pipeline
//! (`Pack::process`) calls it for each scenario as it is read.

use berthier_schema::battle::Battle;

pub use super::registry::{RULES, RuleFn};
use super::{Finding, registry};
use crate::diagnostic::Diagnostic;
use crate::locate::set_help;
use crate::pack::{Pack, ScenarioInputs};

/// Every rule on one scenario, located.
pub fn check_scenario(
    pack: &Pack,
    inputs: &ScenarioInputs<'_>,
) -> Vec<Diagnostic> {
    let battle = Battle::indexed(
        &inputs.series,
        inputs.map,
        (&inputs.counters.counters, &inputs.counters_index),
        inputs.scenario,
    )
    .with_terrain(&inputs.terrain);
    registry::check(&battle)
        .into_iter()
        .map(|f| locate(pack, inputs, f))
        .collect()
}

/// Locates a finding in the scenario's file, or, for a part a variant
/// inherits, in the base file that holds it.
fn locate(pack: &Pack, inputs: &ScenarioInputs<'_>, f: Finding) -> Diagnostic {
    let mut d = crate::locate::locate(
        pack,
        inputs.origin,
        inputs.source,
        f.code,
        &f.pointer,
        f.message,
        false,
    );
    d.hex = f.hex;
    set_help(&mut d, f.help);
    d
}
