//! The order of battle as CSV, one row per unit, so a designer can keep it
//! in a spreadsheet: `berthier-editor oob export` and `oob import`.
//!
//! Columns: `id`, `printed`, `name`, `side`, `nationality`, `formation`
//! (the path of formation ids from the top of the command tree, joined by
//! `/`), `class`, `arm` (the class's, read-only), then one column per
//! rating and counter side the series defines, `side:rating` (a Vive
//! l'Empereur file has `line:fire` ... `column:steps`), each empty where
//! the value is unknown. Only the file's own units are rows; units of an
//! included file are edited in that file.
//!
//! Import checks every row first and writes only when all are right: the
//! file is patched through the comment-keeping writer
//! ([`berthier_schema::preserve`]) and saved atomically.

mod import;

use std::path::{Path, PathBuf};

use berthier_schema::counters::{Counters, Unit};
use berthier_schema::pack::{self, FileError};
use berthier_schema::series::Series;
use berthier_schema::{Document, Format, load_document};

pub use import::{Change, RowError, apply};

/// The fixed columns, in order.
pub const FIXED: [&str; 8] = [
    "id",
    "printed",
    "name",
    "side",
    "nationality",
    "formation",
    "class",
    "arm",
];

/// A UTF-8 byte order mark: spreadsheets (Excel) read the file as UTF-8
/// with it, so accented names (Köblös, Masséna) survive.
const BOM: &str = "\u{feff}";

/// One rating column: a counter side and a rating id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingColumn {
    /// Counter side id.
    pub side: String,
    /// Rating id.
    pub rating: String,
}

impl RatingColumn {
    /// The column's heading, `side:rating`.
    pub fn heading(&self) -> String {
        format!("{}:{}", self.side, self.rating)
    }
}

/// The series' rating columns: counter sides in print order, on each the
/// ratings some class carries there, in the series' order of ratings.
pub fn rating_columns(series: &Series) -> Vec<RatingColumn> {
    let sides = series
        .unit_classes
        .iter()
        .flat_map(|c| c.ratings.keys().map(String::as_str));
    let art = series.counter_art.clone().unwrap_or_default();
    let mut out = Vec::new();
    for side in art.print_order(sides) {
        let carried = |rating: &str| {
            series.unit_classes.iter().any(|c| {
                c.ratings
                    .get(side)
                    .is_some_and(|r| r.iter().any(|id| id == rating))
            })
        };
        for rating in series.ratings.iter().filter(|r| carried(&r.id)) {
            out.push(RatingColumn {
                side: side.to_owned(),
                rating: rating.id.clone(),
            });
        }
    }
    out
}

/// The ids from the top of the command tree down to `formation`, joined
/// by `/` (just the id when it is not a known formation).
pub fn formation_path(counters: &Counters, formation: &str) -> String {
    ancestry(counters, formation).join("/")
}

/// `formation` and its parents, top first.
pub(crate) fn ancestry<'a>(
    counters: &'a Counters,
    formation: &'a str,
) -> Vec<&'a str> {
    let mut chain = vec![formation];
    let mut current = counters.formation(formation);
    while let Some(parent) = current.and_then(|f| f.parent.as_deref()) {
        if chain.contains(&parent) || chain.len() > counters.formations.len() {
            break; // a cycle, which the validator reports
        }
        chain.push(parent);
        current = counters.formation(parent);
    }
    chain.reverse();
    chain
}

/// The CSV text of `own`'s units (`effective` gives the formations and
/// classes of included files).
pub fn export(own: &Counters, effective: &Counters, series: &Series) -> String {
    let columns = rating_columns(series);
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut heading: Vec<String> = FIXED.map(str::to_owned).to_vec();
    heading.extend(columns.iter().map(RatingColumn::heading));
    let mut rows = vec![heading];
    rows.extend(
        own.units
            .iter()
            .map(|u| row(u, effective, series, &columns)),
    );
    for row in rows {
        // Writing to memory cannot fail.
        let _ = writer.write_record(&row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    format!("{BOM}{}", String::from_utf8_lossy(&bytes))
}

fn row(
    unit: &Unit,
    effective: &Counters,
    series: &Series,
    columns: &[RatingColumn],
) -> Vec<String> {
    let text = |v: Option<&String>| v.cloned().unwrap_or_default();
    let arm = series.class(&unit.class).map(|c| c.arm.clone());
    let mut out = vec![
        unit.id.clone(),
        text(unit.printed.as_ref()),
        unit.name.clone(),
        unit.side.clone(),
        text(unit.nationality.as_ref()),
        unit.formation
            .as_deref()
            .map(|f| formation_path(effective, f))
            .unwrap_or_default(),
        unit.class.clone(),
        arm.unwrap_or_default(),
    ];
    out.extend(columns.iter().map(|c| {
        unit.rating(&c.side, &c.rating)
            .map(|v| v.to_string())
            .unwrap_or_default()
    }));
    out
}

/// Why an export or import did nothing.
#[derive(Debug, thiserror::Error)]
pub enum OobCsvError {
    /// The counters file (or one it includes) or its series does not
    /// load; the message names the file and line:col.
    #[error("{0}")]
    Load(FileError),
    /// The CSV cannot be read.
    #[error("{path}: cannot read: {1}", path = .0.display())]
    Read(PathBuf, String),
    /// Rows that are wrong; nothing was imported.
    #[error("{}", describe_rows(.0, .1))]
    Rows(PathBuf, Vec<RowError>),
    /// The comment-keeping writer could not patch the file safely.
    #[error(
        "{path}: the change cannot be written keeping every comment; \
         nothing was written",
        path = .0.display()
    )]
    Patch(PathBuf),
    /// The file could not be written.
    #[error("{path}: cannot write: {1}", path = .0.display())]
    Write(PathBuf, String),
}

fn describe_rows(path: &Path, rows: &[RowError]) -> String {
    let mut text = format!(
        "{}: {} bad row(s), nothing imported",
        path.display(),
        rows.len()
    );
    for row in rows {
        text.push_str(&format!("\n{}:{row}", path.display()));
    }
    text
}

/// A counters file as read for import: its text, format, own counters,
/// effective counters and series.
pub struct Loaded {
    /// The file's text.
    pub text: String,
    /// RON or JSON.
    pub format: Format,
    /// The file's own counters.
    pub own: Counters,
    /// With includes merged.
    pub effective: Counters,
    /// Its series, resolved.
    pub series: Series,
}

/// Reads the counters file at `path` with its includes and series.
pub fn load(path: &Path) -> Result<Loaded, OobCsvError> {
    let effective = pack::load_counters(path).map_err(OobCsvError::Load)?;
    let format = Format::of_path(path)
        .ok_or_else(|| OobCsvError::Load(FileError::Extension(path.into())))?;
    let text = berthier_schema::io::read_regular_text(path).map_err(|e| {
        OobCsvError::Load(FileError::Io(path.into(), e.to_string()))
    })?;
    let own = match load_document(&text, format) {
        Ok(Document::Counters(c)) => c,
        Ok(other) => {
            let kind = other.kind().as_str();
            return Err(OobCsvError::Load(FileError::NotCounters(
                path.into(),
                kind,
            )));
        }
        Err(e) => {
            return Err(OobCsvError::Load(FileError::Load(path.into(), e)));
        }
    };
    let series = pack::load_series_named(path, &effective.series)
        .map_err(OobCsvError::Load)?;
    Ok(Loaded {
        text,
        format,
        own,
        effective,
        series,
    })
}

/// `oob export`: the file's order of battle as CSV text.
pub fn export_file(path: &Path) -> Result<String, OobCsvError> {
    let loaded = load(path)?;
    Ok(export(&loaded.own, &loaded.effective, &loaded.series))
}

/// What an import did (or, dry, would do).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportReport {
    /// One entry per unit created or changed.
    pub changes: Vec<Change>,
    /// Whether the file was written.
    pub written: bool,
}

/// `oob import`: applies the CSV at `csv_path` to the counters file at
/// `path`; with `dry_run` nothing is written. All or nothing: one bad row
/// and the file is left as it was.
pub fn import_file(
    path: &Path,
    csv_path: &Path,
    dry_run: bool,
) -> Result<ImportReport, OobCsvError> {
    let loaded = load(path)?;
    let csv_text = berthier_schema::io::read_regular_text(csv_path)
        .map_err(|e| OobCsvError::Read(csv_path.into(), e.to_string()))?;
    let (updated, changes) =
        apply(&loaded.own, &loaded.effective, &loaded.series, &csv_text)
            .map_err(|rows| OobCsvError::Rows(csv_path.into(), rows))?;
    if changes.is_empty() || dry_run {
        return Ok(ImportReport {
            changes,
            written: false,
        });
    }
    let text = berthier_schema::preserve::patch_text(
        &loaded.text,
        loaded.format,
        &updated,
    )
    .ok_or_else(|| OobCsvError::Patch(path.into()))?;
    berthier_schema::io::save_atomic(path, text.as_bytes())
        .map_err(|e| OobCsvError::Write(path.into(), e.to_string()))?;
    Ok(ImportReport {
        changes,
        written: true,
    })
}
