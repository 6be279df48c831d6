//! Completion: field names and enum values from the document kind's JSON
//! Schema (RON included), unit and formation ids of the document's order
//! of battle where an id is written, and the standard series' names where
//! a series is named. Each item shows the name people know beside the id.

use std::ops::Range;
use std::path::Path;

use berthier_schema::counters::Counters;
use berthier_schema::document::probe_kind;
use berthier_schema::{DocKind, Format, standard};

use crate::context::{self, Context};
use crate::ids::{self, Texts};
use crate::schema_walk;

/// Fields whose values are unit ids.
const UNIT_FIELDS: [&str; 6] =
    ["unit", "units", "commander", "leader", "absent", "leaders"];

/// One completion: what is inserted, what is shown beside it, and the
/// bytes it replaces (`None`: inserted at the cursor).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The label, also the text inserted (quoted where it is a string).
    pub label: String,
    /// What it is, in words.
    pub detail: String,
    /// The text inserted.
    pub insert: String,
    /// What it replaces.
    pub replace: Option<Range<usize>>,
    /// Whether it is a field name (else a value).
    pub is_field: bool,
}

/// The completions at the byte `offset` of `text`, the document at `path`.
pub fn complete(
    path: &Path,
    text: &str,
    offset: usize,
    texts: &dyn Texts,
) -> Vec<Item> {
    let Some(format) = Format::of_path(path) else {
        return Vec::new();
    };
    let Some(kind) = kind_of(path, text, format) else {
        return Vec::new();
    };
    let context = context::at(text, format, offset);
    let scalar = context::scalar(text, format, offset);
    let replace = scalar.as_ref().map(|(_, r)| r.clone());
    if context.on_key {
        return fields(kind, &context, format, replace);
    }
    let field = context.field().unwrap_or("");
    let mut items = Vec::new();
    let wants_id =
        UNIT_FIELDS.contains(&field) || is_formation_field(kind, &context);
    if wants_id && let Some(counters) = ids::counters_for(path, text, texts) {
        items.extend(id_items(&counters, &context, &replace));
    }
    if field == "series" || field == "extends" {
        items.extend(series_items(&replace));
    }
    for (value, detail) in schema_walk::values(kind, &context.path) {
        let insert = match format {
            Format::Ron => value.clone(),
            Format::Json => quoted(&value),
        };
        items.push(Item {
            label: value,
            detail,
            insert,
            replace: replace.clone(),
            is_field: false,
        });
    }
    items
}

/// The document's kind: its `kind` field, else its file name's.
fn kind_of(path: &Path, text: &str, format: Format) -> Option<DocKind> {
    probe_kind(text, format).ok().or_else(|| {
        let name = path.file_name()?.to_str()?;
        DocKind::of_file_name(name)
    })
}

/// Whether the value at `context` names a formation of the order of
/// battle (in a scenario `formation` is the series' line or column).
fn is_formation_field(kind: DocKind, context: &Context) -> bool {
    match context.field() {
        Some("formations") => true,
        Some("formation" | "parent") => kind == DocKind::Counters,
        _ => false,
    }
}

fn fields(
    kind: DocKind,
    context: &Context,
    format: Format,
    replace: Option<Range<usize>>,
) -> Vec<Item> {
    schema_walk::fields(kind, &context.path)
        .into_iter()
        .map(|(name, detail)| {
            let insert = match format {
                Format::Ron => format!("{name}: "),
                Format::Json => format!("{}: ", quoted(&name)),
            };
            Item {
                label: name,
                detail,
                insert,
                replace: replace.clone(),
                is_field: true,
            }
        })
        .collect()
}

fn id_items(
    counters: &Counters,
    context: &Context,
    replace: &Option<Range<usize>>,
) -> Vec<Item> {
    let formations = context.field() == Some("formations")
        || context.field() == Some("formation")
        || context.field() == Some("parent");
    let item = |id: &str, detail: String| Item {
        label: id.to_owned(),
        detail,
        insert: quoted(id),
        replace: replace.clone(),
        is_field: false,
    };
    if formations {
        return counters
            .formations
            .iter()
            .map(|f| item(&f.id, format!("{} ({})", f.name, f.level)))
            .collect();
    }
    counters
        .units
        .iter()
        .map(|u| item(&u.id, format!("{} ({}, {})", u.name, u.class, u.side)))
        .collect()
}

fn series_items(replace: &Option<Range<usize>>) -> Vec<Item> {
    let mut items = Vec::new();
    for series in standard::newest() {
        items.push(Item {
            label: series.name.to_owned(),
            detail: format!(
                "standard series, newest version ({})",
                series.version
            ),
            insert: quoted(series.name),
            replace: replace.clone(),
            is_field: false,
        });
    }
    for series in standard::all() {
        let pinned = series.pinned();
        items.push(Item {
            label: pinned.clone(),
            detail: format!(
                "standard series {}, pinned to version {}",
                series.name, series.version
            ),
            insert: quoted(&pinned),
            replace: replace.clone(),
            is_field: false,
        });
    }
    items
}

/// A string as RON and JSON write it.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}
