//! OOB007: a morale group's levels come in order, demoralization first,
//! then the desperate levels, none above the group's steps.
//!
//! What follows is `docs/OOB007.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB007.md")]

use berthier_schema::scenario::MoraleGroup;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// OOB007 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        for (j, group) in side.morale.iter().enumerate() {
            let base = at("sides").index(i).field("morale").index(j);
            out.extend(levels(group, &base));
        }
    }
    out
}

/// The first level of `group` out of order, if any.
fn levels(group: &MoraleGroup, base: &Pointer) -> Option<Finding> {
    let finding = |pointer: Pointer, message: String| {
        Finding::new(Code::Oob007, pointer, message).help(
            "a group is demoralized first, then desperate, at levels no \
             higher than its steps: check the printed morale table",
        )
    };
    let name = &group.name;
    if let Some(demoralization) = group.demoralization
        && demoralization > group.steps
    {
        return Some(finding(
            base.field("demoralization"),
            format!(
                "morale group `{name}`: demoralization {demoralization} is \
                 above its {} steps",
                group.steps
            ),
        ));
    }
    let mut previous: Option<u16> = None;
    for (k, &level) in group.desperate.iter().enumerate() {
        let pointer = base.field("desperate").index(k);
        if level > group.steps {
            return Some(finding(
                pointer,
                format!(
                    "morale group `{name}`: desperate level {level} is above \
                     its {} steps",
                    group.steps
                ),
            ));
        }
        if let Some(demoralization) = group.demoralization
            && level <= demoralization
        {
            return Some(finding(
                pointer,
                format!(
                    "morale group `{name}`: desperate level {level} is not \
                     above its demoralization level {demoralization}"
                ),
            ));
        }
        if let Some(before) = previous
            && level < before
        {
            return Some(finding(
                pointer,
                format!(
                    "morale group `{name}`: desperate level {level} is below \
                     the one before it ({before})"
                ),
            ));
        }
        previous = Some(level);
    }
    None
}
