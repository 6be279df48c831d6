//! Quick fixes that rewrite a document: a missing `format_version`
//! written in beside `kind`, and a file of an older format version
//! migrated as `berthier-validate migrate` does (only the changed values
//! rewritten, every comment kept).

use std::ops::Range;

use berthier_schema::Format;
use berthier_schema::document::FORMAT_VERSION;
use berthier_schema::locate::{Expect, container, root};
use berthier_schema::migrate::migrate_text;
use lsp_types::Diagnostic;

/// One fix: its title, the bytes it replaces and the new text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What it does.
    pub title: String,
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What they become.
    pub text: String,
}

/// The fixes for the findings `diagnostics` of `text`.
pub fn fixes(
    text: &str,
    format: Format,
    diagnostics: &[Diagnostic],
) -> Vec<Fix> {
    let code = |d: &&Diagnostic| match &d.code {
        Some(lsp_types::NumberOrString::String(c)) => Some(c.clone()),
        _ => None,
    };
    let mut out = Vec::new();
    for d in diagnostics {
        match code(&d).as_deref() {
            Some("SCH006") => out.extend(migrate(text, format)),
            Some("SCH001" | "SCH002")
                if d.message.starts_with(
                    "\"format_version\" is a required property",
                ) =>
            {
                out.extend(add_format_version(text, format));
            }
            _ => {}
        }
    }
    out.dedup();
    out
}

/// The document migrated to the current format version, as the smallest
/// edit that turns the text into the migrated one.
fn migrate(text: &str, format: Format) -> Option<Fix> {
    let migration = migrate_text(text, format).ok()??;
    let new = migration.text;
    let prefix = common_prefix(text, &new);
    let suffix = common_suffix(&text[prefix..], &new[prefix..]);
    Some(Fix {
        title: format!(
            "Migrate to format version {FORMAT_VERSION} (comments kept)"
        ),
        range: prefix..text.len() - suffix,
        text: new[prefix..new.len() - suffix].to_owned(),
    })
}

/// `format_version` written after `kind` (or first), on its own line.
fn add_format_version(text: &str, format: Format) -> Option<Fix> {
    let found =
        container(text, format, root(text, format), Expect::Object(None))?;
    let key = match format {
        Format::Ron => "format_version".to_owned(),
        Format::Json => "\"format_version\"".to_owned(),
    };
    let kind = found
        .members
        .iter()
        .find(|m| m.key.as_deref() == Some("kind"));
    let (at, indent, comma) = match kind {
        Some(m) => {
            let indent = indent_of(text, m.start);
            match m.comma_end {
                Some(end) => (end, indent, ""),
                None => (m.value.end, indent, ","),
            }
        }
        None => (found.open_end, "    ".to_owned(), ""),
    };
    Some(Fix {
        title: format!("Add `format_version: {FORMAT_VERSION}`"),
        range: at..at,
        text: format!("{comma}\n{indent}{key}: {FORMAT_VERSION},"),
    })
}

/// The whitespace before the line's first character at `offset`.
fn indent_of(text: &str, offset: usize) -> String {
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..offset]
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect()
}

fn common_prefix(a: &str, b: &str) -> usize {
    let mut n = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while !a.is_char_boundary(n) || !b.is_char_boundary(n) {
        n -= 1;
    }
    n
}

fn common_suffix(a: &str, b: &str) -> usize {
    let mut n = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count();
    while !a.is_char_boundary(a.len() - n) || !b.is_char_boundary(b.len() - n) {
        n -= 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(text: &str, fix: &Fix) -> String {
        format!(
            "{}{}{}",
            &text[..fix.range.start],
            fix.text,
            &text[fix.range.end..]
        )
    }

    #[test]
    fn a_missing_format_version_goes_after_kind() {
        let text = "(\n    kind: scenario,\n    id: \"x\",\n)";
        let fix = add_format_version(text, Format::Ron).unwrap();
        assert_eq!(
            apply(text, &fix),
            "(\n    kind: scenario,\n    format_version: 2,\n    id: \"x\",\n)"
        );
    }
}
