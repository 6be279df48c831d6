//! Validating the same documents again and again as an editor changes
//! them: [`validate_documents_in`] reports what [`crate::validate_documents`]
//! reports, but keeps in a [`Session`] what a change cannot have changed:
//!
//! - each document's first pass (reading, parsing and the schema check,
//!   most of the work on a large map), keyed by the document's text;
//! - for a map held typed in memory ([`Typed`], taken without writing it
//!   out and reading it back), what the schema check found under each
//!   hex, so only the hexes that changed are checked again
//!   (`typed_map`);
//! - the findings of a map's own rules and of a counters file's, with the
//!   values they read (`pack::memo`), so a change to the
//!   setup does not check the map and the order of battle again.
//!
//! The scenario's own checks and its rules (pass 3), which read every
//! document, run on every call.
//!
//! A document held typed whose text is the one a save would write
//! ([`TypedText::Saved`], the scenario a Setup screen edits) is not
//! written out nor read back either: its typed value is checked against
//! the schema, and its text is made only if a finding is located in it
//! ([`SourceFile::deferred`]), so the findings and their lines are those
//! a run on the saved file reports.

mod typed_map;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::document::FORMAT_VERSION;
use berthier_schema::{Document, Format};

use crate::pack::Pack;
use crate::pack::memo::Memo;
use crate::schema_pass::{self, Checked};
use crate::source::{MakeText, SourceFile};
use crate::walk::Candidate;
use crate::{Report, RunError, Texts, severity};

/// Documents held typed in memory, by path, each with the text its
/// findings are located in.
pub type Typed = HashMap<PathBuf, (Document, TypedText)>;

/// The text the findings of a document held typed are located in.
#[derive(Clone)]
pub enum TypedText {
    /// The file as last read: line numbers are approximate once the
    /// document has changed (the message, pointer and hex are not).
    Read(Arc<str>),
    /// The text a save of the document would write, made only when a
    /// finding is located in it: the findings are exactly those of a run
    /// on the saved file, lines included.
    Saved(MakeText),
}

impl From<Arc<str>> for TypedText {
    fn from(text: Arc<str>) -> Self {
        Self::Read(text)
    }
}

impl std::fmt::Debug for TypedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Read(text) => write!(f, "Read({} bytes)", text.len()),
            Self::Saved(_) => f.write_str("Saved"),
        }
    }
}

/// A document's first pass with the text it was made from.
type Kept = (Arc<str>, Arc<Checked>);

/// What earlier runs found that the next may reuse.
#[derive(Default)]
pub struct Session {
    /// Keep only each file's first pass by its text (see
    /// [`Session::first_passes_only`]).
    first_passes_only: bool,
    /// The first pass of documents read as text, by canonical path, with
    /// the text it was made from.
    first_pass: Mutex<HashMap<PathBuf, Kept>>,
    /// The first pass of maps held typed, by canonical path.
    typed_maps: Mutex<HashMap<PathBuf, typed_map::KeptMap>>,
    /// What the checks of single documents found.
    memo: Arc<Memo>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Session")
    }
}

/// [`crate::validate_documents`], reusing the first pass of each file
/// whose text is the one `session` saw last, and checking the documents
/// `typed` holds from their typed value.
pub fn validate_documents_in(
    session: &Session,
    root: &Path,
    files: &[PathBuf],
    texts: &Texts,
    typed: Typed,
) -> Result<Report, RunError> {
    let (walked, texts) = crate::texts::walked(root, files, texts)?;
    let mut typed: Typed = typed
        .into_iter()
        .map(|(p, d)| (p.canonicalize().unwrap_or(p), d))
        .collect();
    let pack = if session.first_passes_only {
        Pack::new(&walked.candidates, texts.clone())
    } else {
        let memo = Arc::clone(&session.memo);
        Pack::with_memo(&walked.candidates, texts.clone(), memo)
    };
    for candidate in &walked.candidates {
        let checked = match typed.remove(&candidate.path) {
            Some((document, text)) => {
                session.typed_pass(candidate, text, document)
            }
            None => session.first_pass(candidate, &texts),
        };
        if let Some(checked) = checked {
            pack.preload(&candidate.path, checked);
        }
    }
    let overrides = severity::Overrides::default();
    crate::pipeline::validate_pack(&pack, walked, &overrides, None)
        .map(|(report, _)| report)
}

impl Session {
    /// A session that keeps only each file's first pass by its text, as
    /// sessions did before the rest was kept: the benchmarks' baseline.
    pub fn first_passes_only() -> Self {
        Self {
            first_passes_only: true,
            ..Self::default()
        }
    }

    /// The first pass of `document`, held typed, for `candidate`: a map's
    /// made from the run before's (see `typed_map`), any other made now.
    fn typed_pass(
        &self,
        candidate: &Candidate,
        text: TypedText,
        document: Document,
    ) -> Option<Arc<Checked>> {
        let text = match text {
            TypedText::Read(text) => text,
            TypedText::Saved(make) if matches!(document, Document::Map(_)) => {
                make()
            }
            TypedText::Saved(make) => {
                return self.saved_pass(candidate, make, document);
            }
        };
        let map = match document {
            Document::Map(map) if !self.first_passes_only => map,
            other => {
                return schema_pass::check_typed(candidate, text, other)
                    .map(Arc::new);
            }
        };
        let mut kept = self.typed_maps.lock().ok()?;
        let before = kept.remove(&candidate.path);
        let now = typed_map::check(before, candidate, text, map)?;
        let checked = Arc::clone(now.checked());
        kept.insert(candidate.path.clone(), now);
        Some(checked)
    }

    /// The first pass of `document`, held typed, whose text a save would
    /// write with `make`: its typed value checked against the schema, the
    /// text left unmade, when that finds nothing (what reading the saved
    /// text finds then too: it reads back as `document`, and a typed read
    /// checks the same JSON value). Else, and for a version the text
    /// would be migrated from (a finding of its own), the text is made
    /// and read as a run reads it, so every pass-1 finding is a run's.
    fn saved_pass(
        &self,
        candidate: &Candidate,
        make: MakeText,
        document: Document,
    ) -> Option<Arc<Checked>> {
        if document.format_version() == FORMAT_VERSION {
            let mut checked =
                schema_pass::check_typed(candidate, "".into(), document)?;
            if checked.diagnostics.is_empty() {
                let format = Format::of_path(&candidate.path)?;
                checked.source =
                    SourceFile::deferred(candidate.clone(), format, make);
                return Some(Arc::new(checked));
            }
        }
        let mut one = Texts::new();
        one.insert(candidate.path.clone(), make());
        self.first_pass(candidate, &one)
    }

    /// The first pass of `candidate`: the one kept when its text has not
    /// changed, else made now and kept. `None` for a file that is not a
    /// pack document or cannot be read as text (checked as a run would).
    fn first_pass(
        &self,
        candidate: &Candidate,
        texts: &Texts,
    ) -> Option<Arc<Checked>> {
        let text: Arc<str> = match texts.get(&candidate.path) {
            Some(text) => Arc::clone(text),
            None => std::fs::read_to_string(&candidate.path).ok()?.into(),
        };
        let mut kept = self.first_pass.lock().ok()?;
        if let Some((seen, checked)) = kept.get(&candidate.path)
            && **seen == *text
        {
            return Some(Arc::clone(checked));
        }
        let mut one = Texts::new();
        one.insert(candidate.path.clone(), Arc::clone(&text));
        let checked = Arc::new(schema_pass::check_in(candidate, &one)?);
        kept.insert(candidate.path.clone(), (text, Arc::clone(&checked)));
        Some(checked)
    }
}
