//! Validating the same documents again and again as an editor changes
//! them: [`validate_documents_in`] reports what [`crate::validate_documents`]
//! reports, but keeps each document's first pass (reading, parsing and the
//! schema check, most of the work on a large map) in a [`Session`], keyed
//! by the document's text, and takes a document held typed in memory
//! ([`Typed`]) without writing it out and reading it back.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::Document;

use crate::pass::references::Pack;
use crate::pass::schema::{self, Checked};
use crate::walk::Candidate;
use crate::{Report, RunError, Texts, severity};

/// Documents held typed in memory, by path, each with the text its
/// findings are located in (the file as last read: line numbers are
/// approximate once it has changed; the message, pointer and hex are not).
pub type Typed = HashMap<PathBuf, (Document, Arc<str>)>;

/// A document's first pass with the text it was made from.
type Kept = (Arc<str>, Arc<Checked>);

/// The first pass of the documents of earlier runs, by canonical path,
/// with the text it was made from.
#[derive(Default)]
pub struct Session {
    first_pass: Mutex<HashMap<PathBuf, Kept>>,
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
    let pack = Pack::new(&walked.candidates, texts.clone());
    for candidate in &walked.candidates {
        let checked = match typed.remove(&candidate.path) {
            Some((document, text)) => {
                schema::check_typed(candidate, text, document).map(Arc::new)
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
