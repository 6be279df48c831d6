//! The document kinds' JSON Schemas read for completion: the fields an
//! object at a path may have, and the values an enum there may take.
//! Branches (`anyOf`, `oneOf`, `allOf`, `if`/`then`/`else`) are all
//! followed, so a field of any branch is offered.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use berthier_schema::DocKind;
use berthier_schema::json_schema::schema_for;
use serde_json::Value;

use crate::context::Step;

/// `$ref`s and branches followed at most from one node.
const MAX_EXPANSION: usize = 256;

/// The schema of `kind`, made once.
fn schema(kind: DocKind) -> &'static Value {
    static SCHEMAS: OnceLock<Vec<(DocKind, Value)>> = OnceLock::new();
    let all = SCHEMAS.get_or_init(|| {
        DocKind::ALL
            .into_iter()
            .map(|k| (k, schema_for(k)))
            .collect()
    });
    all.iter()
        .find(|(k, _)| *k == kind)
        .map_or(&Value::Null, |(_, v)| v)
}

/// The fields an object at `path` may hold, with their descriptions.
pub fn fields(kind: DocKind, path: &[Step]) -> BTreeMap<String, String> {
    let root = schema(kind);
    let mut out = BTreeMap::new();
    for node in nodes_at(root, path) {
        if let Some(props) = node.get("properties").and_then(Value::as_object) {
            for (name, sub) in props {
                out.entry(name.clone())
                    .or_insert_with(|| description(root, sub));
            }
        }
    }
    out
}

/// The values an enum at `path` may take (string constants only).
pub fn values(kind: DocKind, path: &[Step]) -> BTreeMap<String, String> {
    let root = schema(kind);
    let mut out = BTreeMap::new();
    for node in nodes_at(root, path) {
        let text = description(root, node);
        if let Some(Value::String(c)) = node.get("const") {
            out.entry(c.clone()).or_insert(text.clone());
        }
        let listed = node.get("enum").and_then(Value::as_array);
        for value in listed.into_iter().flatten() {
            if let Value::String(v) = value {
                out.entry(v.clone()).or_insert(text.clone());
            }
        }
    }
    out
}

/// The schema nodes (branches expanded) a value at `path` is checked by.
fn nodes_at<'s>(root: &'s Value, path: &[Step]) -> Vec<&'s Value> {
    let mut here = expand(root, root);
    for step in path {
        let mut next = Vec::new();
        for node in here {
            let child = match step {
                Step::Key(key) => node
                    .get("properties")
                    .and_then(|p| p.get(key))
                    .or_else(|| node.get("additionalProperties"))
                    .or_else(|| {
                        let patterns = node.get("patternProperties")?;
                        patterns.as_object()?.values().next()
                    }),
                Step::Index(_) => node.get("items"),
            };
            if let Some(child) = child {
                next.extend(expand(root, child));
            }
        }
        here = next;
    }
    here
}

/// `node` with its `$ref`s resolved and its branches listed.
fn expand<'s>(root: &'s Value, node: &'s Value) -> Vec<&'s Value> {
    let mut out = Vec::new();
    let mut todo = vec![node];
    while let Some(node) = todo.pop() {
        if out.len() + todo.len() > MAX_EXPANSION {
            break;
        }
        out.push(node);
        if let Some(target) = node.get("$ref").and_then(Value::as_str) {
            todo.extend(resolve(root, target));
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(list) = node.get(key).and_then(Value::as_array) {
                todo.extend(list);
            }
        }
        for key in ["then", "else"] {
            todo.extend(node.get(key));
        }
    }
    out
}

/// The node a local `$ref` (`#/$defs/Name`) names.
fn resolve<'s>(root: &'s Value, target: &str) -> Option<&'s Value> {
    root.pointer(target.strip_prefix('#')?)
}

/// The first line of a node's description (through its `$ref`).
fn description(root: &Value, node: &Value) -> String {
    let text = node.get("description").and_then(Value::as_str).or_else(|| {
        let target = node.get("$ref")?.as_str()?;
        resolve(root, target)?.get("description")?.as_str()
    });
    text.and_then(|t| t.lines().next()).unwrap_or("").to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(keys: &[&str]) -> Vec<Step> {
        keys.iter()
            .map(|k| match k.parse() {
                Ok(i) => Step::Index(i),
                Err(_) => Step::Key((*k).to_owned()),
            })
            .collect()
    }

    #[test]
    fn a_setup_entry_has_unit_hex_and_facing() {
        let found =
            fields(DocKind::Scenario, &path(&["sides", "0", "setup", "0"]));
        for field in ["unit", "hex", "facing"] {
            assert!(found.contains_key(field), "{found:?}");
        }
        assert!(!found.contains_key("sides"));
    }

    #[test]
    fn the_kind_of_a_scenario_is_scenario() {
        let found = values(DocKind::Scenario, &path(&["kind"]));
        assert_eq!(found.keys().collect::<Vec<_>>(), ["scenario"]);
    }
}
