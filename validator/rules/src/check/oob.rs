//! OOB001, OOB002, OOB003: the order of battle's structure.
//!
//! What follows is `docs/OOB001.md`, `docs/OOB002.md` and `docs/OOB003.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/OOB001.md")]
#![doc = include_str!("../../docs/OOB002.md")]
#![doc = include_str!("../../docs/OOB003.md")]

use berthier_schema::counters::Counters;
use berthier_schema::series::Series;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::at;

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
                    crate::words::plural(troops, "combat unit")
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
