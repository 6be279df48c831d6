//! VIC002: a combination of victory conditions no result can meet.
//!
//! What follows is `docs/VIC002.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/VIC002.md")]

use berthier_schema::scenario::Condition;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// VIC002 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let scenario = scene.battle.scenario;
    let mut out = Vec::new();
    for (i, v) in scenario.victory.iter().enumerate() {
        let p = Pointer::root().field("victory").index(i).field("condition");
        walk(&p, &v.condition, &mut out);
    }
    if let Some(levels) = &scenario.victory_levels {
        for (i, v) in levels.tie_break.iter().enumerate() {
            let p = Pointer::root()
                .field("victory_levels")
                .field("tie_break")
                .index(i)
                .field("condition");
            walk(&p, &v.condition, &mut out);
        }
    }
    out
}

fn walk(p: &Pointer, condition: &Condition, out: &mut Vec<Finding>) {
    let (name, list) = match condition {
        Condition::All(list) => ("All", list),
        Condition::AnyOf(list) => ("AnyOf", list),
        Condition::AtLeast { count, of } => {
            let at = p.field("AtLeast");
            let n = of.len();
            if *count == 0 || usize::from(*count) > n {
                out.push(
                    Finding::new(
                        Code::Vic002,
                        at.field("count"),
                        format!(
                            "at least {count} of {}: {}",
                            crate::words::plural(n, "condition"),
                            if *count == 0 {
                                "always met"
                            } else {
                                "never met"
                            }
                        ),
                    )
                    .help(format!("count must be between 1 and {n}")),
                );
            }
            for (k, inner) in of.iter().enumerate() {
                walk(&at.field("of").index(k), inner, out);
            }
            return;
        }
        Condition::Exactly { count, of } => {
            let at = p.field("Exactly");
            let n = of.len();
            if usize::from(*count) > n {
                out.push(
                    Finding::new(
                        Code::Vic002,
                        at.field("count"),
                        format!(
                            "exactly {count} of {}: never met",
                            crate::words::plural(n, "condition"),
                        ),
                    )
                    .help(format!("count must be between 0 and {n}")),
                );
            }
            for (k, inner) in of.iter().enumerate() {
                walk(&at.field("of").index(k), inner, out);
            }
            return;
        }
        Condition::ExitFormations {
            formations, count, ..
        } if usize::from(*count) > formations.len() || *count == 0 => {
            let n = formations.len();
            out.push(
                Finding::new(
                    Code::Vic002,
                    p.field("ExitFormations").field("count"),
                    format!(
                        "{count} of {} to exit: {}",
                        crate::words::plural(n, "formation"),
                        if *count == 0 {
                            "always met"
                        } else {
                            "never met"
                        }
                    ),
                )
                .help(format!("count must be between 1 and {n}")),
            );
            return;
        }
        _ => return,
    };
    let at = p.field(name);
    if list.is_empty() {
        out.push(
            Finding::new(
                Code::Vic002,
                at.clone(),
                format!("`{name}` of no condition"),
            )
            .help("list the conditions it combines"),
        );
    }
    for (k, inner) in list.iter().enumerate() {
        walk(&at.index(k), inner, out);
    }
}
