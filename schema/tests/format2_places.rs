//! Format version 2's locations, placements, counts and unit-set filters
//! in one scenario document (`fixtures/format2/places.scenario.ron`): it
//! loads, satisfies the JSON Schema, round-trips through JSON and RON, and
//! uses every new construct.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::validate::schema_violations;
use berthier_schema::{DocKind, Document, Format, parse_document};

fn fixture() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/format2/places.scenario.ron"
    );
    std::fs::read_to_string(path).expect("fixture")
}

/// The new constructs, as their names appear in the JSON form.
const NEW: [&str; 19] = [
    "\"Road\"",
    "\"RoadStretch\"",
    "\"Crossing\"",
    "\"Hexsides\"",
    "\"Offset\"",
    "\"Formation\"",
    "\"SideOf\"",
    "\"Band\"",
    "\"RegionOf\"",
    "\"AdjacentToAnyUnitOf\"",
    "\"PerHex\"",
    "\"OneEach\"",
    "\"InZone\"",
    "\"counts\"",
    "\"classes\"",
    "\"arms\"",
    "\"except\"",
    "\"choose\"",
    "\"inclusive\"",
];

#[test]
fn every_new_construct_round_trips_through_json_and_ron() {
    let doc = parse_document(&fixture(), Format::Ron).expect("loads");
    assert_eq!(doc.kind(), DocKind::Scenario);
    let json = doc.to_text(Format::Json).expect("to json");
    for name in NEW {
        assert!(json.contains(name), "the fixture lacks {name}");
    }
    let back = parse_document(&json, Format::Json).expect("JSON reads back");
    assert_eq!(back, doc, "changed through JSON");
    let ron = back.to_text(Format::Ron).expect("to ron");
    let again = parse_document(&ron, Format::Ron).expect("RON reads back");
    assert_eq!(again, doc, "changed through RON");
}

#[test]
fn the_new_constructs_satisfy_the_json_schema() {
    let doc = parse_document(&fixture(), Format::Ron).expect("loads");
    let value = doc.to_json_value().expect("json value");
    let violations = schema_violations(DocKind::Scenario, &value);
    assert!(violations.is_empty(), "{violations:?}");
    // And the schema is not blind to them: a count with a wrong shape is
    // refused.
    let mut bad = value.clone();
    bad["sides"][0]["instructions"][0]["counts"][0] =
        serde_json::json!({"PerHex": {"max": "one"}});
    assert!(!schema_violations(DocKind::Scenario, &bad).is_empty());
}

#[test]
fn version_one_files_without_the_new_fields_keep_their_text() {
    // Nothing new is written when nothing new is used: the mini fixture's
    // RON has no `counts`, `except` or `choose` after a round trip.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mini/mini.scenario.ron"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let Document::Scenario(s) =
        parse_document(&text, Format::Ron).expect("loads")
    else {
        panic!("not a scenario");
    };
    let out = Document::Scenario(s).to_text(Format::Ron).expect("ron");
    for field in ["counts", "except", "choose", "classes", "arms"] {
        assert!(!out.contains(field), "{field} written:\n{out}");
    }
}
