//! Completion: field names and enum values from the document kind's JSON
//! Schema (RON included), unit and formation ids of the document's order
//! of battle where an id is written, and the standard series' names where
//! a series is named. Each item shows the name people know beside the id.

use std::ops::Range;
use std::path::Path;

use berthier_schema::counters::Counters;
use berthier_schema::document::probe_kind;
use berthier_schema::series::Series;
use berthier_schema::text::parse;
use berthier_schema::{DocKind, Format, Map, standard};

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
    let map_list = wrapper(text, &replace, offset)
        .and_then(map_list_of)
        .or((field == "hex").then_some("hexes"));
    if let Some(list) = map_list {
        items.extend(map_items(path, text, texts, list, &replace));
    }
    if let Some(list) = series_list_of(kind, field)
        && let Some(series) = ids::series_for(path, text, texts)
    {
        items.extend(series_items_of(&series, list, &replace));
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

/// The RON enum variant a string being written is wrapped in
/// (`Place` for `Place("mi|`).
fn wrapper<'t>(
    text: &'t str,
    replace: &Option<Range<usize>>,
    offset: usize,
) -> Option<&'t str> {
    let start = replace.as_ref().map_or(offset, |r| r.start);
    let before = text.get(..start)?.trim_end();
    let before = before.strip_suffix('"').unwrap_or(before).trim_end();
    let before = before.strip_suffix('(')?.trim_end();
    let name_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    Some(&before[name_start..])
}

/// The map's list a location variant names an element of.
fn map_list_of(variant: &str) -> Option<&'static str> {
    match variant {
        "Place" => Some("places"),
        "Entry" => Some("entry_points"),
        "Edge" => Some("edges"),
        "Road" => Some("roads"),
        "Hex" => Some("hexes"),
        _ => None,
    }
}

/// The ids of the map's `list` (its hexes by printed label), with names.
fn map_items(
    path: &Path,
    text: &str,
    texts: &dyn Texts,
    list: &str,
    replace: &Option<Range<usize>>,
) -> Vec<Item> {
    let Some(map_path) = ids::named_file(path, text, texts, "map") else {
        return Vec::new();
    };
    let format = Format::of_path(&map_path);
    let Some((map_text, format)) = texts.text(&map_path).zip(format) else {
        return Vec::new();
    };
    if list == "hexes" {
        return hex_items(&map_text, format, replace);
    }
    let Some(map) = ids::json_shape(&map_text, format) else {
        return Vec::new();
    };
    let item = |id: &str, detail: String| Item {
        label: id.to_owned(),
        detail,
        insert: quoted(id),
        replace: replace.clone(),
        is_field: false,
    };
    let entries = map.get(list).and_then(serde_json::Value::as_array);
    entries
        .into_iter()
        .flatten()
        .filter_map(|e| {
            let id = e.get("id")?.as_str()?;
            let name = e.get("name").and_then(|n| n.as_str()).unwrap_or(id);
            Some(item(id, name.to_owned()))
        })
        .collect()
}

/// Every hex of the map (its extent) by printed label, with its terrain;
/// none when the map does not read.
fn hex_items(
    map_text: &str,
    format: Format,
    replace: &Option<Range<usize>>,
) -> Vec<Item> {
    let Ok(map) = parse::<Map>(map_text, format) else {
        return Vec::new();
    };
    map.extent
        .iter()
        .flat_map(|extent| extent.hexes())
        .map(|hex| {
            let label = hex.to_string();
            let terrain =
                map.hexes.get(&hex).and_then(|h| h.terrain.as_deref());
            Item {
                detail: format!("hex, {}", terrain.unwrap_or("not painted")),
                insert: quoted(&label),
                label,
                replace: replace.clone(),
                is_field: false,
            }
        })
        .collect()
}

/// The series' list whose ids the value of `field` names.
fn series_list_of(kind: DocKind, field: &str) -> Option<&'static str> {
    match field {
        "class" | "classes" => Some("unit_classes"),
        "terrain" => Some("terrain"),
        "state" | "states" => Some("states"),
        // In a scenario a placed unit's formation is the series' (line,
        // column); in a counters file it is the order of battle's.
        "formation" if kind == DocKind::Scenario => Some("formations"),
        _ => None,
    }
}

/// The ids of the series' `list`, with their names.
fn series_items_of(
    series: &Series,
    list: &str,
    replace: &Option<Range<usize>>,
) -> Vec<Item> {
    let pairs: Vec<(&str, &str)> = match list {
        "unit_classes" => series
            .unit_classes
            .iter()
            .map(|c| (c.id.as_str(), c.name.as_str()))
            .collect(),
        "terrain" => series
            .terrain
            .iter()
            .map(|t| (t.id.as_str(), t.name.as_str()))
            .collect(),
        "states" => series
            .states
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str()))
            .collect(),
        "formations" => series
            .formations
            .iter()
            .map(|f| (f.id.as_str(), f.name.as_str()))
            .collect(),
        _ => Vec::new(),
    };
    pairs
        .into_iter()
        .map(|(id, name)| Item {
            label: id.to_owned(),
            detail: format!("{name} (series)"),
            insert: quoted(id),
            replace: replace.clone(),
            is_field: false,
        })
        .collect()
}

/// A string as RON and JSON write it.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}
