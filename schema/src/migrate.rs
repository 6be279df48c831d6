//! Reading older format versions, and rewriting files to the current one.
//!
//! Every Berthier tool reads a document of any supported `format_version`
//! through [`upgrade`], so the rest of the code sees only the current
//! model. `berthier-validate migrate` writes the upgrade back to the file
//! through [`migrate_text`], which changes only the entries the upgrade
//! changed and keeps every comment and the layout of the rest.
//!
//! Version 2 only adds to version 1 (new fields with defaults, new
//! variants), so the step from 1 to 2 changes the version number and
//! nothing else. A future step that reshapes data adds one function here
//! and one line to [`STEPS`].

use crate::document::{
    DocKind, Document, FORMAT_VERSION, Format, ParseError, parse_as_written,
    supported_version,
};
use crate::preserve::patch_text;

pub use crate::format::OLDEST_FORMAT_VERSION;

/// One step from a version to the next: what it did, in words, or
/// nothing when the document needed no change besides its version.
type Step = fn(&mut Document) -> Vec<String>;

/// The steps, in order: `STEPS[i]` takes version `OLDEST + i` to the next.
const STEPS: [Step; 1] = [version_1_to_2];

/// Version 2 adds sheets, richer locations, counts, unit filters, scenario
/// variants, richer arrivals, time, victory and games; nothing of
/// version 1 changes shape.
fn version_1_to_2(_: &mut Document) -> Vec<String> {
    Vec::new()
}

/// What an upgrade changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upgrade {
    /// The version the document said.
    pub from: u32,
    /// The version it says now ([`FORMAT_VERSION`]).
    pub to: u32,
    /// The changes besides the version number, in words.
    pub changes: Vec<String>,
}

/// Brings a document read at any supported version to the current one.
/// `None` when it is current already (or newer: the reader refuses those).
pub fn upgrade(document: &mut Document) -> Option<Upgrade> {
    let from = document.format_version();
    if !(OLDEST_FORMAT_VERSION..FORMAT_VERSION).contains(&from) {
        return None;
    }
    let mut changes = Vec::new();
    for version in from..FORMAT_VERSION {
        let step = STEPS[(version - OLDEST_FORMAT_VERSION) as usize];
        changes.extend(step(document));
        set_version(document, version + 1);
    }
    Some(Upgrade {
        from,
        to: FORMAT_VERSION,
        changes,
    })
}

fn set_version(document: &mut Document, version: u32) {
    match document {
        Document::Series(d) => d.format_version = version,
        Document::Map(d) => d.format_version = version,
        Document::Counters(d) => d.format_version = version,
        Document::Scenario(d) => d.format_version = version,
        Document::Variant(d) => d.format_version = version,
        Document::Game(d) => d.format_version = version,
    }
}

/// Why a file cannot be migrated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MigrateError {
    /// The text does not read as a document.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// The upgraded document cannot be written into the text without
    /// losing a comment or the layout (the file is left as it is).
    #[error(
        "the {0} document cannot be rewritten in place without losing a \
         comment; edit `format_version` by hand"
    )]
    NotInPlace(&'static str),
}

/// A file's migration: the upgrade, and the new text.
#[derive(Debug, Clone, PartialEq)]
pub struct Migration {
    /// The document's kind.
    pub kind: DocKind,
    /// What changed.
    pub upgrade: Upgrade,
    /// The file's new text, with only the changed entries rewritten.
    pub text: String,
}

/// The migration of a document's text to the current version; `None` when
/// it is current already.
pub fn migrate_text(
    text: &str,
    format: Format,
) -> Result<Option<Migration>, MigrateError> {
    let mut document = parse_as_written(text, format)?;
    supported_version(text, format, &document)?;
    let Some(upgrade) = upgrade(&mut document) else {
        return Ok(None);
    };
    let kind = document.kind();
    let rewritten = match &document {
        Document::Series(d) => patch_text(text, format, d),
        Document::Map(d) => patch_text(text, format, d),
        Document::Counters(d) => patch_text(text, format, d),
        Document::Scenario(d) => patch_text(text, format, d),
        Document::Variant(d) => patch_text(text, format, d),
        Document::Game(d) => patch_text(text, format, d),
    }
    .ok_or(MigrateError::NotInPlace(kind.as_str()))?;
    Ok(Some(Migration {
        kind,
        upgrade,
        text: rewritten,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "// a series\n(\n    kind: series,\n    \
                       format_version: 1, // keep me\n    id: \"x\",\n    \
                       name: \"X\",\n)\n";

    #[test]
    fn version_1_is_rewritten_in_place() {
        let migration = migrate_text(OLD, Format::Ron)
            .expect("migrates")
            .expect("version 1 is old");
        assert_eq!(migration.upgrade.from, 1);
        assert_eq!(migration.upgrade.to, FORMAT_VERSION);
        assert_eq!(migration.text, OLD.replace("version: 1", "version: 2"));
    }

    #[test]
    fn migrating_twice_changes_nothing() {
        let once = migrate_text(OLD, Format::Ron)
            .expect("migrates")
            .expect("old");
        assert_eq!(migrate_text(&once.text, Format::Ron), Ok(None));
    }

    #[test]
    fn unknown_versions_are_refused() {
        for version in ["0", "3", "99"] {
            let text =
                OLD.replace("version: 1", &format!("version: {version}"));
            assert!(
                matches!(
                    migrate_text(&text, Format::Ron),
                    Err(MigrateError::Parse(e)) if e.line == 4
                        && e.message.contains("not supported")
                ),
                "{version}"
            );
        }
    }
}
