//! STK001, STK003: stacking at setup, by the series' declarative rules
//! after the battle's and scenario's overrides.
//!
//! What follows is `docs/STK001.md` and `docs/STK003.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../docs/STK001.md")]
#![doc = include_str!("../../docs/STK003.md")]

use berthier_schema::HexId;
use berthier_schema::stacking::{Measure, StackUnit, Stacking};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// STK001 and STK003 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let Some(rules) = &b.series.stacking else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut unknown: Vec<(HexId, Pointer, Vec<String>)> = Vec::new();
    for (hex, stack) in &scene.stacks {
        let hex = *hex;
        for side in common::sides(stack) {
            let group: Vec<&Setup<'_>> = stack
                .iter()
                .filter(|s| s.unit_side() == Some(side))
                .collect();
            let units: Vec<StackUnit> = group
                .iter()
                .filter_map(|s| b.stack_unit(s.placed))
                .collect();
            let mut problems = rules.violations(&units);
            let (certain, missing) = unknown_limits(rules, &units);
            problems.extend(certain);
            let counted = |s: &&&Setup<'_>| {
                s.unit.is_none_or(|u| {
                    !rules.exempt_classes.contains(&u.class)
                        && !common::is_leader(b, Some(u))
                })
            };
            let Some(last) = group.iter().rev().find(counted).or(group.last())
            else {
                continue;
            };
            if !missing.is_empty() && problems.is_empty() {
                unknown.push((hex, last.pointer("hex"), missing));
            }
            if problems.is_empty() {
                continue;
            }
            let names: Vec<String> = group.iter().map(|s| s.label()).collect();
            let mut f = Finding::new(
                Code::Stk001,
                last.pointer("hex"),
                format!(
                    "illegal stack in hex {hex} ({}): {}",
                    names.join(", "),
                    problems.join("; ")
                ),
            )
            .hex(hex);
            if let Some(section) = &rules.section {
                f = f.help(format!("stacking rules: {section}"));
            }
            out.push(f);
        }
    }
    out.extend(unknown_finding(&unknown));
    out
}

/// Limits on a summed rating that some counted unit lacks: violations that
/// hold even at one step per unknown unit, and the names of the limits
/// that cannot be decided.
fn unknown_limits(
    rules: &Stacking,
    units: &[StackUnit],
) -> (Vec<String>, Vec<String>) {
    let mut certain = Vec::new();
    let mut missing = Vec::new();
    for limit in &rules.limits {
        let Measure::Rating(rating) = &limit.measure else {
            continue;
        };
        let summed: Vec<&StackUnit> = units
            .iter()
            .filter(|u| !rules.exempt_classes.contains(&u.class))
            .filter(|u| limit.classes.contains(&u.class))
            .collect();
        let unknown = summed
            .iter()
            .filter(|u| !u.ratings.contains_key(rating))
            .count();
        if unknown == 0 || summed.len() < 2 {
            continue;
        }
        let known: i32 =
            summed.iter().filter_map(|u| u.ratings.get(rating)).sum();
        let least = known + i32::try_from(unknown).unwrap_or(i32::MAX);
        if least > limit.max && known <= limit.max {
            certain.push(format!(
                "{}: at least {least} {rating} ({unknown} unknown counted as \
                 1) exceeds the limit of {}",
                limit.name, limit.max
            ));
        } else if known <= limit.max {
            missing.push(format!("{} ({rating})", limit.name));
        }
    }
    (certain, missing)
}

fn unknown_finding(
    unknown: &[(HexId, Pointer, Vec<String>)],
) -> Option<Finding> {
    let (hex, pointer, _) = unknown.first()?;
    let mut limits: Vec<String> = Vec::new();
    for name in unknown.iter().flat_map(|(_, _, l)| l) {
        if !limits.contains(name) {
            limits.push(name.clone());
        }
    }
    let hexes: Vec<String> =
        unknown.iter().map(|(h, _, _)| h.to_string()).collect();
    Some(
        Finding::new(
            Code::Stk003,
            pointer.clone(),
            format!(
                "stacking limit {} not checked in {} (hexes {}): a unit's \
                 rating is unknown",
                limits.join(", "),
                crate::words::plural(unknown.len(), "stack"),
                crate::words::list(&hexes, 8)
            ),
        )
        .hex(*hex)
        .help("fill in the counters' ratings when a source gives them"),
    )
}
