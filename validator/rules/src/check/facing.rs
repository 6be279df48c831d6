//! FAC001, FAC002: facing of stacked units.
//!
//! ## What it does
//! With the series' `facing` rules: FAC001 reports stacked units that must
//! share a facing but do not. Jours de Gloire: every unit in a hex shares
//! one facing, except the exempt classes (artillery stacked with infantry
//! or cavalry). Vive l'Empereur (`mixed_min_shared_fronts`): units in the
//! same formation share a facing; units in different formations ("mixed
//! order") may differ but every pair must share at least N front hexes
//! (FAC002). Front hexes follow the formation's facing kind: a vertex
//! gives the two hexes either side of it (line, unlimbered artillery), a
//! hexside the hexes around it (column: three defending front hexes),
//! all-around formations (square, general order) all six. Leaders, exempt
//! classes, units without a facing and units in all-around formations are
//! not compared. Formations that may not stack at all (square with
//! non-square, skirmishers, disorder with order) are forbidden pairs of
//! the stacking rules: STK001.
//!
//! Facing numbers run 0-5 clockwise; a vertex facing `k` lies between
//! hexsides `k` and `k + 1`.
//!
//! ## Why
//! The facing of a stack decides its front and flanks from the first
//! fire.
//!
//! ## Example
//! Two Lebley counters in 1511 with facings 0 and 3.
//!
//! Rulebook: Jours de Gloire 6.1, 6.1.1; Vive l'Empereur §V.7.

use berthier_schema::battle::Battle;
use berthier_schema::series::{FacingKind, FacingRules};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::{Code, Rule};

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[
    (
        Code::Fac001,
        Rule {
            summary: "Stacked units do not share a facing",
            what: "Where the series requires stacked units to share a \
                   facing, reports a unit whose facing differs from the \
                   first compared unit of its hex: all units (Jours de \
                   Gloire, artillery exempt), or all units in the same \
                   formation (Vive l'Empereur). Leaders, units without a \
                   facing and units in all-around formations are not \
                   compared.",
            why: "A stack has one front; the setup must say which.",
            example: "(unit: \"lebley-1\", hex: \"1511\", facing: 0), \
                      (unit: \"lebley-2\", hex: \"1511\", facing: 3)",
            rulebook: Some("Jours de Gloire 6.1, 6.1.1; Vive l'Empereur §V.7"),
        },
    ),
    (
        Code::Fac002,
        Rule {
            summary: "Mixed-order stack shares too few front hexes",
            what: "Vive l'Empereur: units stacked in different formations \
                   may face differently but every pair must share at least \
                   two front hexes (the series' `mixed_min_shared_fronts`). \
                   Front hexes come from the formation's facing kind and \
                   number of front hexes.",
            why: "Mixed order is legal only with a common front.",
            example: "line facing 0 (fronts 0, 1) with limbered artillery \
                      facing 3 (fronts 2, 3, 4)",
            rulebook: Some("Vive l'Empereur §V.7, §IV.1, §IV.2"),
        },
    ),
];

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
    for (hex, stack) in &scene.stacks {
        let hex = *hex;
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
