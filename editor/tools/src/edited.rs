//! One way to save every document the editor changes (maps, orders of
//! battle, set-ups, schedules, games): an [`EditedFile`] owns the file's
//! path and format, the document's undo history and what was last read
//! from or written to disk, and saves through the comment-keeping writer
//! (`berthier_schema::preserve`), atomically. When the writer cannot keep
//! the file's comments and layout, nothing is written and the answer is
//! the same for every document: [`SaveOutcome::NeedsRewrite`], so the
//! window asks the author before [`EditedFile::rewrite`] formats the file
//! whole.

mod comments;

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use berthier_schema::Format;
use berthier_schema::document::{ParseError, WriteError, parse, to_text};
use berthier_schema::io::save_atomic;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::undo::{Invertible, Undo};
pub use comments::count_comments;

/// What saving did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveOutcome {
    /// The file holds the document now.
    Saved,
    /// Nothing was written: keeping the file's comments and layout was not
    /// possible, and rewriting it whole would lose `comments` comments. Ask
    /// the author, then rewrite or save elsewhere.
    NeedsRewrite {
        /// Comments in the file now.
        comments: usize,
    },
}

/// Why a document could not be saved; the text is what the window shows.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file name asks for neither format.
    #[error("{0}: save as .ron or .json")]
    Extension(PathBuf),
    /// The file there could not be read.
    #[error("cannot read {0}: {1}")]
    Read(PathBuf, std::io::Error),
    /// The file could not be written.
    #[error("cannot save {0}: {1}")]
    Write(PathBuf, std::io::Error),
    /// The document did not serialise.
    #[error(transparent)]
    Text(#[from] WriteError),
    /// The file no longer reads as the document it was (changed on disk
    /// into something else).
    #[error("{0}: {1}")]
    Reread(PathBuf, ParseError),
    /// The document is shown, not saved, here (a variant's inherited
    /// set-up or schedule is edited in the file that writes it).
    #[error("{0}")]
    ReadOnly(&'static str),
}

/// A document whose unsaved changes are autosaved beside its file and
/// offered back when it is opened again (orders of battle, set-ups and
/// schedules; maps keep theirs in `files`). A document says what it
/// writes and how it takes an autosave back; writing and finding the
/// autosave are the same for all.
pub trait Recoverable {
    /// What its file holds.
    type Written: Document;
    /// Its undo steps.
    type Step;

    /// Its file.
    fn edited(&self) -> &EditedFile<Self::Step>;

    /// The document as Save would write it, when it has unsaved changes
    /// this screen may write (`None`: nothing to autosave).
    fn unsaved(&self) -> Result<Option<Self::Written>, SaveError>;

    /// Takes what this screen edits from `saved` (an autosave's content)
    /// as one undo step over the file as read.
    fn take_back(&mut self, saved: Self::Written) -> Result<(), SaveError>;

    /// Writes the autosave when there are unsaved changes.
    fn autosave(&self) -> Result<(), SaveError> {
        match self.unsaved()? {
            Some(written) => self.edited().autosave(&written),
            None => Ok(()),
        }
    }

    /// The autosave left newer than the file, if any.
    fn recovery(&self) -> Option<crate::autosave::Recovery> {
        self.edited().recovery()
    }

    /// Takes the autosave's content back (one undo step over the file).
    fn recover(
        &mut self,
        recovery: &crate::autosave::Recovery,
    ) -> Result<(), SaveError> {
        let saved = self.edited().read_recovery(recovery)?;
        self.take_back(saved)
    }
}

/// What a file holds, as the comment-keeping writer reads it back to
/// check its work.
pub trait Document: Serialize + DeserializeOwned + PartialEq {}

impl<T: Serialize + DeserializeOwned + PartialEq> Document for T {}

/// A document file being edited: where it is, how it is written, its undo
/// history of steps `S`, and the file as last read or written.
#[derive(Debug)]
pub struct EditedFile<S> {
    path: PathBuf,
    format: Format,
    history: Undo<S>,
    disk: Option<DiskStamp>,
}

impl<S> EditedFile<S> {
    /// The file at `path`, just read: clean, nothing to undo.
    pub fn open(path: &Path) -> Result<Self, SaveError> {
        let format = Format::of_path(path)
            .ok_or_else(|| SaveError::Extension(path.to_owned()))?;
        Ok(Self {
            path: path.to_owned(),
            format,
            history: Undo::new(),
            disk: DiskStamp::read(path),
        })
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its format, from its name.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Records the inverse of an edit just applied, merged into the last
    /// step when `merge` names the same open gesture (typing in a field).
    pub fn record(&mut self, inverse: S, merge: Option<String>) {
        self.history.record_merging(inverse, merge);
    }

    /// Ends the gesture in progress: the next edit is a step of its own.
    pub fn seal(&mut self) {
        self.history.seal();
    }

    /// Undoes the last step on `doc`; whether there was one.
    pub fn undo<D: ?Sized>(&mut self, doc: &mut D) -> bool
    where
        S: Invertible<D>,
    {
        self.history.undo(doc).is_some()
    }

    /// Redoes the last undone step on `doc`; whether there was one.
    pub fn redo<D: ?Sized>(&mut self, doc: &mut D) -> bool
    where
        S: Invertible<D>,
    {
        self.history.redo(doc).is_some()
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Whether the document differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// The document as its file says it now (a set-up writes back only
    /// the instructions it changed, over what the file says).
    pub fn read_written<T: Document>(&self) -> Result<T, SaveError> {
        let text = std::fs::read_to_string(&self.path)
            .map_err(|e| SaveError::Read(self.path.clone(), e))?;
        parse(&text, self.format)
            .map_err(|e| SaveError::Reread(self.path.clone(), e))
    }

    /// Saves `written` (the document as its file says it) over the file:
    /// only the values that changed are rewritten, keeping every comment
    /// and the layout elsewhere; nothing is written when the file already
    /// says it. When that cannot be done nothing is written and the answer
    /// is [`SaveOutcome::NeedsRewrite`].
    pub fn save<T: Document>(
        &mut self,
        written: &T,
    ) -> Result<SaveOutcome, SaveError> {
        let original = std::fs::read_to_string(&self.path)
            .map_err(|e| SaveError::Read(self.path.clone(), e))?;
        let patched = berthier_schema::preserve::patch_text(
            &original,
            self.format,
            written,
        );
        let Some(text) = patched else {
            let comments = count_comments(&original, self.format);
            return Ok(SaveOutcome::NeedsRewrite { comments });
        };
        if text != original {
            self.write(&text)?;
        }
        self.saved();
        Ok(SaveOutcome::Saved)
    }

    /// Writes `written` over the file whole, formatted by the model: the
    /// author agreed to lose the file's comments and layout.
    pub fn rewrite<T: Document>(
        &mut self,
        written: &T,
    ) -> Result<(), SaveError> {
        let text = to_text(written, self.format)?;
        self.write(&text)?;
        self.saved();
        Ok(())
    }

    /// The file now, when another program changed its content since it was
    /// last read or written here (a touch is not a change).
    pub fn changed_on_disk(&self) -> Option<DiskStamp> {
        let now = match &self.disk {
            Some(stamp) => stamp.moved(&self.path)?,
            None => DiskStamp::read(&self.path)?,
        };
        let same = self.disk.as_ref().is_some_and(|d| d.same_content(&now));
        (!same).then_some(now)
    }

    /// Takes the file as it is now as the one read (after reloading it, or
    /// when the author keeps their version).
    pub fn accept_disk(&mut self) {
        self.disk = DiskStamp::read(&self.path);
    }

    fn write(&self, text: &str) -> Result<(), SaveError> {
        save_atomic(&self.path, text.as_bytes())
            .map_err(|e| SaveError::Write(self.path.clone(), e))
    }

    fn saved(&mut self) {
        self.history.mark_saved();
        self.disk = DiskStamp::read(&self.path);
        // Saved: nothing is left to recover.
        crate::autosave::remove_autosave(&self.path);
    }

    /// Writes `written` to the autosave beside the file
    /// (`.<name>.autosave`, [`crate::autosave::autosave_path`]) as Save would
    /// write the file: its comments kept where the writer can keep them,
    /// else formatted whole. The file itself is not touched.
    pub fn autosave<T: Document>(&self, written: &T) -> Result<(), SaveError> {
        let original = std::fs::read_to_string(&self.path).unwrap_or_default();
        let patched = berthier_schema::preserve::patch_text(
            &original,
            self.format,
            written,
        );
        let text = match patched {
            Some(text) => text,
            None => to_text(written, self.format)?,
        };
        let side = crate::autosave::autosave_path(&self.path);
        save_atomic(&side, text.as_bytes())
            .map_err(|e| SaveError::Write(side, e))
    }

    /// The autosave left newer than the file (a crash, or a close without
    /// saving), if any.
    pub fn recovery(&self) -> Option<crate::autosave::Recovery> {
        crate::autosave::find_recovery(&self.path)
    }

    /// The document an autosave holds.
    pub fn read_recovery<T: Document>(
        &self,
        recovery: &crate::autosave::Recovery,
    ) -> Result<T, SaveError> {
        let text = std::fs::read_to_string(&recovery.path)
            .map_err(|e| SaveError::Read(recovery.path.clone(), e))?;
        parse(&text, self.format)
            .map_err(|e| SaveError::Reread(recovery.path.clone(), e))
    }
}

/// What the editor last read from or wrote to a file, to notice when
/// another program changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiskStamp {
    modified: Option<SystemTime>,
    len: u64,
    /// xxh3-128 of the bytes.
    hash: u128,
}

impl DiskStamp {
    /// The file as it is now; `None` when it cannot be read.
    pub fn read(path: &Path) -> Option<Self> {
        let (modified, len) = metadata(path)?;
        let bytes = std::fs::read(path).ok()?;
        let hash = xxhash_rust::xxh3::xxh3_128(&bytes);
        Some(Self {
            modified,
            len,
            hash,
        })
    }

    /// The file now, when its time or size moved since this stamp (only
    /// then are its bytes read); `None` when they did not, or when it
    /// cannot be read.
    pub fn moved(&self, path: &Path) -> Option<Self> {
        if metadata(path)? == (self.modified, self.len) {
            return None;
        }
        Self::read(path)
    }

    /// Whether `other` has the same bytes (a touch is not a change).
    pub fn same_content(&self, other: &Self) -> bool {
        self.hash == other.hash
    }
}

fn metadata(path: &Path) -> Option<(Option<SystemTime>, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok(), meta.len()))
}
