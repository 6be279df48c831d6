//! Reading older format versions, and rewriting files to the current one.
//!
//! Every Berthier tool reads a document of any supported `format_version`
//! through [`upgrade`] (the reader's own step, `document/upgrade.rs`), so
//! the rest of the code sees only the current model.
//! `berthier-validate migrate` writes the upgrade back to the file through
//! [`migrate_text`], which changes only the entries the upgrade changed
//! and keeps every comment and the layout of the rest.

use crate::document::{
    DocKind, Document, Format, ParseError, parse_as_written, supported_version,
};
use crate::preserve::patch_text;

pub use crate::document::upgrade::{Upgrade, upgrade};
pub use crate::format::OLDEST_FORMAT_VERSION;

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
    use crate::format::FORMAT_VERSION;

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

    /// Comment lines cost their number, not its square (800,000 took
    /// 261 s in a release build; 200,000 here take about a second in a
    /// debug build, and the bound leaves room for a loaded machine).
    #[test]
    fn many_comment_lines_migrate_in_linear_time() {
        let lines: String =
            (0..200_000).map(|i| format!("// note {i}\n")).collect();
        let text =
            OLD.replacen("// a series\n", &format!("// a series\n{lines}"), 1);
        let started = std::time::Instant::now();
        let migration = migrate_text(&text, Format::Ron)
            .expect("migrates")
            .expect("old");
        assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
        assert!(migration.text.contains("// note 199999\n"));
    }

    #[test]
    fn a_comment_written_twice_must_stay_twice() {
        use crate::preserve::keeps_comments;
        let before = "// a\n// a\n// b\n(x: 1)";
        assert!(keeps_comments(
            before,
            "// b\n// a\n// a\n(x: 2)",
            Format::Ron
        ));
        assert!(!keeps_comments(before, "// a\n// b\n(x: 2)", Format::Ron));
        assert!(!keeps_comments(before, "// a\n// a\n(x: 2)", Format::Ron));
    }
}
