//! Undo and redo over invertible edits, shared by every document the
//! editor changes (map, order of battle, setup, schedule).
//!
//! Applying an edit returns its inverse, so the undo stack holds inverses
//! and the redo stack holds what undoing returned. One user action is one
//! step. Typing into one field sends an edit per key: steps recorded with
//! the same merge key, one after another, are one step (the first edit's
//! inverse restores the field as it was before the typing began); any
//! other step, an undo, a redo or a save seals it.
//!
//! Dirty tracking keeps the undo depth at the last save: undoing or redoing
//! back to it makes the document clean again.

/// An edit of a document `D` that, applied, returns its inverse.
pub trait Invertible<D: ?Sized>: Sized {
    /// Applies the edit; returns what undoes it.
    fn apply_to(self, doc: &mut D) -> Self;
}

/// Undo and redo stacks with a saved-position marker.
#[derive(Debug)]
pub struct Undo<S> {
    undo: Vec<S>,
    redo: Vec<S>,
    /// The merge key of the last step while it is still open to merging.
    open: Option<String>,
    /// Undo depth at the last save; `None` once that state cannot be
    /// reached again (a new edit after undoing past it).
    saved: Option<usize>,
}

impl<S> Default for Undo<S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S> Undo<S> {
    /// An empty history of a document as it is on disk.
    pub fn new() -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            open: None,
            saved: Some(0),
        }
    }

    /// A history whose document differs from the file (recovered from an
    /// autosave).
    pub fn unsaved() -> Self {
        Self {
            saved: None,
            ..Self::new()
        }
    }

    /// Records the inverse of an edit just applied, as one step; returns
    /// it as recorded.
    pub fn record(&mut self, inverse: S) -> &S {
        self.record_merging(inverse, None);
        // Never merged (no key): the step is on top.
        &self.undo[self.undo.len() - 1]
    }

    /// Records the inverse of an edit just applied, merged into the last
    /// step when `merge` is the key of that still open step (the step's
    /// inverse already restores the state before it, so this one is
    /// dropped). A step is never merged across a save.
    pub fn record_merging(&mut self, inverse: S, merge: Option<String>) {
        let merging = merge.is_some()
            && merge == self.open
            && !self.undo.is_empty()
            && self.saved != Some(self.undo.len());
        self.redo.clear();
        if !merging {
            if self.saved.is_some_and(|s| s > self.undo.len()) {
                // The saved state was on the redo stack, now dropped.
                self.saved = None;
            }
            self.undo.push(inverse);
        }
        self.open = merge;
    }

    /// Closes the open step: the next edit is a step of its own.
    pub fn seal(&mut self) {
        self.open = None;
    }

    /// Undoes the last step; returns the step applied (what redo will
    /// undo), or `None` when there is nothing to undo.
    pub fn undo<D: ?Sized>(&mut self, doc: &mut D) -> Option<&S>
    where
        S: Invertible<D>,
    {
        self.open = None;
        let step = self.undo.pop()?;
        self.redo.push(step.apply_to(doc));
        self.redo.last()
    }

    /// Redoes the last undone step; see [`Self::undo`].
    pub fn redo<D: ?Sized>(&mut self, doc: &mut D) -> Option<&S>
    where
        S: Invertible<D>,
    {
        self.open = None;
        let step = self.redo.pop()?;
        self.undo.push(step.apply_to(doc));
        self.undo.last()
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Number of undo steps.
    pub fn depth(&self) -> usize {
        self.undo.len()
    }

    /// Whether the document differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.saved != Some(self.undo.len())
    }

    /// Records that the document as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.open = None;
        self.saved = Some(self.undo.len());
    }
}

#[cfg(test)]
mod tests {
    use super::{Invertible, Undo};

    /// Sets a number; the inverse sets the old one back.
    #[derive(Debug, PartialEq)]
    struct Set(i32);

    impl Invertible<i32> for Set {
        fn apply_to(self, doc: &mut i32) -> Self {
            Set(std::mem::replace(doc, self.0))
        }
    }

    fn edit(h: &mut Undo<Set>, doc: &mut i32, to: i32, key: Option<&str>) {
        let inverse = Set(to).apply_to(doc);
        h.record_merging(inverse, key.map(str::to_owned));
    }

    #[test]
    fn undoing_back_to_the_save_is_clean_and_a_new_edit_past_it_is_not() {
        let (mut h, mut doc) = (Undo::new(), 0);
        assert!(!h.is_dirty());
        edit(&mut h, &mut doc, 1, None);
        assert!(h.is_dirty());
        h.mark_saved();
        assert!(!h.is_dirty());
        assert_eq!(h.undo(&mut doc), Some(&Set(1)));
        assert_eq!(doc, 0);
        assert!(h.is_dirty(), "one step before the save");
        assert!(h.redo(&mut doc).is_some());
        assert_eq!(doc, 1);
        assert!(!h.is_dirty(), "back at the save");
        assert!(h.undo(&mut doc).is_some());
        edit(&mut h, &mut doc, 2, None);
        assert!(!h.can_redo());
        assert!(h.is_dirty(), "the saved state cannot be reached again");
        assert!(h.undo(&mut doc).is_some());
        assert!(h.is_dirty());
        assert!(h.undo(&mut doc).is_none());
    }

    #[test]
    fn edits_with_one_key_are_one_step_until_sealed() {
        let (mut h, mut doc) = (Undo::new(), 0);
        for to in 1..=3 {
            edit(&mut h, &mut doc, to, Some("name"));
        }
        assert_eq!(h.depth(), 1, "typing is one step");
        h.seal();
        edit(&mut h, &mut doc, 4, Some("name"));
        edit(&mut h, &mut doc, 5, Some("other"));
        assert_eq!(h.depth(), 3);
        assert!(h.undo(&mut doc).is_some());
        assert!(h.undo(&mut doc).is_some());
        assert_eq!(doc, 3);
        assert!(h.undo(&mut doc).is_some());
        assert_eq!(doc, 0, "the merged step restores the field as it was");
    }

    #[test]
    fn a_step_is_not_merged_across_a_save() {
        let (mut h, mut doc) = (Undo::new(), 0);
        edit(&mut h, &mut doc, 1, Some("name"));
        h.mark_saved();
        edit(&mut h, &mut doc, 2, Some("name"));
        assert_eq!(h.depth(), 2);
        assert!(h.is_dirty());
        assert!(h.undo(&mut doc).is_some());
        assert!(!h.is_dirty());
        assert_eq!(doc, 1);
    }
}
