//! Counters: unique ids, the command hierarchy (sides, parents,
//! commanders), and the series' classes, counter sides and ratings.

use std::collections::HashSet;

use berthier_schema::counters::{Counters, Unit};
use berthier_schema::series::Series;

use super::series::SeriesIds;
use super::{Out, id_pointers, ids};
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// Every finding of a counters file: unique ids, sides, nationalities,
/// formations and commanders, the command hierarchy (OOB001-OOB003), and,
/// with its effective `series` (`None` when it does not load), unit
/// classes, counter sides and ratings.
pub fn check(c: &Counters, series: Option<&Series>) -> Vec<Finding> {
    let mut out = Out::default();
    let ctx = &mut out;
    ctx.unique("side", id_pointers(&at("sides"), &c.sides));
    ctx.unique("formation", id_pointers(&at("formations"), &c.formations));
    ctx.unique("unit", id_pointers(&at("units"), &c.units));
    ctx.unique("marker", id_pointers(&at("markers"), &c.markers));
    let activation: Vec<(Pointer, &str)> = c
        .formations
        .iter()
        .enumerate()
        .flat_map(|(i, f)| {
            id_pointers(
                &at("formations").index(i).field("activation_markers"),
                &f.activation_markers,
            )
        })
        .collect();
    ctx.unique("activation marker", activation.clone());
    let markers = id_pointers(&at("markers"), &c.markers);
    for (pointer, id) in activation.into_iter().chain(markers) {
        if c.unit(id).is_some() {
            ctx.report(
                Code::Ref003,
                &pointer,
                format!("marker id `{id}` is also a unit id"),
            )
            .help = Some(
                "ids are unique in the file: a scenario naming it could \
                 mean either"
                    .into(),
            );
        }
    }
    formations(ctx, c);
    let unknown = crate::check::units_unknown::counters(c);
    for f in crate::check::oob::counters(c, series)
        .into_iter()
        .chain(unknown)
    {
        // Located by pointer, message only, as pass 2 always reported them.
        ctx.report(f.code, &f.pointer, f.message);
    }
    let known = series.map(SeriesIds::of);
    for (i, unit) in c.units.iter().enumerate() {
        unit_refs(ctx, c, i, unit);
        if let Some(known) = &known {
            unit_series(ctx, known, i, unit);
        }
    }
    let sides = ids(&c.sides);
    for (i, marker) in c.markers.iter().enumerate() {
        if let Some(side) = &marker.side {
            side_ref(ctx, &sides, &at("markers").index(i).field("side"), side);
        }
    }
    out.list
}

fn side_ref(ctx: &mut Out, sides: &HashSet<&str>, pointer: &str, side: &str) {
    if !sides.contains(side) {
        ctx.report(
            Code::Ref011,
            pointer,
            format!("side `{side}` is not a side of the counters file"),
        );
    }
}

fn formations(ctx: &mut Out, c: &Counters) {
    let sides = ids(&c.sides);
    let formations = ids(&c.formations);
    let units = ids(&c.units);
    for (i, f) in c.formations.iter().enumerate() {
        side_ref(
            ctx,
            &sides,
            &at("formations").index(i).field("side"),
            &f.side,
        );
        if let Some(parent) = &f.parent
            && !formations.contains(parent.as_str())
        {
            ctx.report(
                Code::Ref005,
                &at("formations").index(i).field("parent"),
                format!("formation `{parent}` does not exist"),
            );
        }
        if let Some(commander) = &f.commander
            && !units.contains(commander.as_str())
        {
            ctx.report(
                Code::Ref004,
                &at("formations").index(i).field("commander"),
                format!("unit `{commander}` does not exist"),
            );
        }
    }
}

fn unit_refs(ctx: &mut Out, c: &Counters, i: usize, unit: &Unit) {
    let sides = ids(&c.sides);
    side_ref(ctx, &sides, &at("units").index(i).field("side"), &unit.side);
    if let Some(nationality) = &unit.nationality {
        let known = c
            .sides
            .iter()
            .filter(|s| s.id == unit.side)
            .flat_map(|s| &s.nationalities)
            .any(|n| &n.id == nationality);
        if !known {
            ctx.report(
                Code::Ref011,
                &at("units").index(i).field("nationality"),
                format!(
                    "nationality `{nationality}` is not one of side `{}`",
                    unit.side
                ),
            );
        }
    }
    if let Some(formation) = &unit.formation
        && c.formation(formation).is_none()
    {
        ctx.report(
            Code::Ref005,
            &at("units").index(i).field("formation"),
            format!("formation `{formation}` does not exist"),
        );
    }
}

/// REF008 for a unit's class (and the classes it counts as), and the
/// counter sides and ratings of its ratings tables.
fn unit_series(ctx: &mut Out, known: &SeriesIds<'_>, i: usize, unit: &Unit) {
    let unit_base = at("units").index(i);
    ctx.known(&known.classes, &unit_base.field("class"), &unit.class);
    for (purpose, class) in &unit.class_as {
        let key = serde_json::to_value(purpose)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let pointer = unit_base.field("class_as").key(key);
        ctx.known(&known.classes, &pointer, class);
    }
    let tables = std::iter::once((unit_base.field("ratings"), &unit.ratings))
        .chain(unit.ratings_after_losses.iter().enumerate().map(|(k, r)| {
            let p = unit_base.field("ratings_after_losses").index(k);
            (p.field("ratings"), &r.ratings)
        }));
    for (table, by_side) in tables {
        rating_ids(ctx, known, &table, by_side);
    }
}

/// REF008 for the counter sides and rating ids of one ratings table.
fn rating_ids(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    table: &Pointer,
    by_side: &std::collections::BTreeMap<
        String,
        std::collections::BTreeMap<String, Option<i16>>,
    >,
) {
    for (side, values) in by_side {
        let base = table.key(side);
        ctx.known_key(&known.counter_sides, &base, side);
        for rating in values.keys() {
            ctx.known_key(&known.ratings, &base.key(rating), rating);
        }
    }
}
