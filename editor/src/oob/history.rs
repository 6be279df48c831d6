//! Undo and redo for the order of battle. Typing into one field sends an
//! edit per key; those with the same merge key, one after another, are
//! one undo step (the first edit's inverse restores the field as it was
//! before the typing began). Any other message seals the step.

use berthier_schema::Counters;

use super::edit::OobEdit;

/// Undo and redo stacks with a saved-position marker.
#[derive(Debug, Default)]
pub struct OobHistory {
    undo: Vec<OobEdit>,
    redo: Vec<OobEdit>,
    /// The merge key of the last step while it is still open to merging.
    open: Option<String>,
    /// Undo depth at the last save; `None` once unreachable.
    saved: Option<usize>,
}

impl OobHistory {
    /// A history of a file as it is on disk.
    pub fn new() -> Self {
        Self {
            saved: Some(0),
            ..Self::default()
        }
    }

    /// Records the inverse of an edit just applied, merged into the last
    /// step when `merge` is the key of that still open step.
    pub fn record(&mut self, inverse: OobEdit, merge: Option<String>) {
        let merging = merge.is_some()
            && merge == self.open
            && !self.undo.is_empty()
            && self.saved != Some(self.undo.len());
        self.redo.clear();
        if !merging {
            if self.saved.is_some_and(|s| s > self.undo.len()) {
                self.saved = None;
            }
            self.undo.push(inverse);
        }
        self.open = merge;
    }

    /// Closes the open step.
    pub fn seal(&mut self) {
        self.open = None;
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&mut self, c: &mut Counters) -> bool {
        self.open = None;
        let Some(step) = self.undo.pop() else {
            return false;
        };
        self.redo.push(step.apply(c));
        true
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&mut self, c: &mut Counters) -> bool {
        self.open = None;
        let Some(step) = self.redo.pop() else {
            return false;
        };
        self.undo.push(step.apply(c));
        true
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the file differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.undo.len())
    }

    /// The file as it is now is on disk.
    pub fn mark_saved(&mut self) {
        self.open = None;
        self.saved = Some(self.undo.len());
    }
}
