//! REF045: a series' night that cannot be read as written (seed 001
//! l. 3100-3112: three night turns back to back, recovery at the end of
//! the third, rally at the end of the fourth turn).
//!
//! What follows is `docs/REF045.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/REF045.md")]

use berthier_schema::series::{Series, TurnRule};

use super::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF045 on `s`'s night and weather rules; arms are read from `all`, its
/// effective series.
pub fn check(s: &Series, all: &Series) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, w) in s.weather.iter().enumerate() {
        let p = at("weather").index(i).field("rules");
        arms(all, &w.rules, &p, &mut out);
    }
    let Some(night) = &s.night else {
        return out;
    };
    let base = at("night");
    arms(all, &night.rules, &base.field("rules"), &mut out);
    if night.turns.is_empty() {
        out.push(Finding::new(
            Code::Ref045,
            base.field("turns"),
            "a night needs at least one turn",
        ));
    }
    for (i, pair) in night.turns.windows(2).enumerate() {
        if pair[0].until != pair[1].from {
            out.push(Finding::new(
                Code::Ref045,
                base.field("turns").index(i + 1).field("from"),
                format!(
                    "night turn {} starts at {}, not when turn {} ends ({})",
                    i + 2,
                    pair[1].from,
                    i + 1,
                    pair[0].until
                ),
            ));
        }
    }
    let n = night.turns.len();
    if let Some(r) = &night.recovery
        && usize::from(r.at_end_of_turn) > n
    {
        out.push(Finding::new(
            Code::Ref045,
            base.field("recovery").field("at_end_of_turn"),
            format!(
                "losses are recovered at the end of night turn {}, but the \
                 night has {n}",
                r.at_end_of_turn
            ),
        ));
    }
    if let Some(r) = &night.rally
        && usize::from(r.at_end_of_turn) > n + 1
    {
        out.push(Finding::new(
            Code::Ref045,
            base.field("rally").field("at_end_of_turn"),
            format!(
                "the rally comes at the end of turn {}, more than one turn \
                 after the night's {n}",
                r.at_end_of_turn
            ),
        ));
    }
    out
}

/// Each arm a rule names that no unit class of the series has.
fn arms(all: &Series, rules: &[TurnRule], p: &Pointer, out: &mut Vec<Finding>) {
    for (i, rule) in rules.iter().enumerate() {
        let TurnRule::MeleeOnlyFromAdjacency { arms } = rule else {
            continue;
        };
        for (j, arm) in arms.iter().enumerate() {
            if !all.unit_classes.iter().any(|c| &c.arm == arm) {
                out.push(Finding::new(
                    Code::Ref045,
                    p.index(i)
                        .field("melee_only_from_adjacency")
                        .field("arms")
                        .index(j),
                    format!(
                        "no unit class of the series is of the arm `{arm}`"
                    ),
                ));
            }
        }
    }
}
