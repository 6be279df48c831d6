//! ENT010: an arrival that cannot be followed as written: both an entry
//! and an on-map placement, an on-map placement that fits no hex, or a
//! cadence whose groups are not the arrival's units.
//!
//! What follows is `docs/ENT010.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT010.md")]

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;
use berthier_schema::scenario::Arrival;
use berthier_schema::zone::{Verdict, Zone};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT010 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            let p = Pointer::root()
                .field("sides")
                .index(i)
                .field("reinforcements")
                .index(j);
            where_it_enters(b, &p, arrival, &mut out);
            cadence(b, &p, arrival, &mut out);
        }
    }
    out
}

fn where_it_enters(
    b: &Battle<'_>,
    p: &Pointer,
    arrival: &Arrival,
    out: &mut Vec<Finding>,
) {
    match (&arrival.entry, &arrival.placed) {
        (Some(_), Some(_)) => out.push(Finding::new(
            Code::Ent010,
            p.field("placed"),
            "an arrival either enters (`entry`) or is placed on the map \
                 (`placed`), not both"
                .to_owned(),
        )),
        (None, Some(placement)) => {
            let zone = Zone::new(b.map, b);
            let unit = b
                .units_in(&arrival.units)
                .first()
                .map_or("", |u| u.id.as_str());
            let any =
                b.map.extent.iter().flat_map(|e| e.hexes()).any(|hex| {
                    zone.allows(placement, unit, hex) != Verdict::No
                });
            if !any {
                out.push(Finding::new(
                    Code::Ent010,
                    p.field("placed"),
                    "no hex of the map fits this on-map arrival".to_owned(),
                ));
            }
        }
        _ => {}
    }
}

fn cadence(
    b: &Battle<'_>,
    p: &Pointer,
    arrival: &Arrival,
    out: &mut Vec<Finding>,
) {
    let Some(cadence) = &arrival.cadence else {
        return;
    };
    let all: BTreeSet<&str> = b
        .units_in(&arrival.units)
        .iter()
        .map(|u| u.id.as_str())
        .collect();
    let mut grouped: BTreeSet<&str> = BTreeSet::new();
    for (k, group) in cadence.groups.iter().enumerate() {
        for unit in b.units_in(group) {
            if !all.contains(unit.id.as_str()) {
                out.push(Finding::new(
                    Code::Ent010,
                    p.field("cadence").field("groups").index(k),
                    format!(
                        "unit `{}` is in a cadence group but not among the \
                         arrival's units",
                        unit.id
                    ),
                ));
            }
            grouped.insert(unit.id.as_str());
        }
    }
    let missing: Vec<String> = all
        .difference(&grouped)
        .map(|id| (*id).to_owned())
        .collect();
    if !missing.is_empty() {
        out.push(Finding::new(
            Code::Ent010,
            p.field("cadence").field("groups"),
            format!(
                "{} of the arrival in no cadence group",
                crate::words::units(&missing, 3)
            ),
        ));
    }
}
