//! The SARIF output is valid against the official SARIF 2.1.0 schema
//! (vendored in `tests/data/` so the tests never depend on `../shared`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{mutate, pack, run};

fn sarif_schema() -> serde_json::Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(path).expect("vendored SARIF schema");
    serde_json::from_str(&text).expect("schema is JSON")
}

fn assert_valid(log: &serde_json::Value) {
    let validator =
        jsonschema::validator_for(&sarif_schema()).expect("compiles");
    let errors: Vec<String> = validator
        .iter_errors(log)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "invalid SARIF: {errors:#?}");
}

#[test]
fn sarif_with_findings_is_valid() {
    let dir = pack();
    mutate(
        dir.path(),
        "mini.scenario.ron",
        "(unit: \"b2\", hex: \"0202\"",
        "(unit: \"b9\", hex: \"3640\"",
    );
    mutate(dir.path(), "mini.map.ron", "hex_radius_px", "hex_radius");
    let out = run(dir.path(), &["--format", "sarif"]);
    assert_eq!(out.status, 1);
    let log: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json");
    assert!(
        !log["runs"][0]["results"]
            .as_array()
            .expect("results")
            .is_empty()
    );
    assert_valid(&log);
}

#[test]
fn sarif_of_a_clean_pack_is_valid() {
    let dir = pack();
    let out = run(dir.path(), &["--format", "sarif"]);
    assert_eq!(out.status, 0);
    let log: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json");
    assert_valid(&log);
}

#[test]
fn a_broken_sarif_log_is_rejected() {
    // Guards against a schema that accepts anything.
    let log =
        serde_json::json!({"version": "2.1.0", "runs": [{"results": []}]});
    let validator =
        jsonschema::validator_for(&sarif_schema()).expect("compiles");
    assert!(!validator.is_valid(&log));
}
