//! One edit of the schedule, a move of an arrival to another time, and
//! undo and redo over such moves. Applying a move returns its inverse
//! (the same arrival back at its old time), so the stacks hold inverses.

use berthier_schema::Scenario;
use berthier_schema::scenario::TurnRef;

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

/// Undo and redo stacks with a saved-position marker.
#[derive(Debug, Default)]
pub struct MoveHistory {
    undo: Vec<Move>,
    redo: Vec<Move>,
    /// Undo depth at the last save; `None` once unreachable.
    saved: Option<usize>,
}

impl MoveHistory {
    /// The history of a file as it is on disk.
    pub fn new() -> Self {
        Self {
            saved: Some(0),
            ..Self::default()
        }
    }

    /// Records the inverse of a move just applied, as one step.
    pub fn record(&mut self, inverse: Move) {
        self.redo.clear();
        if self.saved.is_some_and(|s| s > self.undo.len()) {
            self.saved = None;
        }
        self.undo.push(inverse);
    }

    /// Undoes the last move; whether there was one.
    pub fn undo(&mut self, scenario: &mut Scenario) -> bool {
        let Some(step) = self.undo.pop() else {
            return false;
        };
        self.redo.push(step.apply(scenario));
        true
    }

    /// Redoes the last undone move; whether there was one.
    pub fn redo(&mut self, scenario: &mut Scenario) -> bool {
        let Some(step) = self.redo.pop() else {
            return false;
        };
        self.undo.push(step.apply(scenario));
        true
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the schedule differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.undo.len())
    }

    /// The schedule is on disk as it is now.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.undo.len());
    }
}
