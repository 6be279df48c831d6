//! What the cursor is on in a RON or JSON document: the path of keys and
//! indexes from the root to the innermost value holding it, and the
//! scalar token under it. Read from the text as written, so it works on a
//! document that does not parse as a whole yet (one being typed).

use berthier_schema::Format;
use berthier_schema::locate::{Expect, container, root, scalar_at, token_end};

/// Containers entered at most (no document nests deeper).
const MAX_DEPTH: usize = 64;

/// One step from a container to a member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// An object's member, by key.
    Key(String),
    /// An array's element, by index.
    Index(usize),
}

/// Where the cursor is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Context {
    /// From the root to the innermost member whose key or value holds the
    /// cursor.
    pub path: Vec<Step>,
    /// Whether the cursor is on a key (or where a key is written next),
    /// not on a value.
    pub on_key: bool,
}

impl Context {
    /// The nearest key on the path: the field a value is written for
    /// (`units` for an element of `units: [..]`).
    pub fn field(&self) -> Option<&str> {
        self.path.iter().rev().find_map(|s| match s {
            Step::Key(k) => Some(k.as_str()),
            Step::Index(_) => None,
        })
    }

    /// The keys of the path, indexes left out.
    pub fn keys(&self) -> Vec<&str> {
        self.path
            .iter()
            .filter_map(|s| match s {
                Step::Key(k) => Some(k.as_str()),
                Step::Index(_) => None,
            })
            .collect()
    }
}

/// The context of the byte `offset` of `text`. A key being typed (a
/// word alone on its line, no colon yet) keeps its container from
/// reading: it is read blanked out, and the context is that key's.
pub fn at(text: &str, format: Format, offset: usize) -> Context {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    if let Some(word) = key_being_typed(text, offset) {
        let mut blanked = text.to_owned();
        blanked.replace_range(word.clone(), &" ".repeat(word.len()));
        let mut context = read_at(&blanked, format, offset);
        context.on_key = true;
        return context;
    }
    read_at(text, format, offset)
}

/// The word (a key without its colon yet, quoted or not) the cursor is
/// in or just after, alone on its line.
fn key_being_typed(
    text: &str,
    offset: usize,
) -> Option<std::ops::Range<usize>> {
    let is_key = |c: char| c.is_alphanumeric() || c == '_' || c == '"';
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let before = &text[line_start..offset];
    let after = &text[offset..line_end];
    let start = line_start + before.len() - before.trim_start().len();
    let word_end =
        offset + after.find(|c: char| !is_key(c)).unwrap_or(after.len());
    let rest = text[word_end..line_end].trim();
    let word = &text[start..word_end];
    let lone = word.chars().all(is_key) && !word.trim_matches('"').is_empty();
    (lone && (rest.is_empty() || rest == ",")).then_some(start..word_end)
}

fn read_at(text: &str, format: Format, offset: usize) -> Context {
    let mut context = Context::default();
    let mut start = root(text, format);
    for _ in 0..MAX_DEPTH {
        let found = [Expect::Object(None), Expect::Array]
            .into_iter()
            .find_map(|e| container(text, format, start, e));
        let Some(found) = found else {
            return context;
        };
        if offset < found.open_end || offset > found.close {
            return context;
        }
        let member = found.members.iter().enumerate().find(|(_, m)| {
            m.start <= offset && offset <= m.value.end.max(m.start)
        });
        let Some((index, member)) = member else {
            // Between members: where a new key (or element) goes.
            context.on_key =
                found.members.first().is_none_or(|m| m.key.is_some());
            return context;
        };
        if member.key.is_some()
            && offset < member.value.start
            && offset <= token_end(text, format, member.start)
        {
            // On the key itself: the path is its object's.
            context.on_key = true;
            return context;
        }
        context.path.push(match &member.key {
            Some(key) => Step::Key(key.clone()),
            None => Step::Index(index),
        });
        if offset < member.value.start {
            return context;
        }
        start = member.value.start;
    }
    context
}

/// The scalar token holding the byte `offset` (a string's contents, an
/// identifier, a number), with its byte range.
pub fn scalar(
    text: &str,
    format: Format,
    offset: usize,
) -> Option<(String, std::ops::Range<usize>)> {
    let line_start = text
        .get(..offset.min(text.len()))?
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let mut pos = line_start;
    while pos < text.len() {
        let end = token_end(text, format, pos);
        if end <= pos {
            return None;
        }
        if end >= offset {
            let start = pos + leading_space(text.get(pos..end)?);
            if start > offset {
                return None;
            }
            let value = scalar_at(text, format, pos)?;
            return Some((value, start..end));
        }
        pos = end;
    }
    None
}

fn leading_space(text: &str) -> usize {
    text.len() - text.trim_start().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_offset_of_a_broken_text_panics() {
        let texts = [
            "(\n  kind: scenario, // é𝄞 \"x\"\n  sides: [(side: \"é𝄞\", setup: [(unit: \"ü\"",
            "{\"a\": [\"é\", {\"b\": \"𝄞\"}, 1e400, ",
            "/* unterminated é",
            "\"",
            "",
        ];
        for text in texts {
            for format in [Format::Ron, Format::Json] {
                for offset in 0..=text.len() + 1 {
                    let _ = at(text, format, offset);
                    let _ = scalar(text, format, offset);
                }
            }
        }
    }

    const SCENARIO: &str = r#"(
    kind: scenario,
    sides: [
        (
            side: "french",
            setup: [
                (unit: "fr-045", hex: "0412"),
            ],
        ),
    ],
)"#;

    #[test]
    fn a_unit_id_in_a_setup_entry_is_under_sides_setup_unit() {
        let at_id = SCENARIO.find("fr-045").unwrap() + 2;
        let context = at(SCENARIO, Format::Ron, at_id);
        assert_eq!(context.keys(), ["sides", "setup", "unit"]);
        assert!(!context.on_key);
        let (value, span) = scalar(SCENARIO, Format::Ron, at_id).unwrap();
        assert_eq!(value, "fr-045");
        assert_eq!(&SCENARIO[span], "\"fr-045\"");
    }

    #[test]
    fn a_key_being_typed_is_a_key() {
        let text = "(\n    kind: scenario,\n    sid\n)";
        let at_key = text.find("sid").unwrap() + 3;
        let context = at(text, Format::Ron, at_key);
        assert!(context.on_key, "{context:?}");
        assert!(context.path.is_empty(), "{context:?}");
        let nested = "(\n    turns: (\n        da\n    ),\n)";
        let context = at(nested, Format::Ron, nested.find("da").unwrap() + 2);
        assert!(context.on_key, "{context:?}");
        assert_eq!(context.keys(), ["turns"]);
        let json = r#"{"sides": [{"setup": [{"unit": "a"}]}]}"#;
        let context = at(json, Format::Json, json.find("\"a\"").unwrap());
        assert_eq!(context.keys(), ["sides", "setup", "unit"]);
    }
}
