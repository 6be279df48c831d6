//! Reading the CSV back: every row checked, then applied to a copy of the
//! counters. A row names an existing unit (updated) or a new id (a unit
//! added at the end); units without a row are left alone.

use std::collections::{BTreeMap, HashMap};

use berthier_schema::counters::{Counters, Unit};
use berthier_schema::series::Series;

use super::{FIXED, RatingColumn, ancestry, rating_columns};

/// A bad row (or heading), by its line in the CSV file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}: {message}")]
pub struct RowError {
    /// Line, 1-based.
    pub line: u64,
    /// What is wrong.
    pub message: String,
}

/// What is wrong with one row's cells.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadRow {
    /// No id.
    #[error("the id is empty")]
    NoId,
    /// The unit is an included file's.
    #[error("unit `{0}` is defined in an included file; edit it there")]
    Included(String),
    /// No side of the counters has this id.
    #[error("unknown side `{0}`")]
    UnknownSide(String),
    /// The side has no such nationality.
    #[error("side `{side}` has no nationality `{nationality}`")]
    UnknownNationality {
        /// The side.
        side: String,
        /// The nationality written.
        nationality: String,
    },
    /// No class of the series has this id.
    #[error("unknown class `{0}`")]
    UnknownClass(String),
    /// The arm written is not the class's.
    #[error(
        "arm `{arm}` is not class `{class}`'s (`{class_arm}`); change the class"
    )]
    WrongArm {
        /// As written.
        arm: String,
        /// The class.
        class: String,
        /// The class's arm.
        class_arm: String,
    },
    /// A rating cell that is not a whole number.
    #[error("{heading}: `{text}` is not a whole number")]
    NotANumber {
        /// The column's heading.
        heading: String,
        /// The cell.
        text: String,
    },
    /// No formation has this id.
    #[error("unknown formation `{0}`")]
    UnknownFormation(String),
    /// The path's parents are not the formation's.
    #[error(
        "formation path `{path}` is not in the command tree (`{leaf}` is `{chain}`)"
    )]
    NotInTree {
        /// As written.
        path: String,
        /// Its last id.
        leaf: String,
        /// The formation's real path.
        chain: String,
    },
}

/// What an import changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A unit added.
    Created(String),
    /// A unit's fields changed: its id and the columns that changed.
    Updated(String, Vec<String>),
}

/// Where each column is, by heading.
struct Headings {
    fixed: [usize; FIXED.len()],
    ratings: Vec<(usize, RatingColumn)>,
}

/// One row read and checked.
struct Row {
    id: String,
    printed: Option<String>,
    name: String,
    side: String,
    nationality: Option<String>,
    formation: Option<String>,
    class: String,
    ratings: Vec<(RatingColumn, Option<i16>)>,
}

/// `own` with the CSV applied, and what changed; or every bad row.
pub fn apply(
    own: &Counters,
    effective: &Counters,
    series: &Series,
    text: &str,
) -> Result<(Counters, Vec<Change>), Vec<RowError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let heading = reader
        .headers()
        .map_err(|e| vec![csv_error(&e, text, 1)])?
        .clone();
    let headings = headings(&heading, series).map_err(|e| vec![e])?;
    let width = heading.len();
    let (mut rows, mut errors) = (Vec::new(), Vec::new());
    let mut seen: HashMap<String, u64> = HashMap::new();
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(csv_error(&e, text, 0));
                continue;
            }
        };
        let line = record.position().map_or(0, |p| line_at(text, p));
        if record.len() != width {
            errors.push(RowError {
                line,
                message: format!(
                    "{} columns, the heading has {width}",
                    record.len()
                ),
            });
            continue;
        }
        match read_row(&record, &headings, own, effective, series) {
            Ok(row) => match seen.insert(row.id.clone(), line) {
                Some(first) => errors.push(RowError {
                    line,
                    message: format!(
                        "duplicate id `{}` (first on line {first})",
                        row.id
                    ),
                }),
                None => rows.push(row),
            },
            Err(bad) => errors.extend(bad.iter().map(|b| RowError {
                line,
                message: b.to_string(),
            })),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut updated = own.clone();
    let changes = rows
        .into_iter()
        .filter_map(|r| put(&mut updated, r))
        .collect();
    Ok((updated, changes))
}

/// The 1-based line at `p`, counted from the text itself. With CRLF line
/// ends (what spreadsheets write, RFC 4180) the csv crate puts a record's
/// start on the LF ending the line before, and its own line count is one
/// short; line ends at the start are skipped.
fn line_at(text: &str, p: &csv::Position) -> u64 {
    let bytes = text.as_bytes();
    let mut at = usize::try_from(p.byte())
        .unwrap_or(usize::MAX)
        .min(bytes.len());
    while bytes.get(at).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
        at += 1;
    }
    let before = bytes.get(..at).unwrap_or_default();
    1 + before.iter().filter(|b| **b == b'\n').count() as u64
}

fn csv_error(e: &csv::Error, text: &str, fallback: u64) -> RowError {
    RowError {
        line: e.position().map_or(fallback, |p| line_at(text, p)),
        message: e.to_string(),
    }
}

fn headings(
    heading: &csv::StringRecord,
    series: &Series,
) -> Result<Headings, RowError> {
    let error = |message: String| RowError { line: 1, message };
    let find = |name: &str| heading.iter().position(|h| h.trim() == name);
    let mut fixed = [0; FIXED.len()];
    for (i, name) in FIXED.iter().enumerate() {
        fixed[i] =
            find(name).ok_or_else(|| error(format!("no `{name}` column")))?;
    }
    let known = rating_columns(series);
    let mut ratings = Vec::new();
    for (i, h) in heading.iter().enumerate() {
        let h = h.trim();
        if FIXED.contains(&h) {
            continue;
        }
        let column = known.iter().find(|c| c.heading() == h).ok_or_else(|| {
            error(format!(
                "column `{h}` is not a `side:rating` of the series (e.g. `{}`)",
                known.first().map(RatingColumn::heading).unwrap_or_default()
            ))
        })?;
        ratings.push((i, column.clone()));
    }
    Ok(Headings { fixed, ratings })
}

/// One row read and checked: the row, or every problem its cells have
/// (a designer fixes a row once, not once per problem).
fn read_row(
    record: &csv::StringRecord,
    headings: &Headings,
    own: &Counters,
    effective: &Counters,
    series: &Series,
) -> Result<Row, Vec<BadRow>> {
    let cell = |i: usize| record.get(headings.fixed[i]).unwrap_or("").trim();
    let optional = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    let mut bad = Vec::new();
    let id = cell(0);
    if id.is_empty() {
        bad.push(BadRow::NoId);
    } else if own.unit(id).is_none() && effective.unit(id).is_some() {
        bad.push(BadRow::Included(id.to_owned()));
    }
    let (side, nationality) = (cell(3), optional(cell(4)));
    bad.extend(side_problem(effective, side, nationality.as_deref()));
    let formation = formation(cell(5), effective).unwrap_or_else(|e| {
        bad.push(e);
        None
    });
    let class = cell(6);
    bad.extend(class_problem(series, class, cell(7)));
    let mut ratings = Vec::new();
    for (i, column) in &headings.ratings {
        let text = record.get(*i).unwrap_or("").trim();
        let value = match text {
            "" => None,
            t => t.parse::<i16>().map_or_else(
                |_| {
                    bad.push(BadRow::NotANumber {
                        heading: column.heading(),
                        text: t.to_owned(),
                    });
                    None
                },
                Some,
            ),
        };
        ratings.push((column.clone(), value));
    }
    if !bad.is_empty() {
        return Err(bad);
    }
    Ok(Row {
        id: id.to_owned(),
        printed: optional(cell(1)),
        name: cell(2).to_owned(),
        side: side.to_owned(),
        nationality,
        formation,
        class: class.to_owned(),
        ratings,
    })
}

/// What is wrong with a row's side and nationality, if anything.
fn side_problem(
    effective: &Counters,
    side: &str,
    nationality: Option<&str>,
) -> Option<BadRow> {
    let Some(side_def) = effective.sides.iter().find(|s| s.id == side) else {
        return Some(BadRow::UnknownSide(side.to_owned()));
    };
    let n = nationality?;
    (!side_def.nationalities.iter().any(|x| x.id == n)).then(|| {
        BadRow::UnknownNationality {
            side: side.to_owned(),
            nationality: n.to_owned(),
        }
    })
}

/// What is wrong with a row's class and arm, if anything.
fn class_problem(series: &Series, class: &str, arm: &str) -> Option<BadRow> {
    let Some(class_def) = series.class(class) else {
        return Some(BadRow::UnknownClass(class.to_owned()));
    };
    (!arm.is_empty() && arm != class_def.arm).then(|| BadRow::WrongArm {
        arm: arm.to_owned(),
        class: class.to_owned(),
        class_arm: class_def.arm.clone(),
    })
}

/// The formation a path names: its last id, which must be a formation
/// whose parents end with the ids before it.
fn formation(
    path: &str,
    effective: &Counters,
) -> Result<Option<String>, BadRow> {
    if path.is_empty() {
        return Ok(None);
    }
    let given: Vec<&str> = path.split('/').map(str::trim).collect();
    let leaf = given.last().copied().unwrap_or_default();
    if effective.formation(leaf).is_none() {
        return Err(BadRow::UnknownFormation(leaf.to_owned()));
    }
    let chain = ancestry(effective, leaf);
    if !chain.ends_with(&given) {
        return Err(BadRow::NotInTree {
            path: path.to_owned(),
            leaf: leaf.to_owned(),
            chain: chain.join("/"),
        });
    }
    Ok(Some(leaf.to_owned()))
}

/// Applies one row; what changed, if anything.
fn put(counters: &mut Counters, row: Row) -> Option<Change> {
    let Some(unit) = counters.units.iter_mut().find(|u| u.id == row.id) else {
        let mut unit = Unit {
            id: row.id.clone(),
            printed: None,
            name: String::new(),
            designation: None,
            side: String::new(),
            nationality: None,
            class: String::new(),
            class_as: BTreeMap::new(),
            formation: None,
            ratings: BTreeMap::new(),
            ratings_after_losses: Vec::new(),
            tags: Vec::new(),
            note: None,
        };
        update(&mut unit, row);
        let id = unit.id.clone();
        counters.units.push(unit);
        return Some(Change::Created(id));
    };
    let id = row.id.clone();
    let changed = update(unit, row);
    (!changed.is_empty()).then_some(Change::Updated(id, changed))
}

/// Sets `unit`'s fields from `row`; the headings of the columns that
/// changed. An empty rating cell makes a known value unknown (the key
/// goes); one already unknown stays as the file wrote it.
fn update(unit: &mut Unit, row: Row) -> Vec<String> {
    let mut changed = Vec::new();
    let mut set = |name: &str, field: &mut String, to: String| {
        if *field != to {
            *field = to;
            changed.push(name.to_owned());
        }
    };
    set("name", &mut unit.name, row.name);
    set("side", &mut unit.side, row.side);
    set("class", &mut unit.class, row.class);
    let mut set_opt = |name: &str, field: &mut Option<String>, to| {
        if *field != to {
            *field = to;
            changed.push(name.to_owned());
        }
    };
    set_opt("printed", &mut unit.printed, row.printed);
    set_opt("nationality", &mut unit.nationality, row.nationality);
    set_opt("formation", &mut unit.formation, row.formation);
    for (column, value) in row.ratings {
        let now = unit.rating(&column.side, &column.rating);
        if now == value {
            continue;
        }
        changed.push(column.heading());
        match value {
            Some(v) => {
                unit.ratings
                    .entry(column.side.clone())
                    .or_default()
                    .insert(column.rating.clone(), Some(v));
            }
            None => {
                if let Some(side) = unit.ratings.get_mut(&column.side) {
                    side.remove(&column.rating);
                    if side.is_empty() {
                        unit.ratings.remove(&column.side);
                    }
                }
            }
        }
    }
    changed
}
