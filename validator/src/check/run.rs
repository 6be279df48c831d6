//! The pass-3 runner: every selected scenario whose series chain, map and
//! counters load is resolved into a [`Battle`] (the series after its
//! `extends` chain, as pass 2 resolves it, then the scenario's
//! `rule_overrides`), every rule of [`RULES`] runs on it, and each
//! [`Finding`] is located in the scenario's text. Scenarios are checked in
//! parallel.

use berthier_schema::battle::Battle;
use rayon::prelude::*;

use super::{
    Finding, Scene, accounting, enemy_stack, entry, facing, formation_terrain,
    morale, oob, setup_zone, stacking, terrain, victory,
};
use crate::diagnostic::Diagnostic;
use crate::pass::references::{Pack, ScenarioInputs};

/// A pass-3 rule: reads a scenario (its battle and the setup data the
/// runner computes once for every rule), returns its findings (pointers
/// into the scenario document).
pub type RuleFn = fn(&Scene<'_, '_>) -> Vec<Finding>;

/// Every pass-3 rule, in the order their findings are produced (the report
/// is sorted by position afterwards). To add a rule, add one line here
/// (and its module's `DOCS` in `check.rs`).
pub const RULES: &[RuleFn] = &[
    stacking::check,
    enemy_stack::check,
    terrain::check,
    formation_terrain::check,
    setup_zone::check,
    accounting::check,
    facing::check,
    oob::check,
    morale::check,
    victory::check,
    |scene| entry::check(scene.battle),
];

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
        inputs.counters,
        inputs.scenario,
    );
    let scene = Scene::new(&battle);
    RULES
        .iter()
        .flat_map(|rule| rule(&scene))
        .map(|f| locate(inputs, f))
        .collect()
}

fn locate(inputs: &ScenarioInputs<'_>, f: Finding) -> Diagnostic {
    let mut d = inputs.source.at_pointer(f.code, &f.pointer, f.message);
    d.hex = f.hex;
    d.help = f.help;
    d
}
