//! The fixture pack parses in RON, converts to JSON and back unchanged.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_schema::{DocKind, Document, Format, parse_document};

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mini")
        .join(name);
    std::fs::read_to_string(&path).expect("fixture readable")
}

#[test]
fn every_fixture_round_trips_through_json_and_ron() {
    for (name, kind) in [
        ("mini.series.ron", DocKind::Series),
        ("mini.map.ron", DocKind::Map),
        ("mini.counters.ron", DocKind::Counters),
        ("mini.scenario.ron", DocKind::Scenario),
    ] {
        let doc = parse_document(&fixture(name), Format::Ron)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.kind(), kind);
        let json = doc.to_text(Format::Json).expect("to json");
        let back = parse_document(&json, Format::Json)
            .unwrap_or_else(|e| panic!("{name} as JSON: {e}\n{json}"));
        assert_eq!(back, doc, "{name} changed through JSON");
        let ron = back.to_text(Format::Ron).expect("to ron");
        let again = parse_document(&ron, Format::Ron)
            .unwrap_or_else(|e| panic!("{name} as RON: {e}\n{ron}"));
        assert_eq!(again, doc, "{name} changed through RON");
    }
}

#[test]
fn a_misspelled_field_is_located() {
    let text = fixture("mini.map.ron").replace("hex_radius_px", "hex_radius");
    let err = parse_document(&text, Format::Ron).expect_err("rejected");
    assert_eq!((err.line, err.column), (11, 9), "{err}");
    assert!(err.message.contains("hex_radius"), "{err}");
}

#[test]
fn unknown_kind_and_empty_and_binary_files_are_rejected() {
    let text = fixture("mini.map.ron").replace("kind: map", "kind: atlas");
    assert!(parse_document(&text, Format::Ron).is_err());
    let empty = parse_document("  \n", Format::Json).expect_err("empty");
    assert!(empty.message.contains("empty"), "{empty}");
    let binary =
        parse_document("{\"kind\":\0}", Format::Json).expect_err("binary");
    assert!(binary.message.contains("binary"), "{binary}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(parse_document(&deep, Format::Json).is_err());
    let ron = format!(
        "(kind: map, x: {}{})",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(parse_document(&ron, Format::Ron).is_err());
}

#[test]
fn the_scenario_reads_its_turn_track() {
    let Document::Scenario(s) =
        parse_document(&fixture("mini.scenario.ron"), Format::Ron)
            .expect("scenario")
    else {
        panic!("not a scenario");
    };
    assert_eq!(s.turns.turn_at("10:00"), Some(2));
    assert_eq!(s.turns.turn_at("10:30"), None);
}

#[test]
fn the_loader_and_the_schema_agree_on_the_fixtures() {
    use berthier_schema::load_document;
    for name in [
        "mini.series.ron",
        "mini.map.ron",
        "mini.counters.ron",
        "mini.scenario.ron",
    ] {
        let doc = load_document(&fixture(name), Format::Ron)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let json = doc.to_text(Format::Json).expect("json");
        load_document(&json, Format::Json)
            .unwrap_or_else(|e| panic!("{name} as JSON: {e}"));
    }
}

#[test]
fn json_gets_every_schema_error_with_its_pointer() {
    use berthier_schema::{LoadError, load_document};
    let doc =
        parse_document(&fixture("mini.map.ron"), Format::Ron).expect("map");
    let mut value = doc.to_json_value().expect("value");
    value["grid"]["hex_radius_px"] = serde_json::json!("big");
    value["colour"] = serde_json::json!("red");
    let text = serde_json::to_string_pretty(&value).expect("text");
    let Err(LoadError::Schema(_, found)) = load_document(&text, Format::Json)
    else {
        panic!("accepted a wrong type and an unknown field");
    };
    let pointers: Vec<&str> =
        found.iter().map(|v| v.pointer.as_str()).collect();
    assert!(pointers.contains(&"/grid/hex_radius_px"), "{pointers:?}");
    assert!(pointers.contains(&""), "{pointers:?}");
}

#[test]
fn ron_out_of_range_values_are_caught_by_the_schema() {
    use berthier_schema::{LoadError, load_document};
    let text = fixture("mini.scenario.ron").replace(
        "(unit: \"b1\", hex: \"0202\", facing: 0)",
        "(unit: \"b1\", hex: \"0202\", facing: 9)",
    );
    let Err(LoadError::Schema(_, found)) = load_document(&text, Format::Ron)
    else {
        panic!("accepted facing 9");
    };
    assert_eq!(found[0].pointer, "/sides/0/setup/0/facing", "{found:?}");
}
