//! An order of battle being edited, with no UI: the counters file as
//! written (what is saved), the files it includes (shown, never written
//! from here), their merge (what the tree shows), the series (the rating
//! columns) and undo. The screen is `screen::oob`.

pub mod activation;
mod csv;
pub mod edit;
pub mod history;
pub mod ids;
pub mod nationality;
pub mod new;
pub mod ops;
pub mod ratings;
pub mod refs;
pub mod rename;
pub mod tree;

use std::path::Path;

use berthier_schema::include::merge_included;
use berthier_schema::pack::{beside, load_counters, load_series_named};
use berthier_schema::{Counters, Document, Series};

use crate::edited::EditedFile;
pub use crate::edited::{SaveError, SaveOutcome};
use crate::project::{OpenError, read_document};
use edit::OobEdit;

/// A counters file open for editing.
#[derive(Debug)]
pub struct OobDoc {
    /// The counters file, its undo history and how it is saved.
    file: EditedFile<OobEdit>,
    /// The file's own content: every edit changes this, and only this is
    /// saved.
    own: Counters,
    /// Each included file's effective counters (`None`: did not load).
    included: Vec<Option<Counters>>,
    /// The file's ids of its included files, for labels.
    included_ids: Vec<String>,
    /// `own` merged with `included`, rebuilt after every edit.
    merged: Counters,
    /// The series the file names, when it loads.
    pub series: Option<Series>,
    /// Problems that do not stop the file from showing.
    pub warnings: Vec<String>,
    /// The ids of the file's sides, formations and units as read or last
    /// written: what scenarios may name, so a rename never changes them
    /// (`rename`).
    written_ids: std::collections::BTreeSet<String>,
}

impl OobDoc {
    /// Opens a counters file with what it includes and its series.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        Self::open_document(path, read_document(path)?)
    }

    /// [`Self::open`] for `document`, already read from `path`.
    pub fn open_document(
        path: &Path,
        document: Document,
    ) -> Result<Self, OpenError> {
        let own = match document {
            Document::Counters(c) => c,
            other => {
                return Err(OpenError {
                    file: path.to_owned(),
                    line: 0,
                    column: 0,
                    message: format!(
                        "expected a counters file, found a {}",
                        other.kind().as_str()
                    ),
                });
            }
        };
        let mut warnings = Vec::new();
        let mut included = Vec::new();
        let mut included_ids = Vec::new();
        for include in &own.include {
            let file = beside(path, &include.path);
            match load_counters(&file) {
                Ok(c) => {
                    included_ids.push(c.id.clone());
                    included.push(Some(c));
                }
                Err(e) => {
                    warnings.push(format!("include: {e}"));
                    included_ids.push(include.path.clone());
                    included.push(None);
                }
            }
        }
        let series = match load_series_named(path, &own.series) {
            Ok(s) => Some(s),
            Err(e) => {
                warnings.push(format!("series: {e}"));
                None
            }
        };
        let file = EditedFile::open(path).map_err(|e| OpenError {
            file: path.to_owned(),
            line: 0,
            column: 0,
            message: e.to_string(),
        })?;
        let mut doc = Self {
            file,
            merged: own.clone(),
            written_ids: own_ids(&own),
            own,
            included,
            included_ids,
            series,
            warnings,
        };
        doc.remerge();
        Ok(doc)
    }

    /// The counters file.
    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// The file's own content.
    pub fn own(&self) -> &Counters {
        &self.own
    }

    /// The file with what it includes: what the tree shows.
    pub fn merged(&self) -> &Counters {
        &self.merged
    }

    /// Where a formation, unit or marker id is defined: `None` in this
    /// file (editable), else the id of the included file.
    pub fn defined_in(&self, id: &str) -> Option<&str> {
        if self.is_own(id) {
            return None;
        }
        self.included
            .iter()
            .zip(&self.included_ids)
            .find(|(c, _)| c.as_ref().is_some_and(|c| ids::defines(c, id)))
            .map(|(_, name)| name.as_str())
    }

    /// Whether this file itself defines `id` (so it may be edited here).
    pub fn is_own(&self, id: &str) -> bool {
        ids::defines(&self.own, id)
    }

    /// The provenance notes of the file defining `id` (this file's when
    /// unknown).
    pub fn provenance_for(&self, id: &str) -> &[berthier_schema::Provenance] {
        if self.is_own(id) {
            return &self.own.provenance;
        }
        self.included
            .iter()
            .flatten()
            .find(|c| ids::defines(c, id))
            .map_or(&self.own.provenance, |c| &c.provenance)
    }

    /// Applies `edit` as one undo step, or merged into the last step when
    /// `merge` names the same gesture (typing into one field).
    pub fn apply(&mut self, edit: OobEdit, merge: Option<String>) {
        if edit.is_noop(&self.own) {
            return;
        }
        let inverse = edit.apply(&mut self.own);
        self.file.record(inverse, merge);
        self.remerge();
    }

    /// Ends the gesture in progress: the next typed edit is its own step.
    pub fn seal(&mut self) {
        self.file.seal();
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&mut self) -> bool {
        let done = self.file.undo(&mut self.own);
        self.remerge();
        done
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&mut self) -> bool {
        let done = self.file.redo(&mut self.own);
        self.remerge();
        done
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.file.can_undo()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.file.can_redo()
    }

    /// Whether the file differs from what is on disk.
    pub fn is_dirty(&self) -> bool {
        self.file.is_dirty()
    }

    /// Saves through the comment-keeping writer: only the changed entries
    /// are rewritten; when that cannot be done nothing is written.
    pub fn save(&mut self) -> Result<SaveOutcome, SaveError> {
        let outcome = self.file.save(&self.own)?;
        if outcome == SaveOutcome::Saved {
            self.written_ids = own_ids(&self.own);
        }
        Ok(outcome)
    }

    /// Whether `id` was in the file as read or last written (a new item's
    /// id is not, until saved).
    pub fn was_written(&self, id: &str) -> bool {
        self.written_ids.contains(id)
    }

    /// Writes the file whole, formatted by the model (the author agreed to
    /// lose its comments and layout).
    pub fn rewrite(&mut self) -> Result<(), SaveError> {
        self.file.rewrite(&self.own)?;
        self.written_ids = own_ids(&self.own);
        Ok(())
    }

    /// The file now, when another program changed it since it was read or
    /// saved here.
    pub fn changed_on_disk(&self) -> bool {
        self.file.changed_on_disk().is_some()
    }

    fn remerge(&mut self) {
        let refs: Vec<Option<&Counters>> =
            self.included.iter().map(Option::as_ref).collect();
        self.merged = merge_included(&self.own, &refs).counters;
    }
}

/// Every side, formation and unit id of `c`.
fn own_ids(c: &Counters) -> std::collections::BTreeSet<String> {
    let sides = c.sides.iter().map(|s| s.id.clone());
    let formations = c.formations.iter().map(|f| f.id.clone());
    let units = c.units.iter().map(|u| u.id.clone());
    sides.chain(formations).chain(units).collect()
}

impl crate::edited::Recoverable for OobDoc {
    type Written = Counters;
    type Step = OobEdit;

    fn edited(&self) -> &EditedFile<OobEdit> {
        &self.file
    }

    fn unsaved(&self) -> Result<Option<Counters>, SaveError> {
        Ok(self.is_dirty().then(|| self.own.clone()))
    }

    /// The whole content, as one edit (undo goes back to the file).
    fn take_back(&mut self, saved: Counters) -> Result<(), SaveError> {
        self.apply(OobEdit::ReplaceAll(Box::new(saved)), None);
        Ok(())
    }
}
