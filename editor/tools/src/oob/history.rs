//! Undo and redo for the order of battle (the shared [`Undo`]). Typing
//! into one field sends an edit per key; those with the same merge key,
//! one after another, are one undo step (the first edit's inverse restores
//! the field as it was before the typing began). Any other message seals
//! the step.

use berthier_schema::Counters;

use super::edit::OobEdit;
use crate::undo::{Invertible, Undo};

impl Invertible<Counters> for OobEdit {
    fn apply_to(self, c: &mut Counters) -> Self {
        self.apply(c)
    }
}

/// Undo and redo over a counters file's own lists.
pub type OobHistory = Undo<OobEdit>;
