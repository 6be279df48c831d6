//! The turn track: clock times, dates, turn lengths, night, fog and
//! weather, and how a game may end before its last turn.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Trigger;
pub use crate::common::clock_minutes;

/// The turn track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnTrack {
    /// Date as printed ("14 January 1797").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Clock time of turn 1, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub first: String,
    /// Minutes per ordinary turn.
    #[schemars(range(min = 1))]
    pub minutes_per_turn: u16,
    /// Number of turns.
    #[schemars(range(min = 1))]
    pub count: u16,
    /// Turns that differ: night, fog, weather, other lengths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<TurnSpecial>,
    /// Calendar date of turn 1, `YYYY-MM-DD`, so that turns can be named
    /// by day across midnight ("On the 17th ... 0500: Vincke", seed 001
    /// l. 3031).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(
        pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
    ))]
    pub first_date: Option<String>,
    /// The game ends before its last turn when this happens ("ends when
    /// all the units of the IV Prussian corps are either destroyed or have
    /// left the map", Wavre 5, l. 2987); `count` is then the most turns it
    /// can last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_when: Option<Trigger>,
    /// Clock time of the last turn as printed, `HH:MM`: "The game starts
    /// at 1100 and ends at the end of the 2130 turn. This scenario
    /// therefore lasts 22 turns" (seed 001 l. 2590) states both `count`
    /// and this; the validator reports a `count` that does not end on it
    /// (ENT019).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub last: Option<String>,
}

/// Turns that differ from the ordinary turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpecial {
    /// First and last turn number (1-based), inclusive.
    pub turns: [u16; 2],
    /// Night turns.
    #[serde(default)]
    pub night: bool,
    /// Fog turns.
    #[serde(default)]
    pub fog: bool,
    /// Weather on these turns, by the series' weather id ("rain": "there
    /// are also twelve turns of rain", seed 001 l. 3102).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weather: Option<String>,
    /// Length of each of these turns in minutes, if not the ordinary one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u16>,
    /// Activation markers per formation on these turns, if not the usual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers_per_formation: Option<u8>,
    /// Note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A turn, by number or by the clock time printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum TurnRef {
    /// Turn number, 1-based.
    Turn(u16),
    /// Clock time `HH:MM` that must fall on the turn track (on the first
    /// day it occurs).
    Clock(String),
    /// A clock time on a given day, for tracks that run over several days
    /// (the track needs `first_date`).
    Dated {
        /// `YYYY-MM-DD`.
        #[schemars(regex(
            pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
        ))]
        date: String,
        /// `HH:MM`.
        #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
        clock: String,
    },
}

impl TurnTrack {
    /// The start time of each turn in minutes after midnight (may pass
    /// 1440 for games running past midnight).
    pub fn start_minutes(&self) -> Option<Vec<u32>> {
        let mut now = clock_minutes(&self.first)?;
        let mut starts = Vec::with_capacity(usize::from(self.count));
        for turn in 1..=self.count {
            starts.push(now);
            now += u32::from(self.length_of(turn));
        }
        Some(starts)
    }

    /// How many turns the track needs to reach `last` (the first turn,
    /// counted from 1, starting at that clock time, turn lengths as the
    /// track has them, past `count` if need be); `None` without `last`,
    /// with a time that does not read, or when no turn starts then within
    /// a week of play.
    pub fn count_to_last(&self) -> Option<u16> {
        let last = clock_minutes(self.last.as_deref()?)?;
        let mut now = clock_minutes(&self.first)?;
        let mut turn: u16 = 1;
        while now < clock_minutes(&self.first)? + 7 * 1440 {
            if now % 1440 == last {
                return Some(turn);
            }
            now += u32::from(self.length_of(turn).max(1));
            turn = turn.checked_add(1)?;
        }
        None
    }

    /// The turn (1-based) that starts at `clock`, if any, on the first
    /// day that clock time occurs.
    pub fn turn_at(&self, clock: &str) -> Option<u16> {
        let target = clock_minutes(clock)?;
        let starts = self.start_minutes()?;
        let index = starts.iter().position(|s| s % 1440 == target)?;
        u16::try_from(index + 1).ok()
    }

    /// Minutes after midnight of the first day of `date` at `clock`; `None`
    /// without `first_date`, or with a date or clock that does not read.
    pub fn minutes_on(&self, date: &str, clock: &str) -> Option<i64> {
        let first = day_number(self.first_date.as_deref()?)?;
        let day = day_number(date)?;
        Some((day - first) * 1440 + i64::from(clock_minutes(clock)?))
    }

    /// The turn holding the moment `minutes` (after midnight of the first
    /// day): `Ok(turn)` when a turn starts exactly then, `Err(Some(turn))`
    /// when it falls inside a turn, `Err(None)` when outside the game.
    pub fn turn_holding(&self, minutes: i64) -> Result<u16, Option<u16>> {
        let starts = self.start_minutes().ok_or(None)?;
        let end = self.end_minutes().ok_or(None)?;
        if minutes < i64::from(*starts.first().ok_or(None)?) || minutes >= end {
            return Err(None);
        }
        let index = starts.iter().rposition(|s| i64::from(*s) <= minutes);
        let index = index.ok_or(None)?;
        let turn = u16::try_from(index + 1).map_err(|_| None)?;
        if i64::from(starts[index]) == minutes {
            Ok(turn)
        } else {
            Err(Some(turn))
        }
    }

    /// Minutes after midnight of the first day at which the last turn ends.
    pub fn end_minutes(&self) -> Option<i64> {
        let starts = self.start_minutes()?;
        let last = *starts.last()?;
        Some(i64::from(last) + i64::from(self.length_of(self.count)))
    }

    /// Length in minutes of turn `turn`.
    pub fn length_of(&self, turn: u16) -> u16 {
        self.special
            .iter()
            .find(|s| (s.turns[0]..=s.turns[1]).contains(&turn))
            .and_then(|s| s.minutes)
            .unwrap_or(self.minutes_per_turn)
    }
}

/// The `YYYY-MM-DD` date `days` days after `date` (0 or more).
pub fn date_after(date: &str, days: i64) -> Option<String> {
    let target = day_number(date)? + days;
    let year: i64 = date.get(..4)?.parse().ok()?;
    // Walk from the first of January of the year before, a few hundred
    // steps at most for the days a game lasts.
    let mut y = year - 1;
    while day_number(&format!("{:04}-12-31", y))? < target {
        y += 1;
    }
    for m in 1..=12 {
        for d in 1..=31 {
            let text = format!("{y:04}-{m:02}-{d:02}");
            if day_number(&text) == Some(target) {
                return Some(text);
            }
        }
    }
    None
}

/// Days since 0000-03-01 of a `YYYY-MM-DD` date (the proleptic Gregorian
/// calendar), so that two dates subtract to a number of days.
pub fn day_number(date: &str) -> Option<i64> {
    let mut parts = date.splitn(3, '-');
    let year: i64 = parts.next()?.parse().ok()?;
    let month: i64 = parts.next()?.parse().ok()?;
    let day: i64 = parts.next()?.parse().ok()?;
    if date.len() != 10 || !(1..=12).contains(&month) {
        return None;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=days_in[(month - 1) as usize]).contains(&day) {
        return None;
    }
    // Count years from March so the leap day ends a year.
    let (y, m) = if month <= 2 {
        (year - 1, month + 9)
    } else {
        (year, month - 3)
    };
    Some(365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + day - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(first: &str, count: u16, last: &str) -> TurnTrack {
        TurnTrack {
            date: None,
            first: first.into(),
            minutes_per_turn: 30,
            count,
            special: Vec::new(),
            first_date: None,
            ends_when: None,
            last: Some(last.into()),
        }
    }

    #[test]
    fn the_turns_to_the_printed_last_turn_are_counted() {
        // Waterloo 1 (seed 001 l. 2590): 1100 to the 2130 turn, 22 turns.
        assert_eq!(track("11:00", 22, "21:30").count_to_last(), Some(22));
        // Waterloo 2 (l. 2704) prints 9 for 1330 to 1630: the times give 7.
        assert_eq!(track("13:30", 9, "16:30").count_to_last(), Some(7));
        // A three-hour night turn counts once: 21:00, 21:30 (night, three
        // hours), 00:30.
        let mut night = track("21:00", 3, "00:30");
        night.special.push(TurnSpecial {
            turns: [2, 2],
            night: true,
            fog: false,
            weather: None,
            minutes: Some(180),
            markers_per_formation: None,
            note: None,
        });
        assert_eq!(night.count_to_last(), Some(3));
        // No turn starts at 16:45 on a half-hour track.
        assert_eq!(track("13:30", 9, "16:45").count_to_last(), None);
    }

    #[test]
    fn dates_count_days_across_months_years_and_leap_days() {
        assert_eq!(date_after("1815-06-16", 0).as_deref(), Some("1815-06-16"));
        assert_eq!(date_after("1815-06-16", 2).as_deref(), Some("1815-06-18"));
        assert_eq!(date_after("1815-12-31", 1).as_deref(), Some("1816-01-01"));
        assert_eq!(date_after("2000-02-28", 1).as_deref(), Some("2000-02-29"));
        assert_eq!(date_after("1900-02-28", 1).as_deref(), Some("1900-03-01"));
        assert_eq!(day_number("1815-02-30"), None);
        assert_eq!(
            day_number("1815-06-18")
                .zip(day_number("1815-06-16"))
                .map(|(a, b)| a - b),
            Some(2)
        );
    }
}
