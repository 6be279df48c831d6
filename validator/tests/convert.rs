//! `berthier-validate convert` round-trips every fixture RON to JSON and
//! back to an equal document.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use berthier_schema::{Format, parse_document};
use common::{fixture_dir, run};

#[test]
fn every_fixture_round_trips_ron_json_ron() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut seen = 0;
    for entry in std::fs::read_dir(fixture_dir()).expect("fixtures") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        let Some(stem) = name.strip_suffix(".ron") else {
            continue;
        };
        seen += 1;
        let original = std::fs::read_to_string(&path).expect("read");
        let original = parse_document(&original, Format::Ron).expect("parses");

        // RON to JSON on standard output.
        let json = run(
            dir.path(),
            &["convert", path.to_str().expect("utf-8"), "--to", "json"],
        );
        assert_eq!(json.status, 0, "{name}: {}", json.stderr);
        let as_json = parse_document(&json.stdout, Format::Json).expect("json");
        assert_eq!(as_json, original, "{name} changed through JSON");

        // JSON back to RON, written with --out.
        let json_path = dir.path().join(format!("{stem}.json"));
        std::fs::write(&json_path, &json.stdout).expect("write");
        let ron_path = dir.path().join(format!("{stem}.back.ron"));
        let back = run(
            dir.path(),
            &[
                "convert",
                json_path.to_str().expect("utf-8"),
                "--to",
                "ron",
                "--out",
                ron_path.to_str().expect("utf-8"),
            ],
        );
        assert_eq!(back.status, 0, "{name}: {}", back.stderr);
        assert!(back.stdout.is_empty());
        let text = std::fs::read_to_string(&ron_path).expect("written");
        let again = parse_document(&text, Format::Ron).expect("ron");
        assert_eq!(again, original, "{name} changed through RON");
    }
    assert_eq!(seen, 4);
}

#[test]
fn converting_a_broken_document_is_a_finding_not_a_crash() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bad.map.ron");
    std::fs::write(&path, "(kind: map, format_version: 1, id: 3)")
        .expect("write");
    let out = run(dir.path(), &["convert", "bad.map.ron", "--to", "json"]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(out.stderr.contains("bad.map.ron"), "{}", out.stderr);
}
