//! Helpers shared by the end-to-end tests: a fresh copy of the fixture
//! pack in a temporary folder, a way to run the real binary there, and
//! assertions that a finding comes out at one place in all four formats.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The clean fixture pack (one series, map, counters, scenario).
pub fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack")
}

/// A temporary copy of the fixture pack.
pub fn pack() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for entry in std::fs::read_dir(fixture_dir()).expect("fixtures") {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), dir.path().join(entry.file_name()))
            .expect("copy");
    }
    dir
}

/// Copies the files and folders of `from` into `to` (a case may hold a
/// folder, such as SCH007's folder named like a document).
pub fn copy_into(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("fixture dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).expect("folder");
            copy_into(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// Replaces the first `from` with `to` in `file` of `dir`; returns the new
/// text.
pub fn mutate(dir: &Path, file: &str, from: &str, to: &str) -> String {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file} has no {from:?}");
    let text = text.replacen(from, to, 1);
    std::fs::write(&path, &text).expect("write");
    text
}

/// The output of one run.
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `berthier-validate` in `dir` with `args`.
pub fn run(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run berthier-validate");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// 1-based line and character column of the first `needle` in `text`.
pub fn position(text: &str, needle: &str) -> (usize, usize) {
    let offset = text.find(needle).expect("needle in text");
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// Asserts that validating `dir` exits 1 and reports `code` at
/// `file:line:col` in the human, JSON, GitHub and SARIF formats.
pub fn assert_everywhere(
    dir: &Path,
    code: &str,
    file: &str,
    at: (usize, usize),
) {
    let (line, col) = at;
    let human = run(dir, &[]);
    assert_eq!(human.status, 1, "{}{}", human.stdout, human.stderr);
    let header = format!("error[{code}]");
    let arrow = format!("--> {file}:{line}:{col}\n");
    let found = human
        .stdout
        .split("\n\n")
        .any(|block| block.contains(&header) && block.contains(&arrow));
    assert!(found, "no {header} at {arrow} in:\n{}", human.stdout);

    let json = run(dir, &["--format", "json"]);
    assert_eq!(json.status, 1);
    let value: serde_json::Value =
        serde_json::from_str(&json.stdout).expect("json output");
    let hit = value["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .any(|d| {
            d["code"] == code
                && d["file"] == file
                && d["line"] == line
                && d["column"] == col
        });
    assert!(
        hit,
        "json has no {code} at {file}:{line}:{col}:\n{}",
        json.stdout
    );

    let github = run(dir, &["--format", "github"]);
    assert_eq!(github.status, 1);
    let command =
        format!("::error file={file},line={line},col={col},title={code}::");
    assert!(
        github.stdout.lines().any(|l| l.starts_with(&command)),
        "github has no {command}:\n{}",
        github.stdout
    );

    let sarif = run(dir, &["--format", "sarif"]);
    assert_eq!(sarif.status, 1);
    let log: serde_json::Value =
        serde_json::from_str(&sarif.stdout).expect("sarif output");
    let results = log["runs"][0]["results"].as_array().expect("results");
    let hit = results.iter().any(|r| {
        let loc = &r["locations"][0]["physicalLocation"];
        r["ruleId"] == code
            && loc["artifactLocation"]["uri"] == file
            && loc["region"]["startLine"] == line
            && loc["region"]["startColumn"] == col
    });
    assert!(hit, "sarif has no {code} at {file}:{line}:{col}");
}

/// The human output of validating `dir`, for snapshots.
pub fn human(dir: &Path) -> String {
    let out = run(dir, &[]);
    assert!(!out.stdout.contains("panicked"), "{}", out.stderr);
    out.stdout
}

/// Runs the validator on `args` as an unprivileged user when the tests run
/// as root (root reads a mode-000 folder anyway), else as is.
pub fn run_unprivileged(dir: &Path, args: &[&str]) -> Run {
    use std::os::unix::fs::MetadataExt;
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
#[path = "../../benches/synthetic/mod.rs"]
pub mod bench_pack;

/// The fixtures of every code: `<CODE>/trigger` and `<CODE>/clean`.
pub fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules")
}

/// The groups whose cases also copy `_shared` and allow the ENT codes.
pub const SETUP_GROUPS: [berthier_validator::code::Group; 6] = {
    use berthier_validator::code::Group;
    [
        Group::Stacking,
        Group::Terrain,
        Group::Setup,
        Group::Facing,
        Group::OrderOfBattle,
        Group::Victory,
    ]
};

/// The pack of one fixture case of `code` in a temporary folder (the
/// mini pack, `_shared` for the setup groups, then the case's own
/// files), and the arguments to run `berthier-validate` with.
pub fn case_pack(
    code: berthier_validator::Code,
    case: &Path,
) -> (tempfile::TempDir, Vec<String>) {
    use berthier_validator::Code;
    use berthier_validator::code::Group;
    let dir = pack();
    let mut args = Vec::new();
    if SETUP_GROUPS.contains(&code.group()) {
        copy_into(&rules_dir().join("_shared"), dir.path());
        args = Code::ALL
            .into_iter()
            .filter(|c| c.group() == Group::Entry)
            .flat_map(|c| ["--allow".to_owned(), c.as_str().to_owned()])
            .collect();
    }
    copy_into(case, dir.path());
    (dir, args)
}
