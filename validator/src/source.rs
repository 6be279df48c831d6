//! A pack file's text and the helpers that turn an offset, a line and
//! column, or a JSON Pointer into a located [`Diagnostic`].

use std::sync::{Arc, Mutex, OnceLock};

use berthier_schema::Format;
use berthier_schema::locate::{LocateIndex, Located, locate_indexed};

use crate::code::Code;
use crate::diagnostic::{Diagnostic, Snippet};
use crate::walk::Candidate;

/// Offsets up to this are located by counting the lines before them
/// when the file's line index is not built yet (see
/// [`SourceFile::line_col`]): a bounded cost per finding.
const NEAR_TOP: usize = 4096;

/// Widest source excerpt cut from a long line, in characters.
const SNIPPET_WIDTH: usize = 100;

/// How far into a line a finding may be and the line still be shown from
/// its start (so its column is the caret's): the renderer fits the line
/// to the terminal.
const SNIPPET_FROM_START: usize = 1000;

/// A file being checked: where it is and what it says.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Where it was found.
    pub at: Candidate,
    /// Its text (empty when unreadable, and for a [`Self::deferred`] file:
    /// findings are located in [`Self::text`]).
    pub text: Arc<str>,
    /// RON or JSON, by extension.
    pub format: Format,
    /// Where lines and located values start, built as findings are
    /// located, so a file with N findings costs N lookups, not N scans.
    index: Arc<SourceIndex>,
}

/// Makes the text of a [`SourceFile::deferred`].
pub type MakeText = Arc<dyn Fn() -> Arc<str> + Send + Sync>;

/// What locating findings in one text remembers (see [`LocateIndex`]).
#[derive(Default)]
struct SourceIndex {
    /// The maker of a text made only when a finding is located in it.
    deferred: Option<Deferred>,
    /// Byte offset of each line's start.
    lines: OnceLock<Vec<usize>>,
    locate: Mutex<LocateIndex>,
}

/// A text made on first use, once.
struct Deferred {
    make: MakeText,
    made: OnceLock<Arc<str>>,
}

impl std::fmt::Debug for SourceIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let made = self.deferred.as_ref().map(|d| d.made.get().is_some());
        f.debug_struct("SourceIndex")
            .field("deferred_made", &made)
            .finish_non_exhaustive()
    }
}

impl SourceFile {
    /// The file at `at` holding `text`.
    pub fn new(at: Candidate, text: Arc<str>, format: Format) -> Self {
        Self {
            at,
            text,
            format,
            index: Arc::default(),
        }
    }

    /// The file at `at` whose text `make` makes the first time a finding
    /// is located in it (an editor's document held typed: writing it out
    /// as a save would costs more than checking it, and a document with
    /// no finding never needs it). `text` stays empty: read [`Self::text`].
    pub fn deferred(at: Candidate, format: Format, make: MakeText) -> Self {
        let index = SourceIndex {
            deferred: Some(Deferred {
                make,
                made: OnceLock::new(),
            }),
            ..SourceIndex::default()
        };
        Self {
            at,
            text: "".into(),
            format,
            index: Arc::new(index),
        }
    }

    /// The text findings are located in: [`Self::text`]'s field, or for a
    /// [`Self::deferred`] file the text made now (once).
    pub fn text(&self) -> &str {
        match &self.index.deferred {
            Some(d) => d.made.get_or_init(|| (d.make)()),
            None => &self.text,
        }
    }

    /// Whether the text of a [`Self::deferred`] file has been made (true
    /// for any other file).
    pub fn text_made(&self) -> bool {
        self.index
            .deferred
            .as_ref()
            .is_none_or(|d| d.made.get().is_some())
    }

    /// Replaces the text (and forgets what was located in the old one).
    pub fn set_text(&mut self, text: Arc<str>) {
        self.text = text;
        self.index = Arc::default();
    }

    /// 1-based line and character column of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = self.text();
        let offset = floor_char_boundary(text, offset);
        if self.index.lines.get().is_none() && offset <= NEAR_TOP {
            // A lone finding near the top (SCH006 at `format_version`)
            // is located without indexing every line of the file: that
            // index was 2% of the benchmark pack's instructions (issue
            // 16). The same answer: the lines start after each `\n`.
            let before = text.get(..offset).unwrap_or_default();
            let line = before.bytes().filter(|b| *b == b'\n').count() + 1;
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            let column = text.get(start..offset).unwrap_or_default();
            return (line, column.chars().count() + 1);
        }
        let lines = self.line_starts();
        let line = lines.partition_point(|start| *start <= offset).max(1);
        let start = lines.get(line - 1).copied().unwrap_or(0);
        let column = text[start..offset].chars().count() + 1;
        (line, column)
    }

    fn line_starts(&self) -> &[usize] {
        self.index.lines.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text().match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        })
    }

    /// A finding at byte `offset` of the text.
    pub fn at_offset(
        &self,
        code: Code,
        offset: usize,
        pointer: &str,
        message: impl Into<String>,
    ) -> Diagnostic {
        let offset = floor_char_boundary(self.text(), offset);
        let (line, column) = self.line_col(offset);
        let mut d = self.bare(code, pointer, message);
        d.line = line;
        d.column = column;
        d.snippet = Some(snippet(self.text(), offset));
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
        let offset = self.offset_of(line, column.max(1));
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
        // A poisoned lock only means another finding's lookup panicked;
        // the index holds nothing half-written that a lookup relies on.
        let mut index = self
            .index
            .locate
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        locate_indexed(self.text(), self.format, pointer, &mut index)
    }

    /// Byte offset of a 1-based line and character column (clamped to the
    /// line's end).
    pub fn offset_of(&self, line: usize, column: usize) -> usize {
        let Some(start) = line
            .checked_sub(1)
            .and_then(|i| self.line_starts().get(i).copied())
        else {
            return self.text().len();
        };
        offset_in_line(self.text(), start, column)
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
    offset_in_line(text, start, column)
}

/// Byte offset of 1-based character `column` of the line starting at
/// `start` (clamped to the line's end).
fn offset_in_line(text: &str, start: usize, column: usize) -> usize {
    let rest = &text[start..];
    let end = rest.find('\n').unwrap_or(rest.len());
    rest[..end]
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(start + end, |(i, _)| start + i)
}

/// The line around `offset`: from its start, unless the offset is more
/// than [`SNIPPET_FROM_START`] characters into it (then from
/// [`SNIPPET_WIDTH`] / 2 characters before it), to [`SNIPPET_WIDTH`]
/// characters after it.
pub fn snippet(text: &str, offset: usize) -> Snippet {
    let offset = floor_char_boundary(text, offset);
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[start..end];
    let caret = text[start..offset].chars().count();
    let total = line.chars().count();
    let from = if caret <= SNIPPET_FROM_START {
        0
    } else {
        caret - SNIPPET_WIDTH / 2
    };
    let to = total.min(caret + SNIPPET_WIDTH);
    let mut shown = String::new();
    if from > 0 {
        shown.push('…');
    }
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    shown.extend(line.chars().skip(from).take(to - from).map(clean));
    if to < total {
        shown.push('…');
    }
    let shown = shown.trim_end().to_owned();
    Snippet {
        text: shown,
        caret: caret - from + usize::from(from > 0),
        cut_before: from > 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let text = format!("{}X{}", "a".repeat(5000), "b".repeat(5000));
        let s = snippet(&text, 5000);
        assert!(s.text.chars().count() <= SNIPPET_WIDTH * 3 / 2 + 2);
        assert_eq!(s.text.chars().nth(s.caret), Some('X'));
        assert!(s.cut_before);
        let near = snippet(&text, 700);
        assert!(!near.cut_before, "the line is kept from its start");
        assert_eq!(near.caret, 700);
        assert!(near.text.chars().count() <= 700 + SNIPPET_WIDTH + 1);
    }

    /// `x.map.ron` at the root `.`.
    fn candidate() -> Candidate {
        Candidate {
            root: Arc::new(crate::walk::Root {
                dir: ".".into(),
                shown: ".".into(),
            }),
            path: "x.map.ron".into(),
            rel: "x.map.ron".into(),
        }
    }

    #[test]
    fn the_line_index_agrees_with_a_scan() {
        let text = "ab\nçd\n\nlast é line";
        let at = candidate();
        let source = SourceFile::new(at, text.into(), Format::Ron);
        for offset in 0..=text.len() + 2 {
            let offset = floor_char_boundary(text, offset);
            let expected = berthier_schema::document::line_col(text, offset);
            assert_eq!(source.line_col(offset), expected, "{offset}");
            let (line, column) = expected;
            assert_eq!(
                source.offset_of(line, column),
                offset_of(text, line, column)
            );
        }
        assert_eq!(source.offset_of(99, 1), text.len());
    }

    #[test]
    fn a_finding_near_the_top_is_located_as_the_index_would_without_it() {
        let text = "(kind: map,\r\nid: \"é\",\n\n".repeat(300);
        assert!(text.len() > NEAR_TOP);
        let source =
            SourceFile::new(candidate(), text.as_str().into(), Format::Ron);
        for offset in 0..=NEAR_TOP {
            let offset = floor_char_boundary(&text, offset);
            let expected = berthier_schema::document::line_col(&text, offset);
            assert_eq!(source.line_col(offset), expected, "{offset}");
        }
        assert!(source.index.lines.get().is_none(), "no line index built");
        let far = floor_char_boundary(&text, NEAR_TOP + 100);
        let expected = berthier_schema::document::line_col(&text, far);
        assert_eq!(source.line_col(far), expected);
        assert!(source.index.lines.get().is_some(), "indexed past the top");
    }

    #[test]
    fn offsets_round_trip_through_line_and_column() {
        let text = "ab\nçd\n";
        assert_eq!(offset_of(text, 2, 2), 5);
        assert_eq!(offset_of(text, 9, 1), text.len());
        assert_eq!(snippet(text, 5).caret, 1);
    }

    #[test]
    fn a_deferred_text_is_made_once_when_a_finding_is_located() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let text = "(\n    kind: map,\n    id: \"x\",\n)\n";
        let at = candidate();
        let made = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&made);
        let make: MakeText = Arc::new(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            text.into()
        });
        let deferred = SourceFile::deferred(at.clone(), Format::Ron, make);
        assert!(!deferred.text_made());
        assert_eq!(made.load(Ordering::SeqCst), 0, "not made before a finding");
        let plain = SourceFile::new(at, text.into(), Format::Ron);
        let found = deferred.at_pointer(Code::Sch002, "/id", "m");
        assert_eq!(found, plain.at_pointer(Code::Sch002, "/id", "m"));
        assert_eq!((found.line, found.column), (3, 9));
        let again = deferred.clone().at_pointer(Code::Sch002, "/kind", "m");
        assert_eq!(again.line, 2);
        assert_eq!(made.load(Ordering::SeqCst), 1, "made once, shared");
    }
}
