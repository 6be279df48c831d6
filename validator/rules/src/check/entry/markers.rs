//! ENT006: activation markers are in the pool on the turns their
//! formations need them.
//!
//! What follows is `docs/ENT006.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT006.md")]

use rustc_hash::FxHashSet as HashSet;

use berthier_schema::battle::Battle;

use super::plan::{Planned, is_leader};
use super::pool::Markers;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::at;

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
    // Formations already decided (in the first pool, or reported): each
    // is looked up in the pool once, not once per unit.
    let mut seen = HashSet::default();
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
            if !seen.insert(formation)
                || first_pool.is_some_and(|p| p.contains_key(formation))
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
