//! TER007: the second hex of a unit covering two hexes (Vive l'Empereur's
//! tirailleurs, IV.6 and VI.3: "place it on an hexside, to cover two
//! hexes", "The unit occupies both hexes").
//!
//! What follows is `docs/TER007.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/TER007.md")]

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::series::{Cost, FormationDef, Purpose};
use berthier_schema::stacking::{StackUnit, Stacking};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// TER007 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    scene
        .setups
        .iter()
        .filter_map(|s| second_hex(scene, s))
        .collect()
}

fn second_hex(scene: &Scene<'_, '_>, s: &Setup<'_>) -> Option<Finding> {
    let b = scene.battle;
    let hexside = s.placed.on_hexside?;
    let hex = s.placed.hex;
    let posture = s.placed.formation.as_deref();
    let def = posture
        .and_then(|p| b.series.formations.iter().find(|f| f.id == p))
        .filter(|d| d.covers_two_hexes);
    let problems = match (def, b.map.grid.across(hex, hexside)) {
        (None, _) => vec![format!(
            "its formation ({}) does not cover two hexes, so it sits in \
             one hex only",
            posture.unwrap_or("none given")
        )],
        (Some(_), None) if hexside > 5 => {
            vec!["hexsides are numbered 0 to 5".to_owned()]
        }
        (Some(def), Some(other)) if b.map.contains(other) => {
            problems(scene, s, def, other)
        }
        (Some(_), other) => vec![format!(
            "the hex across it ({}) is not on the map",
            other.map_or_else(|| "unnumbered".to_owned(), |h| h.to_string())
        )],
    };
    if problems.is_empty() {
        return None;
    }
    let f = Finding::new(
        Code::Ter007,
        s.pointer("on_hexside"),
        format!(
            "{} in hex {hex} on hexside {hexside}: {}",
            s.label(),
            problems.join("; ")
        ),
    )
    .hex(hex);
    Some(match def.and_then(|d| d.section.as_deref()) {
        Some(section) => f.help(format!("see {section}")),
        None => f.help(
            "only a formation the series marks `covers_two_hexes` sits on \
             a hexside",
        ),
    })
}

/// What keeps the unit out of `other`, the hex across its hexside.
fn problems(
    scene: &Scene<'_, '_>,
    s: &Setup<'_>,
    def: &FormationDef,
    other: HexId,
) -> Vec<String> {
    let b = scene.battle;
    let mut found = Vec::new();
    if let Some(feature) = common::impassable_between(b, s.placed.hex, other) {
        found.push(format!("the hexside to {other} is impassable ({feature})"));
    }
    found.extend(terrain_problem(b, s, def, other));
    let side = s.unit_side();
    if let Some(enemy) = scene.stack(other).iter().find(|o| {
        o.unit_side().is_some_and(|x| Some(x) != side)
            && !common::is_leader(b, o.unit)
    }) {
        found.push(format!("enemy {} is in {other}", enemy.label()));
    }
    found.extend(stacking_problems(scene, s, other));
    found
}

/// The second hex's terrain against the unit's class and formation
/// (`None` when unpainted: TER004 reports the second hex).
fn terrain_problem(
    b: &Battle<'_>,
    s: &Setup<'_>,
    def: &FormationDef,
    other: HexId,
) -> Option<String> {
    let terrain = common::terrain(b, other)?;
    let class = s.unit.map(|u| u.class_for(Purpose::Movement));
    let barred =
        class.and_then(|c| terrain.movement.get(c)) == Some(&Cost::NotAllowed);
    if terrain.impassable || barred {
        return Some(format!(
            "{other} is {}, which it may not enter",
            terrain.id
        ));
    }
    (!def.only_in.is_empty() && !def.only_in.contains(&terrain.id)).then(|| {
        format!(
            "{other} is {}, and {} is allowed only in {}",
            terrain.id,
            def.name,
            def.only_in.join(", ")
        )
    })
}

/// The series' forbidden pairs the unit would newly break in `other`
/// with the friendly units set up there ("Skirmishers can stack only with
/// other skirmishers", V.7). Limits on steps are left out: whether the
/// unit's steps count in both hexes is not stated (001 l. 548).
fn stacking_problems(
    scene: &Scene<'_, '_>,
    s: &Setup<'_>,
    other: HexId,
) -> Vec<String> {
    let b = scene.battle;
    let Some(rules) = &b.series.stacking else {
        return Vec::new();
    };
    let pairs = Stacking {
        exempt_classes: rules.exempt_classes.clone(),
        forbidden: rules.forbidden.clone(),
        ..Stacking::default()
    };
    let side = s.unit_side();
    let mut units: Vec<StackUnit> = scene
        .stack(other)
        .iter()
        .filter(|o| o.unit_side() == side && o.placed.unit != s.placed.unit)
        .filter_map(|o| b.stack_unit(o.placed))
        .collect();
    let before = pairs.violations(&units);
    let Some(me) = b.stack_unit(s.placed) else {
        return Vec::new();
    };
    units.push(me);
    pairs
        .violations(&units)
        .into_iter()
        .filter(|v| !before.contains(v))
        .map(|v| format!("in {other}, {v}"))
        .collect()
}
