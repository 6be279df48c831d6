//! OOB009: starting losses that cannot be spread as printed.
//!
//! What follows is `docs/OOB009.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB009.md")]

use berthier_schema::battle::Battle;
use berthier_schema::scenario::Losses;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// OOB009 for one scenario: the side's losses at start and the losses
/// each arrival brings.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        let base = Pointer::root().field("sides").index(i);
        for (j, losses) in side.losses.iter().enumerate() {
            one(b, &base.field("losses").index(j), losses, &mut out);
        }
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            let p = base.field("reinforcements").index(j).field("losses");
            for (k, losses) in arrival.losses.iter().enumerate() {
                one(b, &p.index(k), losses, &mut out);
            }
        }
    }
    out
}

fn one(b: &Battle<'_>, p: &Pointer, losses: &Losses, out: &mut Vec<Finding>) {
    let Some(cap) = losses.max_each else { return };
    let Some(total) = losses.total else {
        out.push(
            Finding::new(
                Code::Oob009,
                p.field("max_each"),
                "`max_each` caps how a `total` is spread, but no `total` is \
                 given"
                    .to_owned(),
            )
            .help("give the `total`, or write the steps per unit as `each`"),
        );
        return;
    };
    let units = b.units_in(&losses.units).len();
    let most = u32::from(cap) * u32::try_from(units).unwrap_or(u32::MAX);
    if u32::from(total) > most {
        out.push(
            Finding::new(
                Code::Oob009,
                p.field("total"),
                format!(
                    "{total} losses cannot be spread at most {cap} per unit \
                     over {}: at most {most}",
                    crate::words::plural(units, "unit")
                ),
            )
            .help("check the units the losses fall on, the total and the cap"),
        );
    }
}
