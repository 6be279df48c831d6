//! VASSAL's sequence encoding: the one text format every piece definition,
//! trait type and trait state is written in.
//!
//! Restated from a reading of `VASSAL.tools.SequenceEncoder` (no code
//! copied): tokens are joined by a one-character delimiter; a delimiter
//! inside a token is written with a backslash before it; a token that
//! starts with a backslash, or both starts and ends with a single quote,
//! is wrapped in single quotes, which the decoder strips again. A
//! definition nests: a piece is `+/id/type/state` split on `/`, its type
//! and state are split on tabs (one part per trait, outermost first), and
//! each trait splits its own part on `;` and lists on `,`.

/// The tokens of `text` split on `delim`, escapes and quotes undone; an
/// empty text has no tokens.
pub fn decode(text: &str, delim: char) -> Vec<String> {
    let mut out = Vec::new();
    if text.is_empty() {
        return out;
    }
    let mut token = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&delim) {
            // VASSAL's decoder: a delimiter right after a backslash is
            // part of the token, and the backslash goes.
            token.push(delim);
            chars.next();
        } else if c == delim {
            out.push(unquote(std::mem::take(&mut token)));
        } else {
            token.push(c);
        }
    }
    out.push(unquote(token));
    out
}

/// `tokens` joined by `delim`, as VASSAL writes them.
pub fn encode<S: AsRef<str>>(tokens: &[S], delim: char) -> String {
    let mut out = String::new();
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            out.push(delim);
        }
        let token = token.as_ref();
        let quote = token.starts_with('\\')
            || (token.len() > 1
                && token.starts_with('\'')
                && token.ends_with('\''));
        if quote {
            out.push('\'');
        }
        for c in token.chars() {
            if c == delim {
                out.push('\\');
            }
            out.push(c);
        }
        if quote {
            out.push('\'');
        }
    }
    out
}

/// A token with its enclosing single quotes removed.
fn unquote(token: String) -> String {
    if token.len() > 1 && token.starts_with('\'') && token.ends_with('\'') {
        token[1..token.len() - 1].to_owned()
    } else {
        token
    }
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    #[test]
    fn nested_sequences_round_trip() {
        let inner = encode(&["piece", "", "", "a;b.png", "Name"], ';');
        assert_eq!(inner, "piece;;;a\\;b.png;Name");
        let chain = encode(&["mark;Side", &inner], '\t');
        let outer = encode(&["+", "null", &chain, "French\t"], '/');
        let parts = decode(&outer, '/');
        assert_eq!(parts.len(), 4);
        let traits = decode(&parts[2], '\t');
        assert_eq!(traits, ["mark;Side", inner.as_str()]);
        assert_eq!(decode(&traits[1], ';')[3], "a;b.png");
    }

    #[test]
    fn quotes_guard_leading_backslashes() {
        let text = encode(&["\\x", "'q'", "plain"], ',');
        assert_eq!(text, "'\\x',''q'',plain");
        assert_eq!(decode(&text, ','), ["\\x", "'q'", "plain"]);
        assert!(decode("", ',').is_empty());
        assert_eq!(decode("a,,b", ','), ["a", "", "b"]);
    }
}
