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
//!   values they read (`pass::references::memo`), so a change to the
//!   setup does not check the map and the order of battle again.
//!
//! The scenario's own checks and its rules (pass 3), which read every
//! document, run on every call.

mod typed_map;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::Document;

use crate::pass::references::Pack;
use crate::pass::references::memo::Memo;
use crate::pass::schema::{self, Checked};
use crate::walk::Candidate;
use crate::{Report, RunError, Texts, severity};

/// Documents held typed in memory, by path, each with the text its
/// findings are located in (the file as last read: line numbers are
/// approximate once it has changed; the message, pointer and hex are not).
pub type Typed = HashMap<PathBuf, (Document, Arc<str>)>;

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
    crate::validate_pack(&pack, walked, &overrides, None)
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
        text: Arc<str>,
        document: Document,
    ) -> Option<Arc<Checked>> {
        let map = match document {
            Document::Map(map) if !self.first_passes_only => map,
            other => {
                return schema::check_typed(candidate, text, other)
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
        let checked = Arc::new(schema::check_in(candidate, &one)?);
        kept.insert(candidate.path.clone(), (text, Arc::clone(&checked)));
        Some(checked)
    }
}
