//! The fixture pack validates clean; each mutated copy gives the expected
//! code at the right `file:line:col` in all four output formats, and its
//! human output is snapshotted.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{assert_everywhere, human, mutate, pack, position, run};

#[test]
fn the_fixture_pack_is_clean() {
    let dir = pack();
    let out = run(dir.path(), &[]);
    assert_eq!(out.status, 0, "{}", out.stdout);
    assert_eq!(out.stdout, "All checks passed: 4 documents\n");
    for format in ["json", "github", "sarif"] {
        assert_eq!(run(dir.path(), &["--format", format]).status, 0);
    }
}

#[test]
fn misspelled_field_in_ron() {
    let dir = pack();
    let text =
        mutate(dir.path(), "mini.map.ron", "hex_radius_px", "hex_radius");
    let at = position(&text, "hex_radius");
    assert_eq!(at, (11, 9));
    assert_everywhere(dir.path(), "SCH002", "mini.map.ron", at);
    insta::assert_snapshot!(human(dir.path()));
}

#[test]
fn wrong_type_in_json() {
    let dir = pack();
    let ron = std::fs::read_to_string(dir.path().join("mini.counters.ron"))
        .expect("counters");
    let doc =
        berthier_schema::parse_document(&ron, berthier_schema::Format::Ron)
            .expect("fixture parses");
    let json = doc
        .to_text(berthier_schema::Format::Json)
        .expect("to json")
        .replacen("\"name\": \"2nd Line\"", "\"name\": 2", 1);
    std::fs::remove_file(dir.path().join("mini.counters.ron")).expect("rm");
    std::fs::write(dir.path().join("mini.counters.json"), &json).expect("w");
    mutate(
        dir.path(),
        "mini.scenario.ron",
        "mini.counters.ron",
        "mini.counters.json",
    );
    let at = position(&json, "\"name\": 2");
    let at = (at.0, at.1 + "\"name\": ".len());
    assert_everywhere(dir.path(), "SCH002", "mini.counters.json", at);
    insta::assert_snapshot!(human(dir.path()));
}

#[test]
fn hex_off_the_map() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "(unit: \"b2\", hex: \"0202\"",
        "(unit: \"b2\", hex: \"3640\"",
    );
    let at = position(&text, "\"3640\"");
    assert_everywhere(dir.path(), "REF007", "mini.scenario.ron", at);
    let json = run(dir.path(), &["--format", "json"]).stdout;
    assert!(json.contains("\"hex\": \"3640\""), "{json}");
    assert!(
        json.contains("\"pointer\": \"/sides/0/setup/1/hex\""),
        "{json}"
    );
    insta::assert_snapshot!(human(dir.path()));
}

#[test]
fn unknown_unit() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "(unit: \"b2\", hex:",
        "(unit: \"b9\", hex:",
    );
    let at = position(&text, "\"b9\"");
    assert_everywhere(dir.path(), "REF004", "mini.scenario.ron", at);
    insta::assert_snapshot!(human(dir.path()));
}

#[test]
fn path_escaping_the_pack() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "map: \"mini.map.ron\"",
        "map: \"../elsewhere/mini.map.ron\"",
    );
    let at = position(&text, "\"../elsewhere");
    assert_everywhere(dir.path(), "REF002", "mini.scenario.ron", at);
    insta::assert_snapshot!(human(dir.path()));
}

#[test]
fn unknown_place_in_a_placement() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "Within(of: Place(\"mill\")",
        "Within(of: Place(\"windmill\")",
    );
    let at = position(&text, "\"windmill\"");
    assert_everywhere(dir.path(), "REF006", "mini.scenario.ron", at);
}

#[test]
fn hexside_between_hexes_that_do_not_touch() {
    let dir = pack();
    let text =
        mutate(dir.path(), "mini.map.ron", "\"0303/0403\"", "\"0303/0503\"");
    let at = position(&text, "\"0303/0503\"");
    assert_everywhere(dir.path(), "REF009", "mini.map.ron", at);
}

#[test]
fn terrain_not_in_the_series() {
    let dir = pack();
    let text = mutate(dir.path(), "mini.map.ron", "\"lake\"", "\"swamp\"");
    let at = position(&text, "\"swamp\"");
    assert_everywhere(dir.path(), "REF008", "mini.map.ron", at);
}

#[test]
fn ron_reports_every_error_at_once() {
    // The typed RON reader stops at its first error; the schema check on the
    // file's JSON shape still finds the others.
    let dir = pack();
    mutate(dir.path(), "mini.map.ron", "hex_radius_px", "hex_radius");
    let text = mutate(
        dir.path(),
        "mini.map.ron",
        "(terrain: \"woods\", level: 1)",
        "(terrain: \"woods\", level: \"high\")",
    );
    let out = human(dir.path());
    let radius = position(&text, "hex_radius");
    let level = position(&text, "\"high\"");
    for (line, column) in [radius, level] {
        let at = format!("mini.map.ron:{line}:{column}");
        assert!(out.contains(&at), "no finding at {at}:\n{out}");
    }
}
