//! The files of a battle to export: a scenario (its map, counters and
//! setup, exported as at-start stacks), or a map with every scenario on
//! it (each exported as a predefined setup).
//!
//! A map's scenarios are the `*.scenario.ron` (or `.json`) files of its
//! own folder and of the battle's folder under `scenarios/`
//! (`maps/<battle>/x.map.ron` → `scenarios/<battle>/`, the repository's
//! layout) whose `map` is that map file. A folder is a battle when it
//! holds one map, or scenarios (all on one map) and no map.

use std::path::{Path, PathBuf};

use berthier_schema::Map;
use berthier_schema::document::Document;
use berthier_schema::scenario::Scenario;

use super::battle::VmodError;
use crate::project;

/// A scenario of the battle.
pub(super) struct ScenarioFile {
    /// The scenario file.
    pub path: PathBuf,
    /// The scenario, variants resolved.
    pub scenario: Scenario,
    /// Its counters file.
    pub counters: PathBuf,
}

/// The files of a battle.
pub(super) struct Battle {
    pub map_path: PathBuf,
    pub map: Map,
    /// Its scenarios.
    pub scenarios: Vec<ScenarioFile>,
    /// Whether the scenarios become predefined setups (a map or folder
    /// given) rather than at-start stacks (one scenario given).
    pub predefined: bool,
}

/// Reads a scenario, a map with its scenarios, or a folder.
pub(super) fn read_battle(path: &Path) -> Result<Battle, VmodError> {
    let bad = |message: String| VmodError::Battle {
        path: path.to_owned(),
        message,
    };
    if path.is_dir() {
        let maps = files(path, &[".map.ron", ".map.json"]);
        let scenarios = files(path, &[".scenario.ron", ".scenario.json"]);
        return match (maps.as_slice(), scenarios.as_slice()) {
            ([one], _) => read_battle(one),
            ([], []) => Err(bad(
                "the folder holds no *.map.ron or *.scenario.ron".into(),
            )),
            ([], [first, ..]) => {
                let (map_path, map) = project::resolve_map(first)?;
                let scenarios = on_map(&scenarios, &map_path)?;
                Ok(Battle {
                    map_path,
                    map,
                    scenarios,
                    predefined: true,
                })
            }
            _ => Err(bad(format!(
                "the folder holds {} maps; name one, or a scenario",
                maps.len()
            ))),
        };
    }
    match project::read_document(path)? {
        Document::Map(_) => {
            let (map_path, map) = project::resolve_map(path)?;
            let mut candidates = Vec::new();
            for dir in scenario_folders(&map_path) {
                candidates
                    .extend(files(&dir, &[".scenario.ron", ".scenario.json"]));
            }
            let scenarios = on_map(&candidates, &map_path)?;
            Ok(Battle {
                map_path,
                map,
                scenarios,
                predefined: true,
            })
        }
        Document::Scenario(_) | Document::Variant(_) => {
            let (map_path, map) = project::resolve_map(path)?;
            Ok(Battle {
                map_path,
                map,
                scenarios: vec![scenario_file(path)?],
                predefined: false,
            })
        }
        other => Err(bad(format!(
            "export-vassal takes a scenario or a map, not a {} file",
            other.kind().as_str()
        ))),
    }
}

/// A scenario file read, variants resolved.
fn scenario_file(path: &Path) -> Result<ScenarioFile, VmodError> {
    let resolved = berthier_schema::pack::load_scenario(path).map_err(|e| {
        VmodError::Battle {
            path: path.to_owned(),
            message: e.to_string(),
        }
    })?;
    let scenario = resolved.scenario;
    let counters = berthier_schema::pack::beside(path, &scenario.counters);
    Ok(ScenarioFile {
        path: path.to_owned(),
        scenario,
        counters,
    })
}

/// The scenarios among `candidates` whose map is `map_path`, by file
/// name (the order of the predefined setups).
fn on_map(
    candidates: &[PathBuf],
    map_path: &Path,
) -> Result<Vec<ScenarioFile>, VmodError> {
    let same = |a: &Path, b: &Path| {
        a.canonicalize()
            .ok()
            .is_some_and(|a| b.canonicalize().ok() == Some(a))
    };
    let mut out = Vec::new();
    let mut sorted = candidates.to_vec();
    sorted.sort();
    sorted.dedup_by(|a, b| same(a, b));
    for path in sorted {
        let Ok(Document::Scenario(s)) = project::read_document(&path) else {
            // Variants name their base's map through `extends`.
            if let Ok(Document::Variant(_)) = project::read_document(&path) {
                let file = scenario_file(&path)?;
                let map =
                    berthier_schema::pack::beside(&path, &file.scenario.map);
                if same(&map, map_path) {
                    out.push(file);
                }
            }
            continue;
        };
        if same(&berthier_schema::pack::beside(&path, &s.map), map_path) {
            out.push(scenario_file(&path)?);
        }
    }
    Ok(out)
}

/// The map's own folder and the battle's folder under `scenarios/`.
fn scenario_folders(map_path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Some(dir) = map_path.parent() else {
        return out;
    };
    out.push(dir.to_owned());
    if let (Some(battle), Some(maps)) = (dir.file_name(), dir.parent())
        && maps.file_name().is_some_and(|n| n == "maps")
        && let Some(root) = maps.parent()
    {
        out.push(root.join("scenarios").join(battle));
    }
    out
}

/// The files of `dir` whose names end with one of `suffixes`.
fn files(dir: &Path, suffixes: &[&str]) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .is_some_and(|n| suffixes.iter().any(|s| n.ends_with(s)))
        })
        .collect();
    out.sort();
    out
}
