//! Format version 2's constructs (`tests/fixtures/v2`: a scenario using
//! the dated clock, weather, an end on a condition, arrivals with losses,
//! conditions and options, held locations with exceptions, morale states,
//! combined conditions, victory levels, releases, withdrawals, weighted
//! losses, an arrival that follows another, leaders with roles in time,
//! map state, no-go areas, an entry that is part of an edge, squares of the
//! map, exactly-k conditions, formations exiting, and a victory on an
//! elimination) load, validate clean, and round-trip through JSON and RON.

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

/// The fixture with `edits` (old, new) applied to the scenario, validated:
/// its exit code and standard output.
fn validate_edited(edits: &[(&str, &str)]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(fixture()).expect("fixture") {
        let path = entry.expect("entry").path();
        let mut text = std::fs::read_to_string(&path).expect("read");
        for (old, new) in edits {
            if path.to_string_lossy().ends_with(".scenario.ron") {
                assert!(text.contains(old), "fixture lacks {old}");
            }
            text = text.replace(old, new);
        }
        std::fs::write(dir.path().join(path.file_name().expect("name")), text)
            .expect("write");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
        .arg(dir.path())
        .output()
        .expect("run berthier-validate");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out.status.code(), stdout)
}

#[test]
fn a_square_off_the_division_and_an_empty_part_are_located_errors() {
    let (code, stdout) = validate_edited(&[
        ("squares: [(1, 1)]", "squares: [(3, 1)]"),
        (
            "only: SideOf(of: Place(\"mill\"), side: east)",
            "only: Not(Anywhere)",
        ),
    ]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "error[REF018]: square (3, 1) is not one of the 2 x 2 squares"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "error[REF018]: the allowed part of edge `south` has no hexes"
        ),
        "{stdout}"
    );
}

#[test]
fn an_impossible_exactly_and_exit_count_are_vic002() {
    let (code, stdout) = validate_edited(&[
        (
            "formations: [\"red-1\"], count: 1,",
            "formations: [\"red-1\"], count: 2,",
        ),
        ("Exactly(count: 0,", "Exactly(count: 2,"),
    ]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains("exactly 2 of 1 condition: never met"),
        "{stdout}"
    );
    assert!(
        stdout.contains("2 of 1 formation to exit: never met"),
        "{stdout}"
    );
}

#[test]
fn the_squares_are_the_map_cut_in_equal_parts() {
    use berthier_schema::HexId;
    use berthier_schema::placement::Location;
    use berthier_schema::zone::{NoSetup, Zone};
    let text = std::fs::read_to_string(fixture().join("mini.map.ron")).unwrap();
    let Document::Map(map) = load_document(&text, Format::Ron).unwrap() else {
        panic!("not a map")
    };
    let zone = Zone::new(&map, &NoSetup);
    let all: Vec<HexId> = map.extent.iter().flat_map(|e| e.hexes()).collect();
    let mut seen = Vec::new();
    for c in 1..=2 {
        for r in 1..=2 {
            let at = Location::Squares {
                columns: 2,
                rows: 2,
                squares: vec![(c, r)],
            };
            let hexes = zone.location_hexes(&at).unwrap_or_default();
            assert!(!hexes.is_empty(), "square ({c}, {r}) is empty");
            seen.extend(hexes);
        }
    }
    seen.sort();
    let mut expected = all.clone();
    expected.sort();
    assert_eq!(
        seen, expected,
        "the four squares are a partition of the map"
    );
    let north_west = Location::Squares {
        columns: 2,
        rows: 2,
        squares: vec![(1, 1)],
    };
    let nw = zone.location_hexes(&north_west).unwrap();
    let hex = |s: &str| s.parse::<HexId>().unwrap();
    // Columns 1-3 of 6 are the western half; rows 1-2 of 5 are north.
    for inside in ["0101", "0301", "0102", "0302"] {
        assert!(nw.contains(&hex(inside)), "{inside} not in {nw:?}");
    }
    for outside in ["0401", "0601", "0105", "0304"] {
        assert!(!nw.contains(&hex(outside)), "{outside} in {nw:?}");
    }
}

#[test]
fn a_dated_arrival_inside_a_night_turn_is_a_warning_naming_the_turn() {
    // "0500: Vincke" inside the 0400-0600 night turn (001 l. 3032): the
    // printed time is kept and read as the turn that holds it (ENT015).
    let (code, stdout) = validate_edited(&[(
        "Dated(date: \"1815-06-17\", clock: \"01:00\"), formation",
        "Dated(date: \"1815-06-17\", clock: \"02:00\"), formation",
    )]);
    assert_eq!(code, Some(0), "{stdout}");
    assert!(stdout.contains("warning[ENT015]"), "{stdout}");
    assert!(!stdout.contains("ENT001"), "{stdout}");
    assert!(
        stdout.contains(
            "1815-06-17 02:00 falls inside turn 3 (01:00-04:00), not at its \
             start: it arrives on turn 3"
        ),
        "{stdout}"
    );
}

#[test]
fn a_unit_only_an_optional_instruction_places_is_accounted_for() {
    let (code, stdout) = validate_edited(&[(
        "option: \"blue-reserve\", text: \"the players can decide",
        "text: \"the players can decide",
    )]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "1 unit of side Blue neither set up, nor arriving, nor absent: 3rd Line"
        ),
        "{stdout}"
    );
}
