//! The ids a scenario's rules-as-data name: options and the elements that
//! depend on them, weather, map feature states, releases, no-go areas,
//! leaders' powers, morale groups and measures named by victory
//! conditions, and triggers.

use berthier_schema::scenario::{Measure, Scenario, ScenarioSide, Trigger};
use berthier_schema::series::Series;

use super::Out;
use super::placement::World;
use super::series::SeriesIds;
use crate::check::defined::Defined;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// Every finding of the scenario's rules-as-data references.
pub(super) fn check(
    ctx: &mut Out,
    w: &World<'_>,
    s: &Scenario,
    series: Option<&Series>,
) {
    options(ctx, w, s);
    weather(ctx, s, series);
    map_state(ctx, w, s, series);
    for (i, no_go) in s.no_go.iter().enumerate() {
        let p = at("no_go").index(i);
        for (k, side) in no_go.sides.iter().enumerate() {
            w.side(ctx, &p.field("sides").index(k), side);
        }
        w.placement(ctx, &p.field("area"), &no_go.area);
    }
    if let Some(end) = &s.turns.ends_when {
        trigger(ctx, w, s, &at("turns").field("ends_when"), end);
    }
    for (i, side) in s.sides.iter().enumerate() {
        side_rules(ctx, w, s, series, &at("sides").index(i), side);
    }
}

fn side_rules(
    ctx: &mut Out,
    w: &World<'_>,
    s: &Scenario,
    series: Option<&Series>,
    base: &Pointer,
    side: &ScenarioSide,
) {
    for (j, release) in side.releases.iter().enumerate() {
        let p = base.field("releases").index(j);
        w.units(ctx, &p.field("units"), &release.units);
        trigger(ctx, w, s, &p.field("until"), &release.until);
    }
    for (j, withdrawal) in side.withdrawals.iter().enumerate() {
        let p = base.field("withdrawals").index(j);
        w.units(ctx, &p.field("units"), &withdrawal.units);
        w.locations(ctx, &p.field("via"), &withdrawal.via);
    }
    for (j, morale) in side.morale.iter().enumerate() {
        for (k, weight) in morale.loss_weights.iter().enumerate() {
            let p = base.field("morale").index(j).field("loss_weights");
            w.units(ctx, &p.index(k).field("units"), &weight.units);
        }
    }
    for (j, leader) in side.leaders.iter().enumerate() {
        let p = base.field("leaders").index(j);
        w.unit(ctx, &p.field("unit"), &leader.unit);
        if let Some(commands) = &leader.commands {
            w.units(ctx, &p.field("commands"), commands);
        }
        for (name, t) in [("until", &leader.until), ("from", &leader.from)] {
            if let Some(t) = t {
                trigger(ctx, w, s, &p.field(name), t);
            }
        }
    }
    let known = series.map(SeriesIds::of);
    for (j, arrival) in side.reinforcements.iter().enumerate() {
        let p = base.field("reinforcements").index(j);
        if let (Some(known), Some(state)) = (&known, &arrival.state) {
            ctx.known(&known.states, &p.field("state"), state);
        }
        if let Some(follows) = &arrival.follows {
            w.units(ctx, &p.field("follows"), follows);
        }
        if let Some(condition) = &arrival.condition {
            trigger(ctx, w, s, &p.field("condition"), condition);
        }
    }
}

/// REF027: options declared once, chosen by a side, and every `option`
/// an element names declared.
fn options(ctx: &mut Out, w: &World<'_>, s: &Scenario) {
    let declared: Vec<(Pointer, &str)> = s
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| (at("options").index(i).field("id"), o.id.as_str()))
        .collect();
    ctx.unique("scenario option", declared);
    for (i, option) in s.options.iter().enumerate() {
        if let Some(side) = &option.chosen_by {
            w.side(ctx, &at("options").index(i).field("chosen_by"), side);
        }
    }
    let mut named: Vec<(Pointer, &str)> = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        let base = at("sides").index(i);
        for (j, a) in side.reinforcements.iter().enumerate() {
            let p = base.field("reinforcements").index(j).field("option");
            named.extend(a.option.as_deref().map(|o| (p, o)));
        }
        for (j, a) in side.attachments.iter().enumerate() {
            let p = base.field("attachments").index(j).field("option");
            named.extend(a.option.as_deref().map(|o| (p, o)));
        }
        for (j, a) in side.instructions.iter().enumerate() {
            let p = base.field("instructions").index(j).field("option");
            named.extend(a.option.as_deref().map(|o| (p, o)));
        }
        for (j, a) in side.losses.iter().enumerate() {
            let p = base.field("losses").index(j).field("option");
            named.extend(a.option.as_deref().map(|o| (p, o)));
        }
        for (j, a) in side.leaders.iter().enumerate() {
            let p = base.field("leaders").index(j).field("option");
            named.extend(a.option.as_deref().map(|o| (p, o)));
        }
    }
    for (i, r) in s.special_rules.iter().enumerate() {
        let p = at("special_rules").index(i).field("option");
        named.extend(r.option.as_deref().map(|o| (p, o)));
    }
    for (i, v) in s.victory.iter().enumerate() {
        let p = at("victory").index(i).field("option");
        named.extend(v.option.as_deref().map(|o| (p, o)));
    }
    for (pointer, id) in named {
        if !s.options.iter().any(|o| o.id == id) {
            ctx.report(
                Code::Ref027,
                &pointer,
                format!("option `{id}` is not one of the scenario's `options`"),
            )
            .help = Some(known("options", s.options.iter().map(|o| &o.id)));
        }
    }
}

/// REF028: weather named by the turn track is the series' weather.
fn weather(ctx: &mut Out, s: &Scenario, series: Option<&Series>) {
    let Some(series) = series else { return };
    for (i, special) in s.turns.special.iter().enumerate() {
        let Some(id) = &special.weather else { continue };
        if series.weather.iter().any(|w| &w.id == id) {
            continue;
        }
        let p = at("turns").field("special").index(i).field("weather");
        ctx.report(
            Code::Ref028,
            &p,
            format!("weather `{id}` is not defined by the series"),
        )
        .help = Some(known("weather", series.weather.iter().map(|w| &w.id)));
    }
}

/// REF029: a feature state names a hexside kind of the series that is
/// found at its location.
fn map_state(
    ctx: &mut Out,
    w: &World<'_>,
    s: &Scenario,
    series: Option<&Series>,
) {
    for (i, state) in s.map_state.iter().enumerate() {
        let p = at("map_state").index(i);
        w.location(ctx, &p.field("at"), &state.at);
        let Some(series) = series else { continue };
        let kinds = Defined::new(
            "hexside kind",
            series.hexside_types.iter().map(|t| &*t.id),
        );
        if !kinds.contains(&state.feature) {
            ctx.known(&kinds, &p.field("feature"), &state.feature);
            continue;
        }
        let Some(map) = w.map else { continue };
        let hexes = berthier_schema::zone::Zone::new(
            map,
            &berthier_schema::zone::NoSetup,
        )
        .location_hexes(&state.at)
        .unwrap_or_default();
        let found = map.hexsides.iter().any(|f| {
            f.feature == state.feature
                && f.at.hexes().iter().any(|h| hexes.contains(h))
        });
        if !hexes.is_empty() && !found {
            ctx.report(
                Code::Ref029,
                &p,
                format!(
                    "no `{}` hexside on or around {}",
                    state.feature, state.at
                ),
            );
        }
    }
}

/// REF011 for a morale group name a victory condition counts that the
/// side does not define.
pub(super) fn morale_groups(
    ctx: &mut Out,
    s: &Scenario,
    p: &Pointer,
    side: &str,
    groups: &[String],
) {
    let Some(own) = s.sides.iter().find(|x| x.side == side) else {
        return;
    };
    for (k, name) in groups.iter().enumerate() {
        if !own.morale.iter().any(|m| &m.name == name) {
            ctx.report(
                Code::Ref011,
                &p.field("groups").index(k),
                format!("side `{side}` has no morale group `{name}`"),
            )
            .help = Some(known("groups", own.morale.iter().map(|m| &m.name)));
        }
    }
}

/// The ids a measure names.
pub(super) fn measure(ctx: &mut Out, w: &World<'_>, p: &Pointer, m: &Measure) {
    match m {
        Measure::StepsLost(units) => {
            w.units(ctx, &p.field("StepsLost"), units);
        }
        Measure::StepsExited { units, via, .. } => {
            let p = p.field("StepsExited");
            w.units(ctx, &p.field("units"), units);
            w.locations(ctx, &p.field("via"), via);
        }
        Measure::VictoryPoints(side) => {
            w.side(ctx, &p.field("VictoryPoints"), side);
        }
    }
}

/// The ids a trigger names, however deeply combined.
pub(super) fn trigger(
    ctx: &mut Out,
    w: &World<'_>,
    s: &Scenario,
    p: &Pointer,
    t: &Trigger,
) {
    match t {
        Trigger::Turn(_) | Trigger::Chosen(_) => {}
        Trigger::Reaches { units, zone } => {
            let p = p.field("Reaches");
            w.units(ctx, &p.field("units"), units);
            w.placement(ctx, &p.field("zone"), zone);
        }
        Trigger::AllGone { units, via } => {
            let p = p.field("AllGone");
            w.units(ctx, &p.field("units"), units);
            w.locations(ctx, &p.field("via"), via);
        }
        Trigger::StillAt { units, zone, .. } => {
            let p = p.field("StillAt");
            w.units(ctx, &p.field("units"), units);
            if let Some(zone) = zone {
                w.placement(ctx, &p.field("zone"), zone);
            }
        }
        Trigger::Eliminated(units) => {
            w.units(ctx, &p.field("Eliminated"), units);
        }
        Trigger::Arrives(units) => {
            w.units(ctx, &p.field("Arrives"), units);
        }
        Trigger::All(list) | Trigger::AnyOf(list) => {
            let name = if matches!(t, Trigger::All(_)) {
                "All"
            } else {
                "AnyOf"
            };
            for (k, inner) in list.iter().enumerate() {
                trigger(ctx, w, s, &p.field(name).index(k), inner);
            }
        }
    }
    if let Trigger::Chosen(id) = t
        && !s.options.iter().any(|o| &o.id == id)
    {
        ctx.report(
            Code::Ref027,
            &p.field("Chosen"),
            format!("option `{id}` is not one of the scenario's `options`"),
        );
    }
}

fn known<'a>(what: &str, ids: impl Iterator<Item = &'a String>) -> String {
    let ids: Vec<&str> = ids.map(String::as_str).collect();
    if ids.is_empty() {
        format!("none are defined: add `{what}`")
    } else {
        format!("known: {}", ids.join(", "))
    }
}
