//! Reading documents from files, and series chains: a battle's series
//! `extends` its base series and adds overrides and definitions of its own.
//! One implementation serves the validator, the editor and the renderer.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::counters::Counters;
use crate::counters::include::merge_included;
use crate::document::{Document, Format, LoadError, load_document};
use crate::map::Map;
use crate::series::Series;
use crate::standard::{self, NameError, StandardSeries};

mod deployment;
mod scenarios;

pub use deployment::deployment_scenarios;

pub use scenarios::{
    ChainError, MAX_VARIANT_CHAIN, ResolvedScenario, ScenarioFiles,
    load_scenario, resolve_scenario,
};

/// Longest `extends` chain followed before calling it a loop.
const MAX_CHAIN: usize = 16;

/// Why a file could not be read as a document.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FileError {
    /// Neither `.ron` nor `.json`.
    #[error("{}: expected a .ron or .json file", .0.display())]
    Extension(PathBuf),
    /// The file cannot be read.
    #[error("{path}: cannot read: {1}", path = .0.display())]
    Io(PathBuf, String),
    /// The text does not load.
    #[error("{path}: {1}", path = .0.display())]
    Load(PathBuf, LoadError),
    /// A document of another kind than expected.
    #[error("{path}: is a {1} document, not a series", path = .0.display())]
    NotSeries(PathBuf, &'static str),
    /// `extends` leads back to a file already in the chain.
    #[error("{}: `extends` loops back to this file", .0.display())]
    Loop(PathBuf),
    /// An included file is not a counters file.
    #[error("{path}: is a {1} document, not counters", path = .0.display())]
    NotCounters(PathBuf, &'static str),
    /// `include` leads back to a file already being included.
    #[error("{}: `include` loops back to this file", .0.display())]
    IncludeLoop(PathBuf),
    /// The files define one id twice, or extend a formation wrongly.
    #[error("{path}: {1}", path = .0.display())]
    Include(PathBuf, String),
    /// A standard-series name (written in this file) that is not shipped.
    #[error("{path}: {1}", path = .0.display())]
    Standard(PathBuf, NameError),
}

impl From<crate::standard::ShippedError> for FileError {
    fn from(error: crate::standard::ShippedError) -> Self {
        use crate::standard::ShippedError;
        match error {
            ShippedError::Load { file, error } => {
                Self::Load(PathBuf::from(file), error)
            }
            ShippedError::NotSeries { file, kind } => {
                Self::NotSeries(PathBuf::from(file), kind)
            }
        }
    }
}

/// Where a series reference leads: a file, or a standard series embedded
/// in the binary ([`crate::standard`]).
#[derive(Debug, Clone, PartialEq)]
pub enum SeriesAt {
    /// A series file.
    File(PathBuf),
    /// A standard series, by name (and version).
    Standard(&'static StandardSeries),
}

impl SeriesAt {
    /// Where `written` (a series reference in the document at `document`)
    /// leads: a standard series when it is a name, else the file it names
    /// relative to the document's folder.
    pub fn of(document: &Path, written: &str) -> Result<Self, FileError> {
        if standard::is_name(written) {
            standard::find(written)
                .map(Self::Standard)
                .map_err(|e| FileError::Standard(document.to_owned(), e))
        } else {
            Ok(Self::File(beside(document, written)))
        }
    }

    /// The series there, its own `extends` not applied.
    fn read(&self) -> Result<Series, FileError> {
        match self {
            Self::File(path) => match read_document(path)? {
                Document::Series(s) => Ok(s),
                other => Err(FileError::NotSeries(
                    path.clone(),
                    other.kind().as_str(),
                )),
            },
            Self::Standard(shipped) => {
                shipped.document().map_err(FileError::from)
            }
        }
    }

    /// Where its `extends` leads. A standard series extends by name only
    /// (it has no folder of its own in a pack).
    fn parent(&self, written: &str) -> Result<Self, FileError> {
        match self {
            Self::File(path) => Self::of(path, written),
            Self::Standard(shipped) => {
                Self::of(Path::new(shipped.file), written).and_then(|at| {
                    match at {
                        Self::Standard(_) => Ok(at),
                        Self::File(_) => Err(FileError::Io(
                            PathBuf::from(shipped.file),
                            format!(
                                "a standard series extends another by \
                                 name, not by the path `{written}`"
                            ),
                        )),
                    }
                })
            }
        }
    }
}

/// Reads and loads one document.
pub fn read_document(path: &Path) -> Result<Document, FileError> {
    let format = Format::of_path(path)
        .ok_or_else(|| FileError::Extension(path.to_owned()))?;
    let text = crate::io::read_regular_text(path)
        .map_err(|e| FileError::Io(path.to_owned(), e.to_string()))?;
    load_document(&text, format)
        .map_err(|e| FileError::Load(path.to_owned(), e))
}

/// A path written in a document, relative to that document's folder.
pub fn beside(document: &Path, written: &str) -> PathBuf {
    document.parent().unwrap_or(Path::new(".")).join(written)
}

/// Loads a series file and every series it extends, and merges them into
/// the effective rules ([`resolve_series`]).
pub fn load_series(path: &Path) -> Result<Series, FileError> {
    load_series_at(SeriesAt::File(path.to_owned()))
}

/// Loads the series that `written` (the `series` of the document at
/// `document`) names, a standard series' name or a path, with its
/// `extends` chain merged.
pub fn load_series_named(
    document: &Path,
    written: &str,
) -> Result<Series, FileError> {
    load_series_at(SeriesAt::of(document, written)?)
}

/// Loads the series at `at` and every series it extends, merged.
pub fn load_series_at(at: SeriesAt) -> Result<Series, FileError> {
    let loop_error = |at: &SeriesAt| match at {
        SeriesAt::File(path) => FileError::Loop(path.clone()),
        SeriesAt::Standard(s) => FileError::Loop(PathBuf::from(s.file)),
    };
    let first = loop_error(&at);
    let mut chain: Vec<Series> = Vec::new();
    let mut seen: Vec<SeriesAt> = Vec::new();
    let mut next = at;
    loop {
        if seen.contains(&next) || seen.len() >= MAX_CHAIN {
            return Err(loop_error(&next));
        }
        let series = next.read()?;
        let parent = match series.extends.as_deref() {
            Some(written) => Some(next.parent(written)?),
            None => None,
        };
        seen.push(next);
        chain.push(series);
        match parent {
            Some(parent) => next = parent,
            None => break,
        }
    }
    chain.reverse();
    resolve_series(&chain).ok_or(first)
}

/// Loads a counters file with every file it includes, merged into its
/// effective counters ([`crate::counters::include::merge_included`]); a duplicate id
/// or a bad extension is an error here (the validator reports each one,
/// REF031 and REF035).
pub fn load_counters(path: &Path) -> Result<Counters, FileError> {
    load_counters_within(path, &mut Vec::new(), &mut HashMap::new())
}

/// Loads `path` merged, each file once: `done` keeps every file merged so
/// far (by canonical path), so that a file included along many paths (16
/// files each including the next four times are 4^16 paths) is read and
/// merged once. A loop is an error for the whole load, so a kept result
/// never depends on the path that reached it.
fn load_counters_within(
    path: &Path,
    open: &mut Vec<PathBuf>,
    done: &mut HashMap<PathBuf, Counters>,
) -> Result<Counters, FileError> {
    let key = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    if let Some(merged) = done.get(&key) {
        return Ok(merged.clone());
    }
    if open.contains(&key) || open.len() >= MAX_CHAIN {
        return Err(FileError::IncludeLoop(path.to_owned()));
    }
    let own = match read_document(path)? {
        Document::Counters(c) => c,
        other => {
            return Err(FileError::NotCounters(
                path.to_owned(),
                other.kind().as_str(),
            ));
        }
    };
    open.push(key.clone());
    let mut included = Vec::with_capacity(own.include.len());
    for include in &own.include {
        let file = beside(path, &include.path);
        included.push(load_counters_within(&file, open, done)?);
    }
    open.pop();
    let refs: Vec<Option<&Counters>> = included.iter().map(Some).collect();
    let merged = merge_included(&own, &refs);
    match merged.problems.first() {
        None => {
            done.insert(key, merged.counters.clone());
            Ok(merged.counters)
        }
        Some(problem) => {
            Err(FileError::Include(path.to_owned(), problem.to_string()))
        }
    }
}

/// The series `map` (read from `map_path`) names, with its `extends` chain
/// applied as a validation run applies it (for callers outside a run: the
/// editor's findings panel). Errors say which file failed; the validator
/// reports them as REF001, REF010 and REF013.
pub fn series_for_map(map_path: &Path, map: &Map) -> Result<Series, FileError> {
    load_series_named(map_path, &map.series)
}

/// The effective rules of a series chain, base first: each later series
/// applies its `overrides` to what came before, then its own definitions
/// (classes, terrain, ...) replace those with the same id or are added.
pub fn resolve_series(chain: &[Series]) -> Option<Series> {
    let (base, rest) = chain.split_first()?;
    let mut merged = base.clone();
    for child in rest {
        if let Some(overrides) = &child.overrides {
            merged = merged.with_overrides(overrides);
        }
        merge(&mut merged.ratings, &child.ratings, |r| &r.id);
        merge(&mut merged.unit_classes, &child.unit_classes, |c| &c.id);
        merge(&mut merged.states, &child.states, |s| &s.id);
        merge(&mut merged.formations, &child.formations, |f| &f.id);
        merge(&mut merged.terrain, &child.terrain, |t| &t.id);
        merge(&mut merged.hexside_types, &child.hexside_types, |t| &t.id);
        merge(&mut merged.road_types, &child.road_types, |t| &t.id);
        merge(&mut merged.weather, &child.weather, |w| &w.id);
        merge(&mut merged.phases, &child.phases, |p| &p.id);
        if child.counter_art.is_some() {
            merged.counter_art.clone_from(&child.counter_art);
        }
        merged.id.clone_from(&child.id);
        merged.name.clone_from(&child.name);
    }
    Some(merged)
}

fn merge<T: Clone>(base: &mut Vec<T>, own: &[T], id: impl Fn(&T) -> &String) {
    for item in own {
        match base.iter_mut().find(|b| id(b) == id(item)) {
            Some(existing) => *existing = item.clone(),
            None => base.push(item.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn series_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("series")
    }

    #[test]
    fn canope_extends_the_empire_rules() {
        let canope = load_series(&series_dir().join("canope-1801.series.ron"))
            .expect("canope chain loads");
        assert_eq!(canope.id, "canope-1801");
        assert!(canope.terrain_type("dry_lake").is_some());
        assert!(canope.terrain_type("clear").is_some());
        let stacking = canope.stacking.expect("stacking");
        assert!(
            stacking
                .allowed
                .iter()
                .any(|c| c.name.contains("three cavalry"))
        );
    }

    #[test]
    fn a_loop_or_a_missing_parent_is_an_error_not_a_hang() {
        let dir = std::env::temp_dir()
            .join(format!("berthier-pack-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let text = |parent: &str| {
            format!(
                "(kind: series, format_version: 1, id: \"x\", name: \"X\", \
                 extends: \"{parent}\")"
            )
        };
        std::fs::write(dir.join("a.series.ron"), text("b.series.ron"))
            .expect("a");
        std::fs::write(dir.join("b.series.ron"), text("a.series.ron"))
            .expect("b");
        assert!(matches!(
            load_series(&dir.join("a.series.ron")),
            Err(FileError::Loop(_))
        ));
        std::fs::write(dir.join("c.series.ron"), text("none.series.ron"))
            .expect("c");
        assert!(matches!(
            load_series(&dir.join("c.series.ron")),
            Err(FileError::Io(..))
        ));
        std::fs::remove_dir_all(&dir).expect("clean");
    }

    #[test]
    fn an_include_loop_or_a_duplicate_is_an_error_not_a_hang() {
        let dir = std::env::temp_dir()
            .join(format!("berthier-include-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let text = |include: &str, unit: &str| {
            format!(
                "(kind: counters, format_version: 2, id: \"x\", name: \"X\", \
                 series: \"s.series.ron\", include: [{include}], \
                 sides: [(id: \"blue\", name: \"Blue\")], \
                 units: [(id: \"{unit}\", name: \"U\", side: \"blue\", \
                 class: \"infantry\")])"
            )
        };
        let write = |name: &str, text: String| {
            std::fs::write(dir.join(name), text).expect("write");
        };
        write("a.counters.ron", text("(path: \"b.counters.ron\")", "a1"));
        write("b.counters.ron", text("(path: \"a.counters.ron\")", "b1"));
        assert!(matches!(
            load_counters(&dir.join("a.counters.ron")),
            Err(FileError::IncludeLoop(_))
        ));
        write("c.counters.ron", text("(path: \"d.counters.ron\")", "u1"));
        write("d.counters.ron", text("", "u1"));
        let Err(FileError::Include(_, why)) =
            load_counters(&dir.join("c.counters.ron"))
        else {
            panic!("a unit defined twice loads");
        };
        assert!(why.contains("unit `u1` is defined twice"), "{why}");
        write("e.counters.ron", text("(path: \"d.counters.ron\")", "e1"));
        let merged = load_counters(&dir.join("e.counters.ron")).expect("e");
        let ids: Vec<&str> = merged.units.iter().map(|u| &*u.id).collect();
        assert_eq!(ids, ["e1", "u1"], "own units first");
        std::fs::remove_dir_all(&dir).expect("clean");
    }
}

#[cfg(test)]
mod fan_out_tests {
    use super::*;

    /// Sixteen counters files, each including the next four times (the
    /// reliability probe's case: 4^16 paths, about 27 minutes): loaded in
    /// well under a second, since each file is merged once.
    #[test]
    fn an_include_fan_out_is_merged_once_per_file() {
        let dir = std::env::temp_dir()
            .join(format!("berthier-fan-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        for k in 0..16 {
            let include = if k == 15 {
                String::new()
            } else {
                let one = format!("(path: \"f{}.counters.ron\")", k + 1);
                vec![one; 4].join(", ")
            };
            let text = format!(
                "(kind: counters, format_version: 2, id: \"f{k}\", \
                 name: \"F\", series: \"s.series.ron\", include: [{include}], \
                 sides: [(id: \"blue\", name: \"Blue\")])"
            );
            std::fs::write(dir.join(format!("f{k}.counters.ron")), text)
                .expect("write");
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let path = dir.join("f0.counters.ron");
        std::thread::spawn(move || {
            let _ = tx.send(load_counters(&path).map(|c| c.id));
        });
        let loaded = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("loaded within 20 s");
        std::fs::remove_dir_all(&dir).expect("clean");
        assert_eq!(loaded.expect("loads"), "f0");
    }
}
