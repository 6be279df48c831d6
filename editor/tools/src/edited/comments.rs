//! Counting the comments in a document's text, to tell the author what a
//! whole-file rewrite would lose.

use berthier_schema::Format;

/// The comments in `text`: each RON `// …` line and each outermost
/// `/* … */` block (RON nests them), ignoring `//` and `/*` inside strings
/// and characters. JSON has no comments.
pub fn count_comments(text: &str, format: Format) -> usize {
    if format != Format::Ron {
        return 0;
    }
    let b = text.as_bytes();
    let (mut i, mut count) = (0, 0);
    while i < b.len() {
        i = match (b[i], b.get(i + 1)) {
            (b'/', Some(b'/')) => {
                count += 1;
                line_end(b, i)
            }
            (b'/', Some(b'*')) => {
                count += 1;
                block_end(b, i)
            }
            (b'"', _) => quoted_end(b, i, b'"'),
            (b'\'', _) => quoted_end(b, i, b'\''),
            (b'r', Some(b'"' | b'#')) if !ident_before(b, i) => raw_end(b, i),
            _ => i + 1,
        };
    }
    count
}

fn line_end(b: &[u8], from: usize) -> usize {
    b[from..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| from + p + 1)
}

/// Past the `*/` closing the block comment opened at `from`, counting the
/// blocks opened inside it.
fn block_end(b: &[u8], from: usize) -> usize {
    let (mut i, mut depth) = (from + 2, 1);
    while i < b.len() {
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'*')) => (depth, i) = (depth + 1, i + 2),
            (b'*', Some(b'/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    b.len()
}

/// Past the closing `quote` of a string or character starting at `from`
/// (a backslash escapes the next byte).
fn quoted_end(b: &[u8], from: usize, quote: u8) -> usize {
    let mut i = from + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// Past a raw string `r#"…"#` (any number of `#`, maybe none).
fn raw_end(b: &[u8], from: usize) -> usize {
    let hashes = b[from + 1..].iter().take_while(|&&c| c == b'#').count();
    let open = from + 1 + hashes;
    if b.get(open) != Some(&b'"') {
        return from + 1; // an identifier such as `r#type`
    }
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    b[open + 1..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(b.len(), |p| open + 1 + p + close.len())
}

/// Whether the byte before `i` continues an identifier: then the `r` at
/// `i` ends a name (`bar`), it does not start a raw string.
fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_line_and_block_comments_outside_strings() {
        let text = r##"// one
(
    name: "a // not a comment", /* two */
    note: r#"raw /* not */ "quoted" "#, // three
    c: '/', d: '"', /* four /* nested */ still four */
    e: "esc \" // not",
)
"##;
        assert_eq!(count_comments(text, Format::Ron), 4);
        assert_eq!(count_comments(text, Format::Json), 0);
        assert_eq!(count_comments("(a: 1)", Format::Ron), 0);
        assert_eq!(count_comments("/* open", Format::Ron), 1);
    }
}
