//! One fixture pair per code: `tests/fixtures/rules/<CODE>/trigger` must
//! report the code, `clean` must report no code of its group (no `REF...`
//! for REF007) and must pass; the human output of both is snapshotted
//! (`snapshots/codes__fixture@<CODE>__<case>.snap`). A code that checks
//! many places may have more triggers, `trigger-<place>` (REF008: one per
//! stacking selector of a series), each held to the same test.
//!
//! Each case is the mini pack (`tests/fixtures/pack`) with the case's own
//! files copied over it. The setup codes (STK, TER, SET, FAC, OOB, VIC) run
//! over a VLE-like series as well (`tests/fixtures/rules/_shared`), with the
//! reinforcement-entry codes allowed so each case tests one setup rule.
//!
//! Every folder is one case of the `insta::glob!` below: a failing case is
//! reported with the others, it does not stop the run. The findings of
//! every case, and of the bundled packs, must have JSON Pointers that
//! resolve exactly in their documents.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use berthier_schema::Format;
use berthier_schema::locate::locate;

use berthier_validator::Code;
use common::run;

use common::{case_pack, rules_dir};

/// The two cases every code has.
const CASES: [&str; 2] = ["trigger", "clean"];

/// Whether the case folder `case` must report its code: `trigger`, or a
/// further trigger `trigger-<place>`.
fn is_trigger(case: &str) -> bool {
    case == "trigger" || case.starts_with("trigger-")
}

/// Every case folder of every code: the two of [`CASES`], and the further
/// triggers.
fn all_cases() -> Vec<(Code, PathBuf)> {
    let mut cases = Vec::new();
    for code in Code::ALL {
        let dir = rules_dir().join(code.as_str());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_dir())
            .collect();
        found.sort();
        cases.extend(found.into_iter().map(|p| (code, p)));
    }
    cases
}

/// What is wrong with the output of one case (empty when right).
fn check_case(code: Code, case: &str, out: &common::Run) -> Vec<String> {
    let name = code.as_str();
    let tag = format!("[{name}]");
    let mut wrong = Vec::new();
    if out.stderr.contains("panicked") {
        wrong.push(format!("{name} {case} panicked: {}", out.stderr));
    }
    if is_trigger(case) && !out.stdout.contains(&tag) {
        wrong.push(format!("{name} trigger lacks {tag}:\n{}", out.stdout));
    }
    if case == "clean" {
        let family = format!("[{}", code.group().prefix());
        if out.stdout.contains(&family) {
            wrong.push(format!(
                "{name} clean reports {family}:\n{}",
                out.stdout
            ));
        }
        if out.status != 0 {
            wrong.push(format!("{name} clean fails:\n{}", out.stdout));
        }
    }
    wrong
}

#[test]
fn every_code_has_a_trigger_and_a_clean_fixture() {
    for code in Code::ALL {
        for case in CASES {
            let dir = rules_dir().join(code.as_str()).join(case);
            assert!(dir.is_dir(), "missing fixture {}", dir.display());
        }
    }
    for entry in std::fs::read_dir(rules_dir()).expect("fixtures") {
        let name = entry.expect("entry").file_name();
        let name = name.to_string_lossy();
        assert!(
            name == "_shared" || Code::from_name(&name).is_some(),
            "fixture folder {name} names no code"
        );
    }
    for (code, dir) in all_cases() {
        let case = dir.file_name().expect("case").to_string_lossy();
        assert!(
            case == "clean" || is_trigger(&case),
            "{code}: case {case} is neither clean nor a trigger"
        );
    }
}

#[test]
fn fixture() {
    let mut wrong = Vec::new();
    // The snapshots of every case are compared before glob! fails; the
    // cases' own checks are reported first.
    let glob = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        insta::glob!("fixtures/rules", "*/{trigger,trigger-*,clean}", |dir| {
            let case = dir.file_name().expect("case").to_string_lossy();
            let name = dir.parent().and_then(Path::file_name).expect("code");
            let Some(code) = Code::from_name(&name.to_string_lossy()) else {
                wrong.push(format!("{} names no code", dir.display()));
                return;
            };
            let (pack, args) = case_pack(code, dir);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(pack.path(), &args);
            wrong.extend(check_case(code, &case, &out));
            insta::assert_snapshot!(out.stdout);
        });
    }));
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    if let Err(panic) = glob {
        std::panic::resume_unwind(panic);
    }
}

/// The findings of `report` whose JSON Pointer does not resolve exactly in
/// their document (the caret would land on an ancestor instead).
fn inexact(report: &berthier_validator::Report) -> Vec<String> {
    let mut wrong = Vec::new();
    for d in &report.diagnostics {
        if d.pointer.is_empty() {
            continue; // the whole file (or folder, SCH007): nothing to resolve
        }
        let Ok(text) = std::fs::read_to_string(d.path()) else {
            wrong.push(format!("{} {}: unreadable", d.code, d.path()));
            continue;
        };
        let format = if d.file.ends_with(".json") {
            Format::Json
        } else {
            Format::Ron
        };
        if !locate(&text, format, &d.pointer).exact {
            wrong.push(format!(
                "{} {}: {} ({})",
                d.code,
                d.path(),
                d.pointer,
                d.message
            ));
        }
    }
    wrong
}

/// Every finding of every fixture case and of the repository's bundled
/// packs points at a value its document has: `locate` finds the whole
/// pointer instead of falling back to an ancestor.
#[test]
fn every_pointer_resolves_exactly() {
    let mut wrong = Vec::new();
    for (code, dir) in all_cases() {
        let case = dir.file_name().expect("case").to_string_lossy();
        let (pack, _) = case_pack(code, &dir);
        let report = berthier_validator::validate(&[pack.path().to_path_buf()])
            .expect("run");
        if is_trigger(&case) {
            assert!(!report.diagnostics.is_empty(), "{code}: no finding");
        }
        wrong.extend(
            inexact(&report)
                .into_iter()
                .map(|w| format!("{code} {case}: {w}")),
        );
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let report = berthier_validator::validate(&[repo]).expect("run");
    assert!(
        report.diagnostics.len() > 10,
        "{}",
        report.diagnostics.len()
    );
    wrong.extend(inexact(&report));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// OOB006's second case: a morale group none of whose units is set up or
/// arrives in the scenario (Combining games 5's campaign maps, whose units
/// all come by the game's transfers) is reported not checked, never as a
/// step total of 0 (OOB004). Here the OOB004 trigger's group names a
/// formation of the other side, whose units the blue side never fields.
#[test]
fn a_morale_group_with_no_unit_in_play_is_not_checked() {
    let case = rules_dir().join("OOB004").join("trigger");
    let (dir, args) = case_pack(Code::Oob004, &case);
    let file = dir.path().join("mini.scenario.ron");
    let text = std::fs::read_to_string(&file).expect("scenario");
    let from = "units: (formations: [\"blue-1\"]), steps: 8";
    assert!(text.contains(from), "the trigger's group changed");
    std::fs::write(
        &file,
        text.replace(from, "units: (formations: [\"red-1\"]), steps: 8"),
    )
    .expect("write");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(dir.path(), &args);
    assert!(!out.stdout.contains("[OOB004]"), "{}", out.stdout);
    assert!(
        out.stdout.contains("[OOB006]")
            && out.stdout.contains(
                "none of their units is set up or arrives in this scenario"
            ),
        "{}",
        out.stdout
    );
}
