//! Find references and rename for ids: every string value in the pack's
//! documents that is exactly the id (its definition included). Ids are
//! matched as whole string values, so a name that merely contains the id
//! is left alone; a rename to a value the pack already uses anywhere is
//! refused, since that would merge two things.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::Format;
use berthier_schema::locate::token_end;
use berthier_validator::walk;

use crate::ids::Texts;

/// Where a string value sits: the file and the bytes of the quoted string.
pub type Occurrence = (PathBuf, Arc<str>, Range<usize>);

/// Why a rename is refused.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    /// The new name is already a value in the pack.
    #[error(
        "`{name}` is already used in {file}: renaming would merge two things"
    )]
    Clash {
        /// The new name.
        name: String,
        /// Where it is used.
        file: String,
    },
    /// The new name is empty.
    #[error("an id cannot be empty")]
    Empty,
}

/// Every string value equal to `value` in the pack at `root` (open
/// buffers read before the files).
pub fn find(root: &Path, value: &str, texts: &dyn Texts) -> Vec<Occurrence> {
    let Ok(files) = walk::collect(&[root.to_path_buf()]) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for file in files {
        let Some(format) = Format::of_path(&file.path) else {
            continue;
        };
        let Some(text) = texts.text(&file.path) else {
            continue;
        };
        if !text.contains(value) {
            continue;
        }
        for range in in_text(&text, format, value) {
            out.push((file.path.clone(), Arc::clone(&text), range));
        }
    }
    out
}

/// The byte ranges of the string values equal to `value` in `text`
/// (quotes included).
pub fn in_text(text: &str, format: Format, value: &str) -> Vec<Range<usize>> {
    let quoted = format!("\"{value}\"");
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let end = token_end(text, format, pos);
        if end <= pos {
            break;
        }
        if text.as_bytes()[..end].ends_with(quoted.as_bytes()) {
            out.push(end - quoted.len()..end);
        }
        pos = end;
    }
    out
}

/// The occurrences a rename of `old` to `new` rewrites, or why not.
pub fn rename(
    root: &Path,
    old: &str,
    new: &str,
    texts: &dyn Texts,
) -> Result<Vec<Occurrence>, RenameError> {
    if new.is_empty() {
        return Err(RenameError::Empty);
    }
    if let Some((file, _, _)) = find(root, new, texts).first() {
        let file = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        return Err(RenameError::Clash {
            name: new.to_owned(),
            file,
        });
    }
    Ok(find(root, old, texts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_string_values_are_found() {
        let text = r#"(units: ["b1", "b10"], name: "b1 and b2", // "b1"
  unit: "b1")"#;
        let found = in_text(text, Format::Ron, "b1");
        assert_eq!(found.len(), 2, "{found:?}");
        for range in found {
            assert_eq!(&text[range], "\"b1\"");
        }
    }
}
