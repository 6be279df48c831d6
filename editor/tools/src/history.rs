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

use crate::undo::{Invertible, Undo};

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

impl Invertible<Map> for Edit {
    fn apply_to(self, map: &mut Map) -> Self {
        self.apply(map)
    }
}

/// The map's undo stacks, with the gesture in progress.
#[derive(Debug, Default)]
pub struct History {
    steps: Undo<Step>,
    /// Inverses of the edits of the gesture in progress, in applied order.
    open: Vec<Edit>,
}

impl History {
    /// An empty history of a map as it is on disk.
    pub fn new() -> Self {
        Self::default()
    }

    /// A history whose map differs from the file (recovered from an
    /// autosave).
    pub fn unsaved() -> Self {
        Self {
            steps: Undo::unsaved(),
            open: Vec::new(),
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
            self.steps.record(step);
        }
        true
    }

    /// Applies a whole step at once (a form's edit) as one undo step.
    /// Returns the inverse recorded.
    pub fn apply_step(&mut self, step: Step, map: &mut Map) -> &Step {
        self.commit();
        let inverse = step.apply(map);
        self.steps.record(inverse)
    }

    /// Undoes the last step; returns the step applied (for redrawing), or
    /// `None` when there is nothing to undo.
    pub fn undo(&mut self, map: &mut Map) -> Option<&Step> {
        self.commit();
        self.steps.undo(map)
    }

    /// Redoes the last undone step; see [`Self::undo`].
    pub fn redo(&mut self, map: &mut Map) -> Option<&Step> {
        self.commit();
        self.steps.redo(map)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.steps.can_undo() || self.is_open()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.steps.can_redo()
    }

    /// Number of undo steps.
    pub fn depth(&self) -> usize {
        self.steps.depth()
    }

    /// Whether the map differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.is_open() || self.steps.is_dirty()
    }

    /// Records that the map as it is now has been saved.
    pub fn mark_saved(&mut self) {
        self.commit();
        self.steps.mark_saved();
    }
}
