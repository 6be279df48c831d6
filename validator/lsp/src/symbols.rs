//! Document symbols (the outline): a scenario's sides with their
//! instructions, setup and arrivals; a counters file's sides, formations
//! and units. Names are the ones people know, ids beside them.

use std::ops::Range;

use berthier_schema::Format;
use berthier_schema::locate::value_span;
use serde_json::Value;

use crate::ids::json_shape;

/// One entry of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What it is called.
    pub name: String,
    /// What it is (`unit`, `formation`, ...), with its id.
    pub detail: String,
    /// The bytes of its value.
    pub span: Range<usize>,
    /// What it holds.
    pub children: Vec<Symbol>,
}

/// The outline of `text`; empty for a document that is not a scenario
/// or a counters file, or whose shape cannot be read.
pub fn symbols(text: &str, format: Format) -> Vec<Symbol> {
    let Some(shape) = json_shape(text, format) else {
        return Vec::new();
    };
    let at = |pointer: &str| value_span(text, format, pointer);
    match shape.get("kind").and_then(Value::as_str) {
        Some("scenario") => scenario(&shape, &at),
        Some("counters") => counters(&shape, &at),
        _ => Vec::new(),
    }
}

type At<'a> = &'a dyn Fn(&str) -> Option<Range<usize>>;

fn scenario(shape: &Value, at: At<'_>) -> Vec<Symbol> {
    list(shape, "/sides", |side, pointer| {
        let id = text(side, "side").unwrap_or("?");
        let mut children = Vec::new();
        for (field, what) in [
            ("instructions", "instruction"),
            ("setup", "placed"),
            ("reinforcements", "arrival"),
        ] {
            children.extend(list(side, &format!("/{field}"), |v, p| {
                entry(v, what, &format!("{pointer}{p}"), at)
            }));
        }
        Some(Symbol {
            name: id.to_owned(),
            detail: "side".to_owned(),
            span: at(pointer)?,
            children,
        })
    })
}

fn counters(shape: &Value, at: At<'_>) -> Vec<Symbol> {
    let mut out = Vec::new();
    for (field, what) in [
        ("sides", "side"),
        ("formations", "formation"),
        ("units", "unit"),
    ] {
        out.extend(list(shape, &format!("/{field}"), |v, p| {
            entry(v, what, p, at)
        }));
    }
    out
}

/// One symbol per element of the array at `pointer` (into `shape`).
fn list(
    shape: &Value,
    pointer: &str,
    make: impl Fn(&Value, &str) -> Option<Symbol>,
) -> Vec<Symbol> {
    let items = shape.pointer(pointer).and_then(Value::as_array);
    items
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, item)| make(item, &format!("{pointer}/{i}")))
        .collect()
}

/// An entry named by its `name` (else its `unit`, `formation`, `id` or
/// `text`), with its id beside what it is.
fn entry(
    value: &Value,
    what: &str,
    pointer: &str,
    at: At<'_>,
) -> Option<Symbol> {
    let id = text(value, "id").or_else(|| text(value, "unit"));
    let name = ["name", "unit", "formation", "id", "text"]
        .into_iter()
        .find_map(|k| text(value, k))
        .map_or_else(|| what.to_owned(), |n| n.chars().take(60).collect());
    let detail = match id {
        Some(id) if id != name => format!("{what} `{id}`"),
        _ => what.to_owned(),
    };
    Some(Symbol {
        name,
        detail,
        span: at(pointer)?,
        children: Vec::new(),
    })
}

fn text<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key)?.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_outlines_its_sides_and_their_setup() {
        let text = r#"(kind: scenario, sides: [
            (side: "blue", setup: [(unit: "b1", hex: "0202")]),
        ])"#;
        let found = symbols(text, Format::Ron);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "blue");
        let placed = &found[0].children[0];
        assert_eq!(placed.name, "b1");
        assert_eq!(&text[placed.span.clone()], r#"(unit: "b1", hex: "0202")"#);
    }
}
