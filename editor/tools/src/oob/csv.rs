//! The open order of battle to and from CSV (the columns are
//! [`crate::oob_csv`]'s). An import is all or nothing: every row is
//! checked first, and when all are right the changes are applied as one
//! undo step, in memory, saved like any other edit.

use berthier_schema::Counters;

use super::OobDoc;
use super::edit::OobEdit;
use crate::oob_csv::{self, Change, RowError};

impl OobDoc {
    /// Applies the CSV `text` as one undo step; what changed, or every bad
    /// row (then nothing changed).
    pub fn import_csv(
        &mut self,
        text: &str,
    ) -> Result<Vec<Change>, Vec<RowError>> {
        let Some(series) = &self.series else {
            // The rating columns of the heading come from the series.
            return Err(vec![RowError {
                line: 1,
                message: "the counters file's series did not load, so its \
                          rating columns are unknown"
                    .to_owned(),
            }]);
        };
        let (updated, changes) =
            oob_csv::apply(&self.own, &self.merged, series, text)?;
        self.apply(units_edit(&self.own, &updated), None);
        Ok(changes)
    }

    /// The file's own units as CSV text; `None` when its series did not
    /// load (the rating columns come from it).
    pub fn export_csv(&self) -> Option<String> {
        let series = self.series.as_ref()?;
        Some(oob_csv::export(&self.own, &self.merged, series))
    }
}

/// The edit that turns `own`'s units into `updated`'s: a replacement for
/// each changed unit, an insertion at its place for each new one. An
/// import changes units only, never their order or ids.
fn units_edit(own: &Counters, updated: &Counters) -> OobEdit {
    let mut edits = Vec::new();
    for (at, unit) in updated.units.iter().enumerate() {
        match own.units.iter().find(|u| u.id == unit.id) {
            Some(old) if old == unit => {}
            Some(_) => edits.push(OobEdit::ReplaceUnit(Box::new(unit.clone()))),
            None => edits.push(OobEdit::InsertUnit {
                at,
                unit: Box::new(unit.clone()),
            }),
        }
    }
    OobEdit::Batch(edits)
}
