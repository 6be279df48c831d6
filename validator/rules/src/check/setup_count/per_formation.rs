//! SET008, SET009: "The artillery is spread one unit per brigade" (seed 001
//! l. 2212, 2221, 2311, 2420), `Count::PerFormation`: each of the
//! instruction's units stands near a unit of one of the formations, and
//! the units can be shared out one per formation (SET008 against the
//! setup); a formation that has no unit set up at all can never receive one
//! (SET009).
//!
//! What follows is `docs/SET008.md` and `docs/SET009.md`.
#![doc = include_str!("../../../docs/SET008.md")]
#![doc = include_str!("../../../docs/SET009.md")]

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;

use super::super::common::{self, Setup};
use super::super::{Finding, Scene};
use super::{Counted, describe};
use crate::code::Code;
use crate::pointer::Pointer;

/// One `PerFormation` count of one instruction.
pub(super) struct PerFormation<'c> {
    pub formations: &'c [String],
    pub within: u8,
    /// The `counts/k` entry.
    pub pointer: Pointer,
    /// The instruction's side (index in `sides`).
    pub side: usize,
}

/// SET009 if a formation can never have a unit, else SET008 against the
/// setup.
pub(super) fn check(
    scene: &Scene<'_, '_>,
    counted: &Counted<'_, '_>,
    count: &PerFormation<'_>,
) -> Vec<Finding> {
    let b = scene.battle;
    let at = count.pointer.field("PerFormation").field("formations");
    let hexes: Vec<Vec<HexId>> = (count.formations.iter())
        .map(|f| formation_hexes(scene, counted, count.side, f))
        .collect();
    let empty: Vec<Finding> = (count.formations.iter().enumerate())
        .filter(|(i, _)| hexes[*i].is_empty() && has_no_unit(b, counted, count.side, count.formations, *i))
        .map(|(i, f)| {
            Finding::new(
                Code::Set009,
                at.index(i),
                format!(
                    "formation `{f}` has no unit set up besides the \
                     instruction's own, so none of them can stand with it \
                     ({})",
                    describe(counted.ins)
                ),
            )
            .help("list only formations this scenario sets up, or set one of its units up")
        })
        .collect();
    if !empty.is_empty() || count.formations.is_empty() {
        return empty;
    }
    spread(b, counted, count, &hexes)
}

/// The hexes of the side's set-up units of formation `f`, leaders and the
/// instruction's own units left out.
fn formation_hexes(
    scene: &Scene<'_, '_>,
    counted: &Counted<'_, '_>,
    side: usize,
    f: &str,
) -> Vec<HexId> {
    let b = scene.battle;
    (scene.setups.iter())
        .filter(|s| s.side == side)
        .filter(|s| member(b, counted, s.unit, f))
        .map(|s| s.placed.hex)
        .collect()
}

/// Whether `unit` is one of formation `f`'s units that count.
fn member(
    b: &Battle<'_>,
    counted: &Counted<'_, '_>,
    unit: Option<&Unit>,
    f: &str,
) -> bool {
    unit.is_some_and(|u| {
        b.counters.in_formation(u, f)
            && !common::is_leader(b, Some(u))
            && !counted.units.iter().any(|c| c.id == u.id)
    })
}

/// Whether no instruction of the side places a unit of the formation
/// (other than the counted ones): then no setup can give it a unit.
fn has_no_unit(
    b: &Battle<'_>,
    counted: &Counted<'_, '_>,
    side: usize,
    formations: &[String],
    i: usize,
) -> bool {
    let f = &formations[i];
    !b.scenario.sides[side]
        .instructions
        .iter()
        .flat_map(|ins| b.units_in(&ins.units))
        .any(|u| member(b, counted, Some(u), f))
}

/// SET008: a unit near no formation, or too few formations served.
fn spread(
    b: &Battle<'_>,
    counted: &Counted<'_, '_>,
    count: &PerFormation<'_>,
    hexes: &[Vec<HexId>],
) -> Vec<Finding> {
    let near = |s: &Setup<'_>| -> Vec<usize> {
        (0..hexes.len())
            .filter(|f| {
                hexes[*f].iter().any(|h| {
                    b.map.distance(*h, s.placed.hex) <= u32::from(count.within)
                })
            })
            .collect()
    };
    let options: Vec<Vec<usize>> =
        counted.placed.iter().map(|s| near(s)).collect();
    if let Some(alone) = options.iter().position(Vec::is_empty) {
        let s = counted.placed[alone];
        return vec![
            Finding::new(
                Code::Set008,
                s.pointer("hex"),
                format!(
                    "{} stands {} no unit of {} ({})",
                    s.label(),
                    if count.within == 0 {
                        "with".to_owned()
                    } else {
                        format!("within {} hexes of", count.within)
                    },
                    count.formations.join(", "),
                    describe(counted.ins)
                ),
            )
            .hex(s.placed.hex)
            .help("set it up with a unit of one of the formations"),
        ];
    }
    let served = matching(&options, hexes.len());
    let wanted = options.len().min(hexes.len());
    if served >= wanted {
        return Vec::new();
    }
    vec![
        Finding::new(
            Code::Set008,
            count.pointer.field("PerFormation"),
            format!(
                "the {} units can be shared out over only {served} of the \
                 {} formations, one each, where {wanted} are needed ({})",
                options.len(),
                hexes.len(),
                describe(counted.ins)
            ),
        )
        .hex(counted.placed[0].placed.hex)
        .help("move units so that each stands with a formation of its own"),
    ]
}

/// The most units that can each be given a formation of its own
/// (`options[u]`: the formations unit `u` stands near), by augmenting
/// paths.
fn matching(options: &[Vec<usize>], formations: usize) -> usize {
    let mut owner: Vec<Option<usize>> = vec![None; formations];
    let mut served = 0;
    for unit in 0..options.len() {
        let mut seen = vec![false; formations];
        if augment(unit, options, &mut owner, &mut seen) {
            served += 1;
        }
    }
    served
}

fn augment(
    unit: usize,
    options: &[Vec<usize>],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &f in &options[unit] {
        if seen[f] {
            continue;
        }
        seen[f] = true;
        let free = match owner[f] {
            None => true,
            Some(other) => augment(other, options, owner, seen),
        };
        if free {
            owner[f] = Some(unit);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::matching;

    #[test]
    fn units_are_shared_out_by_augmenting_paths() {
        // Unit 0 could take 0 or 1, unit 1 only 0: both served.
        assert_eq!(matching(&[vec![0, 1], vec![0]], 2), 2);
        // Two units near the same single formation: one served.
        assert_eq!(matching(&[vec![0], vec![0]], 2), 1);
        assert_eq!(matching(&[], 3), 0);
    }
}
