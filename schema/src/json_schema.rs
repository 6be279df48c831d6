//! The published JSON Schemas, generated from the model (draft 2020-12).

use schemars::generate::SchemaSettings;

use crate::format::DocKind;
use crate::scenario::ScenarioVariant;
use crate::{Counters, Game, Map, Scenario, Series};

/// Base of every schema's `$id`: a stable address under the project's
/// own name. A pack's editor settings map file patterns to the exported
/// copies (`berthier-validate init`), so nothing has to be fetched.
pub const SCHEMA_BASE: &str =
    "https://berthier-wargames.github.io/berthier/schema/";

/// File name of a kind's schema under `schema/json/`.
pub fn file_name(kind: DocKind) -> String {
    format!("{}.schema.json", kind.as_str())
}

/// The JSON Schema for one document kind.
pub fn schema_for(kind: DocKind) -> serde_json::Value {
    let mut value = match kind {
        DocKind::Series => root_for::<Series>(),
        DocKind::Map => root_for::<Map>(),
        DocKind::Counters => root_for::<Counters>(),
        DocKind::Scenario => scenario_schema(),
        DocKind::Game => root_for::<Game>(),
    };
    if let Some(object) = value.as_object_mut() {
        let id = format!("{SCHEMA_BASE}{}", file_name(kind));
        object.insert("$id".into(), serde_json::Value::String(id));
    }
    value
}

/// The schema as published in `schema/json/` (what `json_schema_fresh`
/// keeps equal to [`schema_for`]), read from the text built into the
/// program: parsing it costs a small part of generating it, which every
/// run of the validator would otherwise pay before its first check.
pub fn published(kind: DocKind) -> serde_json::Value {
    let text = match kind {
        DocKind::Series => include_str!("../json/series.schema.json"),
        DocKind::Map => include_str!("../json/map.schema.json"),
        DocKind::Counters => include_str!("../json/counters.schema.json"),
        DocKind::Scenario => include_str!("../json/scenario.schema.json"),
        DocKind::Game => include_str!("../json/game.schema.json"),
    };
    serde_json::from_str(text).unwrap_or_else(|_| schema_for(kind))
}

fn root_for<T: schemars::JsonSchema>() -> serde_json::Value {
    let generator = SchemaSettings::draft2020_12().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<T>())
        .unwrap_or(serde_json::Value::Null)
}

/// A scenario file is a full scenario, or a variant when it names a
/// `base`: `if`/`then`/`else` rather than `oneOf`, so a full scenario's
/// violations are reported against the full scenario's shape alone.
fn scenario_schema() -> serde_json::Value {
    let mut full = root_for::<Scenario>();
    let mut variant = root_for::<ScenarioVariant>();
    let mut defs = serde_json::Map::new();
    let mut body = |schema: &mut serde_json::Value| {
        let Some(object) = schema.as_object_mut() else {
            return;
        };
        if let Some(serde_json::Value::Object(d)) = object.remove("$defs") {
            defs.extend(d);
        }
        object.remove("$schema");
        object.remove("title");
    };
    body(&mut full);
    body(&mut variant);
    let description = full.get("description").cloned();
    serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Scenario",
        "description": description,
        "if": { "required": ["base"] },
        "then": variant,
        "else": full,
        "$defs": defs,
    })
}

/// The schema as committed: pretty JSON ending with a newline.
pub fn schema_text(kind: DocKind) -> String {
    let mut text =
        serde_json::to_string_pretty(&schema_for(kind)).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in copy is the generated schema: a model change without
    /// `BERTHIER_BLESS=1 cargo test --test json_schema_fresh` fails here
    /// too, so the validator never checks against a stale schema.
    #[test]
    fn the_published_schemas_are_the_generated_ones() {
        for kind in DocKind::ALL {
            assert!(published(kind) == schema_for(kind), "{kind:?}");
        }
    }
}
