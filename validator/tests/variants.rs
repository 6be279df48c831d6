//! Scenario variants end to end: a finding about a part a variant inherits
//! is located in the base file, at the line that holds it, and names the
//! variant; a finding about the variant's own change stays in the variant.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use berthier_validator::{Code, Diagnostic};

/// A variant of the mini scenario with `changes` (RON fields).
fn write_variant(dir: &Path, changes: &str) {
    let text = format!(
        "(\n    kind: scenario,\n    format_version: 2,\n    id: \"mini-v\",\n    \
         name: \"Variant\",\n    base: \"mini.scenario.ron\",\n{changes}\n)\n"
    );
    std::fs::write(dir.join("variant.scenario.ron"), text).expect("write");
}

/// The findings of validating the variant file alone (its base is loaded
/// as a reference, its own findings not reported).
fn findings(dir: &Path) -> Vec<Diagnostic> {
    let path = dir.join("variant.scenario.ron");
    berthier_validator::validate(&[path])
        .expect("run")
        .diagnostics
}

#[test]
fn an_inherited_error_is_located_in_the_base_file() {
    let pack = common::pack();
    let base = common::mutate(
        pack.path(),
        "mini.scenario.ron",
        r#"(unit: "b2", hex: "0202""#,
        r#"(unit: "b2", hex: "0909""#,
    );
    write_variant(pack.path(), "    description: \"Same setup.\",");
    let found = findings(pack.path());
    let off_map = found
        .iter()
        .find(|d| d.code == Code::Ref007)
        .unwrap_or_else(|| panic!("no REF007: {found:#?}"));
    assert_eq!(off_map.file, "mini.scenario.ron");
    let (line, _) = common::position(&base, r#""0909""#);
    assert_eq!(off_map.line, line);
    assert_eq!(off_map.pointer, "/sides/0/setup/1/hex");
    let help = off_map.help.as_deref().unwrap_or("");
    assert!(help.contains("variant.scenario.ron"), "{help}");
}

#[test]
fn an_inherited_arrival_off_the_variants_track_is_located_in_the_base() {
    let pack = common::pack();
    // The base's red column arrives at 10:00; the variant's track ends at
    // 09:00.
    write_variant(
        pack.path(),
        "    turns: (first: \"08:00\", minutes_per_turn: 60, count: 2),",
    );
    let found = findings(pack.path());
    let arrival = found
        .iter()
        .find(|d| d.pointer == "/sides/1/reinforcements/0/at")
        .unwrap_or_else(|| panic!("no finding on the arrival: {found:#?}"));
    assert_eq!(arrival.file, "mini.scenario.ron");
    let base = std::fs::read_to_string(pack.path().join("mini.scenario.ron"))
        .expect("base");
    let (line, _) = common::position(&base, r#"Clock("10:00")"#);
    assert_eq!(arrival.line, line);
    let help = arrival.help.as_deref().unwrap_or("");
    assert!(help.contains("variant.scenario.ron"), "{help}");
}

#[test]
fn a_shifted_arrival_is_checked_at_its_new_time_and_the_shift_is_found() {
    let pack = common::pack();
    write_variant(
        pack.path(),
        "    sides: [(side: \"red\", shift_arrivals: [(minutes: 180)])],",
    );
    let found = findings(pack.path());
    let shift = found
        .iter()
        .find(|d| d.code == Code::Ref026)
        .unwrap_or_else(|| panic!("no REF026: {found:#?}"));
    assert_eq!(shift.file, "variant.scenario.ron");
    assert_eq!(shift.pointer, "/sides/0/shift_arrivals/0/minutes");
    write_variant(
        pack.path(),
        "    sides: [(side: \"red\", shift_arrivals: [(minutes: 60)])],",
    );
    let found = findings(pack.path());
    assert!(
        found
            .iter()
            .all(|d| d.severity != berthier_validator::Severity::Error),
        "{found:#?}"
    );
}

/// "Deployed in its historical area" (001 l. 3054): a scenario whose blue
/// brigade is placed by `DeploymentOf` the mini scenario is checked with
/// the mini scenario's zone (within one hex of the Mill): a unit set up
/// outside it is SET001, and inside it is fine.
#[test]
fn a_deployment_of_another_scenario_is_checked_with_its_zone() {
    let pack = common::pack();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/rules/REF038/clean/again.scenario.ron"),
    )
    .expect("fixture");
    let path = pack.path().join("again.scenario.ron");
    std::fs::write(&path, &text).expect("write");
    let run = |path: &Path| {
        berthier_validator::validate(&[path.to_owned()])
            .expect("run")
            .diagnostics
    };
    let inside = run(&path);
    assert!(
        !inside.iter().any(|d| d.code == Code::Set001),
        "{inside:#?}"
    );
    // 0505 is four hexes from the Mill (0202).
    let moved = text
        .replace(r#"(unit: "b2", hex: "0202""#, r#"(unit: "b2", hex: "0505""#);
    std::fs::write(&path, moved).expect("write");
    let outside = run(&path);
    let set001: Vec<_> =
        outside.iter().filter(|d| d.code == Code::Set001).collect();
    assert_eq!(set001.len(), 1, "{outside:#?}");
    assert_eq!(set001[0].file, "again.scenario.ron");
    assert_eq!(set001[0].pointer, "/sides/0/setup/1/hex");
}
