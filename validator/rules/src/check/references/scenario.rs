//! Scenarios: every side, unit, formation, marker, location and hex they
//! use, and the series ids of setup formations and states (after
//! `rule_overrides`).

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::scenario::{Condition, Scenario, ScenarioSide};
use berthier_schema::series::Series;

use super::Out;
use super::placement::World;
use super::series::SeriesIds;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// Every finding of a scenario's references, against the documents it
/// names, each `None` when its file does not load (the checks needing it
/// then do not run): `series` is its effective series with the scenario's
/// `rule_overrides` applied.
pub fn check(
    s: &Scenario,
    series: Option<&Series>,
    map: Option<&Map>,
    counters: Option<&Counters>,
) -> Vec<Finding> {
    let mut out = Out::default();
    let ctx = &mut out;
    let world = World { map, counters };
    let side_ids: Vec<(Pointer, &str)> = s
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            (at("sides").index(i).field("side"), side.side.as_str())
        })
        .collect();
    ctx.unique("scenario side", side_ids);
    for (field, side) in [
        ("sets_up_first", &s.sets_up_first),
        ("moves_first", &s.moves_first),
    ] {
        if let Some(side) = side {
            world.side(ctx, &at(field), side);
        }
    }
    for (i, side) in s.sides.iter().enumerate() {
        let base = at("sides").index(i);
        world.side(ctx, &base.field("side"), &side.side);
        setup(ctx, &world, series, &base, side);
        arrivals(ctx, &world, &base, side);
        lists(ctx, &world, &base, side);
    }
    victory(ctx, &world, s);
    super::play::check(ctx, &world, s, series);
    let overridden = s.rule_overrides.as_ref().and_then(|o| o.entry.as_ref());
    if let (Some(entry), Some(series)) = (overridden, series) {
        let base = at("rule_overrides").field("entry");
        ctx.list
            .extend(crate::check::entry_delay::check(entry, series, &base));
    }
    out.list
}

fn setup(
    ctx: &mut Out,
    w: &World<'_>,
    series: Option<&Series>,
    base: &Pointer,
    side: &ScenarioSide,
) {
    // A variant replaces or removes an instruction by its id, which must
    // name one instruction of the side.
    let instruction_ids =
        side.instructions.iter().enumerate().filter_map(|(j, ins)| {
            let pointer = base.field("instructions").index(j).field("id");
            ins.id.as_deref().map(|id| (pointer, id))
        });
    ctx.unique("setup instruction", instruction_ids);
    let known = series.map(SeriesIds::of);
    for (j, ins) in side.instructions.iter().enumerate() {
        let p = base.field("instructions").index(j);
        w.units(ctx, &p.field("units"), &ins.units);
        w.placement(ctx, &p.field("placement"), &ins.placement);
        w.counts(ctx, &p.field("counts"), &ins.counts);
        if let (Some(known), Some(state)) = (&known, &ins.state) {
            ctx.known(&known.states, &p.field("state"), state);
        }
    }
    for (j, placed) in side.setup.iter().enumerate() {
        // Pointers are spelled out only for an entry with a finding: a
        // scenario has hundreds of entries, nearly all fine.
        let p = || base.field("setup").index(j);
        if w.counters.is_some_and(|c| c.unit(&placed.unit).is_none()) {
            w.unit(ctx, &p().field("unit"), &placed.unit);
        }
        if w.map.is_some_and(|m| !m.contains(placed.hex)) {
            w.hex(ctx, &p().field("hex"), placed.hex);
        }
        let Some(known) = &known else { continue };
        if let Some(f) = &placed.formation
            && !known.formations.contains(f)
        {
            ctx.known(&known.formations, &p().field("formation"), f);
        }
        if let Some(state) = &placed.state
            && !known.states.contains(state)
        {
            ctx.known(&known.states, &p().field("state"), state);
        }
    }
}

fn arrivals(ctx: &mut Out, w: &World<'_>, base: &Pointer, side: &ScenarioSide) {
    for (j, arrival) in side.reinforcements.iter().enumerate() {
        let p = base.field("reinforcements").index(j);
        if let Some(f) = &arrival.formation {
            w.formation(ctx, &p.field("formation"), f);
        }
        w.units(ctx, &p.field("units"), &arrival.units);
        if let Some(entry) = &arrival.entry {
            w.location(ctx, &p.field("entry"), entry);
        }
        if let Some(placed) = &arrival.placed {
            w.placement(ctx, &p.field("placed"), placed);
        }
        for (k, losses) in arrival.losses.iter().enumerate() {
            let q = p.field("losses").index(k).field("units");
            w.units(ctx, &q, &losses.units);
        }
        if let Some(cadence) = &arrival.cadence {
            for (k, group) in cadence.groups.iter().enumerate() {
                let q = p.field("cadence").field("groups").index(k);
                w.units(ctx, &q, group);
            }
        }
        if let Some(alt) = &arrival.alternatives {
            w.locations(
                ctx,
                &p.field("alternatives").field("entries"),
                &alt.entries,
            );
        }
    }
}

fn lists(ctx: &mut Out, w: &World<'_>, base: &Pointer, side: &ScenarioSide) {
    for (j, unit) in side.absent.iter().enumerate() {
        w.unit(ctx, &base.field("absent").index(j), unit);
    }
    for (j, f) in side.markers_at_start.iter().enumerate() {
        w.formation(ctx, &base.field("markers_at_start").index(j), f);
    }
    if let Some(c) = w.counters {
        for (j, m) in side.special_markers.iter().enumerate() {
            if !c.markers.iter().any(|k| &k.id == m) {
                ctx.report(
                    Code::Ref011,
                    &base.field("special_markers").index(j),
                    format!("marker `{m}` is not in the counters file"),
                );
            }
        }
    }
    for (j, l) in side.losses.iter().enumerate() {
        w.units(ctx, &base.field("losses").index(j).field("units"), &l.units);
    }
    for (j, a) in side.attachments.iter().enumerate() {
        w.units(
            ctx,
            &base.field("attachments").index(j).field("units"),
            &a.units,
        );
        w.formation(
            ctx,
            &base.field("attachments").index(j).field("to"),
            &a.to,
        );
    }
    for (j, m) in side.morale.iter().enumerate() {
        w.units(ctx, &base.field("morale").index(j).field("units"), &m.units);
    }
    w.locations(ctx, &base.field("retreat"), &side.retreat);
    w.locations(
        ctx,
        &base.field("lines_of_communication"),
        &side.lines_of_communication,
    );
}

fn victory(ctx: &mut Out, w: &World<'_>, s: &Scenario) {
    // A variant replaces or removes a victory condition or a special rule
    // by its id, which must name one of them.
    let ids = s.victory.iter().enumerate().filter_map(|(i, v)| {
        let pointer = at("victory").index(i).field("id");
        v.id.as_deref().map(|id| (pointer, id))
    });
    ctx.unique("victory condition", ids);
    let ids = s.special_rules.iter().enumerate().filter_map(|(i, r)| {
        let pointer = at("special_rules").index(i).field("id");
        r.id.as_deref().map(|id| (pointer, id))
    });
    ctx.unique("special rule", ids);
    for (i, v) in s.victory.iter().enumerate() {
        let p = at("victory").index(i);
        w.side(ctx, &p.field("side"), &v.side);
        condition(ctx, w, s, &p.field("condition"), &v.condition);
    }
    let Some(levels) = &s.victory_levels else {
        return;
    };
    for (i, v) in levels.tie_break.iter().enumerate() {
        let p = at("victory_levels").field("tie_break").index(i);
        w.side(ctx, &p.field("side"), &v.side);
        condition(ctx, w, s, &p.field("condition"), &v.condition);
    }
}

/// The ids a victory condition names, however deeply combined.
fn condition(
    ctx: &mut Out,
    w: &World<'_>,
    s: &Scenario,
    c: &Pointer,
    cond: &Condition,
) {
    match cond {
        Condition::Objective { at, held_by, .. } => {
            w.location(ctx, &c.field("Objective").field("at"), at);
            if let Some(side) = held_by {
                w.side(ctx, &c.field("Objective").field("held_by"), side);
            }
        }
        Condition::Exit { via, units, .. } => {
            w.location(ctx, &c.field("Exit").field("via"), via);
            w.units(ctx, &c.field("Exit").field("units"), units);
        }
        Condition::Hold {
            at,
            except,
            held_by,
            ..
        } => {
            let p = c.field("Hold");
            w.location(ctx, &p.field("at"), at);
            w.locations(ctx, &p.field("except"), except);
            if let Some(side) = held_by {
                w.side(ctx, &p.field("held_by"), side);
            }
        }
        Condition::MoraleState { side, groups, .. } => {
            let p = c.field("MoraleState");
            w.side(ctx, &p.field("side"), side);
            super::play::morale_groups(ctx, s, &p, side, groups);
        }
        Condition::ExitAny { via, groups, .. } => {
            let p = c.field("ExitAny");
            w.locations(ctx, &p.field("via"), via);
            for (k, group) in groups.iter().enumerate() {
                w.units(ctx, &p.field("groups").index(k), group);
            }
        }
        Condition::Compare { higher, than } => {
            let p = c.field("Compare");
            super::play::measure(ctx, w, &p.field("higher"), higher);
            super::play::measure(ctx, w, &p.field("than"), than);
        }
        Condition::All(list) | Condition::AnyOf(list) => {
            let name = match cond {
                Condition::All(_) => "All",
                _ => "AnyOf",
            };
            for (k, inner) in list.iter().enumerate() {
                condition(ctx, w, s, &c.field(name).index(k), inner);
            }
        }
        Condition::AtLeast { of, .. } => {
            let p = c.field("AtLeast").field("of");
            for (k, inner) in of.iter().enumerate() {
                condition(ctx, w, s, &p.index(k), inner);
            }
        }
        Condition::Exactly { of, .. } => {
            let p = c.field("Exactly").field("of");
            for (k, inner) in of.iter().enumerate() {
                condition(ctx, w, s, &p.index(k), inner);
            }
        }
        Condition::ExitFormations {
            via, formations, ..
        } => {
            let p = c.field("ExitFormations");
            w.locations(ctx, &p.field("via"), via);
            for (k, id) in formations.iter().enumerate() {
                w.formation(ctx, &p.field("formations").index(k), id);
            }
        }
        Condition::Happened(t) => {
            super::play::trigger(ctx, w, s, &c.field("Happened"), t);
        }
        Condition::Elimination { .. } | Condition::Text(_) => {}
    }
}
