//! The validator's fast path types a RON document from the JSON shape the
//! locate tokenizer reads. It must give exactly what the typed RON reader
//! gives, for every bundled document.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::locate::ron_json_shape;
use berthier_schema::{Document, Format, parse_document, probe_kind};

fn ron_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            ron_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}

#[test]
fn the_shape_reader_types_every_bundled_document_as_ron_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in [
        "schema/series",
        "schema/tests/fixtures",
        "maps",
        "counters",
        "scenarios",
    ] {
        ron_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 20, "found only {} files", files.len());
    let mut compared = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let Ok(typed) = parse_document(&text, Format::Ron) else {
            continue; // broken fixtures are the typed reader's to report
        };
        let kind = probe_kind(&text, Format::Ron).expect("kind");
        let shape = ron_json_shape(&text)
            .unwrap_or_else(|| panic!("{} not read", file.display()));
        let fast = Document::from_json_value(kind, shape)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert_eq!(fast, typed, "{}", file.display());
        compared += 1;
    }
    assert!(compared > 20);
}
