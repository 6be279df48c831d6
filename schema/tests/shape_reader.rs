//! The validator's fast path types a RON document from the JSON shape the
//! locate tokenizer reads. It must give exactly what the typed RON reader
//! gives, for every bundled document.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ron_files;

use berthier_schema::locate::ron_json_shape;
use std::path::PathBuf;

use berthier_schema::{
    Document, Format, load_document, parse_document, probe_kind,
};

#[test]
fn the_shape_reader_types_every_bundled_document_as_ron_does() {
    let files = bundled();
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

fn bundled() -> Vec<PathBuf> {
    ron_files::under(&[
        "schema/series",
        "schema/tests/fixtures",
        "maps",
        "counters",
        "scenarios",
    ])
}

/// The loader takes the validator's tree path for valid RON (the
/// standard series are loaded on every run): what it gives must be what
/// the typed RON reader gives.
#[test]
fn the_loader_reads_every_bundled_document_as_ron_does() {
    let mut compared = 0;
    for file in &bundled() {
        let text = std::fs::read_to_string(file).expect("readable");
        let Ok(typed) = parse_document(&text, Format::Ron) else {
            continue;
        };
        let Ok(loaded) = load_document(&text, Format::Ron) else {
            continue; // a schema problem: the loader's to refuse
        };
        assert_eq!(loaded, typed, "{}", file.display());
        compared += 1;
    }
    assert!(compared > 80, "compared only {compared}");
}
