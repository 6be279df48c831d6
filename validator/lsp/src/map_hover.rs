//! Hover on the map's things: a hex (its terrain, level, the places,
//! roads and entry points through it, and what the scenario sets up
//! there), a place, a road or an entry point (its name and hexes). Read
//! from the map's JSON shape, so a map with findings still answers.

use std::fmt::Write as _;
use std::path::Path;

use berthier_schema::{Format, HexId};
use serde_json::Value;

use crate::ids::{self, Texts};

/// What the map of `text` (the document at `path`) says of `word`.
pub fn describe(
    path: &Path,
    text: &str,
    word: &str,
    texts: &dyn Texts,
) -> Option<String> {
    let map_path = ids::named_file(path, text, texts, "map")?;
    let map_text = texts.text(&map_path)?;
    let map = ids::json_shape(&map_text, Format::of_path(&map_path)?)?;
    let is_hex = map.pointer(&format!("/hexes/{word}")).is_some()
        || word.parse::<HexId>().is_ok();
    if is_hex {
        return Some(hex(path, text, &map, word, texts));
    }
    for (list, what) in [
        ("places", "place"),
        ("roads", "road"),
        ("entry_points", "entry point"),
    ] {
        let found = items(&map, list).find(|v| str_of(v, "id") == Some(word));
        if let Some(found) = found {
            return Some(thing(found, what));
        }
    }
    None
}

fn hex(
    path: &Path,
    text: &str,
    map: &Value,
    hex: &str,
    texts: &dyn Texts,
) -> String {
    let mut out = format!("**Hex {hex}**\n");
    match map.pointer(&format!("/hexes/{hex}")) {
        Some(data) => {
            let terrain = str_of(data, "terrain").unwrap_or("not painted");
            let _ = write!(out, "\n- terrain: {terrain}");
            if let Some(level) = data.get("level").and_then(Value::as_i64) {
                let _ = write!(out, "\n- level: {level}");
            }
        }
        None => out.push_str(
            "\n- terrain: not painted (the map holds nothing for this hex)",
        ),
    }
    for (list, what) in [
        ("places", "place"),
        ("roads", "road"),
        ("entry_points", "entry point"),
    ] {
        let through: Vec<String> = items(map, list)
            .filter(|v| items(v, "hexes").any(|h| h.as_str() == Some(hex)))
            .map(named)
            .collect();
        if !through.is_empty() {
            let _ = write!(out, "\n- {what}: {}", through.join(", "));
        }
    }
    let here = set_up_at(path, text, hex, texts);
    if !here.is_empty() {
        let _ = write!(out, "\n- set up here: {}", here.join(", "));
    }
    out
}

/// The units the scenario `text` sets up at `hex`, by name.
fn set_up_at(
    path: &Path,
    text: &str,
    hex: &str,
    texts: &dyn Texts,
) -> Vec<String> {
    let Some(shape) =
        Format::of_path(path).and_then(|f| ids::json_shape(text, f))
    else {
        return Vec::new();
    };
    let counters = ids::counters_for(path, text, texts);
    items(&shape, "sides")
        .flat_map(|side| items(side, "setup"))
        .filter(|placed| str_of(placed, "hex") == Some(hex))
        .filter_map(|placed| str_of(placed, "unit"))
        .map(|id| {
            let unit = counters.as_ref().and_then(|c| c.unit(id));
            unit.map_or_else(
                || format!("`{id}`"),
                |u| format!("{} (`{id}`)", u.name),
            )
        })
        .collect()
}

fn thing(value: &Value, what: &str) -> String {
    let mut out = format!("**{}**, {what}", named(value));
    for field in ["category", "class", "edge"] {
        if let Some(v) = str_of(value, field) {
            let _ = write!(out, "\n\n- {field}: {v}");
        }
    }
    let hexes: Vec<&str> =
        items(value, "hexes").filter_map(Value::as_str).collect();
    let _ = write!(
        out,
        "\n- hexes: {}",
        if hexes.is_empty() {
            "none".to_owned()
        } else {
            hexes.join(", ")
        }
    );
    out
}

/// `Name (`id`)`, or the id alone when it has no name.
fn named(value: &Value) -> String {
    let id = str_of(value, "id").unwrap_or("?");
    match str_of(value, "name") {
        Some(name) => format!("{name} (`{id}`)"),
        None => format!("`{id}`"),
    }
}

fn items<'v>(value: &'v Value, key: &str) -> impl Iterator<Item = &'v Value> {
    value
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

fn str_of<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key)?.as_str()
}
