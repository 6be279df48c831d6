//! A series written by a modder is data only (`schema/series/README.md`):
//! the bundled battle on a pack-local series validates (the whole
//! repository is checked by CI), a mutated copy of it in
//! `tests/fixtures/modded-series` fails with exactly the codes its
//! mutations name, and no Rust file names any pack-local series. This file
//! names neither the series nor its battle: both are found from the data.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use berthier_schema::standard;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/modded-series")
}

/// Every file under `dir` whose name ends with `ext`, skipping `target`
/// and hidden folders.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files(&path, ext, out);
            }
        } else if name.ends_with(ext) {
            out.push(path);
        }
    }
}

/// One change the fixture makes to the bundled battle, and the code it
/// must raise (`None`: a change that raises nothing).
struct Mutation {
    file: String,
    from: String,
    to: String,
    expect: Option<String>,
}

fn mutations() -> Vec<Mutation> {
    let text = std::fs::read_to_string(fixture().join("mutations.json"))
        .expect("mutations.json");
    let list: Vec<serde_json::Value> =
        serde_json::from_str(&text).expect("a JSON list");
    let field =
        |m: &serde_json::Value, k: &str| m[k].as_str().map(str::to_owned);
    list.iter()
        .map(|m| Mutation {
            file: field(m, "file").expect("file"),
            from: field(m, "from").expect("from"),
            to: field(m, "to").expect("to"),
            expect: field(m, "expect"),
        })
        .collect()
}

#[test]
fn the_mutated_copy_fails_with_exactly_the_codes_its_mutations_name() {
    let mut expected: Vec<String> =
        mutations().into_iter().filter_map(|m| m.expect).collect();
    expected.sort();
    assert!(expected.len() >= 3, "too few mutations: {expected:?}");
    let report = berthier_validator::validate(&[fixture()]).expect("runs");
    let mut found: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| d.code.to_string())
        .collect();
    found.sort();
    assert_eq!(found, expected, "{:#?}", report.diagnostics);
}

#[test]
fn the_mutated_copy_is_the_bundled_battle_with_only_those_mutations() {
    let mutations = mutations();
    let mut copies = Vec::new();
    files(&fixture(), ".ron", &mut copies);
    assert!(copies.len() >= 4, "{copies:?}");
    let mut applied = 0;
    for copy in &copies {
        let rel = copy.strip_prefix(fixture()).expect("inside");
        let rel_text = rel.to_string_lossy().replace('\\', "/");
        let bundled = std::fs::read_to_string(repo().join(rel))
            .unwrap_or_else(|e| panic!("{rel_text} not bundled: {e}"));
        let mut text = bundled;
        for m in mutations.iter().filter(|m| m.file == rel_text) {
            assert!(text.contains(&m.from), "{rel_text}: no {:?}", m.from);
            text = text.replacen(&m.from, &m.to, 1);
            applied += 1;
        }
        let copy_text = std::fs::read_to_string(copy).expect("copy");
        assert!(
            copy_text == text,
            "{rel_text} differs from the bundled file with its mutations: \
             copy the bundled file again and apply mutations.json"
        );
    }
    assert_eq!(applied, mutations.len(), "a mutation names no copied file");
}

/// The series files the bundled documents name by path, outside the
/// standard ones.
fn pack_local_series() -> BTreeSet<PathBuf> {
    let root = repo();
    let mut docs = Vec::new();
    for dir in ["maps", "counters", "scenarios"] {
        files(&root.join(dir), ".ron", &mut docs);
    }
    let standard_files: BTreeSet<PathBuf> = standard::all()
        .iter()
        .filter_map(|s| root.join(s.file).canonicalize().ok())
        .collect();
    let mut found = BTreeSet::new();
    for doc in docs {
        let text = std::fs::read_to_string(&doc).expect("readable");
        for line in text.lines() {
            let Some(rest) = line.trim().strip_prefix("series: \"") else {
                continue;
            };
            let reference = rest.split('"').next().unwrap_or_default();
            if standard::is_name(reference) {
                continue;
            }
            let path = doc.parent().expect("folder").join(reference);
            let path = path.canonicalize().unwrap_or_else(|e| {
                panic!("{}: {reference}: {e}", doc.display())
            });
            if !standard_files.contains(&path) {
                found.insert(path);
            }
        }
    }
    found
}

#[test]
fn no_rust_file_names_a_pack_local_series() {
    let series = pack_local_series();
    assert!(!series.is_empty(), "no pack-local series found");
    let mut sources = Vec::new();
    for dir in ["schema", "validator", "editor"] {
        files(&repo().join(dir), ".rs", &mut sources);
    }
    assert!(sources.len() > 50, "{} Rust files", sources.len());
    for path in series {
        let text = std::fs::read_to_string(&path).expect("series");
        let Ok(berthier_schema::Document::Series(doc)) =
            berthier_schema::parse_document(
                &text,
                berthier_schema::Format::Ron,
            )
        else {
            panic!("{} is not a series", path.display());
        };
        assert!(
            standard::find(&doc.id).is_err(),
            "{} is a standard series",
            doc.id
        );
        let file_name = path.file_name().expect("name").to_string_lossy();
        for source in &sources {
            let code = std::fs::read_to_string(source).expect("source");
            for word in [doc.id.as_str(), file_name.as_ref()] {
                assert!(
                    !code.contains(word),
                    "{} names the pack-local series `{word}`: a modder's \
                     series must need no code",
                    source.display()
                );
            }
        }
    }
}

/// The fixture's map, found from the data (its only map file).
fn fixture_map() -> berthier_schema::Map {
    let mut maps = Vec::new();
    files(&fixture(), ".map.ron", &mut maps);
    assert_eq!(maps.len(), 1, "{maps:?}");
    let text = std::fs::read_to_string(&maps[0]).unwrap();
    berthier_schema::document::parse(
        &text,
        berthier_schema::document::Format::Ron,
    )
    .unwrap()
}

#[test]
fn findings_name_hexes_as_the_map_prints_them() {
    let map = fixture_map();
    assert!(map.numbering.is_some(), "the fixture's map prints its own");
    let report = berthier_validator::validate(&[fixture()]).expect("runs");
    let mut named = 0;
    for d in &report.diagnostics {
        let Some(hex) = d.hex else { continue };
        let label = map.label(hex);
        assert_ne!(label, hex.to_string());
        assert!(d.message.contains(&label), "{label}: {}", d.message);
        assert!(!d.message.contains(&hex.to_string()), "{}", d.message);
        named += 1;
    }
    assert!(named >= 3, "{:#?}", report.diagnostics);
}
