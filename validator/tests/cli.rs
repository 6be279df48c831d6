//! Command-line behaviour: exit statuses, subcommands, the repository
//! itself validating clean.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{pack, run};

#[test]
fn a_missing_path_cannot_run() {
    let dir = pack();
    let out = run(dir.path(), &["no/such/folder"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("no/such/folder"), "{}", out.stderr);
}

#[test]
fn bad_arguments_cannot_run() {
    let dir = pack();
    assert_eq!(run(dir.path(), &["--format", "xml"]).status, 2);
}

#[test]
fn a_single_file_is_checked_with_what_it_references() {
    let dir = pack();
    let out = run(dir.path(), &["mini.scenario.ron"]);
    assert_eq!(out.status, 0, "{}", out.stdout);
    assert_eq!(out.stdout, "All checks passed: 1 document\n");
}

#[test]
fn export_schema_writes_the_four_schemas() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["export-schema", "--out", "s"]);
    assert_eq!(out.status, 0, "{}", out.stderr);
    for kind in berthier_schema::DocKind::ALL {
        let name = berthier_schema::json_schema::file_name(kind);
        let text = std::fs::read_to_string(dir.path().join("s").join(&name))
            .expect("written");
        assert_eq!(text, berthier_schema::json_schema::schema_text(kind));
    }
}

#[test]
fn rule_explains_a_code() {
    let dir = pack();
    let out = run(dir.path(), &["rule", "ref007"]);
    assert_eq!(out.status, 0);
    assert!(out.stdout.starts_with("REF007"), "{}", out.stdout);
    assert_eq!(run(dir.path(), &["rule", "XYZ999"]).status, 2);
}

#[test]
fn json_files_without_a_kind_are_skipped() {
    let dir = pack();
    std::fs::write(dir.path().join("package.json"), "{\"name\": \"x\"}")
        .expect("write");
    std::fs::write(dir.path().join("notes.ron"), "(title: \"x\")")
        .expect("write");
    let out = run(dir.path(), &[]);
    assert_eq!(out.stdout, "All checks passed: 4 documents\n");
}

#[test]
fn hidden_target_and_excluded_folders_are_not_walked() {
    let dir = pack();
    for sub in [".hidden", "target", "broken"] {
        std::fs::create_dir(dir.path().join(sub)).expect("mkdir");
        std::fs::write(dir.path().join(sub).join("x.map.ron"), "")
            .expect("write");
    }
    std::fs::write(
        dir.path().join("berthier.toml"),
        "exclude = [\"broken\"]\n",
    )
    .expect("write");
    let out = run(dir.path(), &[]);
    assert_eq!(out.status, 0, "{}", out.stdout);
}

#[test]
fn the_repository_validates_clean() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = run(&root, &["."]);
    assert_eq!(out.status, 0, "{}", out.stdout);
}

#[test]
fn a_reader_that_stops_early_ends_the_output_without_a_panic() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // The fixtures' findings as JSON are far more than a pipe holds, so
    // the writer meets the closed pipe (`berthier-validate ... | head`).
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut child = Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
        .arg(&fixtures)
        .args(["--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("some output");
    // The pipe's reading end is dropped here.
    let out = child.wait_with_output().expect("ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
    assert!(String::from_utf8_lossy(&first).starts_with('{'));
}
