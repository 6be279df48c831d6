//! Live findings for a scenario: every check `berthier-validate` runs on a
//! scenario and the documents it names (its map, counters and series),
//! with the documents being edited read from memory, so the editor lists
//! what the validator would report once they are saved. [`check`] is the
//! call (it reads files and may take a while on a large map: the screens
//! run it through [`live::Live`], debounced on a worker thread);
//! [`view`] draws the list any screen embeds (the map, Setup and Timeline
//! screens).
//!
//! The panel also counts what the rules cannot check (setup instructions
//! kept as text, units set up whose stacking rating is unknown, victory
//! conditions kept as text), so that "no findings" is not read as "fully
//! checked".

mod checker;
pub mod live;
mod texts;
mod unchecked;
pub mod view;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_rules::Diagnostic;
use berthier_schema::{Document, HexId};
pub use berthier_validator::Texts;

pub use checker::{Checker, Memory};
pub use texts::{scenario_memory, scenario_texts};
pub use unchecked::Unchecked;

/// Why a scenario's findings could not be worked out; the text is what
/// the findings panel shows.
#[derive(Debug, thiserror::Error)]
pub enum FindingsError {
    /// A file could not be read or found.
    #[error("{path}: {1}", path = .0.display())]
    Read(PathBuf, std::io::Error),
    /// A file name asks for neither format.
    #[error("{}: not a .ron or .json file", .0.display())]
    Extension(PathBuf),
    /// A document does not load.
    #[error("{path}: {1}", path = .0.display())]
    Load(PathBuf, berthier_schema::LoadError),
    /// A variant's bases do not resolve.
    #[error("{0}")]
    Variant(
        berthier_schema::pack::ChainError<
            PathBuf,
            berthier_schema::pack::FileError,
        >,
    ),
    /// The file is not a scenario.
    #[error("{path} is a {1} file, not a scenario", path = .0.display())]
    NotScenario(PathBuf, &'static str),
    /// The validator could not run on the selection.
    #[error(transparent)]
    Validator(#[from] berthier_validator::RunError),
    /// The check was superseded before it ran (never shown).
    #[error("the check was cancelled")]
    Cancelled,
    /// A check panicked while holding the checker's memory.
    #[error(
        "the findings checker stopped after a failure; reopen the scenario"
    )]
    Poisoned,
}

/// The files a scenario's findings cover, inside their pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// The pack root: the nearest folder above the scenario with a
    /// `berthier.toml`, else the deepest folder holding every file.
    pub root: PathBuf,
    /// The scenario (or variant) file.
    pub scenario: PathBuf,
    /// The scenario and the map, counters and series it names (a variant's
    /// after its bases; existing files only).
    pub files: Vec<PathBuf>,
}

/// What [`check`] found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    /// The findings, ordered by code, then file and line.
    pub findings: Vec<Diagnostic>,
    /// What was not checked.
    pub unchecked: Unchecked,
    /// The names of the ids the findings quote, for the panel's words
    /// (empty when the counters cannot be read).
    pub naming: berthier_tools::naming::Naming,
}

impl Selection {
    /// The selection for the scenario at `scenario`; `texts` stands for
    /// files in memory (the scenario itself may be one).
    pub fn of(scenario: &Path, texts: &Texts) -> Result<Self, FindingsError> {
        let scenario = absolute(scenario)?;
        let document = read(&scenario, texts)?;
        Self::of_document(scenario, &document, texts)
    }

    /// [`Self::of`] for the scenario at canonical `scenario`, read as
    /// `document`.
    pub fn of_document(
        scenario: PathBuf,
        document: &Document,
        texts: &Texts,
    ) -> Result<Self, FindingsError> {
        let mut files = vec![scenario.clone()];
        match document {
            Document::Scenario(s) => {
                for named in [&s.map, &s.counters, &s.series] {
                    files.push(berthier_schema::pack::beside(&scenario, named));
                }
            }
            Document::Variant(_) => {
                // What the variant names after its bases are applied (its
                // paths are relative to it); the bases themselves are read
                // as references, not selected: their own findings belong
                // to their own scenario.
                let resolved = berthier_schema::pack::load_scenario(&scenario)
                    .map_err(FindingsError::Variant)?;
                let s = resolved.scenario;
                for named in [&s.map, &s.counters, &s.series] {
                    files.push(berthier_schema::pack::beside(&scenario, named));
                }
            }
            other => {
                return Err(FindingsError::NotScenario(
                    scenario,
                    other.kind().as_str(),
                ));
            }
        }
        files.retain(|f| f.exists() || texts.contains_key(f));
        let files: Vec<PathBuf> = files
            .into_iter()
            .map(|f| f.canonicalize().unwrap_or(f))
            .collect();
        let root = pack_root(&files);
        Ok(Self {
            root,
            scenario,
            files,
        })
    }
}

/// Validates the scenario at `scenario` and the documents it names, each
/// read from `texts` when it holds its path (canonical or as joined from
/// the scenario's folder), else from disk.
pub fn check(scenario: &Path, texts: &Texts) -> Result<Outcome, FindingsError> {
    let selection = Selection::of(scenario, texts)?;
    check_selection(&selection, texts)
}

/// [`check`] on a selection already made.
pub fn check_selection(
    selection: &Selection,
    texts: &Texts,
) -> Result<Outcome, FindingsError> {
    let report = berthier_validator::validate_documents(
        &selection.root,
        &selection.files,
        texts,
    )?;
    let mut findings = report.diagnostics;
    sort_by_code(&mut findings);
    let path = &selection.scenario;
    let scenario = unchecked::scenario_of(path, texts);
    let (series, counters) = scenario
        .as_ref()
        .map(|s| unchecked::sources(path, s))
        .unwrap_or_default();
    let unchecked = scenario.map_or_else(Unchecked::default, |s| {
        Unchecked::of(&s, series.as_ref(), counters.as_ref())
    });
    let naming = counters
        .as_ref()
        .map(berthier_tools::naming::Naming::of)
        .unwrap_or_default();
    Ok(Outcome {
        findings,
        unchecked,
        naming,
    })
}

/// Orders findings by code, then file, line and column.
pub fn sort_by_code(findings: &mut [Diagnostic]) {
    findings.sort_by(|a, b| {
        (a.code, &a.file, a.line, a.column, &a.message)
            .cmp(&(b.code, &b.file, b.line, b.column, &b.message))
    });
}

/// The hex a finding is about, if it names one.
pub fn hex_of(finding: &Diagnostic) -> Option<HexId> {
    finding.hex
}

/// A document read from `texts` when it holds `path`, else from disk.
pub fn read(path: &Path, texts: &Texts) -> Result<Document, FindingsError> {
    let format = berthier_schema::Format::of_path(path)
        .ok_or_else(|| FindingsError::Extension(path.to_owned()))?;
    let text: Arc<str> = match texts.get(path) {
        Some(t) => Arc::clone(t),
        // Regular files only, as the validator reads them: a named pipe
        // never blocks the check.
        None => berthier_schema::io::read_regular_text(path)
            .map_err(|e| FindingsError::Read(path.to_owned(), e))?
            .into(),
    };
    berthier_schema::load_document(&text, format)
        .map_err(|e| FindingsError::Load(path.to_owned(), e))
}

/// `path`, canonical.
pub fn absolute(path: &Path) -> Result<PathBuf, FindingsError> {
    path.canonicalize()
        .map_err(|e| FindingsError::Read(path.to_owned(), e))
}

/// The nearest folder above the first file with a `berthier.toml` that
/// holds every file, else the deepest folder holding them all (so the
/// scenario's `../../maps/...` stays inside the pack).
fn pack_root(files: &[PathBuf]) -> PathBuf {
    let mut common = files
        .first()
        .and_then(|f| f.parent())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    while !files.iter().all(|f| f.starts_with(&common)) {
        if !common.pop() {
            break;
        }
    }
    let with_config = common
        .ancestors()
        .find(|dir| dir.join("berthier.toml").is_file());
    with_config.map_or(common.clone(), Path::to_path_buf)
}

/// The unit a scenario finding is about, from its pointer: a setup entry
/// (`/sides/0/setup/3/...`) or an absent unit (`/sides/1/absent/2`), in
/// the scenario at `scenario` (a variant resolved through its bases).
pub fn unit_of(scenario: &Path, finding: &Diagnostic) -> Option<String> {
    let resolved = berthier_schema::pack::load_scenario(scenario).ok()?;
    unit_in(scenario, &resolved.scenario, finding)
}

/// [`unit_of`] in `resolved`, the scenario at `path` as held in memory
/// (the Setup and Timeline screens check what they hold, not the file).
pub fn unit_in(
    path: &Path,
    resolved: &berthier_schema::Scenario,
    finding: &Diagnostic,
) -> Option<String> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    if !finding.file.ends_with(&name) {
        return None;
    }
    let parts: Vec<&str> = finding.pointer.split('/').skip(1).collect();
    let [sides, side, list, index, ..] = parts.as_slice() else {
        return None;
    };
    if *sides != "sides" {
        return None;
    }
    let side = resolved.sides.get(side.parse::<usize>().ok()?)?;
    let index: usize = index.parse().ok()?;
    match *list {
        "setup" => side.setup.get(index).map(|p| p.unit.clone()),
        "absent" => side.absent.get(index).cloned(),
        _ => None,
    }
}
