//! The loader's fast path for a valid RON document: the one the validator
//! takes (`berthier-validate`'s pass 1), so what the validator accepts the
//! loader reads the same way, at a fraction of the typed RON reader's cost
//! (the standard series are loaded so on every run).

use super::{DocKind, Document, FORMAT_VERSION};
use crate::locate::Arena;
use crate::validate::arena_is_valid;

/// The document, when `text` reads exactly into an arena, passes its
/// schema and types from it, at the current format version; `None`
/// leaves it to the precise path, which reports any problem.
pub(super) fn load_ron(text: &str, kind: DocKind) -> Option<Document> {
    let arena = Arena::read_ron(text)?;
    if !arena_is_valid(kind, &arena) {
        return None;
    }
    let document = Document::from_arena(kind, &arena)?.ok()?;
    // An older version is upgraded and checked again by the precise path.
    (document.format_version() == FORMAT_VERSION).then_some(document)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use std::path::Path;

    use super::super::{Format, load_precisely, probe_kind};
    use super::*;

    /// Every bundled RON document loads to the same document by both
    /// paths.
    #[test]
    fn the_fast_path_reads_every_bundled_document_as_the_precise_one() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut fast = 0;
        let mut files = Vec::new();
        for folder in ["maps", "counters", "scenarios", "schema/series"] {
            ron_files(&root.join(folder), &mut files);
        }
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let Ok(kind) = probe_kind(&text, Format::Ron) else {
                continue;
            };
            let precise = load_precisely(&text, Format::Ron, kind);
            let Some(quick) = load_ron(&text, kind) else {
                continue;
            };
            fast += 1;
            let precise = precise.expect("the precise path refuses it");
            assert_eq!(
                quick.to_json_value().unwrap(),
                precise.to_json_value().unwrap(),
                "{}",
                path.display()
            );
        }
        assert!(fast > 80, "only {fast} documents took the fast path");
    }

    fn ron_files(folder: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                ron_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
}
