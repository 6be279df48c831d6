//! The findings of whole runs, stored before the validator's pipeline was
//! restructured (scenario by scenario, shared documents loaded once) and
//! compared on every run since: on the bundled repository, and on the
//! benchmark's synthetic pack with mistakes seeded
//! (`common::bench_pack::generate_with_findings`). Any change in what a
//! rule reports, where, or with which message shows here.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

fn json_run(dir: &Path) -> String {
    let out = common::run(dir, &[".", "--format", "json"]);
    assert!(out.status == 0 || out.status == 1, "{}", out.stderr);
    out.stdout
}

#[test]
fn bundled_repository_findings_are_unchanged() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo");
    insta::assert_snapshot!(json_run(repo));
}

#[test]
fn benchmark_pack_findings_are_unchanged() {
    let dir = tempfile::tempdir().expect("tempdir");
    common::bench_pack::generate_with_findings(dir.path(), 40);
    insta::assert_snapshot!(json_run(dir.path()));
}
