//! The fuzz harness in CI: every kept failing input (`regressions/`) now
//! passes its target, a short fixed-seed run of every target finds
//! nothing, and the supervisor runs workers and reports their counts.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_fuzz::mutate::mutate;
use berthier_fuzz::seeds::{PACK_FOLDERS, Seed, default_root};
use berthier_fuzz::target::{Scratch, Target};
use berthier_fuzz::worker::{
    Outcome, record_panics, run_one, seed_rel_of, seeds_for,
};

fn regressions() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions")
}

#[test]
fn every_kept_input_passes_its_target() {
    record_panics();
    let root = default_root();
    let scratch = Scratch::new(&root).unwrap();
    let mut checked = 0;
    for target in Target::ALL {
        let dir = regressions().join(target.name());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".txt") {
                continue;
            }
            let rel =
                seed_rel_of(&name).expect("regression names record their seed");
            let seed = Seed {
                bytes: std::fs::read(root.join(&rel)).unwrap_or_default(),
                in_pack: PACK_FOLDERS.iter().any(|f| rel.starts_with(f)),
                rel,
            };
            let input = std::fs::read(&path).unwrap();
            let outcome = run_one(target, &scratch, &seed, &input);
            assert_eq!(outcome, Outcome::Fine, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 1, "the kept inputs were not found");
}

/// A fixed-seed run: deterministic, so a change that makes a loader panic
/// on one of these inputs fails here on every machine.
#[test]
fn a_short_run_of_every_target_finds_nothing() {
    record_panics();
    let root = default_root();
    let scratch = Scratch::new(&root).unwrap();
    for target in Target::ALL {
        let seeds = seeds_for(target, &root).unwrap();
        assert!(!seeds.is_empty(), "{target:?} has seeds");
        let runs = if target == Target::Pack { 4 } else { 150 };
        let mut rng = fastrand::Rng::with_seed(42);
        for _ in 0..runs {
            let seed = &seeds[rng.usize(0..seeds.len())];
            let donor = seeds[rng.usize(0..seeds.len())].bytes.as_slice();
            let input = mutate(&mut rng, &seed.bytes, &[donor]);
            let outcome = run_one(target, &scratch, seed, &input);
            assert_eq!(
                outcome,
                Outcome::Fine,
                "{target:?} on a mutation of {}",
                seed.rel
            );
        }
    }
}

#[test]
fn the_pack_target_finds_a_clean_seed_clean_and_restores_it() {
    record_panics();
    let root = default_root();
    let scratch = Scratch::new(&root).unwrap();
    let seed = seeds_for(Target::Pack, &root)
        .unwrap()
        .into_iter()
        .find(|s| s.rel.ends_with(".map.ron"))
        .unwrap();
    let outcome = run_one(Target::Pack, &scratch, &seed, b"(kind: \"map\", \n");
    assert_eq!(outcome, Outcome::Fine);
    let restored = std::fs::read(scratch.path().join(&seed.rel)).unwrap();
    assert_eq!(restored, seed.bytes);
}

#[test]
fn the_supervisor_runs_workers_and_reports_their_counts() {
    let out = tempfile::tempdir().unwrap();
    let status =
        std::process::Command::new(env!("CARGO_BIN_EXE_berthier-fuzz"))
            .args(["run", "--target", "parse", "--minutes", "0.1", "--out"])
            .arg(out.path())
            .output()
            .unwrap();
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert!(status.status.success(), "{stdout}");
    let inputs: u64 = stdout
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        stdout.starts_with("parse: 0.1 min, ") && inputs > 0,
        "{stdout}"
    );
    assert!(out.path().join("summary.txt").is_file());
}

#[test]
fn the_migrate_seeds_are_rewritten_by_migrate() {
    let seeds = seeds_for(Target::Migrate, &default_root()).unwrap();
    let rewritten = seeds
        .iter()
        .filter(|s| {
            let Some(format) = s.format() else {
                return false;
            };
            let text = String::from_utf8_lossy(&s.bytes);
            matches!(
                berthier_schema::migrate::migrate_text(&text, format),
                Ok(Some(_))
            )
        })
        .count();
    assert!(
        rewritten >= 30,
        "{rewritten} of {} seeds migrate",
        seeds.len()
    );
}
