//! A pack file's text and the helpers that turn an offset, a line and
//! column, or a JSON Pointer into a located [`Diagnostic`].

use std::sync::Arc;

use berthier_schema::Format;
use berthier_schema::locate::{Located, locate};

use crate::code::Code;
use crate::diagnostic::{Diagnostic, Snippet};
use crate::walk::Candidate;

/// Widest source excerpt shown, in characters.
const SNIPPET_WIDTH: usize = 100;

/// A file being checked: where it is and what it says.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Where it was found.
    pub at: Candidate,
    /// Its text (empty when unreadable).
    pub text: Arc<str>,
    /// RON or JSON, by extension.
    pub format: Format,
}

impl SourceFile {
    /// A finding at byte `offset` of the text.
    pub fn at_offset(
        &self,
        code: Code,
        offset: usize,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let offset = floor_char_boundary(&self.text, offset);
        let (line, column) =
            berthier_schema::document::line_col(&self.text, offset);
        let mut d = self.bare(code, pointer, message);
        d.line = line;
        d.column = column;
        d.snippet = Some(snippet(&self.text, offset));
        d
    }

    /// A finding at a 1-based line and column a parser reported.
    pub fn at_line_col(
        &self,
        code: Code,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        if line == 0 {
            return self.bare(code, "", message);
        }
        let offset = offset_of(&self.text, line, column.max(1));
        self.at_offset(code, offset, "", message)
    }

    /// A finding about the value `pointer` names (or its nearest existing
    /// ancestor).
    pub fn at_pointer(
        &self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let found = self.locate(pointer);
        self.at_offset(code, found.value, pointer, message)
    }

    /// Where `pointer` leads in the text.
    pub fn locate(&self, pointer: &str) -> Located {
        locate(&self.text, self.format, pointer)
    }

    /// A finding with no position.
    pub fn bare(
        &self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity(),
            root: self.at.root.shown.clone(),
            file: self.at.rel.clone(),
            line: 0,
            column: 0,
            pointer: pointer.to_owned(),
            hex: None,
            message: message.into(),
            help: None,
            snippet: None,
        }
    }
}

/// The largest char boundary not after `offset`.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Byte offset of a 1-based line and character column (clamped to the
/// line's end).
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let rest = &text[start..];
    let end = rest.find('\n').unwrap_or(rest.len());
    rest[..end]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(start + end, |(i, _)| start + i)
}

/// The line around `offset`, cut to [`SNIPPET_WIDTH`] characters around it.
pub fn snippet(text: &str, offset: usize) -> Snippet {
    let offset = floor_char_boundary(text, offset);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[start..end];
    let caret = text[start..offset].chars().count();
    let total = line.chars().count();
    let from = if total <= SNIPPET_WIDTH {
        0
    } else {
        caret.saturating_sub(SNIPPET_WIDTH / 2)
    };
    let mut shown = String::new();
    if from > 0 {
        shown.push('…');
    }
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    shown.extend(line.chars().skip(from).take(SNIPPET_WIDTH).map(clean));
    if from + SNIPPET_WIDTH < total {
        shown.push('…');
    }
    let shown = shown.trim_end().to_owned();
    Snippet {
        text: shown,
        caret: caret - from + usize::from(from > 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let text = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let s = snippet(&text, 5000);
        assert!(s.text.chars().count() <= SNIPPET_WIDTH + 2);
        assert_eq!(s.text.chars().nth(s.caret), Some('X'));
    }

    #[test]
    fn offsets_round_trip_through_line_and_column() {
        let text = "ab\nçd\n";
        assert_eq!(offset_of(text, 2, 2), 5);
        assert_eq!(offset_of(text, 9, 1), text.len());
        assert_eq!(snippet(text, 5).caret, 1);
    }
}
