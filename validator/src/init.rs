//! `berthier-validate init [DIR]`: a scenario pack's skeleton, ready for
//! its own repository. Nothing is copied from Berthier but the JSON
//! Schemas (so editor completion works offline): the example battle names
//! a standard series embedded in the validator, CI installs a pinned
//! validator, and the pre-commit hook builds one.

use std::path::{Path, PathBuf};

use berthier_schema::DocKind;
use berthier_schema::json_schema::{file_name, schema_text};

use crate::RunError;
use crate::cli::InitArgs;

/// Where a pack keeps the exported JSON Schemas.
pub const SCHEMA_DIR: &str = "schemas";

/// The repository the workflow and the pre-commit hook install from.
pub const BERTHIER_REPOSITORY: &str =
    "https://github.com/berthier-wargames/berthier";

/// The GitHub workflow template (`ci/github/` in Berthier's repository).
pub const WORKFLOW: &str =
    include_str!("../../ci/github/berthier-validate.yml");

/// Writes the skeleton into `args.dir`; the files written. Writes nothing
/// when any of them exists (the error names them).
pub fn init(args: &InitArgs) -> Result<Vec<PathBuf>, RunError> {
    let files = skeleton();
    let existing: Vec<PathBuf> = files
        .iter()
        .map(|(rel, _)| args.dir.join(rel))
        .filter(|path| path.symlink_metadata().is_ok())
        .collect();
    if !existing.is_empty() {
        return Err(RunError::WouldOverwrite(existing));
    }
    let mut written = Vec::with_capacity(files.len());
    for (rel, text) in files {
        let path = args.dir.join(rel);
        write(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// What to do next, printed after the files.
pub fn next_steps(args: &InitArgs) -> String {
    let dir = args.dir.display();
    format!(
        "\nA scenario pack in {dir}. Next:\n  \
         cd {dir} && berthier-validate     # checks the example battle\n  \
         git init && pre-commit install     # validate before each commit\n\
         The example names the standard series `jours-de-gloire@1` \
         (`berthier-validate series list` shows the others).\n"
    )
}

/// Every file of the skeleton: path relative to the pack, text.
fn skeleton() -> Vec<(String, String)> {
    let template = |text: &str| text.to_owned();
    let mut files = vec![
        (
            "berthier.toml".to_owned(),
            template(include_str!("../templates/pack/berthier.toml")),
        ),
        (
            "maps/example/example.map.ron".to_owned(),
            template(include_str!("../templates/pack/example.map.ron")),
        ),
        (
            "counters/example/example.counters.ron".to_owned(),
            template(include_str!("../templates/pack/example.counters.ron")),
        ),
        (
            "scenarios/example/example.scenario.ron".to_owned(),
            template(include_str!("../templates/pack/example.scenario.ron")),
        ),
        (
            ".github/workflows/berthier-validate.yml".to_owned(),
            WORKFLOW.to_owned(),
        ),
        (".pre-commit-config.yaml".to_owned(), pre_commit_config()),
        (".vscode/settings.json".to_owned(), vscode_settings()),
    ];
    for kind in DocKind::ALL {
        files.push((
            format!("{SCHEMA_DIR}/{}", file_name(kind)),
            schema_text(kind),
        ));
    }
    files
}

/// A pre-commit configuration whose hook builds `berthier-validate` from
/// Berthier's repository at this version's tag.
fn pre_commit_config() -> String {
    let version = env!("CARGO_PKG_VERSION");
    format!(
        "# pre-commit (https://pre-commit.com) runs berthier-validate on the \
         pack\n\
         # before each commit: `pre-commit install` once. The first run \
         builds\n\
         # berthier-validate from Berthier's repository at `rev` (cargo, a \
         few\n\
         # minutes); later runs reuse it.\n\
         repos:\n  \
         - repo: {BERTHIER_REPOSITORY}\n    \
         rev: v{version}\n    \
         hooks:\n      \
         - id: berthier-validate\n"
    )
}

/// VS Code settings mapping each document kind's files, JSON, to the
/// schema exported into the pack (resolved offline, from the workspace).
fn vscode_settings() -> String {
    let schemas: Vec<serde_json::Value> = DocKind::ALL
        .into_iter()
        .map(|kind| {
            serde_json::json!({
                "fileMatch": [format!("*.{}.json", kind.as_str())],
                "url": format!("./{SCHEMA_DIR}/{}", file_name(kind)),
            })
        })
        .collect();
    let settings = serde_json::json!({ "json.schemas": schemas });
    let mut text = serde_json::to_string_pretty(&settings).unwrap_or_default();
    text.push('\n');
    text
}

fn write(path: &Path, text: &str) -> Result<(), RunError> {
    let error = |e: std::io::Error| RunError::Write {
        path: path.to_owned(),
        message: e.to_string(),
    };
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(error)?;
    }
    berthier_schema::io::save_atomic(path, text.as_bytes()).map_err(error)
}
