//! What the walk could not check is said, with the reason: a folder that
//! cannot be read, a folder named like a document (SCH007); and a run that
//! finds no pack document at all ends with exit status 2 unless
//! `--allow-empty` (the reliability probe: an empty folder, an unreadable
//! one and a folder named like a document all used to pass with "All
//! checks passed: 0 documents").
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::os::unix::fs::PermissionsExt;

use common::{pack, run, run_unprivileged};

#[test]
fn an_empty_folder_is_exit_2_unless_allowed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &[]);
    assert_eq!(out.status, 2, "{}", out.stdout);
    assert_eq!(out.stdout, "No pack document found: nothing was checked\n");
    assert!(out.stderr.contains("--allow-empty"), "{}", out.stderr);
    let allowed = run(dir.path(), &["--allow-empty"]);
    assert_eq!(allowed.status, 0, "{}", allowed.stderr);
}

#[test]
fn a_folder_named_like_a_document_is_reported_and_alone_is_exit_2() {
    let dir = pack();
    std::fs::create_dir(dir.path().join("extra.scenario.ron")).expect("mkdir");
    let out = run(dir.path(), &["--format", "json"]);
    assert_eq!(out.status, 1, "{}", out.stdout);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let found = &json["diagnostics"].as_array().expect("diagnostics")[0];
    assert_eq!(found["code"], "SCH007", "{json}");
    assert_eq!(found["file"], "extra.scenario.ron", "{json}");
    let message = found["message"].as_str().unwrap();
    assert!(
        message.contains("folder named like a document"),
        "{message}"
    );
    let alone = run(&dir.path().join("extra.scenario.ron"), &[]);
    assert_eq!(alone.status, 2, "{}", alone.stdout);
}

#[test]
fn an_unreadable_folder_is_reported_with_why() {
    let dir = pack();
    let hidden = dir.path().join("more");
    std::fs::create_dir(&hidden).expect("mkdir");
    std::fs::copy(
        dir.path().join("mini.scenario.ron"),
        hidden.join("other.scenario.ron"),
    )
    .expect("copy");
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open).expect("chmod pack");
    let closed = std::fs::Permissions::from_mode(0o000);
    std::fs::set_permissions(&hidden, closed).expect("chmod 000");

    let out = run_unprivileged(dir.path(), &["--format", "json", "."]);
    let alone = run_unprivileged(dir.path(), &["more"]);
    std::fs::set_permissions(&hidden, std::fs::Permissions::from_mode(0o755))
        .expect("chmod back");

    assert_eq!(out.status, 1, "{}{}", out.stdout, out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let found = &json["diagnostics"].as_array().expect("diagnostics")[0];
    assert_eq!(found["code"], "SCH007", "{json}");
    assert_eq!(found["file"], "more", "{json}");
    let message = found["message"].as_str().unwrap();
    assert!(message.contains("Permission denied"), "{message}");
    assert_eq!(json["documents"], 4, "{json}");

    // Nothing could be read: exit 2, and the reason is given.
    assert_eq!(alone.status, 2, "{}{}", alone.stdout, alone.stderr);
    assert!(alone.stdout.contains("error[SCH007]"), "{}", alone.stdout);
    assert!(alone.stdout.contains("--> more\n"), "{}", alone.stdout);
}

/// A file that cannot be read has no line to point at: each document that
/// needs it says so at its reference (REF010), so the scenarios that could
/// not be checked are named.
#[test]
fn an_unreadable_file_names_the_scenarios_it_leaves_unchecked() {
    let dir = pack();
    let counters = dir.path().join("mini.counters.ron");
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open).expect("chmod pack");
    std::fs::set_permissions(&counters, std::fs::Permissions::from_mode(0o000))
        .expect("chmod 000");
    let out = run_unprivileged(dir.path(), &["--format", "json"]);
    std::fs::set_permissions(&counters, std::fs::Permissions::from_mode(0o644))
        .expect("chmod back");

    assert_eq!(out.status, 1, "{}{}", out.stdout, out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let all = json["diagnostics"].as_array().expect("diagnostics");
    let codes: Vec<(&str, &str)> = all
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), d["file"].as_str().unwrap()))
        .collect();
    assert_eq!(
        codes,
        [
            ("SCH005", "mini.counters.ron"),
            ("REF010", "mini.scenario.ron")
        ],
        "{json}"
    );
    let unchecked = &all[1];
    assert_eq!(unchecked["line"], 8, "{json}");
    assert_eq!(unchecked["pointer"], "/counters", "{json}");
    let message = unchecked["message"].as_str().unwrap();
    assert!(message.contains("Permission denied"), "{message}");
    assert!(message.contains("not checked"), "{message}");
}

/// `migrate --check` on a folder it cannot read holding a version-1 file:
/// a failure naming the folder (exit 2), not "0 files would migrate" and
/// exit 0.
#[test]
fn migrate_check_names_a_folder_it_cannot_read() {
    let dir = pack();
    let hidden = dir.path().join("old");
    std::fs::create_dir(&hidden).expect("mkdir");
    let text = std::fs::read_to_string(dir.path().join("mini.map.ron"))
        .expect("read")
        .replacen("format_version: 2", "format_version: 1", 1);
    std::fs::write(hidden.join("mini.map.ron"), text).expect("write");
    let open = std::fs::Permissions::from_mode(0o755);
    std::fs::set_permissions(dir.path(), open).expect("chmod pack");
    std::fs::set_permissions(&hidden, std::fs::Permissions::from_mode(0o000))
        .expect("chmod 000");
    let out = run_unprivileged(dir.path(), &["migrate", "--check", "old"]);
    std::fs::set_permissions(&hidden, std::fs::Permissions::from_mode(0o755))
        .expect("chmod back");
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr.contains("error: old: cannot read"),
        "{}",
        out.stderr
    );
    assert!(
        out.stdout.contains("1 could not be migrated"),
        "{}",
        out.stdout
    );
}
