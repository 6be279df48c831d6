//! `--shard I/N`: the shards of a run together report exactly the
//! unsharded run's findings, text included (each finding once, in the
//! shard that owns the file it is located in, a base's findings found
//! through its variants too), in JSON and as GitHub annotations; their
//! document counts add up, and their SARIF logs merge (`merge-sarif`)
//! into one valid log with the unsharded results.
//! Checked on the bundled repository and on the benchmark pack with
//! seeded mistakes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use serde_json::Value;

fn json_run(dir: &Path, extra: &[&str]) -> Value {
    let mut args = vec![".", "--format", "json"];
    args.extend_from_slice(extra);
    let out = common::run(dir, &args);
    assert!(out.status == 0 || out.status == 1, "{}", out.stderr);
    serde_json::from_str(&out.stdout).expect("json")
}

/// The lines of a run's `--format github` output that are annotations
/// (`::error file=...`), sorted.
fn annotations(dir: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = vec![".", "--format", "github"];
    args.extend_from_slice(extra);
    let out = common::run(dir, &args);
    assert!(out.status == 0 || out.status == 1, "{}", out.stderr);
    let mut lines: Vec<String> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("::"))
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

/// The shards' JSON outputs add up to the unsharded run's exactly: the
/// same findings, help included, each once, and the same document count;
/// so do their GitHub annotations; and their SARIF logs merge into the
/// unsharded log.
fn assert_shards_cover(dir: &Path, shards: usize) {
    let whole = json_run(dir, &[]);
    let mut expected: Vec<String> = whole["diagnostics"]
        .as_array()
        .expect("list")
        .iter()
        .map(Value::to_string)
        .collect();
    expected.sort();
    let mut found = Vec::new();
    let mut documents = 0;
    let mut github = Vec::new();
    for i in 1..=shards {
        let shard = format!("{i}/{shards}");
        let part = json_run(dir, &["--shard", &shard]);
        documents += part["documents"].as_u64().expect("count");
        let list = part["diagnostics"].as_array().expect("list");
        found.extend(list.iter().map(Value::to_string));
        github.extend(annotations(dir, &["--shard", &shard]));
    }
    found.sort();
    github.sort();
    assert_eq!(documents, whole["documents"].as_u64().expect("count"));
    assert_eq!(found.len(), expected.len(), "findings repeated or lost");
    assert_eq!(found, expected);
    assert_eq!(github, annotations(dir, &[]));
    assert_sarif_merges(dir, shards);
}

fn sarif_schema() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sarif-schema-2.1.0.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("schema"))
        .expect("schema is JSON")
}

/// A result without the help in its message text.
fn result_key(r: &Value) -> String {
    let mut r = r.clone();
    let text = r["message"]["text"].as_str().unwrap_or_default().to_owned();
    let text = text.split_once("\nhelp: ").map_or(text.as_str(), |t| t.0);
    r["message"]["text"] = Value::from(text);
    r.to_string()
}

fn assert_sarif_merges(dir: &Path, shards: usize) {
    let logs = tempfile::tempdir().expect("tempdir");
    let mut files = Vec::new();
    for i in 1..=shards {
        let shard = format!("{i}/{shards}");
        let out =
            common::run(dir, &[".", "--format", "sarif", "--shard", &shard]);
        let file = logs.path().join(format!("shard-{i}.sarif"));
        std::fs::write(&file, out.stdout).expect("write");
        files.push(file.to_string_lossy().into_owned());
    }
    let merged = logs.path().join("merged.sarif");
    let mut args = vec!["merge-sarif".to_owned()];
    args.extend(files);
    args.extend(["--out".to_owned(), merged.to_string_lossy().into_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run(dir, &args);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let merged: Value =
        serde_json::from_str(&std::fs::read_to_string(&merged).expect("read"))
            .expect("json");
    let validator = jsonschema::validator_for(&sarif_schema()).expect("schema");
    let errors: Vec<String> = validator
        .iter_errors(&merged)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let whole = common::run(dir, &[".", "--format", "sarif"]);
    let whole: Value = serde_json::from_str(&whole.stdout).expect("json");
    // Findings at one place may come in another order (the order the
    // files were checked in); the lists are compared sorted.
    let results = |log: &Value| -> Vec<String> {
        let mut list: Vec<String> = log["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(result_key)
            .collect();
        list.sort();
        list
    };
    assert_eq!(merged["runs"].as_array().expect("runs").len(), 1);
    assert_eq!(results(&merged), results(&whole));
}

#[test]
fn shards_of_the_bundled_repository_add_up_to_the_whole_run() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo");
    assert_shards_cover(repo, 3);
}

#[test]
fn shards_of_the_benchmark_pack_add_up_to_the_whole_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    common::bench_pack::generate_with_findings(dir.path(), 40);
    assert_shards_cover(dir.path(), 4);
}

#[test]
fn a_shard_dealt_no_file_passes_but_a_bad_shard_is_refused() {
    let dir = common::pack();
    let out = common::run(dir.path(), &["--shard", "40/40"]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let out = common::run(dir.path(), &["--shard", "5/4"]);
    assert_eq!(out.status, 2, "{}", out.stderr);
    let empty = tempfile::tempdir().expect("tempdir");
    let out = common::run(empty.path(), &["--shard", "1/2"]);
    assert_eq!(out.status, 2, "no file at all still fails");
}
