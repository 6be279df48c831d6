//! The loader's fast path for a valid RON document: the one the validator
//! takes (`berthier-validate`'s pass 1), so what the validator accepts the
//! loader reads the same way, at a fraction of the typed RON reader's cost
//! (the standard series are loaded so on every run). Tested against the
//! typed reader on every bundled document in `schema/tests/shape_reader.rs`.

use super::{DocKind, Document, FORMAT_VERSION};
use crate::locate::RonTree;
use crate::validate::ron_tree_is_valid;

/// The document, when `text` reads exactly into a RON tree, passes its
/// schema and types from it, at the current format version; `None`
/// leaves it to the precise path, which reports any problem.
pub(super) fn load_ron(text: &str, kind: DocKind) -> Option<Document> {
    let tree = RonTree::read_ron(text)?;
    if !ron_tree_is_valid(kind, &tree) {
        return None;
    }
    let document = Document::from_ron_tree(kind, &tree)?.ok()?;
    // An older version is upgraded and checked again by the precise path.
    (document.format_version() == FORMAT_VERSION).then_some(document)
}
