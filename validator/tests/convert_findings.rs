//! A document converted to JSON is checked the same as its RON: for every
//! bundled document, a copy of the bundled packs with that document
//! replaced by its `convert --to json` (and every reference to it renamed)
//! gives the same findings, code, JSON pointer and hex, as the packs as
//! they are. Lines differ in the converted file (its layout is new), so
//! only its other coordinates are compared.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use berthier_schema::{Format, load_document};
use berthier_validator::convert::to_text;

const FOLDERS: [&str; 4] = ["schema/series", "maps", "counters", "scenarios"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The kinds a document's file name ends with (`x.map.ron`).
const KINDS: [&str; 5] = ["series", "map", "counters", "scenario", "game"];

/// Whether `path` is named as a document (`*.map.ron`, ...): a battle
/// folder may also hold other RON files, such as the image table a VASSAL
/// import writes beside the counters (`*.vassal-images.ron`).
fn is_document(path: &Path) -> bool {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    KINDS.iter().any(|k| name.ends_with(&format!(".{k}.ron")))
}

/// The bundled documents, relative to the workspace.
fn documents() -> Vec<String> {
    let root = workspace();
    let mut found: Vec<String> = FOLDERS
        .iter()
        .flat_map(|f| walkdir::WalkDir::new(root.join(f)))
        .filter_map(Result::ok)
        .map(|e| e.into_path())
        .filter(|p| is_document(p))
        .map(|p| {
            p.strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    found.sort();
    found
}

fn copy_packs(to: &Path) {
    for folder in FOLDERS {
        for entry in walkdir::WalkDir::new(workspace().join(folder)) {
            let entry = entry.unwrap();
            let rel = entry.path().strip_prefix(workspace()).unwrap();
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(to.join(rel)).unwrap();
            } else {
                std::fs::copy(entry.path(), to.join(rel)).unwrap();
            }
        }
    }
}

/// Each finding as (file, code, pointer, hex, line when `lines` holds).
type Finding = (String, String, String, String, usize);

fn findings(root: &Path, converted: Option<&str>) -> BTreeSet<Finding> {
    let report = berthier_validator::validate(&[root.to_path_buf()]).unwrap();
    report
        .diagnostics
        .iter()
        .map(|d| {
            let file = d.file.replace(".json", ".ron");
            let line = if Some(file.as_str()) == converted {
                0
            } else {
                d.line
            };
            let hex = d.hex.map(|h| h.to_string()).unwrap_or_default();
            (
                file,
                d.code.as_str().to_string(),
                d.pointer.clone(),
                hex,
                line,
            )
        })
        .collect()
}

#[test]
fn every_bundled_document_in_json_gives_the_same_findings() {
    let base = tempfile::tempdir().unwrap();
    copy_packs(base.path());
    let as_bundled = findings(base.path(), None);
    let all = documents();
    assert!(all.len() >= 30, "{all:?}");
    for rel in &all {
        let before: BTreeSet<Finding> = as_bundled
            .iter()
            .map(|(file, code, pointer, hex, line)| {
                let line = if file == rel { 0 } else { *line };
                (
                    file.clone(),
                    code.clone(),
                    pointer.clone(),
                    hex.clone(),
                    line,
                )
            })
            .collect();
        let dir = tempfile::tempdir().unwrap();
        copy_packs(dir.path());
        let path = dir.path().join(rel);
        let text = std::fs::read_to_string(&path).unwrap();
        let document = load_document(&text, Format::Ron).unwrap();
        let json = to_text(document, Format::Json).unwrap();
        std::fs::remove_file(&path).unwrap();
        std::fs::write(path.with_extension("json"), json).unwrap();
        rename_references(dir.path(), rel);
        let after = findings(dir.path(), Some(rel.as_str()));
        assert_eq!(before, after, "{rel} converted to JSON");
    }
}

/// Renames every reference to `rel` in the other documents (a quoted
/// path that leads to it from the referring file) to its `.json` name.
fn rename_references(root: &Path, rel: &str) {
    let target = root.join(rel).with_extension("json");
    let name = rel.rsplit('/').next().unwrap();
    for entry in walkdir::WalkDir::new(root) {
        let path = entry.unwrap().into_path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let parts: Vec<String> = text
            .split('"')
            .enumerate()
            .map(|(i, part)| {
                let quoted = i % 2 == 1;
                let leads_here = quoted
                    && part.ends_with(name)
                    && same_file(
                        &path
                            .parent()
                            .unwrap()
                            .join(part)
                            .with_extension("json"),
                        &target,
                    );
                if leads_here {
                    part.replace(name, &name.replace(".ron", ".json"))
                } else {
                    part.to_string()
                }
            })
            .collect();
        let renamed = parts.join("\"");
        if renamed != text {
            std::fs::write(&path, renamed).unwrap();
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
