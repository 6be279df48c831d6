//! FAC001, FAC002: facing of stacked units.
//!
//! What follows is `docs/FAC001.md` and `docs/FAC002.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../docs/FAC001.md")]
#![doc = include_str!("../../docs/FAC002.md")]

use berthier_schema::battle::Battle;
use berthier_schema::series::{FacingKind, FacingRules};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// A unit compared for facing: its entry, formation id, facing, fronts.
struct Faced<'a> {
    setup: Setup<'a>,
    posture: String,
    facing: u8,
    fronts: u8,
}

/// FAC001 and FAC002 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let Some(rules) = &b.series.facing else {
        return Vec::new();
    };
    if !rules.stacked_share_facing && rules.mixed_min_shared_fronts.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (hex, stack) in scene.stacks() {
        // Both rules compare a unit with one stacked before it: a lone
        // entry has none (and most hexes hold one).
        if stack.len() < 2 {
            continue;
        }
        for side in common::sides(stack) {
            let faced: Vec<Faced<'_>> = stack
                .iter()
                .filter(|s| s.unit_side() == Some(side))
                .filter_map(|s| faced(b, rules, s))
                .collect();
            out.extend(same_facing(rules, &faced, hex));
            if let Some(n) = rules.mixed_min_shared_fronts {
                out.extend(mixed(&faced, n, hex));
            }
        }
    }
    out
}

fn faced<'a>(
    b: &Battle<'_>,
    rules: &FacingRules,
    s: &Setup<'a>,
) -> Option<Faced<'a>> {
    let unit = s.unit?;
    if common::is_leader(b, Some(unit))
        || rules.exempt_classes.contains(&unit.class)
    {
        return None;
    }
    let facing = s.placed.facing?;
    let posture = s.placed.formation.clone().unwrap_or_default();
    let def = b.series.formations.iter().find(|f| f.id == posture);
    let fronts = match def {
        Some(d) if d.facing == FacingKind::AllAround => return None,
        Some(d) => mask(d.facing, d.front_hexes, facing),
        None => mask(FacingKind::Vertex, None, facing),
    };
    Some(Faced {
        setup: *s,
        posture,
        facing,
        fronts,
    })
}

/// The front hexsides (bit `i` for hexside `i`) of a facing.
fn mask(kind: FacingKind, count: Option<u8>, facing: u8) -> u8 {
    let k = i32::from(facing % 6);
    let offsets: &[i32] = match (kind, count) {
        (FacingKind::AllAround, _) => &[0, 1, 2, 3, 4, 5],
        (FacingKind::Vertex, Some(4)) => &[-1, 0, 1, 2],
        (FacingKind::Vertex, _) => &[0, 1],
        (FacingKind::Hexside, Some(1)) => &[0],
        (FacingKind::Hexside, Some(5)) => &[-2, -1, 0, 1, 2],
        (FacingKind::Hexside, _) => &[-1, 0, 1],
    };
    offsets
        .iter()
        .fold(0, |m, o| m | (1 << (k + o).rem_euclid(6)))
}

fn same_facing(
    rules: &FacingRules,
    faced: &[Faced<'_>],
    hex: berthier_schema::HexId,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let by_formation = rules.mixed_min_shared_fronts.is_some();
    for (i, unit) in faced.iter().enumerate() {
        let first = faced[..i]
            .iter()
            .find(|f| !by_formation || f.posture == unit.posture);
        let Some(first) = first else { continue };
        if first.facing == unit.facing || !rules.stacked_share_facing {
            continue;
        }
        let section = rules
            .section
            .as_deref()
            .unwrap_or("the series' facing rules");
        out.push(
            Finding::new(
                Code::Fac001,
                unit.setup.pointer("facing"),
                format!(
                    "{} faces {} but {} in the same hex {hex} faces {}",
                    unit.setup.label(),
                    unit.facing,
                    first.setup.label(),
                    first.facing
                ),
            )
            .hex(hex)
            .help(format!("stacked units share a facing ({section})")),
        );
    }
    out
}

fn mixed(
    faced: &[Faced<'_>],
    least: u8,
    hex: berthier_schema::HexId,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, unit) in faced.iter().enumerate() {
        let clash = faced[..i].iter().find(|f| {
            f.posture != unit.posture
                && (f.fronts & unit.fronts).count_ones() < u32::from(least)
        });
        let Some(other) = clash else { continue };
        out.push(
            Finding::new(
                Code::Fac002,
                unit.setup.pointer("facing"),
                format!(
                    "{} ({}, facing {}) and {} ({}, facing {}) in hex {hex} \
                     share {} front hexes, fewer than {least}",
                    unit.setup.label(),
                    unit.posture,
                    unit.facing,
                    other.setup.label(),
                    other.posture,
                    other.facing,
                    (other.fronts & unit.fronts).count_ones()
                ),
            )
            .hex(hex)
            .help("units in mixed order must share front hexes (§V.7)"),
        );
    }
    out
}
