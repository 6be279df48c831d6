//! OOB014: a morale group's level that the file neither gives nor marks
//! as printed "None" (Ligny 1's "IV Cav 12" with both levels blank, seed
//! 001 l. 2258, against the Guard's "None None", l. 2252).
//!
//! What follows is `docs/OOB014.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB014.md")]

use berthier_schema::scenario::{MoraleGroup, MoraleLevel};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// OOB014 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        for (j, group) in side.morale.iter().enumerate() {
            let base = at("sides").index(i).field("morale").index(j);
            out.extend(both(group, &base));
            out.extend(unknown(group, &base));
        }
    }
    out
}

/// A level both given and listed as printed "None".
fn both(group: &MoraleGroup, base: &Pointer) -> Option<Finding> {
    let (k, level) = group.printed_none.iter().enumerate().find(
        |(_, level)| match level {
            MoraleLevel::Demoralization => group.demoralization.is_some(),
            MoraleLevel::Desperate(d) => {
                usize::from(*d) < group.desperate.len()
            }
        },
    )?;
    let value = match level {
        MoraleLevel::Demoralization => group.demoralization.unwrap_or_default(),
        MoraleLevel::Desperate(d) => group
            .desperate
            .get(usize::from(*d))
            .copied()
            .unwrap_or_default(),
    };
    Some(
        Finding::new(
            Code::Oob014,
            base.field("printed_none").index(k),
            format!(
                "morale group `{}`: its {} is given as {value} and also \
                 listed as printed \"None\"",
                group.name,
                name(*level)
            ),
        )
        .help("keep the one the morale table prints"),
    )
}

/// The levels neither given nor printed "None".
fn unknown(group: &MoraleGroup, base: &Pointer) -> Option<Finding> {
    let none = &group.printed_none;
    let no_demoralization = group.demoralization.is_none()
        && !none.contains(&MoraleLevel::Demoralization);
    let no_desperate = group.desperate.is_empty()
        && !none.iter().any(|l| matches!(l, MoraleLevel::Desperate(_)));
    let (missing, when) = match (no_demoralization, no_desperate) {
        (false, false) => return None,
        (true, true) => (
            "no demoralization level and no desperate level, and neither \
             is",
            "demoralized or desperate",
        ),
        (true, false) => {
            ("no demoralization level, and it is not", "demoralized")
        }
        (false, true) => ("no desperate level, and it is not", "desperate"),
    };
    Some(
        Finding::new(
            Code::Oob014,
            base.field("name"),
            format!(
                "morale group `{}` has {missing} marked as printed \"None\": \
                 when it is {when} is unknown, not checked",
                group.name
            ),
        )
        .help(
            "give the levels the morale table prints; a level printed \
             \"None\" goes in `printed_none`; a level the rulebook leaves \
             blank stays unknown (say so in the group's `note`)",
        ),
    )
}

/// The level as the message names it.
fn name(level: MoraleLevel) -> String {
    match level {
        MoraleLevel::Demoralization => "demoralization level".to_owned(),
        MoraleLevel::Desperate(0) => "desperate level".to_owned(),
        MoraleLevel::Desperate(d) => {
            format!("desperate level {}", u16::from(d) + 1)
        }
    }
}
