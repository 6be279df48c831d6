//! The published JSON Schemas, generated from the model (draft 2020-12).

use schemars::generate::SchemaSettings;

use crate::document::DocKind;
use crate::{Counters, Game, Map, Scenario, Series};

/// Base of every schema's `$id`.
pub const SCHEMA_BASE: &str = "https://berthier.invalid/schema/";

/// File name of a kind's schema under `schema/json/`.
pub fn file_name(kind: DocKind) -> String {
    format!("{}.schema.json", kind.as_str())
}

/// The JSON Schema for one document kind.
pub fn schema_for(kind: DocKind) -> serde_json::Value {
    let generator = SchemaSettings::draft2020_12().into_generator();
    let schema = match kind {
        DocKind::Series => generator.into_root_schema_for::<Series>(),
        DocKind::Map => generator.into_root_schema_for::<Map>(),
        DocKind::Counters => generator.into_root_schema_for::<Counters>(),
        DocKind::Scenario => generator.into_root_schema_for::<Scenario>(),
        DocKind::Game => generator.into_root_schema_for::<Game>(),
    };
    let mut value = serde_json::to_value(schema)
        .unwrap_or_else(|_| serde_json::Value::Null);
    if let Some(object) = value.as_object_mut() {
        let id = format!("{SCHEMA_BASE}{}", file_name(kind));
        object.insert("$id".into(), serde_json::Value::String(id));
    }
    value
}

/// The schema as committed: pretty JSON ending with a newline.
pub fn schema_text(kind: DocKind) -> String {
    let mut text =
        serde_json::to_string_pretty(&schema_for(kind)).unwrap_or_default();
    text.push('\n');
    text
}
