//! One fixture pair per reinforcement-entry code (ENT001-ENT007):
//! `tests/fixtures/rules/<CODE>/trigger` must report the code, `clean` must
//! not and must pass; the human output of both is snapshotted. Each case is
//! the mini pack (`tests/fixtures/pack`, whose series enters Jours de
//! Gloire style) with the case's files copied over it. `tests/rules.rs`
//! runs the other pass-3 codes with the entry codes allowed.

mod common;

use std::path::{Path, PathBuf};

use berthier_validator::Code;
use common::run;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

/// The pack of one case, in a temporary folder.
fn case_pack(code: &str, case: &str) -> tempfile::TempDir {
    let dir = common::pack();
    let from = rules_dir().join(code).join(case);
    for entry in std::fs::read_dir(&from).expect("fixture dir") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name()))
            .expect("copy");
    }
    dir
}

fn entry_codes() -> Vec<Code> {
    Code::ALL
        .into_iter()
        .filter(|c| c.as_str().starts_with("ENT"))
        .collect()
}

#[test]
fn entry_fixtures() {
    for code in entry_codes() {
        let name = code.as_str();
        for case in ["trigger", "clean"] {
            let dir = case_pack(name, case);
            let out = run(dir.path(), &[]);
            assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
            let tag = format!("[{name}]");
            if case == "trigger" {
                assert!(out.stdout.contains(&tag), "{name}:\n{}", out.stdout);
            } else {
                assert!(!out.stdout.contains(&tag), "{name}:\n{}", out.stdout);
                assert_eq!(out.status, 0, "{name} clean:\n{}", out.stdout);
            }
            insta::assert_snapshot!(format!("{name}_{case}"), out.stdout);
        }
    }
}
