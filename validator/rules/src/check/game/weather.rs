//! ENT016: a game's undated weather ("There are also twelve turns of rain
//! during these three days", 001 l. 3102) names a weather of its battles'
//! series, in a span of the game clock that holds at least as many day
//! turns as it counts.
//!
//! What follows is `docs/ENT016.md`.
#![doc = include_str!("../../../docs/ENT016.md")]

use std::collections::BTreeSet;

use berthier_schema::game::{ClockTurn, UndatedWeather};

use super::GameInputs;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// ENT016 for each undated weather that cannot be placed on the clock.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, weather) in inputs.game.weather.iter().enumerate() {
        out.extend(one(inputs, weather, at("weather").index(i)));
    }
    out
}

fn one(
    inputs: &GameInputs<'_>,
    weather: &UndatedWeather,
    base: Pointer,
) -> Option<Finding> {
    let mut series = inputs.armies.iter().flatten().map(|(s, _)| s);
    let all_series = inputs.armies.iter().all(Option::is_some);
    if all_series
        && !series.any(|s| s.weather.iter().any(|w| w.id == weather.weather))
    {
        let text = format!(
            "`{}` is no weather of the battles' series",
            weather.weather
        );
        return Some(Finding::new(Code::Ent016, base.field("weather"), text));
    }
    let (from, until) = (&weather.from, &weather.until);
    let (Some(start), Some(end)) = (from.minutes(), until.minutes()) else {
        let bad = if from.minutes().is_none() {
            ("from", from)
        } else {
            ("until", until)
        };
        let text =
            format!("{} {} is not a date and time", bad.1.date, bad.1.time);
        return Some(Finding::new(Code::Ent016, base.field(bad.0), text));
    };
    if end < start {
        let text = format!(
            "the span ends ({} {}) before it begins ({} {})",
            until.date, until.time, from.date, from.time
        );
        return Some(Finding::new(Code::Ent016, base.field("until"), text));
    }
    let held = day_turns(inputs, start, end)?;
    (held < usize::from(weather.turns)).then(|| {
        Finding::new(
            Code::Ent016,
            base.field("turns"),
            format!(
                "{} turns of {} asked between {} {} and {} {}, which hold {held} day turns",
                weather.turns, weather.weather, from.date, from.time, until.date, until.time
            ),
        )
        .help("widen the span, or count fewer turns")
    })
}

/// The moments on the game clock, between `start` and `end` (both
/// included), that begin a turn of some battle that is not a night turn;
/// `None` unless every battle's scenario loads.
fn day_turns(inputs: &GameInputs<'_>, start: i64, end: i64) -> Option<usize> {
    let mut moments = BTreeSet::new();
    for (battle, loaded) in inputs.game.battles.iter().zip(&inputs.battles) {
        let (scenario, _) = loaded.as_ref()?;
        let track = &scenario.turns;
        let turns = ClockTurn::from_track(track, &[]);
        for (n, turn) in (1..=track.count).zip(&turns) {
            let Some(m) = battle.turn_minutes(track, n) else {
                continue;
            };
            if !turn.night && (start..=end).contains(&m) {
                moments.insert(m);
            }
        }
    }
    Some(moments.len())
}
