//! ENT006: activation markers are in the pool on the turns their
//! formations need them.
//!
//! ## What it does
//! Builds the pool of activation markers turn by turn (Jours de Gloire
//! Assembly phase): the formations of `markers_at_start`, then each
//! arriving formation from its arrival turn (one marker when it has no
//! unit on the map yet, all of them once it has; special turns cap the
//! count, e.g. Rivoli's one marker per formation on turns 1-2). For sides
//! that use markers, it reports:
//! - units set up whose formation has no marker in the pool on turn 1,
//!   with the turn its markers first come in (never, or its arrival);
//! - formations in `markers_at_start` with no unit on the map and none
//!   arriving on turn 1: markers the pool should not hold yet;
//! - arriving units that no formation's markers can bring (neither the
//!   arrival's `formation` nor theirs has markers).
//!
//! ## Why
//! A formation on the map without a marker in the pool cannot be
//! activated; markers in the pool for a formation with nothing on the map
//! give the side a free draw. Either is a slip in `markers_at_start`,
//! unless a special rule says otherwise (Rivoli: Leclerc, of Masséna, is on
//! the map from the start and "may be activated with the Reserve AM" until
//! Masséna's markers arrive at 9:00; the warning there is expected).
//!
//! ## Example
//! `markers_at_start: ["joubert"]` while Reserve units are set up.
//!
//! Rulebook: Jours de Gloire 1.3 C (Assembly: "AMs of formations on the
//! map and of formations due to enter this turn"), 5.2; Rivoli III.A 2.2.

use std::collections::BTreeSet;

use rustc_hash::FxHashSet as HashSet;

use berthier_schema::battle::Battle;

use super::plan::{Planned, is_leader};
use super::pool::Markers;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of ENT006.
pub const DOC: Rule = Rule {
    summary: "Activation markers not in the pool when their formation needs them",
    what: "Builds the pool of activation markers turn by turn: \
           `markers_at_start`, then each arriving formation from its \
           arrival (one marker while it has no unit on the map, all once it \
           has; special turns cap the count per formation). Reports units \
           set up whose formation has no marker in the pool on turn 1, \
           formations in `markers_at_start` with no unit on the map or \
           arriving on turn 1, and arriving units no formation's markers \
           can bring. Sides without activation markers are not checked.",
    why: "A formation without a marker cannot be activated; a marker for a \
          formation with nothing on the map is a free draw. Either is a \
          slip in `markers_at_start` unless a special rule says otherwise.",
    example: "markers_at_start: [\"joubert\"]   // Reserve units are set up \
              too",
    rulebook: Some(
        "Jours de Gloire 1.3 C (Assembly) and 5.2; Rivoli III.A 2.2",
    ),
};

/// ENT006 for one scenario.
pub fn check(
    battle: &Battle<'_>,
    markers: &Markers<'_, '_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    unmarked_setup(battle, markers, sim, out);
    idle_at_start(battle, markers, plan, out);
    unbrought(battle, markers, plan, out);
}

/// Units set up whose formation has no marker in the pool on turn 1.
fn unmarked_setup(
    battle: &Battle<'_>,
    markers: &Markers<'_, '_>,
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let first_pool = sim.pool.first();
    let mut seen = BTreeSet::new();
    for (s, side) in battle.scenario.sides.iter().enumerate() {
        if !markers.used_by(&side.side) {
            continue;
        }
        for (i, placed) in side.setup.iter().enumerate() {
            let Some(unit) = markers.unit(&placed.unit) else {
                continue;
            };
            let Some(formation) = markers.activating(unit) else {
                continue;
            };
            if first_pool.is_some_and(|p| p.contains_key(formation))
                || !seen.insert(formation)
            {
                continue;
            }
            let from = sim
                .pool
                .iter()
                .position(|p| p.contains_key(formation))
                .map_or("no `{f}` marker is ever in the pool".into(), |t| {
                    format!("its markers reach the pool only on turn {}", t + 1)
                })
                .replace("{f}", formation);
            out.push(
                Finding::new(
                    Code::Ent006,
                    at("sides").index(s).field("setup").index(i),
                    format!(
                        "`{}` of `{formation}` is on the map from turn 1, but \
                         {from}",
                        unit.id
                    ),
                )
                .hex(placed.hex)
                .help(format!(
                    "add `{formation}` to `markers_at_start`, unless a special \
                     rule lets another marker activate it"
                )),
            );
        }
    }
}

/// Formations in `markers_at_start` with nothing to activate on turn 1.
fn idle_at_start(
    battle: &Battle<'_>,
    markers: &Markers<'_, '_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
    // Both the chain and the activating formation depend only on the
    // unit's formation: look each formation up once, not once per unit.
    let with_units =
        |units: &mut dyn Iterator<Item = &berthier_schema::Unit>| {
            let own: HashSet<&str> =
                units.filter_map(|u| battle.formation_of(&u.id)).collect();
            let mut formations = HashSet::default();
            for formation in own {
                formations.extend(markers.chain_from(formation));
                formations.extend(markers.activating_formation(formation));
            }
            formations
        };
    let set_up = with_units(
        &mut battle
            .scenario
            .sides
            .iter()
            .flat_map(|s| s.setup.iter())
            .filter_map(|p| markers.unit(&p.unit)),
    );
    let first_turn = plan.iter().filter(|p| p.turn == Ok(1));
    let mut arriving = with_units(
        &mut first_turn.clone().flat_map(|p| p.units.iter().copied()),
    );
    arriving.extend(first_turn.filter_map(|p| p.arrival.formation.as_deref()));
    for (s, side) in battle.scenario.sides.iter().enumerate() {
        for (j, formation) in side.markers_at_start.iter().enumerate() {
            if markers.owned(formation) == 0 {
                continue;
            }
            let set_up = set_up.contains(formation.as_str());
            let arriving = arriving.contains(formation.as_str());
            if set_up || arriving {
                continue;
            }
            out.push(
                Finding::new(
                    Code::Ent006,
                    at("sides").index(s).field("markers_at_start").index(j),
                    format!(
                        "the markers of `{formation}` are in the pool from the \
                         start, but no unit of `{formation}` is on the map or \
                         arrives on turn 1"
                    ),
                )
                .help(
                    "remove it from `markers_at_start`: its markers come in \
                     with its first arrival",
                ),
            );
        }
    }
}

/// Arriving units no formation's markers can bring.
fn unbrought(
    battle: &Battle<'_>,
    markers: &Markers<'_, '_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
    for planned in plan {
        if !markers.used_by(planned.side_id) {
            continue;
        }
        let formation = planned.arrival.formation.as_deref();
        let Some(unit) = planned.units.iter().find(|u| {
            markers.bringing(formation, u).is_none() && !is_leader(battle, u)
        }) else {
            continue;
        };
        out.push(
            Finding::new(
                Code::Ent006,
                planned.unit_pointer(&unit.id),
                format!(
                    "no activation marker can bring `{}` in with {}: neither \
                     the arrival's formation nor its own has markers",
                    unit.id,
                    super::arrival_name(planned)
                ),
            )
            .help("name the formation whose markers bring it (`formation`)"),
        );
    }
}
