//! Where new members go and what removing one takes away, read from the
//! layout the author chose: one member a line, or several on a line.

use std::ops::Range;

use super::render::{comment_lines, comments_in};
use crate::format::Format;
use crate::locate::{Container, Member};

/// A text replacement: this byte range becomes this text.
pub type Splice = (Range<usize>, String);

/// The indentation (spaces and tabs) of the line holding `pos`.
pub fn indent_at(text: &str, pos: usize) -> &str {
    let start = line_start(text, pos);
    let line = &text[start..];
    let body = line.trim_start_matches([' ', '\t']);
    &line[..line.len() - body.len()]
}

/// Where the line holding `pos` starts.
pub fn line_start(text: &str, pos: usize) -> usize {
    text[..pos].rfind('\n').map_or(0, |i| i + 1)
}

/// Where a member's own text ends: after its comma when it has one.
pub fn member_end(m: &Member) -> usize {
    m.comma_end.unwrap_or(m.value.end)
}

/// The end of the line `pos` is on, past spaces and comments that finish
/// it, or `None` when something else follows on that line.
fn line_end_after(
    text: &str,
    comments: &[Range<usize>],
    pos: usize,
) -> Option<usize> {
    let mut at = pos;
    loop {
        let rest = &text[at..];
        let spaces =
            rest.len() - rest.trim_start_matches([' ', '\t', '\r']).len();
        at += spaces;
        match text.as_bytes().get(at) {
            None => return Some(at),
            Some(b'\n') => return Some(at),
            _ => match comments.iter().find(|c| c.start == at) {
                Some(c) if !text[c.clone()].contains('\n') => at = c.end,
                _ => return None,
            },
        }
    }
}

/// The layout of one container as written.
pub struct Layout<'a> {
    pub text: &'a str,
    pub format: Format,
    pub container: &'a Container,
    pub comments: &'a [Range<usize>],
}

impl Layout<'_> {
    /// Whether member `i` ends its line (the next member or the closing
    /// bracket is on a later line).
    fn ends_line(&self, i: usize) -> bool {
        line_end_after(
            self.text,
            self.comments,
            member_end(&self.container.members[i]),
        )
        .is_some()
    }

    /// Inserts `items` (whole members as text, lines after the first not
    /// yet indented) after member `anchor`.
    pub fn insert_after(&self, anchor: usize, items: &[Item]) -> Vec<Splice> {
        let m = &self.container.members[anchor];
        let indent = indent_at(self.text, m.start);
        let line = self.ends_line(anchor);
        let text = |item: &Item| indented(&item.0, indent);
        match (line, m.comma_end) {
            // One a line after a comma: a new line after the anchor's
            // line (and its trailing comment).
            (true, Some(comma)) => {
                let at = line_end_after(self.text, self.comments, comma)
                    .unwrap_or(comma);
                let new: String = items
                    .iter()
                    .map(|i| format!("\n{indent}{},", text(i)))
                    .collect();
                vec![(at..at, new)]
            }
            (true, None) => {
                let new: String = items
                    .iter()
                    .map(|i| format!(",\n{indent}{}", text(i)))
                    .collect();
                vec![(m.value.end..m.value.end, new)]
            }
            // On one line: right after the anchor's value, so removing
            // the members after it (and the comma before them) never
            // overlaps the insertion.
            (false, _) => {
                let new: String =
                    items.iter().map(|i| format!(", {}", text(i))).collect();
                vec![(m.value.end..m.value.end, new)]
            }
        }
    }

    /// Inserts `items` before member `first`.
    pub fn insert_before(&self, first: usize, items: &[Item]) -> Vec<Splice> {
        let m = &self.container.members[first];
        let indent = indent_at(self.text, m.start);
        let between =
            if self.text[self.container.open_end..m.start].contains('\n') {
                format!(",\n{indent}")
            } else {
                ", ".to_owned()
            };
        let text: String = items
            .iter()
            .map(|i| format!("{}{between}", indented(&i.0, indent)))
            .collect();
        vec![(m.start..m.start, text)]
    }

    /// Fills a container none of whose members stay with `items`: on one
    /// line when `inline`, else one a line, indented one step more than the
    /// bracket's line.
    pub fn fill(&self, items: &[Item], inline: bool) -> Vec<Splice> {
        let c = self.container;
        let inner = c.open_end..c.close;
        let blank = self.text[inner.clone()].trim().is_empty();
        let at = if blank { inner } else { c.open_end..c.open_end };
        let texts = items.iter().map(|i| i.0.as_str());
        if inline {
            return vec![(at, texts.collect::<Vec<_>>().join(", "))];
        }
        let outer = indent_at(self.text, c.open_end.saturating_sub(1));
        let step = if self.format == Format::Json {
            "  "
        } else {
            "    "
        };
        let indent = format!("{outer}{step}");
        let body: Vec<String> = texts
            .map(|i| format!("{indent}{}", indented(i, &indent)))
            .collect();
        let tail = if self.format == Format::Json { "" } else { "," };
        let closing = if blank {
            format!("\n{outer}")
        } else {
            String::new()
        };
        vec![(at, format!("\n{}{tail}{closing}", body.join(",\n")))]
    }

    /// Removes the members `removed` (indices in order), each run of
    /// neighbours at once, keeping any comment written in or beside them.
    pub fn remove_runs(&self, removed: &[usize]) -> Vec<Splice> {
        let mut splices = Vec::new();
        let mut k = 0;
        while k < removed.len() {
            let first = removed[k];
            let mut last = first;
            while k + 1 < removed.len() && removed[k + 1] == last + 1 {
                k += 1;
                last += 1;
            }
            splices.push(self.remove(first, last));
            k += 1;
        }
        splices
    }

    /// Removes members `first..=last`.
    fn remove(&self, first: usize, last: usize) -> Splice {
        let members = &self.container.members;
        let (a, z) = (&members[first], &members[last]);
        let start = line_start(self.text, a.start);
        let own_line = self.text[start..a.start].trim().is_empty();
        let line_end = line_end_after(self.text, self.comments, member_end(z));
        if let (true, Some(end)) = (own_line, line_end) {
            let end = (end + 1).min(self.text.len());
            let kept = comments_in(self.text, self.comments, start..end);
            return (
                start..end,
                comment_lines(&kept, indent_at(self.text, a.start)),
            );
        }
        let range = match (z.comma_end, first.checked_sub(1)) {
            (Some(comma), _) => {
                let rest = &self.text[comma..];
                a.start
                    ..comma + rest.len()
                        - rest.trim_start_matches([' ', '\t']).len()
            }
            (None, Some(prev)) => members[prev].value.end..z.value.end,
            (None, None) => a.start..z.value.end,
        };
        let kept = comments_in(self.text, self.comments, range.clone());
        let text = kept
            .iter()
            .map(|c| {
                if c.starts_with("//") {
                    format!("{c}\n")
                } else {
                    format!("{c} ")
                }
            })
            .collect();
        (range, text)
    }
}

/// A new member's text and whether its value is a scalar.
pub type Item = (String, bool);

/// `text` with every line after the first indented by `indent`.
fn indented(text: &str, indent: &str) -> String {
    text.replace('\n', &format!("\n{indent}"))
}
