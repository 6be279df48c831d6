//! `berthier-validate series list|show|export`: the standard series
//! embedded in this binary (`berthier_schema::standard`), which a pack
//! names instead of copying a file (`series: "vive-l-empereur"`).

use std::fmt::Write as _;
use std::path::Path;

use berthier_schema::Format;
use berthier_schema::standard::{self, StandardSeries};

use crate::RunError;

/// What `berthier-validate series` is asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeriesAction {
    /// List every standard series and version.
    List,
    /// Print the series this name names, as shipped.
    Show {
        /// `NAME` or `NAME@VERSION`.
        name: String,
    },
    /// Write a copy of the series this name names to a file, for modding.
    Export {
        /// `NAME` or `NAME@VERSION`.
        name: String,
        /// The copy's id; derived from the file's name when `None`.
        id: Option<String>,
        /// The file to write (JSON when it ends in `.json`).
        out: std::path::PathBuf,
        /// Overwrite `out` if it exists.
        force: bool,
    },
}

/// Runs one `series` action; the text to print, when there is one.
pub fn run(action: &SeriesAction) -> Result<Option<String>, RunError> {
    match action {
        SeriesAction::List => Ok(Some(list())),
        SeriesAction::Show { name } => Ok(Some(find(name)?.text.to_owned())),
        SeriesAction::Export {
            name,
            id,
            out,
            force,
        } => export(find(name)?, id.as_deref(), out, *force).map(|()| None),
    }
}

/// The standard series `name` names (`name` or `name@N`).
fn find(name: &str) -> Result<&'static StandardSeries, RunError> {
    if !standard::is_name(name) {
        return Err(RunError::UnknownSeries(format!(
            "`{name}` is a path, not a standard series' name (no `/`, no \
             .ron or .json ending); the standard series are {}",
            standard::known_names()
        )));
    }
    standard::find(name).map_err(|e| RunError::UnknownSeries(e.to_string()))
}

/// One line per series and version: the name to write, the title and
/// edition, and where the text comes from.
fn list() -> String {
    let version = env!("CARGO_PKG_VERSION");
    let mut out = format!(
        "Standard series embedded in berthier-validate {version}; a document \
         names one with `series: \"NAME\"` (its newest version) or \
         `series: \"NAME@VERSION\"` (pinned).\n\n"
    );
    let newest = standard::newest();
    for series in standard::all() {
        let title = series.document().map_or_else(
            |e| format!("(does not load: {e})"),
            |s| match s.edition {
                Some(edition) => format!("{}, {edition}", s.name),
                None => s.name,
            },
        );
        let tag = if newest.contains(&series) {
            " (newest)"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{}{tag}\n    {title}\n    embedded from Berthier's {}",
            series.pinned(),
            series.file
        );
    }
    out
}

/// Writes a copy of `series` for modding to `out` (RON, comments kept,
/// or JSON when `out` ends in `.json`), with the id `id` or one derived
/// from the file's name ([`standard::derived_id`]). Refuses to overwrite
/// unless `force`.
fn export(
    series: &StandardSeries,
    id: Option<&str>,
    out: &Path,
    force: bool,
) -> Result<(), RunError> {
    if !force && out.exists() {
        return Err(RunError::FileExists(out.to_owned()));
    }
    let Some(format) = Format::of_path(out) else {
        return Err(RunError::Path {
            path: out.to_owned(),
            message: "expected a .ron or .json file name (a series file is \
                      named NAME.series.ron)"
                .into(),
        });
    };
    let file_name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id = id.map_or_else(
        || standard::derived_id(series, &file_name),
        str::to_owned,
    );
    let text = standard::modded_copy(series, &id, format)?;
    berthier_schema::io::save_atomic(out, text.as_bytes()).map_err(|e| {
        RunError::Write {
            path: out.to_owned(),
            message: e.to_string(),
        }
    })
}
