//! STK005: pairs of units the series lets stack only in some hexes
//! (Vive l'Empereur IV.3: general order with limbered artillery only in a
//! town, or in a forest on a road).
//!
//! What follows is `docs/STK005.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/STK005.md")]

use berthier_schema::HexId;
use berthier_schema::stacking::{HexFacts, PairOnlyIn, StackUnit, Stacking};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// STK005 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let Some(rules) = &b.series.stacking else {
        return Vec::new();
    };
    if rules.pairs_only_in.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (hex, stack) in scene.stacks() {
        // An unpainted hex cannot be judged: TER004 says the map is not
        // painted.
        let Some(terrain) = common::terrain_id(b, hex) else {
            continue;
        };
        let roads: Vec<&str> = b
            .map
            .roads
            .iter()
            .filter(|r| r.hexes.contains(&hex))
            .map(|r| r.class.as_str())
            .collect();
        let facts = HexFacts {
            terrain,
            roads: &roads,
        };
        for side in common::sides(stack) {
            let counted = counted(scene, rules, stack, side);
            for pair in &rules.pairs_only_in {
                if let Some(f) = misplaced(pair, &counted, hex, facts) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// The counted units of one side in a stack, with their setup entries.
fn counted<'s, 'a>(
    scene: &Scene<'_, 'a>,
    rules: &Stacking,
    stack: &'s [Setup<'a>],
    side: &str,
) -> Vec<(&'s Setup<'a>, StackUnit)> {
    let b = scene.battle;
    stack
        .iter()
        .filter(|s| s.unit_side() == Some(side))
        .filter(|s| !common::is_leader(b, s.unit))
        .filter_map(|s| b.stack_unit(s.placed).map(|u| (s, u)))
        .filter(|(_, u)| !rules.exempt_classes.contains(&u.class))
        .collect()
}

/// The finding for `pair` among `counted` in a hex it may not stack in.
fn misplaced(
    pair: &PairOnlyIn,
    counted: &[(&Setup<'_>, StackUnit)],
    hex: HexId,
    facts: HexFacts<'_>,
) -> Option<Finding> {
    let units: Vec<&StackUnit> = counted.iter().map(|(_, u)| u).collect();
    let (a, b) = pair.offenders(&units)?;
    if pair.allowed_in(facts) {
        return None;
    }
    let label = |id: &str| {
        counted
            .iter()
            .find(|(_, u)| u.id == id)
            .map_or_else(|| id.to_owned(), |(s, _)| s.label())
    };
    let last = counted.iter().rev().find(|(_, u)| u.id == a || u.id == b)?;
    let road = if facts.roads.is_empty() {
        "no road"
    } else {
        "a road"
    };
    let mut f = Finding::new(
        Code::Stk005,
        last.0.pointer("hex"),
        format!(
            "{}: {} with {} in hex {hex} ({}, {road}); this pair may stack \
             only in {}",
            pair.name,
            label(a),
            label(b),
            facts.terrain,
            pair.describe_hexes()
        ),
    )
    .hex(hex);
    let help = "set one of them up in another hex";
    f = match &pair.section {
        Some(section) => f.help(format!("{help} (see {section})")),
        None => f.help(help),
    };
    Some(f)
}
