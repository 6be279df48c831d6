//! Scenarios: every side, unit, formation, marker, location and hex they
//! use, and the series ids of setup formations and states (after
//! `rule_overrides`).

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::scenario::{Condition, Scenario, ScenarioSide};
use berthier_schema::series::Series;

use super::placement::World;
use super::{Out, ids};
use crate::check::Finding;
use crate::code::Code;

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
    let side_ids: Vec<(String, &str)> = s
        .sides
        .iter()
        .enumerate()
        .map(|(i, side)| (format!("/sides/{i}/side"), side.side.as_str()))
        .collect();
    ctx.unique("scenario side", side_ids);
    for (field, side) in [
        ("sets_up_first", &s.sets_up_first),
        ("moves_first", &s.moves_first),
    ] {
        if let Some(side) = side {
            world.side(ctx, &format!("/{field}"), side);
        }
    }
    for (i, side) in s.sides.iter().enumerate() {
        let base = format!("/sides/{i}");
        world.side(ctx, &format!("{base}/side"), &side.side);
        setup(ctx, &world, series, &base, side);
        arrivals(ctx, &world, &base, side);
        lists(ctx, &world, &base, side);
    }
    victory(ctx, &world, s);
    out.list
}

fn setup(
    ctx: &mut Out,
    w: &World<'_>,
    series: Option<&Series>,
    base: &str,
    side: &ScenarioSide,
) {
    for (j, ins) in side.instructions.iter().enumerate() {
        let p = format!("{base}/instructions/{j}");
        w.units(ctx, &format!("{p}/units"), &ins.units);
        w.placement(ctx, &format!("{p}/placement"), &ins.placement);
        if let (Some(series), Some(state)) = (series, &ins.state) {
            series_id(
                ctx,
                &format!("{p}/state"),
                "state",
                state,
                &ids(&series.states),
            );
        }
    }
    let formations = series.map(|s| ids(&s.formations));
    let states = series.map(|s| ids(&s.states));
    for (j, placed) in side.setup.iter().enumerate() {
        // Pointers are spelled out only for an entry with a finding: a
        // scenario has hundreds of entries, nearly all fine.
        let p = || format!("{base}/setup/{j}");
        if w.counters.is_some_and(|c| c.unit(&placed.unit).is_none()) {
            w.unit(ctx, &format!("{}/unit", p()), &placed.unit);
        }
        if w.map.is_some_and(|m| !m.contains(placed.hex)) {
            w.hex(ctx, &format!("{}/hex", p()), placed.hex);
        }
        let (Some(formations), Some(states)) = (&formations, &states) else {
            continue;
        };
        if let Some(f) = &placed.formation
            && !formations.contains(f.as_str())
        {
            let pointer = format!("{}/formation", p());
            series_id(ctx, &pointer, "formation", f, formations);
        }
        if let Some(state) = &placed.state
            && !states.contains(state.as_str())
        {
            series_id(ctx, &format!("{}/state", p()), "state", state, states);
        }
    }
}

fn series_id(
    ctx: &mut Out,
    pointer: &str,
    what: &str,
    id: &str,
    known: &std::collections::HashSet<&str>,
) {
    if !known.contains(id) {
        ctx.report(
            Code::Ref008,
            pointer,
            format!("{what} `{id}` is not defined by the series"),
        )
        .help = Some(
            "the series' own list, after its `extends` chain and this \
             scenario's `rule_overrides`"
                .into(),
        );
    }
}

fn arrivals(ctx: &mut Out, w: &World<'_>, base: &str, side: &ScenarioSide) {
    for (j, arrival) in side.reinforcements.iter().enumerate() {
        let p = format!("{base}/reinforcements/{j}");
        if let Some(f) = &arrival.formation {
            w.formation(ctx, &format!("{p}/formation"), f);
        }
        w.units(ctx, &format!("{p}/units"), &arrival.units);
        w.location(ctx, &format!("{p}/entry"), &arrival.entry);
        if let Some(alt) = &arrival.alternatives {
            w.locations(
                ctx,
                &format!("{p}/alternatives/entries"),
                &alt.entries,
            );
        }
    }
}

fn lists(ctx: &mut Out, w: &World<'_>, base: &str, side: &ScenarioSide) {
    for (j, unit) in side.absent.iter().enumerate() {
        w.unit(ctx, &format!("{base}/absent/{j}"), unit);
    }
    for (j, f) in side.markers_at_start.iter().enumerate() {
        w.formation(ctx, &format!("{base}/markers_at_start/{j}"), f);
    }
    if let Some(c) = w.counters {
        for (j, m) in side.special_markers.iter().enumerate() {
            if !c.markers.iter().any(|k| &k.id == m) {
                ctx.report(
                    Code::Ref011,
                    &format!("{base}/special_markers/{j}"),
                    format!("marker `{m}` is not in the counters file"),
                );
            }
        }
    }
    for (j, l) in side.losses.iter().enumerate() {
        w.units(ctx, &format!("{base}/losses/{j}/units"), &l.units);
    }
    for (j, a) in side.attachments.iter().enumerate() {
        w.units(ctx, &format!("{base}/attachments/{j}/units"), &a.units);
        w.formation(ctx, &format!("{base}/attachments/{j}/to"), &a.to);
    }
    for (j, m) in side.morale.iter().enumerate() {
        w.units(ctx, &format!("{base}/morale/{j}/units"), &m.units);
    }
    w.locations(ctx, &format!("{base}/retreat"), &side.retreat);
    w.locations(
        ctx,
        &format!("{base}/lines_of_communication"),
        &side.lines_of_communication,
    );
}

fn victory(ctx: &mut Out, w: &World<'_>, s: &Scenario) {
    for (i, v) in s.victory.iter().enumerate() {
        let p = format!("/victory/{i}");
        w.side(ctx, &format!("{p}/side"), &v.side);
        let c = format!("{p}/condition");
        match &v.condition {
            Condition::Objective { at, held_by, .. } => {
                w.location(ctx, &format!("{c}/Objective/at"), at);
                if let Some(side) = held_by {
                    w.side(ctx, &format!("{c}/Objective/held_by"), side);
                }
            }
            Condition::Exit { via, units, .. } => {
                w.location(ctx, &format!("{c}/Exit/via"), via);
                w.units(ctx, &format!("{c}/Exit/units"), units);
            }
            Condition::Elimination { .. } | Condition::Text(_) => {}
        }
    }
}
