//! Finds where a value sits in the original RON or JSON text, given a JSON
//! Pointer into the document's JSON shape.
//!
//! Schema violations and cross-file findings are computed on the JSON shape
//! of a document (`/sides/0/setup/2/hex`), but authors edit RON or JSON
//! text: this module maps the pointer back to a byte offset so a diagnostic
//! can name a line and column. A small tokenizer per format is enough (no
//! second full parser): it walks forward once, skipping siblings by bracket
//! depth, so the cost is linear in the text for any pointer of bounded
//! length, and it never panics, whatever the input.
//!
//! The RON to JSON shape correspondence is serde's:
//!
//! | RON | JSON |
//! |---|---|
//! | struct `(a: 1)`, named `Name(a: 1)`, map `{"k": v}` | object |
//! | list `[..]`, tuple `(1, 2)` | array |
//! | `Variant(a: 1)`, newtype `Hex("0101")` | `{"Variant": {"a": 1}}`, `{"Hex": "0101"}` |
//! | unit variant `north` | `"north"` |
//! | `Some(x)` or implicit `x` | `x` |
//!
//! An `Ident(...)` is ambiguous without the types: it is read as an enum
//! variant when the next pointer segment names it, and as a transparent
//! wrapper (`Some`, a struct name) otherwise.

use crate::document::Format;

/// Pointers longer than this are cut (no Berthier document nests deeper).
const MAX_SEGMENTS: usize = 256;

/// Wrappers (`Some(Some(..))`) unwrapped in a row before giving up; keeps
/// the walk linear on adversarial nesting.
const MAX_UNWRAP: usize = 64;

/// Where a pointer led.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// Byte offset of the value, or of the nearest existing ancestor when
    /// the pointer's leaf is absent (a missing required field).
    pub value: usize,
    /// Byte offset of the key (or enum variant name) naming the value in its
    /// parent, when it has one.
    pub key: Option<usize>,
    /// Whether the whole pointer was found.
    pub exact: bool,
}

impl Located {
    /// The key when there is one, else the value: where an "unknown field"
    /// finding should point.
    pub fn key_or_value(&self) -> usize {
        self.key.unwrap_or(self.value)
    }
}

/// Finds the value `pointer` (RFC 6901, `""` is the whole document) names in
/// `text`, falling back to the nearest ancestor that exists.
pub fn locate(text: &str, format: Format, pointer: &str) -> Located {
    let mut scanner = Scanner::new(text, format);
    scanner.skip_preamble();
    scanner.skip_trivia();
    let mut here = Located {
        value: scanner.pos,
        key: None,
        exact: true,
    };
    for segment in segments(pointer).take(MAX_SEGMENTS) {
        match scanner.descend(&segment) {
            Some((key, value)) => {
                scanner.pos = value;
                here = Located {
                    value,
                    key,
                    exact: true,
                };
            }
            None => {
                here.exact = false;
                break;
            }
        }
    }
    here
}

/// The scalar at `offset` as text: a string's contents (escapes decoded),
/// an identifier (`map`, `true`, `None`) or a number; `None` for containers
/// and anything else.
pub fn scalar_at(text: &str, format: Format, offset: usize) -> Option<String> {
    let mut scanner = Scanner::new(text, format);
    scanner.pos = offset;
    let token = scanner.next_token();
    let bytes = match token {
        Token::Str {
            start,
            end,
            escaped,
        } => scanner.string_bytes(start, end, escaped),
        Token::Ident { start, end } | Token::Scalar { start, end } => {
            scanner.ident_bytes(start, end).to_vec()
        }
        _ => return None,
    };
    String::from_utf8(bytes).ok()
}

/// The unescaped segments of a JSON Pointer.
fn segments(pointer: &str) -> impl Iterator<Item = String> + '_ {
    pointer
        .strip_prefix('/')
        .map(|rest| rest.split('/'))
        .into_iter()
        .flatten()
        .map(|s| s.replace("~1", "/").replace("~0", "~"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Open(u8),
    Close,
    Comma,
    Colon,
    /// A string; `start..end` is its contents.
    Str {
        start: usize,
        end: usize,
        escaped: bool,
    },
    Ident {
        start: usize,
        end: usize,
    },
    Scalar {
        start: usize,
        end: usize,
    },
    Other,
    Eof,
}

/// How the contents of a RON `( .. )` group read.
enum Shape {
    /// `(a: 1, ..)`: an object.
    Struct,
    /// `(x)`: a wrapper around `x`, which starts at this offset.
    Single(usize),
    /// `(1, 2)` or `()`: an array.
    Tuple,
}

struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
    ron: bool,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str, format: Format) -> Self {
        Self {
            bytes: text.as_bytes(),
            pos: 0,
            ron: format == Format::Ron,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(offset).copied()
    }

    fn slice(&self, start: usize, end: usize) -> &'a [u8] {
        self.bytes.get(start..end).unwrap_or(&[])
    }

    /// Skips RON's `#![enable(..)]` attributes.
    fn skip_preamble(&mut self) {
        if !self.ron {
            return;
        }
        loop {
            self.skip_trivia();
            if self.peek() == Some(b'#') && self.at(self.pos + 1) == Some(b'!')
            {
                self.pos += 2;
                self.skip_trivia();
                if self.peek() == Some(b'[') {
                    self.pos += 1;
                    self.skip_group();
                }
            } else {
                return;
            }
        }
    }

    /// Skips whitespace and comments (`//`, nested `/* */`).
    fn skip_trivia(&mut self) {
        while let Some(b) = self.peek() {
            if b.is_ascii_whitespace() {
                self.pos += 1;
            } else if b == b'/' && self.at(self.pos + 1) == Some(b'/') {
                while self.peek().is_some_and(|b| b != b'\n') {
                    self.pos += 1;
                }
            } else if b == b'/' && self.at(self.pos + 1) == Some(b'*') {
                self.skip_block_comment();
            } else {
                return;
            }
        }
    }

    fn skip_block_comment(&mut self) {
        self.pos += 2;
        let mut depth = 1usize;
        while depth > 0 {
            match (self.peek(), self.at(self.pos + 1)) {
                (None, _) => return,
                (Some(b'*'), Some(b'/')) => {
                    depth -= 1;
                    self.pos += 2;
                }
                (Some(b'/'), Some(b'*')) => {
                    depth += 1;
                    self.pos += 2;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Reads the next token after any trivia.
    fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let Some(b) = self.peek() else {
            return Token::Eof;
        };
        self.pos += 1;
        match b {
            b'(' | b'[' | b'{' => Token::Open(b),
            b')' | b']' | b'}' => Token::Close,
            b',' => Token::Comma,
            b':' => Token::Colon,
            b'"' => self.string(start + 1),
            b'\'' => self.char_literal(start),
            b'r' | b'b' if self.ron => self.prefixed(start),
            _ if is_ident_start(b) => self.ident(start),
            b'-' | b'+' | b'.' | b'0'..=b'9' => {
                while self.peek().is_some_and(|b| {
                    is_ident_byte(b) || matches!(b, b'.' | b'+' | b'-')
                }) {
                    self.pos += 1;
                }
                Token::Scalar {
                    start,
                    end: self.pos,
                }
            }
            _ => Token::Other,
        }
    }

    /// A `"` string whose contents start at `start`.
    fn string(&mut self, start: usize) -> Token {
        let mut escaped = false;
        while let Some(b) = self.peek() {
            match b {
                b'"' => {
                    self.pos += 1;
                    return Token::Str {
                        start,
                        end: self.pos - 1,
                        escaped,
                    };
                }
                b'\\' => {
                    escaped = true;
                    self.pos += 2;
                }
                _ => self.pos += 1,
            }
        }
        self.pos = self.bytes.len();
        Token::Str {
            start,
            end: self.pos,
            escaped,
        }
    }

    fn char_literal(&mut self, start: usize) -> Token {
        while let Some(b) = self.peek() {
            self.pos += if b == b'\\' { 2 } else { 1 };
            if b == b'\'' {
                break;
            }
        }
        self.pos = self.pos.min(self.bytes.len());
        Token::Scalar {
            start,
            end: self.pos,
        }
    }

    fn ident(&mut self, start: usize) -> Token {
        while self.peek().is_some_and(is_ident_byte) {
            self.pos += 1;
        }
        Token::Ident {
            start,
            end: self.pos,
        }
    }

    /// RON tokens starting with `r` or `b`: raw strings `r#"..."#`, byte
    /// strings `b"..."`, byte literals `b'x'`, raw identifiers `r#name`, or
    /// plain identifiers.
    fn prefixed(&mut self, start: usize) -> Token {
        if self.at(start) == Some(b'b') {
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return self.string(self.pos);
                }
                Some(b'\'') => return self.char_literal(start),
                Some(b'r') => self.pos += 1,
                _ => return self.ident(start),
            }
        }
        let after_r = self.pos;
        let mut hashes = 0usize;
        while self.peek() == Some(b'#') {
            hashes += 1;
            self.pos += 1;
        }
        if self.peek() == Some(b'"') {
            self.pos += 1;
            return self.raw_string(self.pos, hashes);
        }
        if hashes == 1 && self.at(start) == Some(b'r') {
            while self.peek().is_some_and(|b| {
                is_ident_byte(b) || matches!(b, b'.' | b'+' | b'-')
            }) {
                self.pos += 1;
            }
            return Token::Ident {
                start,
                end: self.pos,
            };
        }
        self.pos = after_r;
        self.ident(start)
    }

    /// A raw string whose contents start at `start`, closed by `"` and
    /// `hashes` `#`.
    fn raw_string(&mut self, start: usize, hashes: usize) -> Token {
        while let Some(b) = self.peek() {
            self.pos += 1;
            if b == b'"'
                && (0..hashes).all(|i| self.at(self.pos + i) == Some(b'#'))
            {
                let end = self.pos - 1;
                self.pos += hashes;
                return Token::Str {
                    start,
                    end,
                    escaped: false,
                };
            }
        }
        Token::Str {
            start,
            end: self.bytes.len(),
            escaped: false,
        }
    }

    /// An identifier's name, without RON's raw `r#` prefix.
    fn ident_bytes(&self, start: usize, end: usize) -> &'a [u8] {
        let text = self.slice(start, end);
        text.strip_prefix(b"r#").unwrap_or(text)
    }

    /// A string's contents with the common escapes decoded.
    fn string_bytes(&self, start: usize, end: usize, escaped: bool) -> Vec<u8> {
        let raw = self.slice(start, end);
        if !escaped {
            return raw.to_vec();
        }
        let mut out = Vec::with_capacity(raw.len());
        let mut iter = raw.iter().copied();
        while let Some(b) = iter.next() {
            if b != b'\\' {
                out.push(b);
                continue;
            }
            match iter.next() {
                Some(b'n') => out.push(b'\n'),
                Some(b't') => out.push(b'\t'),
                Some(b'r') => out.push(b'\r'),
                Some(other) => out.push(other),
                None => {}
            }
        }
        out
    }

    /// Whether a key token names `segment`.
    fn key_matches(&self, token: Token, segment: &str) -> bool {
        match token {
            Token::Str {
                start,
                end,
                escaped,
            } => self.string_bytes(start, end, escaped) == segment.as_bytes(),
            Token::Ident { start, end } | Token::Scalar { start, end } => {
                self.ident_bytes(start, end) == segment.as_bytes()
            }
            _ => false,
        }
    }

    /// Skips the rest of a group whose opening bracket was just read.
    fn skip_group(&mut self) {
        let mut depth = 1usize;
        while depth > 0 {
            match self.next_token() {
                Token::Open(_) => depth += 1,
                Token::Close => depth -= 1,
                Token::Eof => return,
                _ => {}
            }
        }
    }

    /// Skips one value, including RON's `Name(..)`.
    fn skip_value(&mut self) {
        match self.next_token() {
            Token::Open(_) => self.skip_group(),
            Token::Ident { .. } if self.ron => {
                let save = self.pos;
                self.skip_trivia();
                if self.peek() == Some(b'(') {
                    self.pos += 1;
                    self.skip_group();
                } else {
                    self.pos = save;
                }
            }
            _ => {}
        }
    }

    /// From the start of a value, finds its child `segment`: the key's and
    /// the child value's offsets.
    fn descend(&mut self, segment: &str) -> Option<(Option<usize>, usize)> {
        for _ in 0..MAX_UNWRAP {
            self.skip_trivia();
            let start = self.pos;
            match self.next_token() {
                Token::Open(b'{') => return self.member(segment),
                Token::Open(b'[') => return self.element(segment),
                Token::Open(_) if self.ron => match self.shape() {
                    Shape::Struct => return self.member(segment),
                    Shape::Tuple => return self.element(segment),
                    Shape::Single(inner) => self.pos = inner,
                },
                Token::Ident { start: s, end } if self.ron => {
                    self.skip_trivia();
                    if self.peek() != Some(b'(') {
                        return None;
                    }
                    self.pos += 1;
                    if self.ident_bytes(s, end) == segment.as_bytes() {
                        return Some((Some(start), self.variant_value()));
                    }
                    // A wrapper such as `Some(..)` or a struct name.
                    match self.shape() {
                        Shape::Struct => return self.member(segment),
                        Shape::Tuple => return self.element(segment),
                        Shape::Single(inner) => self.pos = inner,
                    }
                }
                _ => return None,
            }
        }
        None
    }

    /// Where the JSON value of an enum variant's payload starts, the `(`
    /// having just been read: the single element of a newtype variant, else
    /// the group itself.
    fn variant_value(&mut self) -> usize {
        let open = self.pos - 1;
        match self.shape() {
            Shape::Single(inner) => inner,
            Shape::Struct | Shape::Tuple => open,
        }
    }

    /// Reads how a `( .. )` group whose `(` was just read is shaped, and
    /// rewinds to just after the `(`.
    fn shape(&mut self) -> Shape {
        let after_open = self.pos;
        let first = self.next_token();
        let second = self.next_token();
        self.pos = after_open;
        if matches!(first, Token::Ident { .. }) && second == Token::Colon {
            return Shape::Struct;
        }
        if first == Token::Close {
            return Shape::Tuple;
        }
        self.skip_trivia();
        let inner = self.pos;
        self.skip_value();
        let after = self.next_token();
        let closes = after == Token::Close
            || (after == Token::Comma && self.next_token() == Token::Close);
        self.pos = after_open;
        if closes {
            Shape::Single(inner)
        } else {
            Shape::Tuple
        }
    }

    /// Finds member `segment` of an object, struct or map whose opening
    /// bracket was just read.
    fn member(&mut self, segment: &str) -> Option<(Option<usize>, usize)> {
        loop {
            self.skip_trivia();
            let key_start = self.pos;
            let key = self.next_token();
            match key {
                Token::Close | Token::Eof | Token::Other | Token::Colon => {
                    return None;
                }
                Token::Comma => continue,
                Token::Open(_) => self.skip_group(),
                _ => {}
            }
            if self.next_token() != Token::Colon {
                return None;
            }
            self.skip_trivia();
            if self.key_matches(key, segment) {
                return Some((Some(key_start), self.pos));
            }
            self.skip_value();
        }
    }

    /// Finds element `segment` (an index) of an array or tuple whose
    /// opening bracket was just read.
    fn element(&mut self, segment: &str) -> Option<(Option<usize>, usize)> {
        let index: usize = segment.parse().ok()?;
        let mut current = 0usize;
        loop {
            self.skip_trivia();
            if matches!(self.peek(), None | Some(b')' | b']' | b'}')) {
                return None;
            }
            if current == index {
                return Some((None, self.pos));
            }
            self.skip_value();
            if self.next_token() != Token::Comma {
                return None;
            }
            current += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, format: Format, pointer: &str) -> (String, bool) {
        let found = locate(text, format, pointer);
        let rest = text.get(found.value..).unwrap_or("");
        (rest.chars().take(8).collect(), found.exact)
    }

    #[test]
    fn json_objects_and_arrays() {
        let text = r#"{"a": {"b/c": [1, {"d": "x"}]}, "e": 2}"#;
        assert_eq!(at(text, Format::Json, "/a/b~1c/1/d").0, "\"x\"}]}, ");
        assert_eq!(at(text, Format::Json, "/e"), ("2}".into(), true));
        let missing = at(text, Format::Json, "/a/zz");
        assert_eq!(missing, ("{\"b/c\": ".into(), false));
        let found = locate(text, Format::Json, "/e");
        assert_eq!(
            text.get(found.key_or_value()..found.value),
            Some("\"e\": ")
        );
    }

    #[test]
    fn ron_structs_enums_and_wrappers() {
        let text = "// c (x: [\n(\n  kind: map, /* (a: [ */ x: Some((1, 2)),\n  \
                    p: Within(of: Place(\"mill\"), hexes: 1),\n  \
                    h: Hex(\"0101\"), m: {\"k\": r#\"v\"#, \"z\": north},\n)";
        assert_eq!(at(text, Format::Ron, "/kind").0, "map, /* ");
        assert_eq!(at(text, Format::Ron, "/x/1").0, "2)),\n  p");
        assert_eq!(at(text, Format::Ron, "/p/Within/of/Place").0, "\"mill\"),");
        assert_eq!(at(text, Format::Ron, "/p/Within/hexes").0, "1),\n  h:");
        assert_eq!(at(text, Format::Ron, "/h/Hex").0, "\"0101\"),");
        assert_eq!(at(text, Format::Ron, "/m/z").0, "north},\n");
        let leaf = locate(text, Format::Ron, "/p/Within");
        assert_eq!(
            text.get(leaf.key_or_value()..leaf.key_or_value() + 6),
            Some("Within")
        );
        assert!(!locate(text, Format::Ron, "/p/Within/nope").exact);
    }

    #[test]
    fn pathological_inputs_stay_fast() {
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        let found = locate(&deep, Format::Ron, "/0/0/0/a");
        assert!(!found.exact);
        let deep = "[".repeat(200_000);
        assert!(!locate(&deep, Format::Json, "/0/0/0/0/1").exact);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(text in "\\PC{0,200}", pointer in "(/[a-z0-9]{0,3}){0,4}") {
            for format in [Format::Ron, Format::Json] {
                let found = locate(&text, format, &pointer);
                proptest::prop_assert!(found.value <= text.len());
                let _ = scalar_at(&text, format, found.value);
            }
        }

        #[test]
        fn never_panics_on_structure(
            text in "[()\\[\\]{}:,\"'a-z0-9 r#b/*\\\\\n]{0,120}",
            pointer in "(/[a-z0-9]{0,2}){0,4}",
        ) {
            for format in [Format::Ron, Format::Json] {
                let found = locate(&text, format, &pointer);
                proptest::prop_assert!(found.value <= text.len());
            }
        }
    }
}
