//! Reinforcement entry, simulated turn by turn (issue 4, point 5): the
//! schedule is resolved against the turn track and the map
//! ([`plan`]), then played without dice and in the owner's favour
//! ([`sim`]): markers in the pool each turn ([`pool`]), columns paying the
//! entry cost ([`column`], [`movers`]), delays as the series says. Each
//! rule module turns part of the result into findings:
//!
//! | Code | Module | Checks |
//! |---|---|---|
//! | ENT001 | [`timing`] | arrival time on the turn track |
//! | ENT002 | [`hexes`] | entry resolves to passable hexes |
//! | ENT003 | [`cost`] | column entry cost against movement allowances |
//! | ENT004 | [`crowding`] | friendly units set up on their own entry hex |
//! | ENT005 | [`keep_out`] | no unit on or next to an enemy entry hex |
//! | ENT006 | [`markers`] | activation markers in the pool on the right turns |
//! | ENT007 | [`hexes`] | entry hex on a map edge |
//! | ENT008 | [`unstacked`] | entry hex filled up to an entry stack limit |
//! | ENT022 | [`forced`] | a forced march the enemy's nearness could deny, not checked |
//! | ENT023 | [`cost_unknown`] | units let in at an unknown entry cost, not checked |
//! | ENT024 | [`allowance_unknown`] | units let in with no printed allowance, not checked |
//!
//! Units with no printed movement allowance (the usual case in the
//! bundled content, whose counters print no values) are let in and
//! reported not checked (ENT024); an unknown entry cost is taken as 0 MP, its least: a unit no column order could
//! let in even then is delayed (ENT003), the others are reported not
//! checked (ENT023).

pub mod allowance_unknown;
pub mod column;
pub mod cost;
pub mod cost_unknown;
pub mod crowding;
pub mod forced;
pub mod hexes;
pub mod keep_out;
pub mod markers;
pub mod movers;
pub mod plan;
pub mod pool;
pub mod record;
pub mod sim;
pub mod timing;
pub mod unstacked;

#[cfg(test)]
mod tests;

use super::{Finding, Scene};

/// Every reinforcement-entry finding of one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let battle = scene.battle;
    let plan = plan::plan(battle);
    let markers = pool::Markers::new(battle);
    let sim = sim::simulate_with(scene, &plan, &markers);
    let mut out = Vec::new();
    timing::check(&plan, &mut out);
    hexes::check(battle, &plan, &mut out);
    cost::check(battle, &plan, &sim, &mut out);
    crowding::check(battle, &plan, &sim, &mut out);
    keep_out::check(scene, &plan, &mut out);
    markers::check(scene, &markers, &plan, &sim, &mut out);
    unstacked::check(battle, &plan, &sim, &mut out);
    forced::check(battle, &plan, &sim, &mut out);
    cost_unknown::check(battle, &plan, &sim, &mut out);
    allowance_unknown::check(battle, &plan, &sim, &mut out);
    out
}

/// Units named for a message, by name (the id of a unit the counters do
/// not name), the first three then how many more.
pub fn unit_names(
    battle: &berthier_schema::battle::Battle<'_>,
    ids: &[String],
) -> String {
    let names: Vec<String> = ids
        .iter()
        .map(|id| super::common::label(id, battle.unit(id)))
        .collect();
    crate::words::list(&names, 3)
}

/// How an arrival is named in messages: its formation or first units by
/// name, and its time as written.
pub fn arrival_name(planned: &plan::Planned<'_>) -> String {
    let at = match &planned.arrival.at {
        berthier_schema::scenario::TurnRef::Turn(n) => format!("turn {n}"),
        berthier_schema::scenario::TurnRef::Clock(c) => c.clone(),
        berthier_schema::scenario::TurnRef::Dated { date, clock } => {
            format!("{date} {clock}")
        }
    };
    let brings = match (&planned.arrival.formation, planned.formation_name) {
        (_, Some(name)) => name.to_owned(),
        (Some(id), None) => id.clone(),
        (None, _) => {
            let names: Vec<String> = planned
                .units
                .iter()
                .map(|u| super::common::label(&u.id, Some(u)))
                .collect();
            crate::words::list(&names, 2)
        }
    };
    format!("the {at} arrival of {brings}")
}
