//! ENT009: an arrival with no entry printed, which the entry simulation
//! leaves out.
//!
//! What follows is `docs/ENT009.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT009.md")]

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT009 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            if arrival.entry.is_some() || arrival.placed.is_some() {
                continue;
            }
            let p = Pointer::root()
                .field("sides")
                .index(i)
                .field("reinforcements")
                .index(j);
            out.push(
                Finding::new(
                    Code::Ent009,
                    p,
                    "no entry is printed for this arrival: the entry \
                     simulation leaves it out",
                )
                .help("keep the rulebook's words in `text`"),
            );
        }
    }
    out
}
