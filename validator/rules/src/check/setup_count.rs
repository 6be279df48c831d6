//! SET006, SET007: the counts an instruction puts on its units (per hex,
//! one each over places, at most or at least N in a sub-zone, "three of
//! these") hold in the concrete setup, and can hold at all; SET008 and
//! SET009 for "one unit per brigade" (`per_formation`).
//!
//! What follows is `docs/SET006.md` and `docs/SET007.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../docs/SET006.md")]
#![doc = include_str!("../../docs/SET007.md")]

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::placement::{Count, Placement};
use berthier_schema::scenario::Instruction;
use berthier_schema::zone::{Verdict, Zone};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

mod feasible;
mod per_formation;

/// One instruction with what the counts read: its counted units (leaders
/// left out) and the setup entries of those set up.
pub(super) struct Counted<'s, 'a> {
    pub ins: &'a Instruction,
    pub pointer: Pointer,
    pub units: Vec<&'a Unit>,
    pub placed: Vec<&'s Setup<'a>>,
}

/// SET006 and SET007 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let zone = Zone::new(b.map, b);
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, ins) in side.instructions.iter().enumerate() {
            let pointer = at("sides").index(i).field("instructions").index(j);
            let all = b.units_in(&ins.units);
            if ins.units.choose.is_some() && !side.setup.is_empty() {
                out.extend(chosen(scene, &zone, ins, &all, i, &pointer));
            }
            if ins.counts.is_empty() {
                continue;
            }
            let units: Vec<&Unit> = (all.into_iter())
                .filter(|u| !common::is_leader(b, Some(u)))
                .collect();
            let placed = (units.iter())
                .filter_map(|u| scene.setup_of(i, &u.id))
                .collect();
            let counted = Counted {
                ins,
                pointer,
                units,
                placed,
            };
            for (k, count) in ins.counts.iter().enumerate() {
                let ptr = counted.pointer.field("counts").index(k);
                if let Count::PerFormation { formations, within } = count {
                    let count = per_formation::PerFormation {
                        formations,
                        within: *within,
                        pointer: ptr,
                        side: i,
                    };
                    out.extend(per_formation::check(scene, &counted, &count));
                    continue;
                }
                let impossible = feasible::check(b, &zone, &counted, count);
                if let Some(why) = impossible {
                    out.push(Finding::new(Code::Set007, ptr, why).help(
                        "correct the count or the placement: as written, \
                             no setup can satisfy both",
                    ));
                } else if !counted.placed.is_empty() {
                    out.extend(in_setup(b, &zone, &counted, count, &ptr));
                }
            }
        }
    }
    out
}

/// "Three of these": at least `choose` of the candidates set up stand where
/// the instruction says.
fn chosen(
    scene: &Scene<'_, '_>,
    zone: &Zone<'_>,
    ins: &Instruction,
    candidates: &[&Unit],
    side: usize,
    pointer: &Pointer,
) -> Option<Finding> {
    let n = ins.units.choose?;
    if n == 0 || usize::from(n) > candidates.len() {
        return None; // REF017
    }
    let mut inside = 0u16;
    for unit in candidates {
        let Some(s) = scene.setup_of(side, &unit.id) else {
            continue;
        };
        match zone.allows(&ins.placement, &unit.id, s.placed.hex) {
            Verdict::Yes => inside += 1,
            Verdict::No => {}
            Verdict::Unknown(_) => return None, // SET002 says why
        }
    }
    (inside < n).then(|| {
        Finding::new(
            Code::Set006,
            pointer.field("units").field("choose"),
            format!(
                "{n} of the {} candidate units must be set up as this \
                 instruction says ({}), but {inside} are",
                candidates.len(),
                describe(ins)
            ),
        )
        .help("set up enough of the candidates in the instruction's zone")
    })
}

/// The count against the concrete setup.
fn in_setup(
    b: &Battle<'_>,
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    count: &Count,
    pointer: &Pointer,
) -> Vec<Finding> {
    match count {
        Count::PerHex { min, max } => {
            let mut out = Vec::new();
            if let Some(max) = max {
                out.extend(crowded(counted, *max));
            }
            if let Some(min) = min {
                out.extend(unfilled(zone, counted, *min, pointer));
            }
            out
        }
        Count::OneEach(locations) => locations
            .iter()
            .enumerate()
            .filter_map(|(i, location)| {
                let hexes = zone.location_hexes(location).ok()?;
                let there = units_on(counted, |h| hexes.contains(&h));
                (there.len() != 1).then(|| {
                    Finding::new(
                        Code::Set006,
                        pointer.field("OneEach").index(i),
                        format!(
                            "{location} must hold exactly one of the \
                             instruction's units, and holds {} ({})",
                            there.len(),
                            labels(&there)
                        ),
                    )
                    .hex(hexes[0])
                })
            })
            .collect(),
        // SET008, in `per_formation`.
        Count::PerFormation { .. } => Vec::new(),
        Count::InZone {
            zone: sub,
            units,
            min,
            max,
        } => {
            let subset: Option<Vec<&Unit>> =
                units.as_ref().map(|u| b.units_in(u));
            in_zone(zone, counted, sub, subset.as_deref(), (*min, *max))
                .map(|message| {
                    Finding::new(Code::Set006, pointer.clone(), message)
                })
                .into_iter()
                .collect()
        }
    }
}

/// Hexes holding more than `max` of the instruction's units.
fn crowded(counted: &Counted<'_, '_>, max: u16) -> Vec<Finding> {
    let mut by_hex: Vec<(HexId, Vec<&Setup<'_>>)> = Vec::new();
    for s in &counted.placed {
        match by_hex.iter_mut().find(|(h, _)| *h == s.placed.hex) {
            Some((_, list)) => list.push(s),
            None => by_hex.push((s.placed.hex, vec![s])),
        }
    }
    by_hex
        .into_iter()
        .filter(|(_, list)| list.len() > usize::from(max))
        .map(|(hex, list)| {
            let names: Vec<String> = list.iter().map(|s| s.label()).collect();
            let last = list[list.len() - 1];
            Finding::new(
                Code::Set006,
                last.pointer("hex"),
                format!(
                    "hex {hex} holds {} units of one instruction ({}), at \
                     most {max} per hex ({})",
                    list.len(),
                    names.join(", "),
                    describe(counted.ins)
                ),
            )
            .hex(hex)
            .help("spread the units over more hexes of the zone")
        })
        .collect()
}

/// Hexes of the instruction's zone holding fewer than `min` of its units.
fn unfilled(
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    min: u16,
    pointer: &Pointer,
) -> Vec<Finding> {
    let Some(unit) = counted.units.first() else {
        return Vec::new();
    };
    let Ok(hexes) = zone.hexes_allowing(&counted.ins.placement, &unit.id)
    else {
        return Vec::new(); // undecidable zone: SET002 reports it
    };
    hexes
        .into_iter()
        .filter_map(|hex| {
            let there = units_on(counted, |h| h == hex).len();
            (there < usize::from(min)).then(|| {
                Finding::new(
                    Code::Set006,
                    pointer.field("PerHex").field("min"),
                    format!(
                        "hex {hex} of the zone holds {there} of the \
                         instruction's units, at least {min} per hex ({})",
                        describe(counted.ins)
                    ),
                )
                .hex(hex)
            })
        })
        .collect()
}

/// How many counted units (of `subset` when given) stand in `sub`,
/// against the bounds; the message when out of them.
fn in_zone(
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    sub: &Placement,
    subset: Option<&[&Unit]>,
    (min, max): (Option<u16>, Option<u16>),
) -> Option<String> {
    let mut there = Vec::new();
    for s in &counted.placed {
        if subset.is_some_and(|set| !set.iter().any(|u| u.id == s.placed.unit))
        {
            continue;
        }
        match zone.allows(sub, &s.placed.unit, s.placed.hex) {
            Verdict::Yes => there.push(*s),
            Verdict::No => {}
            Verdict::Unknown(_) => return None,
        }
    }
    let n = u16::try_from(there.len()).unwrap_or(u16::MAX);
    let bound = match (min, max) {
        (_, Some(max)) if n > max => format!("at most {max}"),
        (Some(min), _) if n < min => format!("at least {min}"),
        _ => return None,
    };
    Some(format!(
        "{n} of the instruction's units stand in the sub-zone ({}), {bound} \
         may ({})",
        labels(&there),
        describe(counted.ins)
    ))
}

fn units_on<'s, 'a>(
    counted: &Counted<'s, 'a>,
    on: impl Fn(HexId) -> bool,
) -> Vec<&'s Setup<'a>> {
    (counted.placed.iter())
        .filter(|s| on(s.placed.hex))
        .copied()
        .collect()
}

fn labels(setups: &[&Setup<'_>]) -> String {
    let names: Vec<String> = setups.iter().map(|s| s.label()).collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// The instruction's printed words, or its placement in short.
pub(super) fn describe(ins: &Instruction) -> String {
    match &ins.text {
        Some(text) if text.chars().count() > 120 => {
            let cut: String = text.chars().take(117).collect();
            format!("\"{cut}...\"")
        }
        Some(text) => format!("\"{text}\""),
        None => "an instruction without text".to_owned(),
    }
}
