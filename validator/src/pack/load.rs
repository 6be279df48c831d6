//! The documents of a run, loaded as they are needed and kept only when
//! shared: maps, counters, series, variants and games are read once (by
//! canonical path) and kept for the run, because many scenarios name the
//! same few; a full scenario is read, checked and dropped by its own
//! processing (`crate::pipeline::process`), so memory does not grow with the number of
//! scenarios. A scenario another document names (a variant's `base`, a
//! game's battle, a `DeploymentOf`) is loaded into the cache like any
//! referenced file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use berthier_schema::Document;
use berthier_schema::pack::deployment_scenarios;
use elsa::sync::FrozenMap;

use super::{Pack, variant};
use crate::schema_pass::{self, Checked};
use crate::source::SourceFile;
use crate::walk::{Candidate, Root, relative};

/// A walked document past pass 1: held by the run's cache (a map, a
/// counters file... that scenarios share), or by its own processing (a
/// full scenario, dropped when that ends).
#[allow(
    clippy::large_enum_variant,
    reason = "one lives on the stack while its file is processed; boxing \
              would allocate once per file for nothing"
)]
pub(crate) enum Entry<'p> {
    /// In the cache.
    Shared(&'p Checked),
    /// Only this processing's.
    Own(Checked),
}

impl std::ops::Deref for Entry<'_> {
    type Target = Checked;

    fn deref(&self) -> &Checked {
        match self {
            Self::Shared(checked) => checked,
            Self::Own(checked) => checked,
        }
    }
}

/// A document as the cache holds it.
pub(super) struct Loaded {
    pub(super) checked: Arc<Checked>,
    /// Walked in this run and a pack document: its own findings are
    /// reported by its own processing, and documents naming it do not
    /// repeat them.
    pub(super) selected: bool,
}

/// Where each document of the run is, and what has been loaded.
#[derive(Default)]
pub(super) struct Cache {
    /// The walked files, by canonical path.
    walked: HashMap<PathBuf, Candidate>,
    /// The root of each referenced file that was not walked (a single
    /// file given on the command line, an excluded folder): the root of
    /// the document that names it.
    roots: Mutex<HashMap<PathBuf, Arc<Root>>>,
    /// Loaded documents; a slot is filled once, by one thread.
    docs: FrozenMap<PathBuf, Box<OnceLock<Loaded>>>,
    /// Each variant's (or `DeploymentOf` scenario's) resolved chain.
    pub(super) variants: FrozenMap<PathBuf, Box<OnceLock<variant::Resolution>>>,
}

impl Cache {
    pub(super) fn new(candidates: &[Candidate]) -> Self {
        Self {
            walked: candidates
                .iter()
                .map(|c| (c.path.clone(), c.clone()))
                .collect(),
            ..Self::default()
        }
    }
}

impl Pack {
    /// The pack of a run over `candidates`; nothing is read yet.
    /// `texts` are read instead of the files at their paths.
    pub fn new(candidates: &[Candidate], texts: crate::Texts) -> Self {
        Self {
            texts,
            cache: Cache::new(candidates),
            canonical: Mutex::default(),
            effective: Mutex::default(),
            merged: Mutex::default(),
            terrain: Mutex::default(),
            counters_index: Mutex::default(),
            memo: None,
        }
    }

    /// [`Pack::new`] reusing what pure checks found in `memo` (a
    /// session's runs), and keeping there what they find.
    pub fn with_memo(
        candidates: &[Candidate],
        texts: crate::Texts,
        memo: Arc<super::memo::Memo>,
    ) -> Self {
        Self {
            memo: Some(memo),
            ..Self::new(candidates, texts)
        }
    }

    /// Pass 1 of one walked file: its syntax, kind and schema, kept in
    /// the cache when other documents share it. `None` when it is not a
    /// pack document, or was loaded already by a document naming it and
    /// is not this run's (its findings are that document's).
    pub(crate) fn pass_one(&self, candidate: &Candidate) -> Option<Entry<'_>> {
        if let Some(loaded) =
            self.cache.docs.get(&candidate.path).and_then(OnceLock::get)
        {
            return loaded.selected.then_some(Entry::Shared(&loaded.checked));
        }
        let checked = schema_pass::check_in(candidate, &self.texts)?;
        if !shared(&checked) {
            return Some(Entry::Own(checked));
        }
        let slot = self.slot(&candidate.path).get_or_init(|| Loaded {
            checked: Arc::new(checked),
            selected: true,
        });
        Some(Entry::Shared(&slot.checked))
    }

    /// Puts a document already past pass 1 (kept from an earlier run on
    /// the same text, or typed in memory) in the cache at canonical
    /// `path`, before anything reads it.
    pub fn preload(&self, path: &Path, checked: Arc<Checked>) {
        let selected = self.cache.walked.contains_key(path);
        self.slot(path).get_or_init(|| Loaded { checked, selected });
    }

    /// The document at canonical `path` (a walked file or one a document
    /// of the run names), loaded on first use.
    pub(crate) fn get(&self, path: &Path) -> Option<&Arc<Checked>> {
        Some(&self.loaded(path)?.checked)
    }

    /// Whether `path` is a pack document walked in this run.
    pub(crate) fn is_selected(&self, path: &Path) -> bool {
        self.loaded(path).is_some_and(|l| l.selected)
    }

    fn loaded(&self, path: &Path) -> Option<&Loaded> {
        if let Some(loaded) = self.cache.docs.get(path).and_then(OnceLock::get)
        {
            return Some(loaded);
        }
        if let Some(standard) = super::series::standard_at(path) {
            return Some(self.slot(path).get_or_init(|| Loaded {
                checked: Arc::new(standard),
                selected: false,
            }));
        }
        let candidate = self.candidate(path)?;
        let walked = self.cache.walked.contains_key(path);
        let texts = &self.texts;
        Some(
            self.slot(path)
                .get_or_init(|| load(&candidate, walked, texts)),
        )
    }

    fn slot(&self, path: &Path) -> &OnceLock<Loaded> {
        match self.cache.docs.get(path) {
            Some(slot) => slot,
            None => self.cache.docs.insert(path.to_path_buf(), Box::default()),
        }
    }

    /// The walked candidate at `path`, or one under the root of the
    /// document that named it.
    fn candidate(&self, path: &Path) -> Option<Candidate> {
        if let Some(walked) = self.cache.walked.get(path) {
            return Some(walked.clone());
        }
        let roots = self.cache.roots.lock().ok()?;
        let root = Arc::clone(roots.get(path)?);
        let rel = relative(&root.dir, path).unwrap_or_default();
        Some(Candidate {
            root,
            path: path.to_path_buf(),
            rel,
        })
    }

    /// Remembers the root a found reference was resolved in, for loading
    /// a file the walk did not list.
    pub(super) fn note_root(&self, path: &Path, root: &Arc<Root>) {
        if self.cache.walked.contains_key(path) {
            return;
        }
        if let Ok(mut roots) = self.cache.roots.lock() {
            roots
                .entry(path.to_path_buf())
                .or_insert_with(|| Arc::clone(root));
        }
    }
}

/// Whether other documents may need `checked` after its own check: every
/// document but a full scenario without `DeploymentOf` placements (a
/// scenario named by a variant or a game is loaded again through the
/// cache when that document asks for it).
fn shared(checked: &Checked) -> bool {
    match &checked.document {
        Some(Document::Scenario(s)) => !deployment_scenarios(s).is_empty(),
        _ => true,
    }
}

/// Reads a file for the cache; one that is not a pack document is kept as
/// an empty entry with no kind, so a reference to it says so.
fn load(candidate: &Candidate, walked: bool, texts: &crate::Texts) -> Loaded {
    match schema_pass::check_in(candidate, texts) {
        Some(checked) => Loaded {
            selected: walked,
            checked: Arc::new(checked),
        },
        None => Loaded {
            selected: false,
            checked: Arc::new(Checked {
                source: SourceFile::new(
                    candidate.clone(),
                    "".into(),
                    berthier_schema::Format::Json,
                ),
                kind: None,
                document: None,
                diagnostics: Vec::new(),
                unreadable: None,
            }),
        },
    }
}
