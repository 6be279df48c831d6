//! `berthier-validate init [DIR]`: a scenario pack's skeleton, ready for
//! its own repository. Nothing is copied from Berthier but the JSON
//! Schemas (so editor completion works offline): the example battle names
//! a standard series embedded in the validator, CI installs a pinned
//! validator, and the pre-commit hook builds one.

use std::path::{Path, PathBuf};

use berthier_schema::DocKind;
use berthier_schema::json_schema::{file_name, schema_text};

use crate::RunError;

/// Where a pack keeps the exported JSON Schemas.
pub const SCHEMA_DIR: &str = "schemas";

/// The repository the workflow and the pre-commit hook install from.
pub const BERTHIER_REPOSITORY: &str =
    "https://github.com/berthier-wargames/berthier";

/// The GitHub workflow template (`ci/github/` in Berthier's repository).
pub const WORKFLOW: &str =
    include_str!("../../ci/github/berthier-validate.yml");

/// The series a new pack's documents name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackSeries {
    /// A standard series, by its pinned name (`jours-de-gloire@1`).
    Standard(String),
    /// A series file of the modder's own, copied into the pack's
    /// `series/` folder (the documents name it by a relative path).
    File(PathBuf),
}

/// The series of the example battle when none is asked for.
pub const DEFAULT_SERIES: &str = "jours-de-gloire@1";

/// The pack's folder for a series file of its own.
pub const SERIES_DIR: &str = "series";

impl PackSeries {
    /// The series `reference` names: a standard name (with or without a
    /// version: the newest is pinned) or a path to a series file. An
    /// unknown name is an error with the nearest known one.
    pub fn parse(reference: &str) -> Result<Self, RunError> {
        if berthier_schema::standard::is_name(reference) {
            let series = berthier_schema::standard::find(reference)
                .map_err(|e| RunError::UnknownSeries(e.to_string()))?;
            return Ok(Self::Standard(series.pinned()));
        }
        Ok(Self::File(PathBuf::from(reference)))
    }

    /// Whether the example battle can be written on it: its terrain,
    /// classes and levels are Jours de Gloire's.
    pub fn fits_example(&self) -> bool {
        matches!(self, Self::Standard(name)
            if name.split('@').next() == Some("jours-de-gloire"))
    }
}

/// A new pack: its folder, its series, and whether the example battle is
/// written (only on a standard Jours de Gloire, whose terrain it uses).
#[derive(Debug, Clone)]
pub struct NewPack {
    /// The pack's folder (created if needed).
    pub dir: PathBuf,
    /// What its documents name as their series.
    pub series: PackSeries,
    /// Write the example map, order of battle and scenario.
    pub example: bool,
}

impl NewPack {
    /// The pack `berthier-validate init` writes in `dir` on `series` (a
    /// standard name or a file; [`DEFAULT_SERIES`] when none): the example
    /// battle when `example` is asked and the series fits it.
    pub fn new(
        dir: PathBuf,
        series: Option<&str>,
        example: bool,
    ) -> Result<Self, RunError> {
        let series = PackSeries::parse(series.unwrap_or(DEFAULT_SERIES))?;
        let example = example && series.fits_example();
        Ok(Self {
            dir,
            series,
            example,
        })
    }
}

/// Which berthier-validate the pack's pre-commit hook runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PreCommitHook {
    /// The one installed on the machine (`repo: local`, `language:
    /// system`): no network, nothing built, so a commit works offline.
    #[default]
    Installed,
    /// One pre-commit builds from Berthier's repository at this version's
    /// tag (its first run needs the network and a few minutes).
    Build,
}

/// Writes the skeleton of `pack` with the default pre-commit hook (the
/// installed validator); the files written. See [`write_pack_with`].
pub fn write_pack(pack: &NewPack) -> Result<Vec<PathBuf>, RunError> {
    write_pack_with(pack, PreCommitHook::default())
}

/// Writes the skeleton of `pack`, its pre-commit configuration running
/// `hook`; the files written. Writes nothing when any of them exists (the
/// error names them) or the series file does not read as a series.
pub fn write_pack_with(
    pack: &NewPack,
    hook: PreCommitHook,
) -> Result<Vec<PathBuf>, RunError> {
    let files = skeleton(pack, hook)?;
    let existing: Vec<PathBuf> = files
        .iter()
        .map(|(rel, _)| pack.dir.join(rel))
        .filter(|path| path.symlink_metadata().is_ok())
        .collect();
    if !existing.is_empty() {
        return Err(RunError::WouldOverwrite(existing));
    }
    let mut written = Vec::with_capacity(files.len());
    for (rel, text) in files {
        let path = pack.dir.join(rel);
        write(&path, &text)?;
        written.push(path);
    }
    // The folders a pack's documents go in, there from the start so that
    // the editor's New map and New scenario offer them.
    for folder in ["maps", "counters", "scenarios"] {
        let path = pack.dir.join(folder);
        std::fs::create_dir_all(&path).map_err(|e| RunError::Write {
            path,
            message: e.to_string(),
        })?;
    }
    Ok(written)
}

/// What to do next, printed after the files.
pub fn next_steps(pack: &NewPack) -> String {
    let dir = pack.dir.display();
    let about = match &pack.series {
        PackSeries::Standard(name) if pack.example => format!(
            "The example battle names the standard series `{name}` \
             (`berthier-validate series list` shows the others)."
        ),
        _ => "No example battle was written: start a map, an order of \
              battle and a scenario (the editor's File menu does)."
            .to_owned(),
    };
    // In the current folder there is nowhere to `cd` to ("A scenario pack
    // in .. Next: cd . &&" read oddly).
    let (place, cd) = if pack.dir == Path::new(".") {
        ("the current folder".to_owned(), String::new())
    } else {
        (dir.to_string(), format!("cd {dir} && "))
    };
    format!(
        "\nA scenario pack in {place}. Next:\n  \
         {cd}berthier-validate     # checks the pack\n  \
         git init && pre-commit install     # validate before each commit\n\
         {about}\n"
    )
}

/// Where a series file of the pack's own goes, relative to the pack.
fn series_file(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    format!("{SERIES_DIR}/{name}")
}

/// Every file of the skeleton: path relative to the pack, text.
fn skeleton(
    pack: &NewPack,
    hook: PreCommitHook,
) -> Result<Vec<(String, String)>, RunError> {
    let mut files = vec![
        ("berthier.toml".to_owned(), config(&pack.series)),
        (
            ".github/workflows/berthier-validate.yml".to_owned(),
            WORKFLOW.to_owned(),
        ),
        (
            ".pre-commit-config.yaml".to_owned(),
            pre_commit_config(hook),
        ),
        (".vscode/settings.json".to_owned(), vscode_settings()),
    ];
    if let PackSeries::File(path) = &pack.series {
        files.push((series_file(path), series_text(path)?));
    }
    if let (true, PackSeries::Standard(named)) = (pack.example, &pack.series) {
        let pin = |text: &str| text.replace(DEFAULT_SERIES, named);
        files.extend([
            (
                "maps/example/example.map.ron".to_owned(),
                pin(include_str!("../templates/pack/example.map.ron")),
            ),
            (
                "counters/example/example.counters.ron".to_owned(),
                pin(include_str!("../templates/pack/example.counters.ron")),
            ),
            (
                "scenarios/example/example.scenario.ron".to_owned(),
                pin(include_str!("../templates/pack/example.scenario.ron")),
            ),
        ]);
    }
    for kind in DocKind::ALL {
        files.push((
            format!("{SCHEMA_DIR}/{}", file_name(kind)),
            schema_text(kind),
        ));
    }
    Ok(files)
}

/// `berthier.toml`: the template, with the series new documents name.
fn config(series: &PackSeries) -> String {
    let named = match series {
        PackSeries::Standard(name) => name.clone(),
        PackSeries::File(path) => series_file(path),
    };
    include_str!("../templates/pack/berthier.toml").replace(
        &format!("series = {DEFAULT_SERIES:?}"),
        &format!("series = {named:?}"),
    )
}

/// The text of the series file `path`, refused unless it loads as a
/// series (a counters file chosen by mistake is not copied in).
fn series_text(path: &Path) -> Result<String, RunError> {
    let document = |message: String| RunError::SeriesFile {
        path: path.to_owned(),
        message,
    };
    let text = std::fs::read_to_string(path)
        .map_err(|e| document(format!("cannot read: {e}")))?;
    let format = berthier_schema::Format::of_path(path).ok_or_else(|| {
        document("a series file's name ends in .ron or .json".to_owned())
    })?;
    match berthier_schema::load_document(&text, format) {
        Ok(berthier_schema::Document::Series(_)) => Ok(text),
        Ok(other) => Err(document(format!(
            "is a {} file, not a series",
            other.kind().as_str()
        ))),
        Err(e) => Err(document(e.to_string())),
    }
}

/// The pre-commit configuration: a hook that runs the installed
/// berthier-validate (the default: works offline), or one pre-commit
/// builds from Berthier's repository at this version's tag; each says how
/// to switch to the other.
fn pre_commit_config(hook: PreCommitHook) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let install = format!(
        "cargo install --locked --git {BERTHIER_REPOSITORY} --tag \
         v{version} berthier-validator"
    );
    let head = "# pre-commit (https://pre-commit.com) runs berthier-validate \
                on the pack\n# before each commit: `pre-commit install` \
                once.\n";
    match hook {
        PreCommitHook::Installed => format!(
            "{head}\
             # This hook runs the berthier-validate installed on this \
             machine, as the\n\
             # GitHub workflow does: it needs no network and builds \
             nothing. Install it once:\n\
             #   {install}\n\
             # (`berthier-validate init --hook build` writes a hook that \
             pre-commit builds\n\
             # itself instead; its first run needs the network.)\n\
             repos:\n  \
             - repo: local\n    \
             hooks:\n      \
             - id: berthier-validate\n        \
             name: berthier-validate\n        \
             entry: berthier-validate\n        \
             language: system\n        \
             files: \\.(ron|json)$\n        \
             exclude: \\.schema\\.json$\n        \
             pass_filenames: false\n        \
             args: [\".\"]\n"
        ),
        PreCommitHook::Build => format!(
            "{head}\
             # pre-commit builds berthier-validate from Berthier's \
             repository at `rev`\n\
             # with the crate versions CI tested (cargo --locked): the \
             first run needs\n\
             # the network and a few minutes, later runs reuse the build. \
             Offline, use\n\
             # the installed validator instead (`berthier-validate init` \
             writes that hook).\n\
             repos:\n  \
             - repo: {BERTHIER_REPOSITORY}\n    \
             rev: v{version}\n    \
             hooks:\n      \
             - id: berthier-validate\n"
        ),
    }
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
