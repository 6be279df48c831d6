//! `berthier-validate migrate`: every bundled file written back at format
//! version 1 is reported by `--check` and rewritten in place, changing only
//! its version line; migrating again changes nothing; the repository itself
//! is current.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn validator() -> Command {
    Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every bundled document, relative to the repository.
fn bundled() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for top in ["maps", "counters", "scenarios", "schema/series"] {
        for entry in walkdir::WalkDir::new(repo().join(top)) {
            let entry = entry.expect("walk the bundled packs");
            let name = entry.file_name().to_string_lossy().into_owned();
            // Documents only: a battle folder may also hold other RON,
            // such as the image table a VASSAL import writes beside the
            // counters (`*.vassal-images.ron`).
            let document = ["series", "map", "counters", "scenario", "game"]
                .iter()
                .any(|k| {
                    name.ends_with(&format!(".{k}.ron"))
                        || name.ends_with(&format!(".{k}.json"))
                });
            if document {
                let rel = entry.path().strip_prefix(repo()).expect("inside");
                found.push(rel.to_path_buf());
            }
        }
    }
    assert!(found.len() > 20, "bundled documents: {found:?}");
    found
}

/// A copy of the bundled documents with every version set back to 1, and
/// the expected text of each after migration.
fn version_1_copy(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut expected = Vec::new();
    for rel in bundled() {
        let text = std::fs::read_to_string(repo().join(&rel)).expect("read");
        let old = text
            .replacen("format_version: 2", "format_version: 1", 1)
            .replacen("\"format_version\": 2", "\"format_version\": 1", 1);
        assert_ne!(old, text, "{} names no format_version 2", rel.display());
        let path = dir.join(&rel);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, old).expect("write");
        expected.push((path, text));
    }
    expected
}

#[test]
fn check_reports_each_old_file_and_migrate_rewrites_only_the_version() {
    let dir = tempfile::tempdir().expect("temp dir");
    let expected = version_1_copy(dir.path());
    let check = validator()
        .args(["migrate", "--check", "."])
        .current_dir(dir.path())
        .output()
        .expect("run migrate --check");
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(1), "{stdout}");
    for rel in bundled() {
        let line = format!("would migrate {}: ", rel.display());
        assert!(stdout.contains(&line), "{line} missing from\n{stdout}");
    }
    for (path, _) in &expected {
        let text = std::fs::read_to_string(path).expect("read");
        assert!(text.contains("format_version: 1"), "--check wrote");
    }

    let run = validator()
        .args(["migrate", "."])
        .current_dir(dir.path())
        .output()
        .expect("run migrate");
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    for (path, text) in &expected {
        let migrated = std::fs::read_to_string(path).expect("read");
        assert_eq!(&migrated, text, "{}", path.display());
    }

    let again = validator()
        .args(["migrate", "--check", "."])
        .current_dir(dir.path())
        .output()
        .expect("run migrate --check again");
    assert_eq!(again.status.code(), Some(0), "{again:?}");
}

#[test]
fn the_repository_is_current() {
    let check = validator()
        .args(["migrate", "--check", "."])
        .current_dir(repo())
        .output()
        .expect("run migrate --check");
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn a_file_it_cannot_read_is_named_and_exit_is_2() {
    let dir = tempfile::tempdir().expect("temp dir");
    let newer = repo().join("validator/tests/fixtures/rules/SCH004/trigger");
    let text = std::fs::read_to_string(newer.join("mini.counters.ron"))
        .expect("read the SCH004 trigger");
    std::fs::write(dir.path().join("newer.counters.ron"), text).expect("write");
    let run = validator()
        .args(["migrate", "newer.counters.ron"])
        .current_dir(dir.path())
        .output()
        .expect("run migrate");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "newer.counters.ron: 4:21: format_version 7 is not supported"
        ),
        "{stderr}"
    );
}
