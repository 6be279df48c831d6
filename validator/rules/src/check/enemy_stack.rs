//! STK002: friendly and enemy units in one hex.
//!
//! What follows is `docs/STK002.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/STK002.md")]

use super::{Finding, Scene};
use crate::code::Code;

/// STK002 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (hex, stack) in scene.stacks() {
        let Some(first) = stack.iter().find_map(|s| s.unit_side()) else {
            continue;
        };
        let Some(enemy) = stack
            .iter()
            .find(|s| s.unit_side().is_some_and(|side| side != first))
        else {
            continue;
        };
        let friends: Vec<String> = stack
            .iter()
            .filter(|s| s.unit_side() == Some(first))
            .map(|s| s.label())
            .collect();
        out.push(
            Finding::new(
                Code::Stk002,
                enemy.pointer("hex"),
                format!(
                    "{} ({}) is set up in hex {hex} with enemy units: {}",
                    enemy.label(),
                    enemy.unit_side().unwrap_or_default(),
                    crate::words::list(&friends, 4)
                ),
            )
            .hex(hex)
            .help("friendly and enemy units never share a hex"),
        );
    }
    out
}
