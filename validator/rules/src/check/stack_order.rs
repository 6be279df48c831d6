//! STK004: classes the series puts on top of a stack (artillery in Jours
//! de Gloire) are above every other counted unit, where a setup states
//! the stack order.
//!
//! What follows is `docs/STK004.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/STK004.md")]

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// STK004 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let Some(rules) = &b.series.stacking else {
        return Vec::new();
    };
    if rules.on_top.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (hex, stack) in scene.stacks() {
        // A lone entry is under nothing.
        if stack.len() < 2 {
            continue;
        }
        for side in common::sides(stack) {
            let counted: Vec<&Setup<'_>> = stack
                .iter()
                .filter(|s| s.unit_side() == Some(side))
                .filter(|s| {
                    s.unit.is_some_and(|u| {
                        !rules.exempt_classes.contains(&u.class)
                            && !common::is_leader(b, Some(u))
                    })
                })
                .collect();
            if counted.iter().any(|s| s.placed.stack.is_none()) {
                continue;
            }
            let top = |s: &Setup<'_>| {
                s.unit.is_some_and(|u| rules.on_top.contains(&u.class))
            };
            // `stacks` is in stack order: a top unit after any other is
            // under it.
            let Some(first_other) = counted.iter().position(|s| !top(s)) else {
                continue;
            };
            let over = counted[first_other];
            for s in counted[first_other + 1..].iter().filter(|s| top(s)) {
                let class = s.unit.map_or("", |u| u.class.as_str());
                let mut f = Finding::new(
                    Code::Stk004,
                    s.pointer("stack"),
                    format!(
                        "{}, {class}, is under {} in hex {hex}; the series \
                         puts {} on top of the stack",
                        s.label(),
                        over.label(),
                        rules.on_top.join(" and ")
                    ),
                )
                .hex(hex);
                f = match &rules.section {
                    Some(section) => f.help(format!(
                        "give it a lower `stack` position (0 is the top; \
                         see {section})"
                    )),
                    None => f.help(
                        "give it a lower `stack` position (0 is the top)",
                    ),
                };
                out.push(f);
            }
        }
    }
    out
}
