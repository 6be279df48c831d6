//! The editor's file-free map checks (`map_checks::check`) give every
//! finding a validation run of the map file gives, on the MAP trigger
//! fixtures (`tests/fixtures/rules/<CODE>/trigger/mini.map.ron`, whose
//! snapshots `tests/codes.rs` takes), a road gap, and the map's reference
//! checks.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use berthier_schema::{Document, Format};
use berthier_validator::{Code, map_checks};

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

/// The mini pack with the case's files (its map, and the scans a map in
/// sheets names) copied over it.
fn case_pack(code: &str, case: &str) -> tempfile::TempDir {
    let dir = common::pack();
    let from = rules_dir().join(code).join(case);
    for entry in std::fs::read_dir(from).expect("case") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name()))
            .expect("copy");
    }
    dir
}

/// The MAP codes a map file alone gives (MAP012 is about a scenario
/// variant's change of map state: its trigger holds no map).
fn map_codes() -> Vec<Code> {
    Code::ALL
        .into_iter()
        .filter(|c| c.as_str().starts_with("MAP") && *c != Code::Map012)
        .collect()
}

/// `(code, pointer, hex, message, help)` of a map's findings.
type Seen = Vec<(String, String, Option<String>, String, Option<String>)>;

/// The findings of `map_checks::check` on the map file of `dir`.
fn live(dir: &Path) -> Seen {
    let path = dir.join("mini.map.ron");
    let text = std::fs::read_to_string(&path).expect("read");
    let Ok(Document::Map(map)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("not a map");
    };
    let series = map_checks::series_for_map(&path, &map).expect("series");
    let mut seen: Seen = map_checks::check(&map, Some(&series))
        .into_iter()
        .map(|f| {
            let hex = f.hex.map(|h| h.to_string());
            (f.code.to_string(), f.pointer, hex, f.message, f.help)
        })
        .collect();
    seen.sort();
    seen
}

/// Every finding of a validation run of the map file.
fn validated(dir: &Path) -> Seen {
    let report =
        berthier_validator::validate(&[dir.join("mini.map.ron")]).expect("run");
    let mut seen: Seen = report
        .diagnostics
        .into_iter()
        .map(|d| {
            let hex = d.hex.map(|h| h.to_string());
            (d.code.to_string(), d.pointer, hex, d.message, d.help)
        })
        .collect();
    seen.sort();
    seen
}

#[test]
fn live_checks_match_a_validation_run() {
    let mut cases: Vec<tempfile::TempDir> = map_codes()
        .into_iter()
        .map(|code| case_pack(code.as_str(), "trigger"))
        .collect();
    let gap = common::pack();
    common::mutate(
        gap.path(),
        "mini.map.ron",
        "\"0101\", \"0201\", \"0301\"",
        "\"0101\", \"0301\"",
    );
    cases.push(gap);
    let refs = common::pack();
    common::mutate(
        refs.path(),
        "mini.map.ron",
        "\"0202\": (terrain: \"clear\")",
        "\"0202\": (terrain: \"swamp\"), \"0909\": (terrain: \"clear\")",
    );
    common::mutate(
        refs.path(),
        "mini.map.ron",
        "(at: \"0303/0403\"",
        "(at: \"0101/0303\", feature: \"lava\"), \
         (at: \"0202/0203\", feature: \"slope\"), (at: \"0303/0403\"",
    );
    common::mutate(
        refs.path(),
        "mini.map.ron",
        "hexes: [\"0101\"], road: \"high-road\"),",
        "hexes: [\"0101\"], road: \"high-road\"), \
         (id: \"mill\", name: \"M\", edge: \"nowhere\"),",
    );
    cases.push(refs);
    // A sheet's own scan is a file reference, checked by pass 2 only.
    let sheets = case_pack("MAP006", "clean");
    std::fs::remove_file(sheets.path().join("east.png")).expect("rm");
    let missing = validated(sheets.path());
    assert!(
        missing
            .iter()
            .any(|f| f.0 == "REF001" && f.1 == "/sheets/1/scan"),
        "{missing:?}"
    );
    for dir in &cases {
        let live = live(dir.path());
        assert!(!live.is_empty(), "no finding in {}", dir.path().display());
        assert_eq!(live, validated(dir.path()));
    }
}

#[test]
fn live_checks_on_the_demo_map_are_clean() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/demo/demo.map.ron");
    let text = std::fs::read_to_string(&path).expect("demo map");
    let Ok(Document::Map(map)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("not a map");
    };
    let series = map_checks::series_for_map(&path, &map).expect("series");
    assert_eq!(map_checks::check(&map, Some(&series)), Vec::new());
}
