//! STK001, STK003: stacking at setup, by the series' declarative rules
//! after the battle's and scenario's overrides.
//!
//! What follows is `docs/STK001.md` and `docs/STK003.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../docs/STK001.md")]
#![doc = include_str!("../../docs/STK003.md")]

use berthier_schema::HexId;
use berthier_schema::counters::Unit;
use berthier_schema::series::Series;
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
    for (hex, stack) in scene.stacks() {
        // A lone unit of unknown id has no side, and most lone units are
        // legal: no list of sides or group is made for them.
        if let [lone] = stack
            && (lone.unit.is_none() || lone_is_legal(rules, lone.unit))
        {
            continue;
        }
        for side in common::sides(stack) {
            let group: Vec<&Setup<'_>> = stack
                .iter()
                .filter(|s| s.unit_side() == Some(side))
                .collect();
            if let [lone] = group[..]
                && lone_is_legal(rules, lone.unit)
            {
                continue;
            }
            let units: Vec<StackUnit> = group
                .iter()
                .filter_map(|s| b.stack_unit(s.placed))
                .collect();
            let mut problems = rules.violations(&units);
            let (certain, missing) = unknown_limits(&b.series, &units);
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
            let names = stack_names(group.iter().map(|s| s.label()));
            let mut f = Finding::new(
                Code::Stk001,
                last.pointer("hex"),
                format!(
                    "illegal stack in hex {hex} ({names}): {}",
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

/// Whether a unit alone (on its side) in its hex is legal under every rule
/// whatever its state and losses, so that its `StackUnit` need not be
/// built: nearly every hex holds one unit, and building them was the
/// busiest part of this check. Alone, a unit breaks no allowed combination,
/// forbidden pair or unknown-rating limit (each needs two units); it breaks
/// a group limit only of at most 0, and a limit only when its measure alone
/// exceeds the cap. A rating is bounded by its largest printed value on any
/// counter side (losses only lower steps, never below 0); a limit a unit
/// could break sends it down the full path, which words the finding.
fn lone_is_legal(rules: &Stacking, unit: Option<&Unit>) -> bool {
    let Some(unit) = unit else {
        return true; // no StackUnit either: nothing to check
    };
    if rules.group_limits.iter().any(|g| g.max == 0) {
        return false;
    }
    rules.limits.iter().all(|limit| match &limit.measure {
        Measure::Units => limit.max >= 1,
        Measure::Rating(rating) => {
            let most = unit
                .ratings
                .values()
                .filter_map(|side| side.get(rating).copied().flatten())
                .map(i32::from)
                .fold(0, i32::max);
            most <= limit.max
        }
    })
}

/// How many different units a stack's message names before "and N more".
const NAMED_UNITS: usize = 12;

/// The units of a stack by label, in order: a unit set up several times
/// (a duplicated setup entry) named once with its count, and the list cut
/// after `NAMED_UNITS` different units, so that a hex holding thousands of
/// entries gives a message that can still be read (and a bounded one).
fn stack_names(labels: impl Iterator<Item = String>) -> String {
    let mut counted: Vec<(String, usize)> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> =
        std::collections::HashMap::new();
    for label in labels {
        match index.get(&label) {
            Some(&i) => counted[i].1 += 1,
            None => {
                index.insert(label.clone(), counted.len());
                counted.push((label, 1));
            }
        }
    }
    let mut parts: Vec<String> = counted
        .iter()
        .take(NAMED_UNITS)
        .map(|(label, n)| match n {
            1 => label.clone(),
            n => format!("{label} x{n}"),
        })
        .collect();
    if counted.len() > NAMED_UNITS {
        let rest: usize = counted[NAMED_UNITS..].iter().map(|(_, n)| n).sum();
        parts.push(format!("and {rest} more"));
    }
    parts.join(", ")
}

/// Limits on a summed rating that some counted unit lacks: violations that
/// hold even at one step per unknown unit, and the names of the limits
/// that cannot be decided. A limit on a rating the series does not define
/// is not one of them: no unit can have it, and the series' REF008 says
/// the limit is wrong, not the counters.
fn unknown_limits(
    series: &Series,
    units: &[StackUnit],
) -> (Vec<String>, Vec<String>) {
    let mut certain = Vec::new();
    let mut missing = Vec::new();
    let Some(rules) = &series.stacking else {
        return (certain, missing);
    };
    for limit in &rules.limits {
        let Measure::Rating(rating) = &limit.measure else {
            continue;
        };
        if !series.ratings.iter().any(|r| &r.id == rating) {
            continue;
        }
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

#[cfg(test)]
mod tests {
    use super::stack_names;

    fn names(labels: &[&str]) -> String {
        stack_names(labels.iter().map(|l| (*l).to_owned()))
    }

    #[test]
    fn a_unit_set_up_many_times_is_named_once_with_its_count() {
        let mut labels = vec!["b1 (1st Line)"; 50_000];
        labels.push("b2 (2nd Line)");
        assert_eq!(names(&labels), "b1 (1st Line) x50000, b2 (2nd Line)");
    }

    #[test]
    fn a_long_stack_is_cut_after_twelve_units() {
        let labels: Vec<String> = (1..=15).map(|i| format!("u{i}")).collect();
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        assert_eq!(
            names(&refs),
            "u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, and 3 more"
        );
        assert_eq!(names(&["a", "b"]), "a, b");
    }
}
