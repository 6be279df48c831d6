//! What the walk could not check is said, with the reason: a folder that
//! cannot be read, a folder named like a document (SCH007); and a run that
//! finds no pack document at all ends with exit status 2 unless
//! `--allow-empty` (the reliability probe: an empty folder, an unreadable
//! one and a folder named like a document all used to pass with "All
//! checks passed: 0 documents").
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command;

use common::{Run, pack, run};

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

/// Runs the validator on `args` as an unprivileged user when the tests run
/// as root (root reads a mode-000 folder anyway), else as is.
fn run_unprivileged(dir: &Path, args: &[&str]) -> Run {
    let me = std::fs::metadata("/proc/self").expect("/proc/self").uid();
    let binary = env!("CARGO_BIN_EXE_berthier-validate");
    let mut command = if me == 0 {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", binary]);
        c
    } else {
        Command::new(binary)
    };
    let out = command.args(args).current_dir(dir).output().expect("run");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
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
    assert!(alone.stdout.contains(" --> more\n"), "{}", alone.stdout);
}
