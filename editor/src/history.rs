//! Undo and redo over the model's [`Edit`] commands.
//!
//! Applying an `Edit` returns its inverse, so the undo stack holds inverses
//! and the redo stack holds what undoing returned. A gesture (one brush
//! stroke) applies its edits as the mouse moves, so the map shows them at
//! once, and collects their inverses in an open group; [`History::commit`]
//! closes the group as one [`Edit::Batch`], one undo step (Tiled's
//! `PaintTileLayer::mergeWith`, done by grouping rather than merging).
//!
//! Dirty tracking keeps the undo depth at the last save: undoing or redoing
//! back to it makes the map clean again.

use berthier_schema::Map;
use berthier_schema::edit::Edit;

/// One undo step: a model edit (often a `Batch`).
pub type Step = Edit;

/// The model edits in a step, flattened (to know which layers to redraw).
pub fn leaf_edits(step: &Step) -> Vec<&Edit> {
    fn walk<'a>(edit: &'a Edit, out: &mut Vec<&'a Edit>) {
        match edit {
            Edit::Batch(all) => all.iter().for_each(|e| walk(e, out)),
            other => out.push(other),
        }
    }
    let mut out = Vec::new();
    walk(step, &mut out);
    out
}

/// Undo and redo stacks with a saved-position marker.
#[derive(Debug, Default)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Inverses of the edits of the gesture in progress, in applied order.
    open: Vec<Edit>,
    /// Undo depth at the last save; `None` once that state cannot be
    /// reached again (a new edit after undoing past it).
    saved: Option<usize>,
}

impl History {
    /// An empty history of a map as it is on disk.
    pub fn new() -> Self {
        Self {
            saved: Some(0),
            ..Self::default()
        }
    }

    /// A history whose map differs from the file (recovered from an
    /// autosave).
    pub fn unsaved() -> Self {
        Self {
            saved: None,
            ..Self::default()
        }
    }

    /// Applies `edit` as part of the open gesture, unless it changes
    /// nothing. Returns whether it changed the map.
    pub fn apply(&mut self, edit: Edit, map: &mut Map) -> bool {
        if edit.is_noop(map) {
            return false;
        }
        self.open.push(edit.apply(map));
        true
    }

    /// Whether a gesture has applied edits not yet committed.
    pub fn is_open(&self) -> bool {
        !self.open.is_empty()
    }

    /// Closes the open gesture as one undo step. Returns whether there was
    /// anything to record.
    pub fn commit(&mut self) -> bool {
        if self.open.is_empty() {
            return false;
        }
        let mut inverses = std::mem::take(&mut self.open);
        inverses.reverse();
        let step = match inverses.len() {
            1 => inverses.pop(),
            _ => Some(Edit::Batch(inverses)),
        };
        if let Some(step) = step {
            self.record(step);
        }
        true
    }

    /// Applies a whole step at once (a form's edit) as one undo step.
    /// Returns the inverse recorded.
    pub fn apply_step(&mut self, step: Step, map: &mut Map) -> &Step {
        self.commit();
        let inverse = step.apply(map);
        self.record(inverse);
        &self.undo[self.undo.len() - 1]
    }

    fn record(&mut self, inverse: Step) {
        if self.saved.is_some_and(|s| s > self.undo.len()) {
            // The saved state was on the redo stack, now dropped.
            self.saved = None;
        }
        self.undo.push(inverse);
        self.redo.clear();
    }

    /// Undoes the last step; returns the step applied (for redrawing), or
    /// `None` when there is nothing to undo.
    pub fn undo(&mut self, map: &mut Map) -> Option<&Step> {
        self.commit();
        let step = self.undo.pop()?;
        self.redo.push(step.apply(map));
        self.redo.last()
    }

    /// Redoes the last undone step; see [`Self::undo`].
    pub fn redo(&mut self, map: &mut Map) -> Option<&Step> {
        self.commit();
        let step = self.redo.pop()?;
        self.undo.push(step.apply(map));
        self.undo.last()
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty() || self.is_open()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Number of undo steps.
    pub fn depth(&self) -> usize {
        self.undo.len()
    }

    /// Whether the map differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.is_open() || self.saved != Some(self.undo.len())
    }

    /// Records that the map as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.commit();
        self.saved = Some(self.undo.len());
    }
}
