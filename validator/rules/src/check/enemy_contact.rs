//! SET005: units the series keeps from standing next to an enemy unit
//! without friendly company (artillery in an enemy ZoC, a lone
//! commander-in-chief).
//!
//! What follows is `docs/SET005.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/SET005.md")]

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::series::EnemyContact;

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// SET005 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    if b.series.enemy_contact.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for s in &scene.setups {
        for rule in &b.series.enemy_contact {
            if let Some(f) = contact(scene, rule, s) {
                out.push(f);
                break;
            }
        }
    }
    out
}

fn contact(
    scene: &Scene<'_, '_>,
    rule: &EnemyContact,
    s: &Setup<'_>,
) -> Option<Finding> {
    let b = scene.battle;
    let side = s.unit_side()?;
    let me = b.stack_unit(s.placed)?;
    if !rule.units.matches(&me) {
        return None;
    }
    let hex = s.placed.hex;
    let escorted = stack_at(scene, hex).iter().any(|o| {
        (o.side, o.index) != (s.side, s.index)
            && o.unit_side() == Some(side)
            && !common::is_leader(b, o.unit)
            && b.stack_unit(o.placed)
                .is_some_and(|u| rule.unless_with.matches(&u))
    });
    if escorted {
        return None;
    }
    let (near, enemy) = b
        .map
        .neighbours(hex)
        .into_iter()
        .find_map(|n| enemy_at(scene, b, rule, side, n).map(|e| (n, e)))?;
    let mut f = Finding::new(
        Code::Set005,
        s.pointer("hex"),
        format!(
            "{} is set up in hex {hex}, next to enemy {} in hex {near}, \
             without the friendly company the series requires ({})",
            s.label(),
            enemy.label(),
            rule.name
        ),
    )
    .hex(hex);
    let help = "stack a friendly unit with it, or set it up further from \
                the enemy";
    f = match &rule.section {
        Some(section) => f.help(format!("{help} (see {section})")),
        None => f.help(help),
    };
    Some(f)
}

/// The first enemy unit in `hex` that counts for `rule`.
fn enemy_at<'s, 'a>(
    scene: &'s Scene<'_, 'a>,
    b: &Battle<'_>,
    rule: &EnemyContact,
    side: &str,
    hex: HexId,
) -> Option<&'s Setup<'a>> {
    stack_at(scene, hex).iter().find(|o| {
        o.unit_side().is_some_and(|other| other != side)
            && !common::is_leader(b, o.unit)
            && b.stack_unit(o.placed).is_some_and(|u| {
                !rule.enemy_exempt.iter().any(|x| x.matches(&u))
            })
    })
}

/// The setup entries in `hex` (empty when none).
fn stack_at<'s, 'a>(scene: &'s Scene<'_, 'a>, hex: HexId) -> &'s [Setup<'a>] {
    scene
        .stacks
        .binary_search_by_key(&hex, |(h, _)| *h)
        .map_or(&[], |i| scene.stacks[i].1.as_slice())
}
