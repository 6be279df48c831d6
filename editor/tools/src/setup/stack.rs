//! What the stack panel says of one hex: its units in stack order and,
//! per side, each series stacking limit with the steps counted against
//! it. A unit whose summed rating is unknown is counted as unknown, never
//! as 0: the limit then reads "not checked" unless even one step per
//! unknown unit breaks it (the validator's STK001 and STK003, same rule).

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::stacking::{Measure, StackUnit};

/// One unit of the stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// Unit id.
    pub unit: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Its steps, `None` when unknown.
    pub steps: Option<i32>,
    /// Its facing, 0-5 clockwise from north.
    pub facing: Option<u8>,
    /// Its formation's series id, as set up.
    pub formation: Option<String>,
    /// Its state's series id, as set up.
    pub state: Option<String>,
}

/// One limit against the units of one side in the hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitLine {
    /// E.g. "infantry and artillery: 6 steps + 2 unknown of 10".
    pub text: String,
    /// Broken for certain.
    pub broken: bool,
    /// Cannot be decided (an unknown rating).
    pub unknown: bool,
}

/// The stack panel's content.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// Units, top first.
    pub members: Vec<Member>,
    /// Each limit that counts a unit here.
    pub limits: Vec<LimitLine>,
    /// The series rules this stack breaks (forbidden pairs, allowed
    /// combinations, limits), as sentences.
    pub problems: Vec<String>,
}

impl Report {
    /// Whether the stack is illegal for certain.
    pub fn is_illegal(&self) -> bool {
        !self.problems.is_empty() || self.limits.iter().any(|l| l.broken)
    }
}

/// The report for `hex`, whose entries `stack` lists top first.
pub fn report(
    b: &Battle<'_>,
    stack: &[&berthier_schema::scenario::Placed],
) -> Report {
    let mut out = Report::default();
    let mut sides: Vec<(String, Vec<StackUnit>)> = Vec::new();
    for placed in stack {
        let Some(unit) = b.unit(&placed.unit) else {
            continue;
        };
        let su = b.stack_unit(placed);
        out.members.push(Member {
            unit: unit.id.clone(),
            name: unit.name.clone(),
            side: unit.side.clone(),
            steps: su.as_ref().and_then(|s| s.ratings.get("steps").copied()),
            facing: placed.facing,
            formation: placed.formation.clone(),
            state: placed.state.clone(),
        });
        let Some(su) = su else { continue };
        match sides.iter_mut().find(|(s, _)| *s == unit.side) {
            Some((_, units)) => units.push(su),
            None => sides.push((unit.side.clone(), vec![su])),
        }
    }
    let Some(rules) = &b.series.stacking else {
        return out;
    };
    for (side, units) in &sides {
        out.problems.extend(rules.violations(units));
        for limit in &rules.limits {
            let counted: Vec<&StackUnit> = units
                .iter()
                .filter(|u| !rules.exempt_classes.contains(&u.class))
                .filter(|u| limit.classes.contains(&u.class))
                .collect();
            if counted.is_empty() {
                continue;
            }
            let (known, unknown, what) = match &limit.measure {
                Measure::Units => (counted.len() as i32, 0, "units"),
                Measure::Rating(r) => (
                    counted.iter().filter_map(|u| u.ratings.get(r)).sum(),
                    counted
                        .iter()
                        .filter(|u| !u.ratings.contains_key(r))
                        .count() as i32,
                    r.as_str(),
                ),
            };
            let unknown_part = match unknown {
                0 => String::new(),
                n => format!(" + {n} unknown"),
            };
            let who = if sides.len() > 1 {
                format!("{side}, ")
            } else {
                String::new()
            };
            let broken = known + unknown > limit.max;
            let unknown = unknown > 0 && !broken;
            let verdict = match (broken, unknown) {
                (true, _) => ": over the limit",
                (false, true) => ": not checked, a rating is unknown",
                (false, false) => "",
            };
            out.limits.push(LimitLine {
                text: format!(
                    "{who}{}: {known} {what}{unknown_part} of {}{verdict}",
                    limit.name, limit.max
                ),
                broken,
                unknown,
            });
        }
    }
    out.problems.dedup();
    out
}

/// Whether any stack on the map is illegal, by hex (for marking them).
pub fn illegal_hexes(b: &Battle<'_>) -> Vec<HexId> {
    b.occupancy()
        .into_iter()
        .filter(|(_, on)| report(b, on).is_illegal())
        .map(|(hex, _)| hex)
        .collect()
}
