//! The live check run again and again on the same battle: what does not
//! change between two runs is kept. The validator keeps each document's
//! first pass by its text ([`berthier_validator::Session`]); the map and
//! the scenario being edited are handed over typed, not written out and
//! read back (the scenario's text, the one a save writes, is made only
//! when a finding is located in it); the files the scenario names and the
//! counts of what is not checked are kept while the texts and the typed
//! scenario they come from are the same.

use berthier_tools::naming::Naming;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::counters::Counters;
use berthier_schema::series::Series;
use berthier_schema::{DocKind, Document, Map, Scenario};
use berthier_validator::{Session, Typed, TypedText};

use super::{
    FindingsError, Outcome, Selection, Texts, Unchecked, sort_by_code,
    unchecked,
};

/// The documents being edited, as the check reads them.
#[derive(Debug, Default)]
pub struct Memory {
    /// Documents as the text a save would write.
    pub texts: Texts,
    /// Maps held typed, by path (the file on disk locates their findings).
    pub maps: Vec<(PathBuf, Arc<Map>)>,
    /// The scenario held typed, by canonical path: its findings are
    /// located in the text a save would write (see
    /// [`super::texts::saved_text`]), made only when it has some.
    pub scenario: Option<(PathBuf, Arc<Scenario>)>,
}

impl Memory {
    /// The scenario held typed, when it is the one at `path`.
    fn scenario_at(&self, path: &Path) -> Option<&Arc<Scenario>> {
        let (held, scenario) = self.scenario.as_ref()?;
        same(held, path).then_some(scenario)
    }
}

/// What one live check keeps for the next.
#[derive(Debug, Default)]
pub struct Checker {
    session: Session,
    kept: Mutex<Option<Kept>>,
}

/// The selection and the counts, with the texts they were made from.
#[derive(Debug)]
struct Kept {
    scenario: PathBuf,
    from: Vec<(PathBuf, Arc<str>)>,
    /// The scenario held typed they were made from.
    held: Option<Arc<Scenario>>,
    selection: Selection,
    unchecked: Unchecked,
    /// The names of the counters' ids, for the panel's words.
    naming: Naming,
    /// The series and counters the counts read.
    sources: Arc<Sources>,
}

/// A scenario's series and counters as loaded (`None`: they cannot be).
type Sources = (Option<Series>, Option<Counters>);

impl Checker {
    /// A checker keeping what `session` keeps (the benchmark compares
    /// [`Session::first_passes_only`] with the default).
    pub fn with_session(session: Session) -> Self {
        Self {
            session,
            kept: Mutex::default(),
        }
    }

    /// What [`super::check`] reports for the scenario at `scenario` with
    /// the documents in `memory`.
    pub fn check(
        &self,
        scenario: &Path,
        memory: Memory,
    ) -> Result<Outcome, FindingsError> {
        let (selection, unchecked, naming) =
            self.selection(scenario, &memory)?;
        let mut typed = Typed::new();
        for (path, map) in memory.maps {
            // The text only places the findings; a map never saved has none.
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let map = Arc::unwrap_or_clone(map);
            let text = TypedText::Read(text.into());
            typed.insert(path, (Document::Map(map), text));
        }
        if let Some((path, scenario)) = memory.scenario {
            let (file, held) = (path.clone(), Arc::clone(&scenario));
            let make = move || super::texts::saved_text(&file, &held).into();
            let scenario = Arc::unwrap_or_clone(scenario);
            let text = TypedText::Saved(Arc::new(make));
            typed.insert(path, (Document::Scenario(scenario), text));
        }
        let report = berthier_validator::validate_documents_in(
            &self.session,
            &selection.root,
            &selection.files,
            &memory.texts,
            typed,
        )?;
        let mut findings = report.diagnostics;
        sort_by_code(&mut findings);
        Ok(Outcome {
            findings,
            unchecked,
            naming,
        })
    }

    /// The selection, the counts and the names: those kept when none of the texts
    /// they were made from changed, else made again.
    fn selection(
        &self,
        scenario: &Path,
        memory: &Memory,
    ) -> Result<(Selection, Unchecked, Naming), FindingsError> {
        let mut kept = self.kept.lock().map_err(|_| FindingsError::Poisoned)?;
        let held = memory.scenario_at(scenario);
        if let Some(k) = kept.as_ref()
            && k.scenario == scenario
            && same_held(k.held.as_ref(), held)
            && k.from
                .iter()
                .all(|(p, t)| text_of(p, memory).as_ref() == Some(t))
        {
            let kept = (k.selection.clone(), k.unchecked.clone());
            return Ok((kept.0, kept.1, k.naming.clone()));
        }
        // The scenario is read once, for the selection and the counts (not
        // at all when held typed).
        let path = super::absolute(scenario)?;
        let document = match held {
            Some(s) => Document::Scenario(Scenario::clone(s)),
            None => super::read(&path, &memory.texts)?,
        };
        let selection =
            Selection::of_document(path.clone(), &document, &memory.texts)?;
        // Only the scenario changed (a setup edit): the series and
        // counters the counts read are those loaded before.
        let same_sources = kept.as_ref().filter(|k| {
            k.selection.files == selection.files
                && k.from
                    .iter()
                    .filter(|(p, _)| *p != k.selection.scenario)
                    .all(|(p, t)| text_of(p, memory).as_ref() == Some(t))
        });
        let path = &selection.scenario;
        let read = match document {
            // Held in memory: as `Unchecked::count` reads it.
            Document::Scenario(s)
                if held.is_some() || memory.texts.contains_key(path) =>
            {
                Some(s)
            }
            _ => unchecked::scenario_of(path, &memory.texts),
        };
        let sources = match same_sources {
            Some(k) => Arc::clone(&k.sources),
            None => Arc::new(
                read.as_ref()
                    .map(|s| unchecked::sources(path, s))
                    .unwrap_or_default(),
            ),
        };
        let unchecked = read.map_or_else(Unchecked::default, |s| {
            Unchecked::of(&s, sources.0.as_ref(), sources.1.as_ref())
        });
        let naming = sources.1.as_ref().map(Naming::of).unwrap_or_default();
        *kept = reusable(&selection, memory).map(|from| Kept {
            scenario: scenario.to_owned(),
            from,
            held: held.cloned(),
            selection: selection.clone(),
            unchecked: unchecked.clone(),
            naming: naming.clone(),
            sources,
        });
        Ok((selection, unchecked, naming))
    }
}

/// The texts a full scenario's selection and counts are made from: the
/// scenario, its counters and its series (not the typed maps, which the
/// counts do not read). `None` for a variant, whose bases are read too:
/// it is made again on every run.
fn reusable(
    selection: &Selection,
    memory: &Memory,
) -> Option<Vec<(PathBuf, Arc<str>)>> {
    let name = selection.scenario.file_name()?.to_string_lossy();
    let kind = DocKind::of_file_name(&name);
    if kind != Some(DocKind::Scenario) {
        return None;
    }
    let typed = |p: &Path| {
        memory.maps.iter().any(|(m, _)| same(m, p))
            || memory.scenario_at(p).is_some()
    };
    selection
        .files
        .iter()
        .filter(|p| !typed(p))
        .map(|p| Some((p.clone(), text_of(p, memory)?)))
        .collect()
}

/// The text of `path`: from memory, else from disk.
fn text_of(path: &Path, memory: &Memory) -> Option<Arc<str>> {
    match memory.texts.get(path) {
        Some(text) => Some(Arc::clone(text)),
        None => std::fs::read_to_string(path).ok().map(Into::into),
    }
}

/// Whether two typed scenarios (or none) are the same.
fn same_held(a: Option<&Arc<Scenario>>, b: Option<&Arc<Scenario>>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a == b,
        _ => false,
    }
}

fn same(a: &Path, b: &Path) -> bool {
    a == b || a.canonicalize().ok() == b.canonicalize().ok()
}
