//! One edit of the schedule, a move of an arrival to another time, and
//! undo and redo over such moves (the shared [`Undo`]). Applying a move
//! returns its inverse (the same arrival back at its old time).

use berthier_schema::Scenario;
use berthier_schema::scenario::TurnRef;

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

/// Undo and redo over moves.
pub type MoveHistory = Undo<Move>;
