//! ENT020, SET016, OOB012: a formation whose units the rulebook never
//! prints ("the X corps under Lamarque ... is made of 2 divisions including
//! a brigade of Young Guard", seed 001 l. 3128), brought or placed whole.
//!
//! What follows is `docs/ENT020.md`, `docs/SET016.md` and `docs/OOB012.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/ENT020.md")]
#![doc = include_str!("../../docs/SET016.md")]
#![doc = include_str!("../../docs/OOB012.md")]

use berthier_schema::counters::{Counters, Formation};
use berthier_schema::scenario::UnitSet;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// ENT020 for each arrival and SET016 for each instruction that names a
/// formation whose units are unknown (or one above it).
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let c = scene.battle.counters;
    if !c.formations.iter().any(|f| f.units_unknown.is_some()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        let p = Pointer::root().field("sides").index(i);
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            let base = p.field("reinforcements").index(j).field("units");
            for (f, unknown) in named(c, &arrival.units, &base) {
                out.push(
                    Finding::new(
                        Code::Ent020,
                        f,
                        format!(
                            "not checked: units unknown: this arrival brings \
                             {}; its entry, stacking and cadence are not \
                             simulated",
                            describe(&unknown)
                        ),
                    )
                    .help(
                        "nothing to fix while the rulebook prints none of \
                         its units; define them in the counters and drop \
                         `units_unknown` to have the arrival checked",
                    ),
                );
            }
        }
        for (j, instruction) in side.instructions.iter().enumerate() {
            let base = p.field("instructions").index(j).field("units");
            for (f, unknown) in named(c, &instruction.units, &base) {
                out.push(Finding::new(
                    Code::Set016,
                    f,
                    format!(
                        "not checked: units unknown: this instruction places \
                         {}; no setup can place its units",
                        describe(&unknown)
                    ),
                ));
            }
        }
    }
    out
}

/// Each formation `set` names (pointer to the name) that is, or holds,
/// formations whose units are unknown, with every such formation not
/// already reported at an earlier name of the set (Waterloo 11 names the
/// army and its cavalry corps, which hold Ponsonby, Grant and Dornberg).
fn named<'c>(
    c: &'c Counters,
    set: &UnitSet,
    base: &Pointer,
) -> Vec<(Pointer, Vec<&'c Formation>)> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (k, id) in set.formations.iter().enumerate() {
        let unknown: Vec<&Formation> = c
            .formations
            .iter()
            .filter(|g| {
                g.units_unknown.is_some()
                    && (g.id == *id || below(c, g, id))
                    && !seen.contains(&g.id.as_str())
            })
            .collect();
        seen.extend(unknown.iter().map(|g| g.id.as_str()));
        if !unknown.is_empty() {
            out.push((base.field("formations").index(k), unknown));
        }
    }
    out
}

/// Whether `formation` is under `ancestor` (a parent chain; a cycle,
/// reported by OOB001, stops the walk).
fn below(c: &Counters, formation: &Formation, ancestor: &str) -> bool {
    let mut current = formation.parent.as_deref();
    for _ in 0..=c.formations.len() {
        let Some(id) = current else {
            return false;
        };
        if id == ancestor {
            return true;
        }
        current = c.formation(id).and_then(|f| f.parent.as_deref());
    }
    false
}

/// The formations by name, each with what the rulebook says of it: "X
/// Corps (Lamarque) (2 divisions ..., 36 steps)"; several are counted
/// first.
fn describe(formations: &[&Formation]) -> String {
    let each: Vec<String> = formations.iter().map(|f| one(f)).collect();
    match each.as_slice() {
        [one] => one.clone(),
        _ => format!(
            "{} formations whose units are unknown: {}",
            each.len(),
            each.join(", ")
        ),
    }
}

/// One formation by name (its id when it has none) and what is known.
fn one(f: &Formation) -> String {
    let name = if f.name.is_empty() { &f.id } else { &f.name };
    let Some(unknown) = &f.units_unknown else {
        return name.clone();
    };
    let steps = unknown
        .steps
        .map_or(String::new(), |s| format!(", {s} steps"));
    format!("{name} ({}{steps})", unknown.composition)
}

/// OOB012 on a counters file: a formation says its units are unknown, yet
/// units of the file belong to it.
pub fn counters(c: &Counters) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, f) in c.formations.iter().enumerate() {
        if f.units_unknown.is_none() {
            continue;
        }
        let members: Vec<&str> = c
            .units
            .iter()
            .filter(|u| c.in_formation(u, &f.id))
            .map(|u| u.id.as_str())
            .collect();
        if let Some(first) = members.first() {
            out.push(
                Finding::new(
                    Code::Oob012,
                    at("formations").index(i).field("units_unknown"),
                    format!(
                        "formation `{}` says its units are unknown, but {} \
                         unit(s) of this file belong to it (`{first}`...)",
                        f.id,
                        members.len()
                    ),
                )
                .help(
                    "drop `units_unknown` now that its units are defined, \
                     or move them out of the formation",
                ),
            );
        }
    }
    out
}
