//! OOB011: stated starting losses that differ from the per-unit losses.
//!
//! What follows is `docs/OOB011.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB011.md")]

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;
use berthier_schema::scenario::{Losses, ScenarioSide};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// OOB011 for every morale group that states its starting losses.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, group) in side.morale.iter().enumerate() {
            let Some(stated) = group.starting_losses else {
                continue;
            };
            let members: BTreeSet<&str> = b
                .units_in(&group.units)
                .iter()
                .map(|u| u.id.as_str())
                .collect();
            let counted = losses_on(b, side, &members);
            if counted != u32::from(stated) {
                let at = Pointer::root()
                    .field("sides")
                    .index(i)
                    .field("morale")
                    .index(j)
                    .field("starting_losses");
                out.push(
                    Finding::new(
                        Code::Oob011,
                        at,
                        format!(
                            "morale group `{}` is said to start with {stated} \
                             losses, but the losses listed on its units add \
                             up to {counted}",
                            group.name
                        ),
                    )
                    .help(
                        "keep both as printed and say in the provenance which \
                         one the demoralization levels count",
                    ),
                );
            }
        }
    }
    out
}

/// The steps the side's starting losses (at setup and with its arrivals)
/// take from `members`.
fn losses_on(
    b: &Battle<'_>,
    side: &ScenarioSide,
    members: &BTreeSet<&str>,
) -> u32 {
    let arriving = side.reinforcements.iter().flat_map(|a| &a.losses);
    side.losses
        .iter()
        .chain(arriving)
        .map(|l| one(b, l, members))
        .sum()
}

/// One `Losses`: `each` on every member it names; a `total` when all its
/// units are members.
fn one(b: &Battle<'_>, losses: &Losses, members: &BTreeSet<&str>) -> u32 {
    let units = b.units_in(&losses.units);
    let inside = units.iter().filter(|u| members.contains(u.id.as_str()));
    let inside = u32::try_from(inside.count()).unwrap_or(u32::MAX);
    match (losses.each, losses.total) {
        (Some(each), _) => u32::from(each) * inside,
        (None, Some(total)) if inside as usize == units.len() => {
            u32::from(total)
        }
        _ => 0,
    }
}
