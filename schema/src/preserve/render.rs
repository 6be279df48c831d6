//! Writing one new value in the style of the text around it: on one line
//! (`(at: "0801/0901", feature: "river")`) or spread over lines at the
//! indentation of its neighbours, and without the serializer's needless
//! escapes (`l\'Etang`).

use crate::format::Format;
use crate::locate::token_end;

/// Lines longer than this are spread over several lines when the
/// neighbours give no lead (the width the bundled files are wrapped at).
pub const WIDTH: usize = 100;

/// `text` (one value as a serializer wrote it, possibly over several
/// lines) on one line: `, ` and `: ` between tokens, no space inside
/// brackets, no trailing comma before a closing bracket.
pub fn compact(text: &str, format: Format) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    let mut last = b'(';
    while pos < text.len() {
        let rest = &text[pos..];
        let skipped = rest.len() - rest.trim_start().len();
        pos += skipped;
        if pos >= text.len() {
            break;
        }
        let end = token_end(text, format, pos).max(pos + 1);
        let token = &text[pos..end];
        let first = token.as_bytes()[0];
        let closes = matches!(first, b')' | b']' | b'}');
        if closes && out.ends_with(", ") {
            out.truncate(out.len() - 2);
        } else if needs_space(last, first) {
            out.push(' ');
        }
        out.push_str(token);
        if matches!(first, b',' | b':') {
            out.push(' ');
        }
        last = token.as_bytes()[token.len() - 1];
        pos = end;
    }
    out.trim_end().to_owned()
}

/// Whether two tokens written one after the other need a space between
/// them (identifiers and numbers would otherwise run together).
fn needs_space(last: u8, next: u8) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'"');
    word(last) && word(next)
}

/// `text` (a value the serializer wrote starting on a line indented by
/// `from`) moved to a line indented by `to`: every following line keeps
/// its depth relative to the first.
pub fn reindent(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            let body = line.strip_prefix(from).unwrap_or(line.trim_start());
            if !body.is_empty() {
                out.push_str(to);
            }
            out.push_str(body);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// RON's serializer escapes `'` inside `"` strings; authors write it
/// plainly and RON reads both, so new text drops the escape. Only a
/// backslash that is itself not escaped counts.
pub fn plain_quotes(text: &str, format: Format) -> String {
    if format != Format::Ron || !text.contains("\\'") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\'') => out.push('\''),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The comments inside `range` of `text`, as written.
pub fn comments_in<'t>(
    text: &'t str,
    all: &[std::ops::Range<usize>],
    range: std::ops::Range<usize>,
) -> Vec<&'t str> {
    all.iter()
        .filter(|c| c.start >= range.start && c.end <= range.end)
        .map(|c| &text[c.clone()])
        .collect()
}

/// Comments kept from removed text, each on a line of its own at
/// `indent` (a `//` comment must end its line).
pub fn comment_lines(kept: &[&str], indent: &str) -> String {
    kept.iter().map(|c| format!("{indent}{c}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_joins_a_pretty_value() {
        let pretty = "(\n    at: \"0801/0901\",\n    feature: \"river\",\n    \
                      name: Some(\"La V\u{e8}re\"),\n    high: [1, 2],\n)";
        assert_eq!(
            compact(pretty, Format::Ron),
            "(at: \"0801/0901\", feature: \"river\", name: Some(\"La V\u{e8}re\"), high: [1, 2])"
        );
        let json = "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": true\n}";
        assert_eq!(compact(json, Format::Json), r#"{"a": [1, 2], "b": true}"#);
    }

    #[test]
    fn reindent_keeps_relative_depth() {
        let text =
            "(\n        a: 1,\n        b: [\n            2,\n        ],\n    )";
        let moved = reindent(text, "    ", "  ");
        assert_eq!(
            moved,
            "(\n      a: 1,\n      b: [\n          2,\n      ],\n  )"
        );
    }

    #[test]
    fn quotes_lose_their_escape_only_in_ron() {
        assert_eq!(
            plain_quotes(r#""l\'Etang \\' x""#, Format::Ron),
            r#""l'Etang \\' x""#
        );
        assert_eq!(plain_quotes(r#""a\'b""#, Format::Json), r#""a\'b""#);
    }
}
