//! The server's checker finds, file by file, what a validation run finds.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use berthier_lsp::pack::PackChecker;
use berthier_validator::{Texts, validate};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// `(file, code, line, column, message)` of each finding.
type Seen = Vec<(String, String, usize, usize, String)>;

fn run_findings(root: &Path) -> Seen {
    let report = validate(&[root.to_path_buf()]).unwrap();
    let mut seen: Seen = report
        .diagnostics
        .into_iter()
        .map(|d| {
            (
                d.file,
                d.code.as_str().to_owned(),
                d.line,
                d.column,
                d.message,
            )
        })
        .collect();
    seen.sort();
    seen
}

fn checker_findings(root: &Path, texts: &Texts) -> Seen {
    let found = PackChecker::default().check(root, texts).unwrap();
    let by_file: BTreeMap<_, _> = found.into_iter().collect();
    let mut seen: Seen = by_file
        .into_values()
        .flatten()
        .map(|d| {
            (
                d.file,
                d.code.as_str().to_owned(),
                d.line,
                d.column,
                d.message,
            )
        })
        .collect();
    seen.sort();
    seen
}

#[test]
fn the_mini_pack_with_an_unknown_unit() {
    let dir = tempfile::tempdir().unwrap();
    let mini = repository().join("schema/tests/fixtures/mini");
    for entry in std::fs::read_dir(&mini).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name()))
            .unwrap();
    }
    let scenario = dir.path().join("mini.scenario.ron");
    let text = std::fs::read_to_string(&scenario).unwrap();
    let broken = text.replace(
        "(unit: \"b2\", hex: \"0202\"",
        "(unit: \"b9\", hex: \"0202\"",
    );
    std::fs::write(&scenario, &broken).unwrap();
    let root = dir.path().canonicalize().unwrap();
    let expected = run_findings(&root);
    assert_eq!(checker_findings(&root, &Texts::new()), expected);
    // The same text held as an unsaved buffer.
    let mut texts = Texts::new();
    texts.insert(scenario, broken.into());
    assert_eq!(checker_findings(&root, &texts), expected);
}

/// `(code, line, column, message)` of each finding of one file.
type OfFile = Vec<(String, usize, usize, String)>;

fn of_file(findings: &[berthier_validator::Diagnostic]) -> OfFile {
    let mut seen: OfFile = findings
        .iter()
        .map(|d| {
            (
                d.code.as_str().to_owned(),
                d.line,
                d.column,
                d.message.clone(),
            )
        })
        .collect();
    seen.sort();
    seen
}

#[test]
fn checking_an_edit_finds_what_checking_the_pack_finds_in_each_file_it_checks()
{
    let root = repository();
    let checker = PackChecker::default();
    let whole = checker.check(&root, &Texts::new()).unwrap();
    for edited in [
        "counters/rivoli-1797/rivoli-1797.counters.ron",
        "maps/rivoli-1797/rivoli-1797.map.ron",
        "scenarios/rivoli-1797/historical.scenario.ron",
    ] {
        let edited = root.join(edited);
        let found = checker
            .check_edited(&root, std::slice::from_ref(&edited), &Texts::new())
            .unwrap();
        assert!(found.contains_key(&edited));
        // A counters file is named by the scenarios of its battle.
        assert!(found.len() > 1 || edited.ends_with("historical.scenario.ron"));
        for (file, findings) in &found {
            assert_eq!(
                of_file(findings),
                of_file(&whole[file]),
                "{}",
                file.display()
            );
        }
    }
}
