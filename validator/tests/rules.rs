//! One fixture pair per pass-3 code: `tests/fixtures/rules/<CODE>/trigger`
//! must report the code, `clean` must not, and the human output of both
//! is snapshotted. Each case is the mini pack (`tests/fixtures/pack`) plus
//! `tests/fixtures/rules/_shared` (a VLE-like series) with the case's own
//! files copied over it.

mod common;

use std::path::{Path, PathBuf};

use berthier_validator::Code;
use common::run;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

fn copy_into(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("fixture dir") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), to.join(entry.file_name())).expect("copy");
    }
}

/// The pack of one case, in a temporary folder.
fn case_pack(code: &str, case: &str) -> tempfile::TempDir {
    let dir = common::pack();
    copy_into(&rules_dir().join("_shared"), dir.path());
    copy_into(&rules_dir().join(code).join(case), dir.path());
    dir
}

/// The pass-3 codes (those documented next to their rule modules).
fn pass3_codes() -> Vec<Code> {
    let prefixes = ["STK", "TER", "SET", "FAC", "OOB", "VIC"];
    Code::ALL
        .into_iter()
        .filter(|c| prefixes.iter().any(|p| c.as_str().starts_with(p)))
        .collect()
}

#[test]
fn every_pass3_code_has_a_trigger_and_a_clean_fixture() {
    for code in pass3_codes() {
        for case in ["trigger", "clean"] {
            let dir = rules_dir().join(code.as_str()).join(case);
            assert!(dir.is_dir(), "missing fixture {}", dir.display());
        }
    }
}

/// `--allow` for the reinforcement-entry codes, which have fixtures of
/// their own: these cases test one setup rule at a time.
fn allow_entry_codes() -> Vec<String> {
    Code::ALL
        .into_iter()
        .filter(|c| c.as_str().starts_with("ENT"))
        .flat_map(|c| ["--allow".to_owned(), c.as_str().to_owned()])
        .collect()
}

#[test]
fn rule_fixtures() {
    let allow = allow_entry_codes();
    let args: Vec<&str> = allow.iter().map(String::as_str).collect();
    for code in pass3_codes() {
        let name = code.as_str();
        for case in ["trigger", "clean"] {
            let dir = case_pack(name, case);
            let out = run(dir.path(), &args);
            assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
            let tag = format!("[{name}]");
            if case == "trigger" {
                assert!(
                    out.stdout.contains(&tag),
                    "{name} trigger:\n{}",
                    out.stdout
                );
            } else {
                assert!(
                    !out.stdout.contains(&tag),
                    "{name} clean:\n{}",
                    out.stdout
                );
                assert_eq!(out.status, 0, "{name} clean:\n{}", out.stdout);
            }
            insta::assert_snapshot!(format!("{name}_{case}"), out.stdout);
        }
    }
}
