//! An order of battle being edited, with no UI: the counters file as
//! written (what is saved), the files it includes (shown, never written
//! from here), their merge (what the tree shows), the series (the rating
//! columns) and undo. The screen is `screen::oob`.

mod csv;
pub mod edit;
pub mod history;
pub mod ids;
pub mod ops;
pub mod ratings;
pub mod refs;
pub mod tree;

use std::path::{Path, PathBuf};

use berthier_schema::include::merge_included;
use berthier_schema::io::save_atomic;
use berthier_schema::pack::{beside, load_counters, load_series_named};
use berthier_schema::{Counters, Document, Format, Series};

use crate::project::{OpenError, read_document};
use edit::OobEdit;
use history::OobHistory;

/// A counters file open for editing.
#[derive(Debug)]
pub struct OobDoc {
    /// The counters file.
    pub path: PathBuf,
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
    history: OobHistory,
}

/// What saving did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveOutcome {
    /// The file holds the order of battle now.
    Saved,
    /// Nothing written: the comment-keeping writer could not patch the
    /// file; rewriting it whole would lose `comments` comments.
    NeedsRewrite {
        /// Comments in the file now.
        comments: usize,
    },
}

impl OobDoc {
    /// Opens a counters file with what it includes and its series.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        let own = match read_document(path)? {
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
        let mut doc = Self {
            path: path.to_owned(),
            merged: own.clone(),
            own,
            included,
            included_ids,
            series,
            warnings,
            history: OobHistory::new(),
        };
        doc.remerge();
        Ok(doc)
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
        self.history.record_merging(inverse, merge);
        self.remerge();
    }

    /// Ends the gesture in progress: the next typed edit is its own step.
    pub fn seal(&mut self) {
        self.history.seal();
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&mut self) -> bool {
        let done = self.history.undo(&mut self.own).is_some();
        self.remerge();
        done
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&mut self) -> bool {
        let done = self.history.redo(&mut self.own).is_some();
        self.remerge();
        done
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Whether the file differs from what is on disk.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Saves through the comment-keeping writer: only the changed entries
    /// are rewritten; when that cannot be done nothing is written.
    pub fn save(&mut self) -> Result<SaveOutcome, String> {
        let path = &self.path;
        let format = Format::of_path(path).ok_or_else(|| {
            format!("{}: save as .ron or .json", path.display())
        })?;
        let original = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let Some(text) =
            berthier_schema::preserve::patch_text(&original, format, &self.own)
        else {
            let comments = crate::files::count_comments(&original, format);
            return Ok(SaveOutcome::NeedsRewrite { comments });
        };
        self.write(&text)?;
        Ok(SaveOutcome::Saved)
    }

    /// Writes the file whole, formatted by the model (the author agreed to
    /// lose its comments and layout).
    pub fn rewrite(&mut self) -> Result<(), String> {
        let format = Format::of_path(&self.path)
            .ok_or_else(|| "save as .ron or .json".to_owned())?;
        let text = berthier_schema::document::to_text(&self.own, format)
            .map_err(|e| e.to_string())?;
        self.write(&text)
    }

    fn write(&mut self, text: &str) -> Result<(), String> {
        save_atomic(&self.path, text.as_bytes())
            .map_err(|e| format!("cannot save {}: {e}", self.path.display()))?;
        self.history.mark_saved();
        Ok(())
    }

    fn remerge(&mut self) {
        let refs: Vec<Option<&Counters>> =
            self.included.iter().map(Option::as_ref).collect();
        self.merged = merge_included(&self.own, &refs).counters;
    }
}
