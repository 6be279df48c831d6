//! One edit of the schedule, a move of an arrival to another time, and
//! undo and redo over such moves (the shared [`Undo`]). Applying a move
//! returns its inverse (the same arrival back at its old time).

use berthier_schema::scenario::TurnRef;
use berthier_schema::{Location, Scenario};

use crate::undo::{Invertible, Undo};

/// An arrival given a new time.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of the arrival in the side's `reinforcements`.
    pub index: usize,
    /// Its new time.
    pub at: TurnRef,
}

impl Move {
    /// Applies the move; returns its inverse (unchanged scenario and the
    /// move itself when the arrival does not exist).
    pub fn apply(self, scenario: &mut Scenario) -> Self {
        let arrival = scenario
            .sides
            .get_mut(self.side)
            .and_then(|s| s.reinforcements.get_mut(self.index));
        match arrival {
            Some(arrival) => {
                let old = std::mem::replace(&mut arrival.at, self.at);
                Self { at: old, ..self }
            }
            None => self,
        }
    }
}

impl Invertible<Scenario> for Move {
    fn apply_to(self, scenario: &mut Scenario) -> Self {
        self.apply(scenario)
    }
}

/// An arrival given another entry (or none).
#[derive(Debug, Clone, PartialEq)]
pub struct EntryChange {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of the arrival in the side's `reinforcements`.
    pub index: usize,
    /// Its new entry.
    pub entry: Option<Location>,
}

/// One step of the schedule's history.
#[derive(Debug, Clone, PartialEq)]
pub enum ScheduleStep {
    /// An arrival moved to another time.
    Move(Move),
    /// An arrival given another entry.
    Entry(EntryChange),
    /// Every side's arrivals replaced (one added, duplicated or deleted,
    /// or the units one brings).
    Arrivals(Vec<Vec<berthier_schema::scenario::Arrival>>),
}

impl Invertible<Scenario> for ScheduleStep {
    fn apply_to(self, scenario: &mut Scenario) -> Self {
        match self {
            Self::Move(step) => Self::Move(step.apply(scenario)),
            Self::Arrivals(lists) => {
                let mut old = Vec::with_capacity(lists.len());
                for (side, new) in scenario.sides.iter_mut().zip(lists) {
                    old.push(std::mem::replace(&mut side.reinforcements, new));
                }
                Self::Arrivals(old)
            }
            Self::Entry(change) => {
                let arrival = scenario
                    .sides
                    .get_mut(change.side)
                    .and_then(|s| s.reinforcements.get_mut(change.index));
                let Some(arrival) = arrival else {
                    return Self::Entry(change);
                };
                let old = std::mem::replace(&mut arrival.entry, change.entry);
                Self::Entry(EntryChange {
                    entry: old,
                    ..change
                })
            }
        }
    }
}

/// Undo and redo over moves and entry changes.
pub type MoveHistory = Undo<ScheduleStep>;
