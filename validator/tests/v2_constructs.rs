//! Format version 2's constructs (`tests/fixtures/v2`: a scenario using
//! the dated clock, weather, an end on a condition, arrivals with losses,
//! conditions and options, held locations with exceptions, morale states,
//! combined conditions, victory levels, releases, withdrawals, weighted
//! losses, an arrival that follows another, leaders, map state and no-go
//! areas) load, validate clean, and round-trip through JSON and RON.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use berthier_schema::{Document, Format, load_document};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v2")
}

fn round_trip(document: &Document, format: Format) -> Document {
    let text = document.to_text(format).expect("write");
    load_document(&text, format).unwrap_or_else(|e| {
        panic!("{format:?} does not read back: {e}\n{text}")
    })
}

#[test]
fn every_document_round_trips_through_json_and_ron() {
    for entry in std::fs::read_dir(fixture()).expect("fixture") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let document = load_document(&text, Format::Ron)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json = round_trip(&document, Format::Json);
        assert_eq!(json, document, "{} through JSON", path.display());
        let ron = round_trip(&json, Format::Ron);
        assert_eq!(ron, document, "{} through RON", path.display());
    }
}

#[test]
fn the_scenario_validates_clean() {
    let out = Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
        .arg(fixture())
        .output()
        .expect("run berthier-validate");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // Only information: the morale group's steps are unknown (OOB006).
    assert!(
        !stdout.contains("error[") && !stdout.contains("warning["),
        "{stdout}"
    );
    assert!(stdout.contains("Found 1 info in 1 file"), "{stdout}");
}

#[test]
fn the_dated_arrival_lands_on_the_turn_after_the_night() {
    let text = std::fs::read_to_string(fixture().join("mini.scenario.ron"))
        .expect("read");
    let Ok(Document::Scenario(s)) = load_document(&text, Format::Ron) else {
        panic!("scenario");
    };
    let track = &s.turns;
    // 21:00 (turn 1), 22:00-01:00 and 01:00-04:00 (night turns 2 and 3),
    // 04:00 (turn 4): 01:00 on the 17th starts turn 3, 02:00 falls inside.
    let at = |clock| track.minutes_on("1815-06-17", clock).expect("dated");
    assert_eq!(track.turn_holding(at("01:00")), Ok(3));
    assert_eq!(track.turn_holding(at("02:00")), Err(Some(3)));
    assert_eq!(track.turn_holding(at("23:00") - 2 * 1440), Err(None));
}

#[test]
fn a_dated_arrival_inside_a_night_turn_is_an_error_naming_the_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(fixture()).expect("fixture") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let text = text.replace(
            "Dated(date: \"1815-06-17\", clock: \"01:00\"), formation",
            "Dated(date: \"1815-06-17\", clock: \"02:00\"), formation",
        );
        std::fs::write(dir.path().join(path.file_name().expect("name")), text)
            .expect("write");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
        .arg(dir.path())
        .output()
        .expect("run berthier-validate");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "1815-06-17 02:00 falls inside turn 3 (01:00-04:00), not at its start"
        ),
        "{stdout}"
    );
}
