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
use crate::check::{Finding, Scene};
use crate::code::Code;
use crate::pointer::at;

/// ENT006 for one scenario.
pub fn check(
    scene: &Scene<'_, '_>,
    markers: &Markers<'_, '_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let battle = scene.battle;
    unmarked_setup(scene, markers, sim, out);
    idle_at_start(scene, markers, plan, out);
    unbrought(battle, markers, plan, out);
}

/// Units set up whose formation has no marker in the pool on turn 1.
fn unmarked_setup(
    scene: &Scene<'_, '_>,
    markers: &Markers<'_, '_>,
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let first_pool = sim.pool.first();
    // Formations already decided (in the first pool, or reported): each
    // is looked up in the pool once, not once per unit.
    let mut seen = HashSet::default();
    let sides = scene.battle.scenario.sides.iter();
    for (side, entries) in sides.zip(&scene.entries) {
        if !markers.used_by(&side.side) {
            continue;
        }
        let mut last = None;
        for entry in entries {
            let (s, i, placed) = (entry.side, entry.index, entry.placed);
            let Some(unit) = entry.unit else {
                continue;
            };
            // Units of a formation are set up together: the entry before's
            // formation has been decided (its activating formation is in
            // `seen`), so it is not looked up again.
            if entry.formation == last {
                continue;
            }
            last = entry.formation;
            let activating = last.and_then(|f| markers.activating_formation(f));
            let Some(formation) = activating else {
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
fn idle_at_start<'a>(
    scene: &Scene<'_, 'a>,
    markers: &Markers<'_, 'a>,
    plan: &[Planned<'a>],
    out: &mut Vec<Finding>,
) {
    let battle = scene.battle;
    // Both the chain and the activating formation depend only on the
    // unit's formation: look each formation up once, not once per unit.
    let with_units = |formations: &mut dyn Iterator<Item = &'a str>| {
        with_chains(markers, formations)
    };
    let set_up = with_units(
        &mut (scene.entries.iter().flatten())
            .filter(|s| s.unit.is_some())
            .filter_map(|s| s.formation),
    );
    let first_turn = plan.iter().filter(|p| p.turn == Ok(1));
    let mut arriving = with_units(
        &mut first_turn
            .clone()
            .flat_map(|p| p.units.iter())
            .filter_map(|u| battle.formation_of(&u.id)),
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

/// The distinct `formations` (of units), every formation above each and
/// the formation whose markers activate each.
fn with_chains<'a>(
    markers: &Markers<'_, 'a>,
    formations: &mut dyn Iterator<Item = &'a str>,
) -> HashSet<&'a str> {
    let mut own: HashSet<&str> = HashSet::default();
    let mut last = None;
    for formation in formations {
        // Units of a formation are listed together: a formation just
        // added is not hashed again.
        if last != Some(formation) {
            own.insert(formation);
            last = Some(formation);
        }
    }
    let mut chains = HashSet::default();
    for formation in own {
        chains.extend(markers.chain_from(formation));
        chains.extend(markers.activating_formation(formation));
    }
    chains
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
