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
        }];
    };
    if validator.is_valid(value) {
        return Vec::new(); // the common case, much faster than collecting
    }
    let mut found: Vec<SchemaViolation> = validator
        .iter_errors(value)
        .map(|e| SchemaViolation {
            pointer: e.instance_path().to_string(),
            schema_path: e.schema_path().to_string(),
            message: e.to_string(),
            unexpected: match e.kind() {
                ValidationErrorKind::AdditionalProperties { unexpected }
                | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                    unexpected.clone()
                }
                _ => Vec::new(),
            },
        })
        .collect();
    found.sort_by(|a, b| a.pointer.cmp(&b.pointer));
    found
}
