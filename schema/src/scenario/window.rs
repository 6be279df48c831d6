//! Inherited arrivals chosen by time: a variant that starts later than its
//! base keeps the base's schedule from its own start on ("Reinforcements:
//! Per scenario 1" in Quatre-Bras 2, which starts at 1800, seed 001
//! l. 2094, 2112).

use super::issue::IssueKind;
use super::{Arrival, ArrivalWindow, TurnRef, TurnTrack, clock_minutes};

/// A window's bounds in minutes after midnight of the base's first day.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bounds {
    from: Option<i64>,
    until: Option<i64>,
}

impl Bounds {
    /// Whether the arrival's time, read on `track`, is inside.
    pub(super) fn contains(&self, track: &TurnTrack, a: &Arrival) -> bool {
        moment(track, &a.at).is_some_and(|m| {
            self.from.is_none_or(|f| f <= m)
                && self.until.is_none_or(|u| m <= u)
        })
    }
}

/// The window's bounds on the base's `track`, or why they do not read.
pub(super) fn bounds(
    track: &TurnTrack,
    w: &ArrivalWindow,
) -> Result<Bounds, IssueKind> {
    let read = |bound: &Option<TurnRef>| match bound {
        None => Ok(None),
        Some(at) => moment(track, at).map(Some).ok_or_else(|| {
            IssueKind::WindowOffTrack {
                bound: turn_words(at),
                track: track_words(track),
            }
        }),
    };
    let bounds = Bounds {
        from: read(&w.from)?,
        until: read(&w.until)?,
    };
    match (bounds.from, bounds.until, &w.from, &w.until) {
        (Some(f), Some(u), Some(from), Some(until)) if u < f => {
            Err(IssueKind::WindowEmpty {
                from: turn_words(from),
                until: turn_words(until),
            })
        }
        _ => Ok(bounds),
    }
}

/// The moment `at` names on `track`, in minutes after midnight of the
/// track's first day: a turn's start, a clock time on the first day it
/// occurs from the first turn on, or a dated time. `None` when it does not
/// read (a turn beyond the track, a date without `first_date`).
pub(super) fn moment(track: &TurnTrack, at: &TurnRef) -> Option<i64> {
    let starts = track.start_minutes()?;
    match at {
        TurnRef::Turn(n) => {
            let index = usize::from(*n).checked_sub(1)?;
            starts.get(index).map(|s| i64::from(*s))
        }
        TurnRef::Clock(clock) => {
            let m = i64::from(clock_minutes(clock)?);
            let first = i64::from(*starts.first()?);
            Some(if m < first { m + 1440 } else { m })
        }
        TurnRef::Dated { date, clock } => track.minutes_on(date, clock),
    }
}

/// A turn reference as the messages print it.
pub(super) fn turn_words(at: &TurnRef) -> String {
    match at {
        TurnRef::Turn(n) => format!("turn {n}"),
        TurnRef::Clock(c) => c.clone(),
        TurnRef::Dated { date, clock } => format!("{date} {clock}"),
    }
}

/// A turn track as the messages print it.
pub(super) fn track_words(turns: &TurnTrack) -> String {
    format!(
        "{} turns from {}, {} minutes each",
        turns.count, turns.first, turns.minutes_per_turn
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(first: &str, count: u16) -> TurnTrack {
        TurnTrack {
            date: None,
            first: first.into(),
            minutes_per_turn: 30,
            count,
            special: Vec::new(),
            first_date: None,
            ends_when: None,
            last: None,
        }
    }

    #[test]
    fn clock_times_after_midnight_fall_on_the_next_day() {
        let night = track("21:00", 8);
        let clock = |c: &str| moment(&night, &TurnRef::Clock(c.into()));
        assert_eq!(clock("21:30"), Some(21 * 60 + 30));
        assert_eq!(clock("00:30"), Some(24 * 60 + 30));
        assert_eq!(moment(&night, &TurnRef::Turn(8)), Some(24 * 60 + 30));
        assert_eq!(moment(&night, &TurnRef::Turn(9)), None);
        assert_eq!(moment(&night, &TurnRef::Turn(0)), None);
    }

    #[test]
    fn an_empty_or_unreadable_window_is_an_issue() {
        let qb1 = track("14:00", 13);
        let window = |from: &str, until: &str| ArrivalWindow {
            from: Some(TurnRef::Clock(from.into())),
            until: Some(TurnRef::Clock(until.into())),
            ..ArrivalWindow::default()
        };
        assert!(bounds(&qb1, &window("18:00", "20:00")).is_ok());
        assert!(matches!(
            bounds(&qb1, &window("19:00", "18:00")),
            Err(IssueKind::WindowEmpty { .. })
        ));
        let beyond = ArrivalWindow {
            from: Some(TurnRef::Turn(14)),
            ..ArrivalWindow::default()
        };
        assert!(matches!(
            bounds(&qb1, &beyond),
            Err(IssueKind::WindowOffTrack { .. })
        ));
    }
}
