//! Reads RON text into its JSON shape without the model's types, following
//! the same correspondence as [`super::locate`], so a RON file whose typed
//! read stops at the first error can still be checked against the JSON
//! Schema for every error at once.
//!
//! It is also the validator's fast path: the shape checked against the
//! schema and then typed with `serde_json::from_value` costs less than the
//! typed RON reader alone. The reading is exact or gives up (`None`): any
//! construct it could read differently from the typed reader (escapes
//! other than the common ones, character literals, hexadecimal numbers)
//! sends the caller back to the typed reader. So does anything the typed
//! reader refuses but a JSON value would hide: a key written twice (a JSON
//! object keeps the last), a bracket closed by another kind (`[ .. )`), a
//! number that is not finite (`1e309`, `NaN`, `inf`, which JSON can only
//! write as `null`), and an empty list element (`[1,,2]`).

use serde_json::{Map, Number, Value};

use super::token::{Scanner, Token};
use crate::document::Format;

/// Deepest nesting read; deeper input is refused (the typed reader stops
/// at 128 too).
const MAX_DEPTH: usize = 128;

/// The JSON shape of a RON document, or `None` when the text is not RON
/// that this reading understands (syntax errors are the typed reader's to
/// report).
pub fn ron_json_shape(text: &str) -> Option<Value> {
    let mut scanner = Scanner::new(text, Format::Ron);
    scanner.skip_preamble();
    let token = scanner.next_token();
    let value = scanner.value(token, 0)?;
    (scanner.next_token() == Token::Eof).then_some(value)
}

impl Scanner<'_> {
    fn value(&mut self, token: Token, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        match token {
            Token::Str {
                start,
                end,
                escaped,
            } => {
                if escaped && !simple_escapes(self.slice(start, end)) {
                    return None;
                }
                Some(Value::String(
                    String::from_utf8(self.string_bytes(start, end, escaped))
                        .ok()?,
                ))
            }
            Token::Scalar { start, end } => {
                let bytes = self.ident_bytes(start, end);
                char_literal(bytes).or_else(|| number(bytes))
            }
            Token::Ident { start, end } => self.ident_value(start, end, depth),
            Token::Open(b'[') => self.array(depth),
            Token::Open(b'{') => self.object(depth),
            Token::Open(_) => self.group(depth),
            _ => None,
        }
    }

    /// `true`, `None`, a unit variant, `Some(x)`, or a variant with a
    /// payload.
    fn ident_value(
        &mut self,
        start: usize,
        end: usize,
        depth: usize,
    ) -> Option<Value> {
        let name =
            String::from_utf8(self.ident_bytes(start, end).to_vec()).ok()?;
        self.skip_trivia();
        if self.peek() != Some(b'(') {
            return Some(match name.as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                "None" => Value::Null,
                // Not finite: JSON has no such number (see the module).
                "inf" | "NaN" => return None,
                _ => Value::String(name),
            });
        }
        self.pos += 1;
        let payload = self.group(depth)?;
        if name == "Some" {
            return Some(unwrap_single(payload));
        }
        let mut object = Map::new();
        object.insert(name, unwrap_single(payload));
        Some(Value::Object(object))
    }

    /// The inside of `( .. )` after the `(`: a struct (object) or a tuple
    /// (array; one element stands for itself, see [`unwrap_single`]).
    fn group(&mut self, depth: usize) -> Option<Value> {
        let after_open = self.pos;
        let first = self.next_token();
        let second = self.next_token();
        self.pos = after_open;
        if matches!(first, Token::Ident { .. }) && second == Token::Colon {
            return self.members(depth, b')', |scanner, token| match token {
                Token::Ident { start, end } => {
                    String::from_utf8(scanner.ident_bytes(start, end).to_vec())
                        .ok()
                }
                _ => None,
            });
        }
        let items = self.items(depth, b')')?;
        Some(Value::Array(items))
    }

    fn array(&mut self, depth: usize) -> Option<Value> {
        self.items(depth, b']').map(Value::Array)
    }

    fn object(&mut self, depth: usize) -> Option<Value> {
        self.members(depth, b'}', |scanner, token| match token {
            Token::Str {
                start,
                end,
                escaped,
            } => String::from_utf8(scanner.string_bytes(start, end, escaped))
                .ok(),
            Token::Ident { start, end } | Token::Scalar { start, end } => {
                String::from_utf8(scanner.ident_bytes(start, end).to_vec()).ok()
            }
            _ => None,
        })
    }

    /// Comma-separated values up to the closing bracket `close`; a
    /// trailing comma is allowed, an empty element is not.
    fn items(&mut self, depth: usize, close: u8) -> Option<Vec<Value>> {
        let mut items = Vec::new();
        loop {
            let token = self.next_token();
            if token == Token::Close {
                return self.closed_by(close).then_some(items);
            }
            items.push(self.value(token, depth + 1)?);
            match self.next_token() {
                Token::Comma => {}
                Token::Close => return self.closed_by(close).then_some(items),
                _ => return None,
            }
        }
    }

    /// `key: value` pairs up to the closing bracket `close`; a key written
    /// twice gives up (the typed reader refuses a duplicate field).
    fn members(
        &mut self,
        depth: usize,
        close: u8,
        key_of: impl Fn(&Self, Token) -> Option<String>,
    ) -> Option<Value> {
        let mut object = Map::new();
        loop {
            let token = self.next_token();
            if token == Token::Close {
                return self.closed_by(close).then_some(Value::Object(object));
            }
            let key = key_of(self, token)?;
            if object.contains_key(&key) || self.next_token() != Token::Colon {
                return None;
            }
            let token = self.next_token();
            object.insert(key, self.value(token, depth + 1)?);
            match self.next_token() {
                Token::Comma => {}
                Token::Close => {
                    return self
                        .closed_by(close)
                        .then_some(Value::Object(object));
                }
                _ => return None,
            }
        }
    }

    /// Whether the [`Token::Close`] just read is the bracket `close`.
    fn closed_by(&self, close: u8) -> bool {
        self.pos
            .checked_sub(1)
            .and_then(|at| self.at(at))
            .is_some_and(|b| b == close)
    }
}

/// Whether every escape in a string's raw contents is one the tokenizer
/// decodes exactly as RON does (`\"`, `\\`, `\n`, `\t`, `\r`); anything
/// else (`\u{..}`, `\0`, ...) makes the reading give up rather than guess.
fn simple_escapes(raw: &[u8]) -> bool {
    let mut bytes = raw.iter();
    while let Some(b) = bytes.next() {
        if *b == b'\\'
            && !matches!(bytes.next(), Some(b'"' | b'\\' | b'n' | b't' | b'r'))
        {
            return false;
        }
    }
    true
}

/// `(x)` as a payload or wrapper stands for `x`.
fn unwrap_single(value: Value) -> Value {
    match value {
        Value::Array(mut items) if items.len() == 1 => items.remove(0),
        other => other,
    }
}

/// A RON character literal without escapes (`'W'`, a sheet letter), as
/// the one-character string JSON gives a `char`; escaped ones are left to
/// the typed reader.
fn char_literal(bytes: &[u8]) -> Option<Value> {
    let inner = bytes.strip_prefix(b"'")?.strip_suffix(b"'")?;
    let text = std::str::from_utf8(inner).ok()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '\\' && c != '\'' => {
            Some(Value::String(c.to_string()))
        }
        _ => None,
    }
}

fn number(bytes: &[u8]) -> Option<Value> {
    let text = std::str::from_utf8(bytes).ok()?.replace('_', "");
    if let Ok(i) = text.parse::<i64>() {
        return Some(Value::Number(i.into()));
    }
    if let Ok(u) = text.parse::<u64>() {
        return Some(Value::Number(u.into()));
    }
    let f: f64 = text.parse().ok()?;
    // `1e309` overflows to infinity: not a JSON number (see the module).
    Number::from_f64(f).map(Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_every_ron_shape_as_serde_writes_it_in_json() {
        let text = r#"#![enable(implicit_some)]
            // a comment
            (kind: map, n: 3, f: -1.5, s: "a\"b", opt: Some(2), none: None,
             tuple: (1, 6), list: [1, 2,], map: {"0101": (terrain: "clear")},
             unit: north, newtype: Hex("0101"), cost: Mp(2),
             variant: Within(of: Place("mill"), hexes: 1), yes: true)"#;
        assert_eq!(
            ron_json_shape(text),
            Some(json!({
                "kind": "map", "n": 3, "f": -1.5, "s": "a\"b", "opt": 2,
                "none": null, "tuple": [1, 6], "list": [1, 2],
                "map": {"0101": {"terrain": "clear"}}, "unit": "north",
                "newtype": {"Hex": "0101"}, "cost": {"Mp": 2},
                "variant": {"Within": {"of": {"Place": "mill"}, "hexes": 1}},
                "yes": true
            }))
        );
    }

    #[test]
    fn unusual_escapes_and_literals_give_up_instead_of_guessing() {
        assert_eq!(ron_json_shape(r#"(s: "a\u{41}")"#), None);
        assert_eq!(ron_json_shape(r#"(s: "a\0")"#), None);
        assert_eq!(ron_json_shape(r"(c: '\'')"), None);
        assert_eq!(ron_json_shape(r"(c: '\n')"), None);
        assert_eq!(ron_json_shape("(n: 0x1F)"), None);
        assert_eq!(
            ron_json_shape(r#"(s: "tab\tquote\"")"#),
            Some(json!({"s": "tab\tquote\""}))
        );
    }

    #[test]
    fn a_plain_char_literal_is_a_one_letter_string() {
        // A sheet letter (`sheet: 'W'`), as serde reads a `char` from JSON.
        assert_eq!(ron_json_shape("(c: 'W')"), Some(json!({"c": "W"})));
    }

    #[test]
    fn what_the_typed_reader_refuses_gives_none_not_a_guess() {
        // A JSON object would keep the last of two `a`, `[..)` would read
        // as a list, `1e309` and `NaN` as `null`: the typed reader refuses
        // each, so the shape must not stand in for it.
        assert_eq!(ron_json_shape("(a: 1, b: 2, a: 3)"), None);
        assert_eq!(ron_json_shape(r#"{"k": 1, "k": 2}"#), None);
        assert_eq!(ron_json_shape("(a: [1, 2))"), None);
        assert_eq!(ron_json_shape("(a: (1, 2])"), None);
        assert_eq!(ron_json_shape("[(a: 1}]"), None);
        assert_eq!(ron_json_shape("(facing: 1e309)"), None);
        assert_eq!(ron_json_shape("(facing: -1e309)"), None);
        assert_eq!(ron_json_shape("(f: NaN)"), None);
        assert_eq!(ron_json_shape("(f: inf)"), None);
        assert_eq!(ron_json_shape("(a: [1,, 2])"), None);
        assert_eq!(ron_json_shape("(a: [, 1])"), None);
        assert_eq!(ron_json_shape("(a: [1, 2,])"), Some(json!({"a": [1, 2]})));
    }

    #[test]
    fn broken_or_hostile_text_gives_none() {
        assert_eq!(ron_json_shape("(a: 1"), None);
        assert_eq!(ron_json_shape("(a 1)"), None);
        assert_eq!(ron_json_shape(&"[".repeat(100_000)), None);
        assert_eq!(ron_json_shape(""), None);
    }
}
