//! What a variant's edits select: the inherited units and arrivals a
//! `UnitSet` names (by unit, or by formation with its sub-formations), and
//! an arrival's time moved along the turn track.

use super::issue::IssueKind;
use super::{Arrival, TurnRef, TurnTrack, UnitSet, clock_minutes};
use crate::counters::Counters;

/// The units and formations a change selects.
pub(super) struct Selector<'a> {
    pub(super) set: &'a UnitSet,
    pub(super) counters: Option<&'a Counters>,
}

impl Selector<'_> {
    /// Whether unit `id` is selected: named, or in a named formation.
    pub(super) fn unit(&self, id: &str) -> bool {
        self.set.units.iter().any(|u| u == id)
            || self.counters.is_some_and(|c| {
                c.unit(id).is_some_and(|unit| {
                    self.set.formations.iter().any(|f| c.in_formation(unit, f))
                })
            })
    }

    /// Whether formation `id` is a selected formation or under one.
    pub(super) fn formation(&self, id: &str) -> bool {
        let mut current = Some(id);
        let mut depth = 0;
        while let Some(f) = current {
            if self.set.formations.iter().any(|s| s == f) {
                return true;
            }
            depth += 1;
            let parent = self
                .counters
                .and_then(|c| c.formation(f))
                .and_then(|f| f.parent.as_deref());
            current = if depth > 64 { None } else { parent };
        }
        false
    }

    /// Whether the set names no unit and no formation: it selects every
    /// arrival.
    pub(super) fn all(&self) -> bool {
        self.set.units.is_empty() && self.set.formations.is_empty()
    }

    /// Whether the arrival is selected at all (an empty set selects all).
    pub(super) fn any(&self, a: &Arrival) -> bool {
        self.all()
            || a.formation.as_deref().is_some_and(|f| self.formation(f))
            || a.units.units.iter().any(|u| self.unit(u))
            || a.units.formations.iter().any(|f| self.formation(f))
    }

    /// Keeps in `a` only the selected part (`keep`) or only the rest;
    /// whether anything is left. An arrival whose `formation` is selected
    /// is selected whole.
    pub(super) fn split(&self, a: &mut Arrival, keep: bool) -> bool {
        if a.formation.as_deref().is_some_and(|f| self.formation(f)) {
            return keep;
        }
        a.units.units.retain(|u| self.unit(u) == keep);
        a.units.formations.retain(|f| self.formation(f) == keep);
        !(a.units.units.is_empty() && a.units.formations.is_empty())
    }
}

/// `at` moved by `minutes`, if the new time starts a turn of `turns`.
pub(super) fn shifted(
    turns: &TurnTrack,
    at: &TurnRef,
    minutes: i32,
) -> Option<TurnRef> {
    let starts = turns.start_minutes()?;
    let from = match at {
        TurnRef::Turn(n) => *starts.get(usize::from(*n).checked_sub(1)?)?,
        TurnRef::Clock(clock) => {
            let clock = clock_minutes(clock)?;
            *starts.iter().find(|s| *s % 1440 == clock)?
        }
        TurnRef::Dated { date, clock } => {
            let at = turns.minutes_on(date, clock)?;
            *starts.iter().find(|s| i64::from(**s) == at)?
        }
    };
    let to = i64::from(from) + i64::from(minutes);
    let index = starts.iter().position(|s| i64::from(*s) == to)?;
    Some(match at {
        TurnRef::Turn(_) => TurnRef::Turn(u16::try_from(index + 1).ok()?),
        TurnRef::Clock(_) => {
            let to = starts[index] % 1440;
            TurnRef::Clock(format!("{:02}:{:02}", to / 60, to % 60))
        }
        TurnRef::Dated { .. } => {
            let first = turns.first_date.as_deref()?;
            let (day, clock) = (starts[index] / 1440, starts[index] % 1440);
            TurnRef::Dated {
                date: super::turns::date_after(first, i64::from(day))?,
                clock: format!("{:02}:{:02}", clock / 60, clock % 60),
            }
        }
    })
}

pub(super) fn off_track(
    a: &Arrival,
    minutes: i32,
    turns: &TurnTrack,
) -> IssueKind {
    let mut units: Vec<&str> =
        a.units.units.iter().map(String::as_str).collect();
    units.extend(a.units.formations.iter().map(String::as_str));
    let units = match units.as_slice() {
        [] => "no unit".to_owned(),
        [one] => format!("`{one}`"),
        [first, .., last] => format!("`{first}` ... `{last}`"),
    };
    let from = match &a.at {
        TurnRef::Turn(n) => format!("turn {n}"),
        TurnRef::Clock(c) => c.clone(),
        TurnRef::Dated { date, clock } => format!("{date} {clock}"),
    };
    IssueKind::ShiftOffTrack {
        units,
        from,
        minutes,
        track: format!(
            "{} turns from {}, {} minutes each",
            turns.count, turns.first, turns.minutes_per_turn
        ),
    }
}

/// Whether `set` selects `arrival` (some of its units, or its formation
/// or a formation under a named one when `counters` tells the tree), as
/// a variant's `drop_arrivals` or a game option's arrival switch reads it.
pub fn selects_arrival(
    set: &UnitSet,
    arrival: &Arrival,
    counters: Option<&Counters>,
) -> bool {
    Selector { set, counters }.any(arrival)
}
