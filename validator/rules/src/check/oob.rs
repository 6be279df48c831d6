//! OOB001, OOB002, OOB003: the order of battle's structure.
//!
//! ## What it does
//! OOB001: a formation's `parent` chain loops back to it. OOB002
//! (warning): where the counters file gives a side's formations
//! activation markers (Jours de Gloire), a formation of that side that
//! holds combat units but has none; a formation whose `commander` is not
//! a leader, or of another side; a combat unit in no formation while the file has formations.
//! OOB001 and OOB002 are about the counters file and are reported there
//! (by pass 2, which reads it). OOB003: a scenario attachment that moves
//! no unit, or moves units to a formation of another side. Unknown ids
//! are REF004/REF005.
//!
//! ## Why
//! Activation, command range and morale all follow the hierarchy: each
//! unit in exactly one formation, each formation under one parent.
//!
//! ## Example
//! `(id: "a", parent: "b")`, `(id: "b", parent: "a")`.
//!
//! Rulebook: Jours de Gloire 2.1-2.3 (activation markers per formation),
//! 2.6; Vive l'Empereur §XVII (command), scenario attachments.

use berthier_schema::counters::Counters;
use berthier_schema::series::Series;

use super::{Finding, Scene};
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[
    (
        Code::Oob001,
        Rule {
            summary: "Formation hierarchy loops",
            what: "Reports a formation whose `parent` chain leads back to \
                   itself, once per loop, in the counters file.",
            why: "Units of a looping hierarchy belong to no army; \
                  activation and command cannot be resolved.",
            example: "(id: \"a\", parent: \"b\"), (id: \"b\", parent: \"a\")",
            rulebook: None,
        },
    ),
    (
        Code::Oob002,
        Rule {
            summary: "Formation without activation markers or a proper \
                      commander",
            what: "Warning, in the counters file: where some formations \
                   of a side have activation markers, a formation of that \
                   side holding combat units that has none; a `commander` that is not of a leader class \
                   or is of another side; a combat unit in no formation \
                   while the file defines formations.",
            why: "A formation without activation markers never moves in a \
                  series that activates by markers; a unit outside the \
                  hierarchy is never commanded.",
            example: "(id: \"rey\", name: \"Rey\", side: \"french\", level: \
                      \"division\")   // no activation_markers",
            rulebook: Some(
                "Jours de Gloire 2.1, 2.2 (activation markers), 2.6; Vive \
                 l'Empereur §XVII",
            ),
        },
    ),
    (
        Code::Oob003,
        Rule {
            summary: "Attachment does not resolve",
            what: "Reports a scenario attachment whose unit set names no \
                   unit, or that moves units to a formation of another \
                   side.",
            why: "An attachment that moves nothing, or across sides, is a \
                  typo in the scenario.",
            example: "attachments: [(units: (formations: [\"aa-r-6-best\"]), \
                      to: \"fr-ii\")]",
            rulebook: Some("the scenario's attachments"),
        },
    ),
];

/// OOB001 and OOB002 on a counters file, pointing into it (pass 2 reports
/// them while it reads the file).
pub fn counters(c: &Counters, series: Option<&Series>) -> Vec<Finding> {
    let mut out = cycles(c);
    if let Some(series) = series {
        out.extend(markers_and_commanders(c, series));
    }
    out
}

fn cycles(c: &Counters) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, f) in c.formations.iter().enumerate() {
        let mut chain = vec![f.id.as_str()];
        let mut current = f.parent.as_deref();
        while let Some(id) = current {
            if id == f.id {
                let first = c
                    .formations
                    .iter()
                    .position(|g| chain.contains(&g.id.as_str()));
                if first == Some(i) {
                    chain.push(id);
                    out.push(Finding::new(
                        Code::Oob001,
                        at("formations").index(i).field("parent"),
                        format!(
                            "formation `{}` is its own ancestor: {}",
                            f.id,
                            chain.join(" -> ")
                        ),
                    ));
                }
                break;
            }
            if chain.contains(&id) || chain.len() > c.formations.len() {
                break; // a loop not through `f`: reported at its members
            }
            chain.push(id);
            current = c.formation(id).and_then(|g| g.parent.as_deref());
        }
    }
    out
}

fn markers_and_commanders(c: &Counters, series: &Series) -> Vec<Finding> {
    let leader = |class: &str| series.class(class).is_some_and(|k| k.leader);
    let uses_markers = |side: &str| {
        c.formations
            .iter()
            .any(|f| f.side == side && !f.activation_markers.is_empty())
    };
    let mut out = Vec::new();
    for (i, f) in c.formations.iter().enumerate() {
        let troops = c
            .units
            .iter()
            .filter(|u| u.formation.as_deref() == Some(f.id.as_str()))
            .filter(|u| !leader(&u.class))
            .count();
        if uses_markers(&f.side)
            && troops > 0
            && f.activation_markers.is_empty()
        {
            out.push(Finding::new(
                Code::Oob002,
                at("formations").index(i).field("id"),
                format!(
                    "formation `{}` holds {} but has no activation \
                     markers, while other formations of its side have them",
                    f.id,
                    super::common::plural(troops, "combat unit")
                ),
            ));
        }
        let Some(commander) = &f.commander else {
            continue;
        };
        let Some(unit) = c.unit(commander) else {
            continue;
        };
        let problem = if !leader(&unit.class) {
            Some(format!("is a `{}`, not a leader", unit.class))
        } else if unit.side != f.side {
            Some(format!("is of side `{}`", unit.side))
        } else {
            None
        };
        if let Some(problem) = problem {
            out.push(Finding::new(
                Code::Oob002,
                at("formations").index(i).field("commander"),
                format!("commander `{commander}` of `{}` {problem}", f.id),
            ));
        }
    }
    if !c.formations.is_empty() {
        for (i, u) in c.units.iter().enumerate() {
            if u.formation.is_none() && !leader(&u.class) {
                out.push(Finding::new(
                    Code::Oob002,
                    at("units").index(i).field("id"),
                    format!("unit `{}` is in no formation", u.id),
                ));
            }
        }
    }
    out
}

/// OOB003 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, a) in side.attachments.iter().enumerate() {
            let base = at("sides").index(i).field("attachments").index(j);
            let units = b.units_in(&a.units);
            if units.is_empty() {
                out.push(Finding::new(
                    Code::Oob003,
                    base.field("units"),
                    format!("attachment to `{}` names no unit", a.to),
                ));
                continue;
            }
            let Some(target) = b.counters.formation(&a.to) else {
                continue; // REF005
            };
            let foreign: Vec<&str> = units
                .iter()
                .filter(|u| u.side != target.side)
                .map(|u| u.id.as_str())
                .collect();
            if let Some(first) = foreign.first() {
                out.push(Finding::new(
                    Code::Oob003,
                    base.field("to"),
                    format!(
                        "attachment moves {} unit(s) of another side (first \
                         `{first}`) to `{}` of side `{}`",
                        foreign.len(),
                        a.to,
                        target.side
                    ),
                ));
            }
        }
    }
    out
}
