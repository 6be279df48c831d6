//! `berthier-validate merge-sarif A B ... --out X`: the SARIF logs of the
//! shards of one pack (`--shard I/N`) as one log with one run, the upload
//! GitHub code scanning takes (it refuses several runs of one tool and
//! category in one upload). The results are sorted and repeats dropped as
//! an unsharded run does: a finding in a base scenario found again by a
//! variant in another shard is kept once.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::RunError;

/// Reads the logs at `files` and returns the merged log's text.
pub fn merge_files(files: &[PathBuf]) -> Result<String, RunError> {
    let mut logs = Vec::new();
    for path in files {
        let bad = |message: String| RunError::Document {
            path: path.clone(),
            message,
        };
        let text = berthier_schema::io::read_regular_text(path)
            .map_err(|e| bad(e.to_string()))?;
        let log: Value =
            serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        logs.push((path.as_path(), log));
    }
    merge(&logs)
}

/// One log from `logs`: the first run's tool and settings, every run's
/// results.
pub fn merge(logs: &[(&Path, Value)]) -> Result<String, RunError> {
    let mut base: Option<Value> = None;
    let mut results: Vec<Value> = Vec::new();
    for (path, log) in logs {
        let bad = |message: &str| RunError::Document {
            path: path.to_path_buf(),
            message: message.to_owned(),
        };
        if log["version"] != "2.1.0" {
            return Err(bad("not a SARIF 2.1.0 log"));
        }
        let runs = log["runs"].as_array().ok_or_else(|| bad("no `runs`"))?;
        for run in runs {
            let tool = &run["tool"]["driver"];
            if let Some(first) = &base
                && first["tool"]["driver"]["version"] != tool["version"]
            {
                return Err(bad(
                    "written by another version of berthier-validate than \
                     the first log: rule indices would not match",
                ));
            }
            if tool["name"] != "berthier-validate" {
                return Err(bad("not a berthier-validate log"));
            }
            let own = run["results"].as_array().cloned().unwrap_or_default();
            results.extend(own);
            base.get_or_insert_with(|| run.clone());
        }
    }
    let mut run = base.ok_or_else(|| RunError::Document {
        path: PathBuf::from("merge-sarif"),
        message: "no log to merge".into(),
    })?;
    results.sort_by_cached_key(place);
    run["results"] = Value::Array(drop_repeated(results));
    let log = serde_json::json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    Ok(text)
}

/// Sorted results without the repeats of one finding (as
/// `pipeline::drop_repeated` does for one run).
fn drop_repeated(sorted: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(sorted.len());
    let mut group = 0;
    for r in sorted {
        if out.get(group).is_some_and(|g| place(g) != place(&r)) {
            group = out.len();
        }
        if !out[group..].iter().any(|k| same(k, &r)) {
            out.push(r);
        }
    }
    out
}

/// The order of an unsharded run: file, line, column, code (in the
/// codes table's order, which `ruleIndex` gives).
fn place(result: &Value) -> (String, u64, u64, u64) {
    let physical = &result["locations"][0]["physicalLocation"];
    let region = &physical["region"];
    (
        physical["artifactLocation"]["uri"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        region["startLine"].as_u64().unwrap_or(0),
        region["startColumn"].as_u64().unwrap_or(0),
        result["ruleIndex"].as_u64().unwrap_or(0),
    )
}

/// The same finding (`pipeline::same_finding`): everything but the help,
/// which says which variant found an inherited part.
fn same(a: &Value, b: &Value) -> bool {
    let message = |r: &Value| {
        let text = r["message"]["text"].as_str().unwrap_or_default();
        text.split_once("\nhelp: ")
            .map_or(text, |(m, _)| m)
            .to_owned()
    };
    place(a) == place(b)
        && a["ruleId"] == b["ruleId"]
        && message(a) == message(b)
        && a["properties"] == b["properties"]
        && a["level"] == b["level"]
}
