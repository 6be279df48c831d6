//! STK002: friendly and enemy units in one hex.
//!
//! ## What it does
//! Reports a hex where units (leaders included) of two sides are set up.
//!
//! ## Why
//! No rule lets enemy units share a hex: a unit may never enter a hex
//! occupied by an enemy unit.
//!
//! ## Example
//! A French and an Austrian counter both set up in 2005.
//!
//! Rulebook: Jours de Gloire 5.1.2 ("A unit may never enter or pass
//! through a hex occupied by an enemy unit"); Vive l'Empereur §VI.

use super::common;
use super::{Finding, Scene};
use crate::code::{Code, Rule};

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[(
    Code::Stk002,
    Rule {
        summary: "Friendly and enemy units in one hex",
        what: "Reports a hex where units (leaders included) of two sides \
               are set up, at the first entry of the second side.",
        why: "A unit may never enter or stay in a hex occupied by the \
              enemy; the setup cannot be laid out.",
        example: "setup: [(unit: \"koblos-2\", hex: \"2005\"), ...] and \
                  (unit: \"lebley-1\", hex: \"2005\") on the other side",
        rulebook: Some(
            "Jours de Gloire 5.1.2; Vive l'Empereur §VI (movement), §V",
        ),
    },
)];

/// STK002 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (hex, stack) in &scene.stacks {
        let hex = *hex;
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
                    common::list(&friends, 4)
                ),
            )
            .hex(hex)
            .help("friendly and enemy units never share a hex"),
        );
    }
    out
}
