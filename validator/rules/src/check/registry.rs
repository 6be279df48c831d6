//! The pass-3 rule registry: every rule, and [`check`], which runs them all
//! on one scenario resolved into a [`Battle`] (the series after its
//! `extends` chain, then the scenario's `rule_overrides`).

use berthier_schema::battle::Battle;

use super::{
    Finding, Scene, accounting, enemy_stack, entry, facing, formation_terrain,
    morale, oob, setup_zone, stacking, terrain, victory,
};
// Rules added after the first list, one import each.
use super::demoralized;
use super::enemy_contact;
use super::formation_redoubt;
use super::formation_unit;
use super::hexside_missing;
use super::instruction_twice;
use super::leader_roles;
use super::losses_per_unit;
use super::morale_levels;
use super::morale_unknown;
use super::night_turns;
use super::second_hex;
use super::setup_count;
use super::stack_order;
use super::stack_terrain;
use super::starting_losses;
use super::turn_count;
use super::turn_inside;
use super::unit_sets;
use super::units_unknown;
use super::{
    arrival_entry, arrival_shape, losses_cap, victory_hold, victory_levels,
    victory_logic,
};

/// A pass-3 rule: reads a scenario (its battle and the setup data the
/// runner computes once for every rule), returns its findings (pointers
/// into the scenario document).
pub type RuleFn = fn(&Scene<'_, '_>) -> Vec<Finding>;

/// Every pass-3 rule, in the order their findings are produced (the report
/// is sorted by position afterwards). To add a rule, add one line here
/// (see "Adding a rule" in `validator/README.md`).
pub const RULES: &[RuleFn] = &[
    stacking::check,
    stack_order::check,
    stack_terrain::check,
    enemy_stack::check,
    terrain::check,
    formation_terrain::check,
    formation_unit::check,
    formation_redoubt::check,
    second_hex::check,
    hexside_missing::check,
    setup_zone::check,
    setup_count::check,
    instruction_twice::check,
    unit_sets::check,
    accounting::check,
    enemy_contact::check,
    facing::check,
    oob::check,
    morale::check,
    morale_levels::check,
    morale_unknown::check,
    demoralized::check,
    victory::check,
    victory_logic::check,
    victory_levels::check,
    victory_hold::check,
    losses_cap::check,
    losses_per_unit::check,
    starting_losses::check,
    turn_count::check,
    turn_inside::check,
    leader_roles::check,
    entry::check,
    arrival_entry::check,
    arrival_shape::check,
    units_unknown::check,
    night_turns::check,
];

/// Every rule of [`RULES`] on one battle, in order, with pointers into the
/// battle's scenario document.
pub fn check(battle: &Battle<'_>) -> Vec<Finding> {
    let scene = Scene::new(battle);
    RULES
        .iter()
        .flat_map(|rule| rule(&scene))
        .map(|f| f.printed_on(battle.map))
        .collect()
}
