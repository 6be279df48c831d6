//! Berthier's pack validator: finds the pack documents under the given
//! paths, checks each against its JSON Schema (pass 1), then checks the
//! references between them (pass 2), and reports every finding with a
//! permanent code and a `file:line:col` in the text the author edits.
//!
//! The checks themselves, the codes and the finding types are the
//! `berthier-rules` library (`validator/rules/`), which reads no file;
//! this crate walks, loads, runs pass 1, resolves file references, locates
//! the findings, applies `berthier.toml` and renders.
//!
//! `main.rs` only parses arguments and prints; everything else is here so
//! it can be tested without a process.

pub mod check;
pub mod convert;
pub mod init;
pub mod locate;
#[cfg(feature = "cli")]
pub mod memory;
pub mod migrate;
pub mod pack;
pub mod pipeline;
pub mod reference_pass;
pub mod render;
pub mod schema_pass;
pub mod series_command;
mod session;
pub mod severity;
pub mod shard;
pub mod source;
mod texts;
pub mod walk;

pub use pipeline::{exit_status, validate_shard};
pub use session::{Session, Typed, TypedText, validate_documents_in};
pub use texts::{Texts, validate_documents};

use std::path::PathBuf;

/// The checks of a map document that read no file
/// (`berthier_rules::map_checks`): pass 2 runs them on every map, and the
/// editor's findings panel as the map is painted. `series_for_map`, which
/// reads the map's series chain from disk, is `berthier_schema::pack`'s.
pub mod map_checks {
    pub use berthier_rules::map_checks::*;
    pub use berthier_schema::pack::series_for_map;
}
/// The codes, their documentation and the finding types are
/// `berthier_rules`'; re-exported under their old paths.
pub use berthier_rules::{Code, Diagnostic, Report, Severity};
pub use berthier_rules::{code, diagnostic};

/// What one validation run checks and how: the command line's options
/// without its syntax (`main.rs` parses them).
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    /// Files or directories to check (the working directory when none).
    pub paths: Vec<PathBuf>,
    /// Exit 0 when the paths hold no pack document.
    pub allow_empty: bool,
    /// Codes reported as errors (`warnings`: every warning).
    pub deny: Vec<String>,
    /// Codes reported as warnings.
    pub warn: Vec<String>,
    /// Codes not reported.
    pub allow: Vec<String>,
    /// Check only this shard of the walked files.
    pub shard: Option<shard::Shard>,
}

/// Why a run could not happen at all (exit status 2).
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A path on the command line cannot be read.
    #[error("{}: {message}", path.display())]
    Path {
        /// The path.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A `berthier.toml` does not parse.
    #[error("{}: {message}", path.display())]
    Config {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// Writing output failed.
    #[error("cannot write {}: {message}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// A document to convert does not load (exit status 1: a finding,
    /// not a failure to run).
    #[error("{}: {message}", path.display())]
    Document {
        /// The file.
        path: PathBuf,
        /// Every problem found.
        message: String,
    },
    /// The series file a new pack is to copy is not one.
    #[error("{}: {message}", path.display())]
    SeriesFile {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// An unknown code was asked about.
    #[error("unknown code `{0}`")]
    UnknownCode(String),
    /// An unknown standard series was asked about.
    #[error("{0}")]
    UnknownSeries(String),
    /// Files that exist and would be overwritten (nothing was written).
    #[error(
        "would overwrite {}: nothing written (move them away, or choose \
         another folder)",
        list_paths(.0)
    )]
    WouldOverwrite(Vec<PathBuf>),
    /// The file `series export` is to write exists (nothing was written).
    #[error(
        "{} exists: nothing written (choose another file, or pass --force \
         to replace it)",
        .0.display()
    )]
    FileExists(PathBuf),
    /// A standard series cannot be copied for modding as asked.
    #[error(transparent)]
    SeriesCopy(#[from] berthier_schema::standard::ModdedError),
}

fn list_paths(paths: &[PathBuf]) -> String {
    let shown: Vec<String> =
        paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}

/// Validates the paths in `args` (the working directory when none).
pub fn run(args: &RunOptions) -> Result<Report, RunError> {
    Ok(run_with_status(args)?.0)
}

/// [`run`], with the exit status (see [`exit_status`]; a shard that was
/// dealt no file, when the walk found some, exits 0).
pub fn run_with_status(args: &RunOptions) -> Result<(Report, u8), RunError> {
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let overrides =
        severity::Overrides::from_args(&args.allow, &args.warn, &args.deny)?;
    let (report, walked) = validate_shard(&paths, &overrides, args.shard)?;
    let allow_empty = args.allow_empty || (args.shard.is_some() && walked > 0);
    let status = exit_status(&report, allow_empty);
    Ok((report, status))
}

/// Validates every pack document under `paths`.
pub fn validate(paths: &[PathBuf]) -> Result<Report, RunError> {
    validate_with(paths, &severity::Overrides::default())
}

/// Validates every pack document under `paths`, with severities raised or
/// lowered by each pack's `berthier.toml` and then by `overrides`.
pub fn validate_with(
    paths: &[PathBuf],
    overrides: &severity::Overrides,
) -> Result<Report, RunError> {
    Ok(validate_shard(paths, overrides, None)?.0)
}

/// Writes the JSON Schemas (one per document kind) into the folder `out`;
/// returns the files written.
pub fn export_schema(out: &std::path::Path) -> Result<Vec<PathBuf>, RunError> {
    use berthier_schema::DocKind;
    use berthier_schema::json_schema::{file_name, schema_text};
    let write_error =
        |path: &std::path::Path, e: std::io::Error| RunError::Write {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
    std::fs::create_dir_all(out).map_err(|e| write_error(out, e))?;
    let mut written = Vec::new();
    for kind in DocKind::ALL {
        let path = out.join(file_name(kind));
        berthier_schema::io::save_atomic(&path, schema_text(kind).as_bytes())
            .map_err(|e| write_error(&path, e))?;
        written.push(path);
    }
    Ok(written)
}

/// The explanation of a code, for `berthier-validate --explain CODE` (and
/// its alias `rule CODE`).
pub fn explain(code: &str) -> Result<String, RunError> {
    Code::from_name(code)
        .map(Code::explain)
        .ok_or_else(|| RunError::UnknownCode(code.to_owned()))
}
