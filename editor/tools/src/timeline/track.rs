//! The turn track as the timeline draws it: each turn's clock time, day,
//! length and what makes it special (night, fog, weather), and the time
//! to write when an arrival is moved to a turn, in the arrival's own way
//! of naming times.

use berthier_schema::scenario::{TurnRef, TurnTrack, date_after};

/// One turn of the track.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// 1-based.
    pub number: u16,
    /// `HH:MM` it starts at (empty when the track's first time does not
    /// read).
    pub clock: String,
    /// 0 on the first day, 1 the day after...
    pub day: u16,
    /// Its length in minutes.
    pub minutes: u16,
    /// A night turn.
    pub night: bool,
    /// A fog turn.
    pub fog: bool,
    /// The series' weather id on this turn, if any.
    pub weather: Option<String>,
}

/// Every turn of the track, in order.
pub fn turns(track: &TurnTrack) -> Vec<Turn> {
    let starts = track.start_minutes();
    (1..=track.count)
        .map(|number| {
            let special = track
                .special
                .iter()
                .filter(|s| (s.turns[0]..=s.turns[1]).contains(&number));
            let (mut night, mut fog, mut weather) = (false, false, None);
            for s in special {
                night |= s.night;
                fog |= s.fog;
                weather = weather.or_else(|| s.weather.clone());
            }
            let start = starts
                .as_ref()
                .and_then(|s| s.get(usize::from(number) - 1).copied());
            Turn {
                number,
                clock: start.map(clock_text).unwrap_or_default(),
                day: start.map_or(0, |m| u16::try_from(m / 1440).unwrap_or(0)),
                minutes: track.length_of(number),
                night,
                fog,
                weather,
            }
        })
        .collect()
}

/// `HH:MM` of minutes after midnight of any day.
pub fn clock_text(minutes: u32) -> String {
    let m = minutes % 1440;
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// The time to write for an arrival moved to `turn`, named as `old` names
/// times: a turn number stays a turn number; a clock time stays a clock
/// time when that time reads back as `turn` (on a track over several days
/// the same clock can come twice, and a clock names the first), else it
/// is dated when the track has a first date, else a turn number.
pub fn turn_ref_for(track: &TurnTrack, old: &TurnRef, turn: u16) -> TurnRef {
    let Some(start) = track
        .start_minutes()
        .and_then(|s| s.get(usize::from(turn).wrapping_sub(1)).copied())
    else {
        return TurnRef::Turn(turn);
    };
    let clock = clock_text(start);
    let dated = || {
        let first = track.first_date.as_deref()?;
        Some(TurnRef::Dated {
            date: date_after(first, i64::from(start / 1440))?,
            clock: clock.clone(),
        })
    };
    match old {
        TurnRef::Turn(_) => TurnRef::Turn(turn),
        TurnRef::Clock(_) if track.turn_at(&clock) == Some(turn) => {
            TurnRef::Clock(clock.clone())
        }
        TurnRef::Clock(_) | TurnRef::Dated { .. } => {
            dated().unwrap_or(TurnRef::Turn(turn))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::scenario::TurnSpecial;

    fn track() -> TurnTrack {
        TurnTrack {
            date: None,
            first: "20:00".into(),
            minutes_per_turn: 60,
            count: 20,
            last: None,
            special: vec![TurnSpecial {
                turns: [3, 5],
                night: true,
                fog: false,
                weather: None,
                minutes: Some(180),
                markers_per_formation: None,
                note: None,
            }],
            first_date: Some("1815-06-16".into()),
            ends_when: None,
        }
    }

    #[test]
    fn night_turns_are_longer_and_cross_midnight() {
        let turns = turns(&track());
        assert_eq!(turns[2].clock, "22:00");
        assert!(turns[2].night && !turns[1].night);
        assert_eq!((turns[3].clock.as_str(), turns[3].day), ("01:00", 1));
        assert_eq!((turns[5].clock.as_str(), turns[5].day), ("07:00", 1));
    }

    #[test]
    fn a_moved_time_keeps_its_way_of_naming_times() {
        let track = track();
        let clock = TurnRef::Clock("20:00".into());
        assert_eq!(
            turn_ref_for(&track, &clock, 2),
            TurnRef::Clock("21:00".into())
        );
        assert_eq!(
            turn_ref_for(&track, &TurnRef::Turn(1), 4),
            TurnRef::Turn(4)
        );
        assert_eq!(
            turn_ref_for(&track, &clock, 12),
            TurnRef::Clock("13:00".into())
        );
        // 20:00 on the second day: a clock would name the first day.
        assert_eq!(
            turn_ref_for(&track, &clock, 19),
            TurnRef::Dated {
                date: "1815-06-17".into(),
                clock: "20:00".into()
            }
        );
    }
}
