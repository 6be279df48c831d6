//! A folder or file given from inside a pack (a folder above it holding
//! `berthier.toml`) is checked against that pack's root, so its `../`
//! references resolve as in a run from the root; outside a pack, or where
//! the pack excludes it, the path keeps its own root.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{pack, run};

/// The fixture pack with its scenario moved into `sub/`, its references
/// climbing back to the pack root.
fn pack_with_scenario_in_sub() -> tempfile::TempDir {
    let dir = pack();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).expect("mkdir");
    let text = std::fs::read_to_string(dir.path().join("mini.scenario.ron"))
        .expect("read")
        .replace("\"mini.", "\"../mini.");
    std::fs::write(sub.join("mini.scenario.ron"), text).expect("write");
    std::fs::remove_file(dir.path().join("mini.scenario.ron")).expect("rm");
    dir
}

fn leaves_the_root(dir: &Path, args: &[&str]) -> bool {
    let out = run(dir, args);
    out.stdout.contains("REF002")
}

#[test]
fn without_berthier_toml_a_sub_folder_is_its_own_root() {
    let dir = pack_with_scenario_in_sub();
    assert!(leaves_the_root(dir.path(), &["sub"]));
    assert!(leaves_the_root(
        &dir.path().join("sub"),
        &["mini.scenario.ron"]
    ));
}

#[test]
fn inside_a_pack_a_sub_folder_or_file_uses_the_pack_root() {
    let dir = pack_with_scenario_in_sub();
    std::fs::write(dir.path().join("berthier.toml"), "").expect("write");
    let folder = run(dir.path(), &["sub"]);
    assert_eq!(folder.status, 0, "{}", folder.stdout);
    assert_eq!(folder.stdout, "All checks passed: 1 document\n");
    let sub = dir.path().join("sub");
    let file = run(&sub, &["mini.scenario.ron"]);
    assert_eq!(file.status, 0, "{}", file.stdout);
    let absolute = sub.join("mini.scenario.ron");
    let from_elsewhere =
        run(&std::env::temp_dir(), &[absolute.to_str().expect("utf-8")]);
    assert_eq!(from_elsewhere.status, 0, "{}", from_elsewhere.stdout);
}

#[test]
fn a_folder_the_pack_excludes_keeps_its_own_root() {
    let dir = pack_with_scenario_in_sub();
    std::fs::write(dir.path().join("berthier.toml"), "exclude = [\"sub\"]\n")
        .expect("write");
    assert!(leaves_the_root(dir.path(), &["sub"]));
}

#[test]
fn a_finding_from_inside_a_pack_is_shown_from_the_working_directory() {
    let dir = pack_with_scenario_in_sub();
    std::fs::write(dir.path().join("berthier.toml"), "").expect("write");
    common::mutate(
        &dir.path().join("sub"),
        "mini.scenario.ron",
        "\"../mini.map.ron\"",
        "\"../no-such.map.ron\"",
    );
    let out = run(&dir.path().join("sub"), &["mini.scenario.ron"]);
    assert_eq!(out.status, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("--> ../sub/mini.scenario.ron:"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_bundled_battle_validates_from_its_own_folder() {
    let folder =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios/rivoli-1797");
    let out = run(&folder, &["historical.scenario.ron"]);
    assert_eq!(out.status, 0, "{}", out.stdout);
    assert!(!out.stdout.contains("REF002"), "{}", out.stdout);
    let repo = folder.join("../..");
    let walked = run(&repo, &["scenarios/rivoli-1797"]);
    assert_eq!(walked.status, 0, "{}", walked.stdout);
    assert!(!walked.stdout.contains("REF002"), "{}", walked.stdout);
}
