//! Who names a unit or formation, asked before deleting it: the
//! scenarios that use this counters file (directly, or through a file
//! that includes it) and name the id, and this file's own references
//! (formation commanders and parents, `include` parents and commanders).

use std::path::{Path, PathBuf};

use berthier_schema::Document;
use berthier_schema::pack::{beside, load_scenario, read_document};

use super::OobDoc;

/// How far up from the counters file a `scenarios` folder is looked for
/// (`counters/<battle>/x.counters.ron` → the pack root is two up).
const LEVELS_UP: usize = 4;

/// The references to `id` a deletion would leave dangling, one line each
/// (`ligny1-historical.scenario.ron`, `commander of I Corps`).
pub fn references(doc: &OobDoc, id: &str) -> Vec<String> {
    let mut out = own_references(doc, id);
    let quoted = format!("\"{id}\"");
    for scenario in scenarios_using(doc.path()) {
        let named = std::fs::read_to_string(&scenario)
            .is_ok_and(|text| text.contains(&quoted));
        if named {
            let name = scenario.file_name().unwrap_or_default();
            out.push(name.to_string_lossy().into_owned());
        }
    }
    out
}

fn own_references(doc: &OobDoc, id: &str) -> Vec<String> {
    let own = doc.own();
    let mut out = Vec::new();
    for f in &own.formations {
        if f.commander.as_deref() == Some(id) {
            out.push(format!("commander of {}", f.name));
        }
    }
    for include in &own.include {
        let named = include.parents.iter().chain(&include.commanders);
        for (formation, target) in named {
            if target == id {
                out.push(format!("include of {}: {formation}", include.path));
            }
        }
    }
    out
}

/// The scenario files of the pack holding `counters` whose counters file
/// is `counters` or includes it.
pub fn scenarios_using(counters: &Path) -> Vec<PathBuf> {
    let Ok(target) = counters.canonicalize() else {
        return Vec::new();
    };
    let Some(root) = scenarios_folder(&target) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = scenario_files(&root)
        .into_iter()
        .filter(|s| counters_of(s).is_some_and(|c| uses(&c, &target)))
        .collect();
    found.sort();
    found
}

fn scenarios_folder(counters: &Path) -> Option<PathBuf> {
    counters
        .ancestors()
        .skip(1)
        .take(LEVELS_UP)
        .map(|dir| dir.join("scenarios"))
        .find(|dir| dir.is_dir())
}

fn scenario_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let Ok(battles) = std::fs::read_dir(root) else {
        return files;
    };
    for battle in battles.flatten() {
        let Ok(entries) = std::fs::read_dir(battle.path()) else {
            continue;
        };
        files.extend(entries.flatten().map(|e| e.path()).filter(|p| {
            p.to_string_lossy().ends_with(".scenario.ron")
                || p.to_string_lossy().ends_with(".scenario.json")
        }));
    }
    files
}

/// The counters file a scenario uses (a variant's is its base's).
fn counters_of(scenario: &Path) -> Option<PathBuf> {
    let written = match read_document(scenario).ok()? {
        Document::Scenario(s) => s.counters,
        Document::Variant(_) => load_scenario(scenario).ok()?.scenario.counters,
        _ => return None,
    };
    beside(scenario, &written).canonicalize().ok()
}

/// Whether counters file `file` is `target` or includes it.
fn uses(file: &Path, target: &Path) -> bool {
    if file == target {
        return true;
    }
    let Ok(Document::Counters(c)) = read_document(file) else {
        return false;
    };
    c.include.iter().any(|i| {
        beside(file, &i.path)
            .canonicalize()
            .is_ok_and(|p| p == target)
    })
}
