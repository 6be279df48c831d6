//! Undo and redo for the setup: each step holds every side's setup list
//! as it was, so one action (placing, moving, reordering a stack) is one
//! step however many entries it touched. A scenario's setup is a few
//! hundred short entries: whole copies cost less than diffing them.

use super::Setups;

/// Undo and redo stacks with a saved-position marker.
#[derive(Debug, Default)]
pub struct SetupHistory {
    undo: Vec<Setups>,
    redo: Vec<Setups>,
    /// Undo depth at the last save; `None` once unreachable.
    saved: Option<usize>,
}

impl SetupHistory {
    /// A history of a file as it is on disk.
    pub fn new() -> Self {
        Self {
            saved: Some(0),
            ..Self::default()
        }
    }

    /// Records the setups as they were before an action.
    pub fn record(&mut self, before: Setups) {
        if self.saved.is_some_and(|s| s > self.undo.len()) {
            self.saved = None;
        }
        self.redo.clear();
        self.undo.push(before);
    }

    /// The setups to restore for undo.
    pub fn take_undo(&mut self) -> Option<Setups> {
        self.undo.pop()
    }

    /// The setups to restore for redo.
    pub fn take_redo(&mut self) -> Option<Setups> {
        self.redo.pop()
    }

    /// After an undo: what redo restores.
    pub fn push_redo(&mut self, after: Setups) {
        self.redo.push(after);
    }

    /// After a redo: what undo restores.
    pub fn push_undo(&mut self, before: Setups) {
        self.undo.push(before);
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the setup differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.undo.len())
    }

    /// The setup is as on disk now.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.undo.len());
    }
}

#[cfg(test)]
mod tests {
    use super::SetupHistory;

    #[test]
    fn undoing_back_to_the_save_is_clean_and_a_new_edit_past_it_is_not() {
        let mut h = SetupHistory::new();
        assert!(!h.is_dirty());
        h.record(vec![vec![]]);
        assert!(h.is_dirty());
        h.mark_saved();
        assert!(!h.is_dirty());
        let before = h.take_undo().expect("a step");
        h.push_redo(before);
        assert!(h.is_dirty(), "one step before the save");
        let after = h.take_redo().expect("a step to redo");
        h.push_undo(after);
        assert!(!h.is_dirty(), "back at the save");
        let _ = h.take_undo();
        h.record(vec![vec![]]);
        assert!(!h.can_redo());
        assert!(h.is_dirty(), "the saved state cannot be reached again");
        let _ = h.take_undo();
        assert!(h.is_dirty());
    }
}
