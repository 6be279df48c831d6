//! SET005: units the series keeps from standing next to an enemy unit
//! without friendly company (artillery in an enemy ZoC, a lone
//! commander-in-chief).
//!
//! What follows is `docs/SET005.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/SET005.md")]

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::series::{Cost, EnemyContact, Purpose, ZoneOfControl};

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
    let (near, enemy) =
        b.map.neighbours(hex).into_iter().find_map(|n| {
            enemy_at(scene, b, rule, side, n, hex).map(|e| (n, e))
        })?;
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

/// The first enemy unit in `hex` that counts for `rule` against a unit
/// in the adjacent hex `target`.
fn enemy_at<'s, 'a>(
    scene: &'s Scene<'_, 'a>,
    b: &Battle<'_>,
    rule: &EnemyContact,
    side: &str,
    hex: HexId,
    target: HexId,
) -> Option<&'s Setup<'a>> {
    let zoc = b
        .series
        .zone_of_control
        .as_ref()
        .filter(|_| rule.through_zoc);
    stack_at(scene, hex).iter().find(|o| {
        o.unit_side().is_some_and(|other| other != side)
            && !common::is_leader(b, o.unit)
            && b.stack_unit(o.placed).is_some_and(|u| {
                !rule.enemy_exempt.iter().any(|x| x.matches(&u))
            })
            && zoc.is_none_or(|z| zoc_reaches(b, z, o, target))
    })
}

/// Whether the ZoC of the enemy `from` reaches the adjacent hex `into`
/// (Jours de Gloire 6.2, 000 l. 365-377): not across a hexside impassable
/// to it, a bridge or ford on it included; not across a redoubt or wall
/// into its inner side; not into a castle or fortification from outside.
fn zoc_reaches(
    b: &Battle<'_>,
    zoc: &ZoneOfControl,
    from: &Setup<'_>,
    into: HexId,
) -> bool {
    let origin = from.placed.hex;
    let terrain_in = common::terrain_id(b, into);
    if let Some(t) = terrain_in
        && zoc.not_into_terrain.iter().any(|x| x == t)
        && common::terrain_id(b, origin) != Some(t)
    {
        return false;
    }
    let class = from.unit.map(|u| u.class_for(Purpose::Movement));
    !common::hexside_features(b, origin, into).iter().any(|f| {
        let kind = b.series.hexside_type(&f.feature);
        let impassable = kind.is_some_and(|t| {
            t.impassable
                || class.is_some_and(|c| {
                    t.movement.get(c) == Some(&Cost::NotAllowed)
                })
        });
        let walled = zoc.not_into_across.contains(&f.feature)
            && (!kind.is_some_and(|t| t.directed)
                || f.high.is_none_or(|high| high == into));
        (zoc.not_across_impassable && impassable) || walled
    })
}

/// The setup entries in `hex` (empty when none).
fn stack_at<'s, 'a>(scene: &'s Scene<'_, 'a>, hex: HexId) -> &'s [Setup<'a>] {
    scene.stack(hex)
}
