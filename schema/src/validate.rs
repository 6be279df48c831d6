//! Checks a document against its published JSON Schema, so the loader and
//! the schema agree: the loader accepts exactly what the schema accepts.

use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;

use crate::format::DocKind;
use crate::json_schema::published;
use crate::locate::{RonTree, RonTreeJson};

/// One way a document breaks its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaViolation {
    /// JSON Pointer to the offending value ("" for the document itself).
    pub pointer: String,
    /// JSON Pointer into the schema of the failing keyword.
    pub schema_path: String,
    /// What is wrong.
    pub message: String,
    /// The fields the object at `pointer` may not have
    /// (`additionalProperties`), in document order; empty for any other
    /// violation.
    pub unexpected: Vec<String>,
    /// The fields the object at `pointer` may have, when some are
    /// unexpected (for a "did you mean"); empty otherwise.
    pub allowed: Vec<String>,
}

fn validator(kind: DocKind) -> Option<&'static jsonschema::Validator> {
    static VALIDATORS: [OnceLock<Option<jsonschema::Validator>>;
        DocKind::ALL.len()] = [const { OnceLock::new() }; DocKind::ALL.len()];
    let index = DocKind::ALL.iter().position(|k| *k == kind)?;
    VALIDATORS
        .get(index)?
        .get_or_init(|| jsonschema::validator_for(&published(kind)).ok())
        .as_ref()
}

/// One kind's validator over the tree, compiled when a document of that
/// kind is first checked (each kind its own lock: two threads compile two
/// kinds at once, and a pack without games never compiles that schema).
fn ron_tree_validator(
    kind: DocKind,
) -> Option<&'static jsonschema::Validator<RonTreeJson>> {
    static VALIDATORS: [OnceLock<Option<jsonschema::Validator<RonTreeJson>>>;
        DocKind::ALL.len()] = [const { OnceLock::new() }; DocKind::ALL.len()];
    let index = DocKind::ALL.iter().position(|k| *k == kind)?;
    VALIDATORS
        .get(index)?
        .get_or_init(|| {
            jsonschema::options_for::<RonTreeJson>()
                .build(&published(kind))
                .ok()
        })
        .as_ref()
}

/// The property names of the schema object whose `additionalProperties`
/// (or `unevaluatedProperties`) keyword `schema_path` names, following
/// the `$ref` segments jsonschema writes into the path; empty when the
/// path does not lead to an object with `properties`.
fn allowed_fields(kind: DocKind, schema_path: &str) -> Vec<String> {
    let root = published(kind);
    let mut here = &root;
    let segments: Vec<&str> = schema_path.split('/').skip(1).collect();
    let Some((_keyword, parents)) = segments.split_last() else {
        return Vec::new();
    };
    for segment in parents {
        let next = if *segment == "$ref" {
            here.get("$ref")
                .and_then(serde_json::Value::as_str)
                .and_then(|r| r.strip_prefix('#'))
                .and_then(|r| root.pointer(r))
        } else {
            let key = segment.replace("~1", "/").replace("~0", "~");
            match here {
                serde_json::Value::Array(items) => {
                    key.parse::<usize>().ok().and_then(|i| items.get(i))
                }
                _ => here.get(&key),
            }
        };
        let Some(next) = next else { return Vec::new() };
        here = next;
    }
    here.get("properties")
        .and_then(serde_json::Value::as_object)
        .map(|props| props.keys().cloned().collect())
        .unwrap_or_default()
}

/// Whether a document read into an [`RonTree`] passes its schema: the same
/// answer as [`schema_violations`] being empty for its
/// [`RonTree::to_value`], without building that value (the validator's fast
/// path; a document that fails is checked again the precise way to report
/// its violations).
pub fn ron_tree_is_valid(kind: DocKind, tree: &RonTree<'_>) -> bool {
    ron_tree_validator(kind).is_some_and(|v| v.is_valid(tree.root()))
}

/// Every schema violation of `value` as a document of `kind`, in document
/// order.
pub fn schema_violations(
    kind: DocKind,
    value: &serde_json::Value,
) -> Vec<SchemaViolation> {
    let Some(validator) = validator(kind) else {
        return vec![SchemaViolation {
            pointer: String::new(),
            schema_path: String::new(),
            message: format!(
                "internal error: the {} schema does not compile",
                kind.as_str()
            ),
            unexpected: Vec::new(),
            allowed: Vec::new(),
        }];
    };
    if validator.is_valid(value) {
        return Vec::new(); // the common case, much faster than collecting
    }
    let mut found: Vec<SchemaViolation> = validator
        .iter_errors(value)
        .map(|e| {
            let schema_path = e.schema_path().to_string();
            let unexpected = match e.kind() {
                ValidationErrorKind::AdditionalProperties { unexpected }
                | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                    unexpected.clone()
                }
                _ => Vec::new(),
            };
            let allowed = if unexpected.is_empty() {
                Vec::new()
            } else {
                allowed_fields(kind, &schema_path)
            };
            SchemaViolation {
                pointer: e.instance_path().to_string(),
                schema_path,
                message: e.to_string(),
                unexpected,
                allowed,
            }
        })
        .collect();
    found.sort_by(|a, b| a.pointer.cmp(&b.pointer));
    found
}
