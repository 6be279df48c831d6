//! [`RonTree::read_ron`]'s reader: the locate tokenizer's tokens into the
//! tree's nodes and links.

use std::borrow::Cow;

use serde_json::Number;

use super::Node;
use crate::locate::token::{Scanner, Token};

/// Deepest nesting read; deeper input is refused (the typed reader stops
/// at 128 too).
const MAX_DEPTH: usize = 128;

/// Objects up to this size are checked for a repeated key pair by pair;
/// larger ones (a map's hexes) by sorting their keys.
const PAIRWISE_KEYS: usize = 8;

/// The reading: a tokenizer, the tree being filled, and a stack of the
/// children of the containers still open.
pub(super) struct Reader<'t> {
    pub(super) scanner: Scanner<'t>,
    pub(super) nodes: Vec<Node<'t>>,
    pub(super) links: Vec<u32>,
    pub(super) stack: Vec<u32>,
    pub(super) exact: bool,
}

/// How a member's key is written: `(name: ..)` or `{"name": ..}`.
#[derive(Clone, Copy, PartialEq)]
enum Keys {
    Ident,
    Any,
}

impl<'t> Reader<'t> {
    fn push(&mut self, node: Node<'t>) -> Option<u32> {
        let index = u32::try_from(self.nodes.len()).ok()?;
        self.nodes.push(node);
        Some(index)
    }

    fn text(&self, start: usize, end: usize) -> Option<&'t str> {
        self.scanner.str_slice(start, end)
    }

    pub(super) fn value(&mut self, token: Token, depth: usize) -> Option<u32> {
        if depth > MAX_DEPTH {
            return None;
        }
        match token {
            Token::Str {
                start,
                end,
                escaped,
            } => {
                if escaped && !simple_escapes(self.scanner.slice(start, end)) {
                    return None;
                }
                let text = self.string(start, end, escaped)?;
                self.push(Node::Str(text))
            }
            Token::Scalar { start, end } => {
                let bytes = self.scanner.ident_bytes(start, end);
                let node = match char_literal(bytes) {
                    Some(c) => Node::Str(Cow::Borrowed(c)),
                    None => Node::Number(number(bytes)?),
                };
                self.push(node)
            }
            Token::Ident { start, end } => self.ident_value(start, end, depth),
            Token::Open(b'[') => {
                let first = self.scanner.next_token();
                let mark = self.items(depth, b']', first)?;
                self.finish(mark, false, false)
            }
            Token::Open(b'{') => {
                let first = self.scanner.next_token();
                self.members(depth, b'}', Keys::Any, first)
            }
            Token::Open(_) => self.group(depth, false),
            _ => None,
        }
    }

    /// A string's contents, borrowed unless an escape was decoded.
    fn string(
        &self,
        start: usize,
        end: usize,
        escaped: bool,
    ) -> Option<Cow<'t, str>> {
        if !escaped {
            return self.text(start, end).map(Cow::Borrowed);
        }
        let bytes = self.scanner.string_bytes(start, end, escaped);
        String::from_utf8(bytes).ok().map(Cow::Owned)
    }

    /// `true`, `None`, a unit variant, `Some(x)`, or a variant with a
    /// payload.
    fn ident_value(
        &mut self,
        start: usize,
        end: usize,
        depth: usize,
    ) -> Option<u32> {
        let name = self.scanner.ident_str(start, end)?;
        self.scanner.skip_trivia();
        if self.scanner.peek() != Some(b'(') {
            let node = match name {
                "true" => Node::Bool(true),
                "false" => Node::Bool(false),
                "None" => Node::Null,
                // Not finite: JSON has no such number (see the module).
                "inf" | "NaN" => return None,
                _ => Node::Str(Cow::Borrowed(name)),
            };
            return self.push(node);
        }
        self.scanner.pos += 1;
        let payload = self.group(depth, true)?;
        if name == "Some" {
            return Some(payload);
        }
        let key = self.push(Node::Str(Cow::Borrowed(name)))?;
        let mark = self.stack.len();
        self.stack.push(key);
        self.stack.push(payload);
        // One member: no key to repeat.
        self.finish(mark, true, false)
    }

    /// The inside of `( .. )` after the `(`: a struct (object) or a tuple
    /// (array). As a payload (`unwrap`), one element stands for itself:
    /// `Some(x)`, `Hex("0101")`.
    fn group(&mut self, depth: usize, unwrap: bool) -> Option<u32> {
        // A struct starts `name:`; the first token is handed on, not read
        // again (issue 16: every struct of a pack starts so).
        let first = self.scanner.next_token();
        if matches!(first, Token::Ident { .. }) && self.at_colon() {
            return self.members(depth, b')', Keys::Ident, first);
        }
        let mark = self.items(depth, b')', first)?;
        if unwrap && self.stack.len() == mark + 1 {
            return self.stack.pop();
        }
        self.finish(mark, false, false)
    }

    /// Comma-separated values up to the closing bracket `close`, pushed on
    /// the stack above the returned mark; a trailing comma is allowed, an
    /// empty element is not.
    fn items(
        &mut self,
        depth: usize,
        close: u8,
        first: Token,
    ) -> Option<usize> {
        let mark = self.stack.len();
        let mut token = first;
        loop {
            if token == Token::Close {
                return self.closed_by(close).then_some(mark);
            }
            let item = self.value(token, depth + 1)?;
            self.stack.push(item);
            if !self.separator(close)? {
                return Some(mark);
            }
            token = self.scanner.next_token();
        }
    }

    /// Whether a `:` follows, after any trivia; the `:` is left unread.
    fn at_colon(&mut self) -> bool {
        self.scanner.skip_trivia();
        self.scanner.peek() == Some(b':')
    }

    /// Whether the next byte after any trivia is `byte`; reads it if so.
    fn next_is(&mut self, byte: u8) -> bool {
        self.scanner.skip_trivia();
        let found = self.scanner.peek() == Some(byte);
        if found {
            self.scanner.pos += 1;
        }
        found
    }

    /// After an element: `Some(true)` for a comma (more may follow),
    /// `Some(false)` for the closing bracket `close`, `None` for anything
    /// else; what [`Scanner::next_token`] would read, without building a
    /// token.
    fn separator(&mut self, close: u8) -> Option<bool> {
        self.scanner.skip_trivia();
        let byte = self.scanner.peek()?;
        self.scanner.pos += 1;
        match byte {
            b',' => Some(true),
            _ if byte == close => Some(false),
            _ => None,
        }
    }

    /// `key: value` pairs up to the closing bracket `close`; a key written
    /// twice gives up (the typed reader refuses a duplicate field).
    fn members(
        &mut self,
        depth: usize,
        close: u8,
        keys: Keys,
        first: Token,
    ) -> Option<u32> {
        let mark = self.stack.len();
        let mut token = first;
        // Each key's signature; two keys with one signature may be the
        // same key (see `finish`).
        let (mut signatures, mut maybe_repeated) = (0u64, false);
        loop {
            if token == Token::Close {
                return self.close_object(mark, close, maybe_repeated);
            }
            let key = self.key(token, keys)?;
            let signature = signature(&key);
            maybe_repeated |= signatures & signature != 0;
            signatures |= signature;
            if !self.next_is(b':') {
                return None;
            }
            let key = self.push(Node::Str(key))?;
            let token_value = self.scanner.next_token();
            let value = self.value(token_value, depth + 1)?;
            self.stack.push(key);
            self.stack.push(value);
            if !self.separator(close)? {
                return self.finish(mark, true, maybe_repeated);
            }
            token = self.scanner.next_token();
        }
    }

    fn key(&mut self, token: Token, keys: Keys) -> Option<Cow<'t, str>> {
        match token {
            Token::Ident { start, end } => {
                self.scanner.ident_str(start, end).map(Cow::Borrowed)
            }
            Token::Scalar { start, end } if keys == Keys::Any => {
                self.scanner.ident_str(start, end).map(Cow::Borrowed)
            }
            Token::Str {
                start,
                end,
                escaped,
            } if keys == Keys::Any => {
                if escaped && !simple_escapes(self.scanner.slice(start, end)) {
                    self.exact = false;
                }
                self.string(start, end, escaped)
            }
            _ => None,
        }
    }

    /// Closes the container whose children sit on the stack above `mark`:
    /// an object (key and value in turn) or an array. An object's keys are
    /// compared only when two have one signature (`maybe_repeated`):
    /// comparing every pair was 2% of the benchmark pack's instructions
    /// (issue 16).
    fn finish(
        &mut self,
        mark: usize,
        object: bool,
        maybe_repeated: bool,
    ) -> Option<u32> {
        let children = self.stack.get(mark..)?;
        let count = u32::try_from(children.len()).ok()?;
        if object && maybe_repeated && self.repeats_a_key(children) {
            return None;
        }
        let start = u32::try_from(self.links.len()).ok()?;
        self.links.extend_from_slice(children);
        self.stack.truncate(mark);
        self.push(if object {
            Node::Object {
                start,
                len: count / 2,
            }
        } else {
            Node::Array { start, len: count }
        })
    }

    /// Whether two of an object's members (key, value, key, ...) have the
    /// same key.
    fn repeats_a_key(&self, members: &[u32]) -> bool {
        let key = |index: &u32| match self.nodes.get(*index as usize) {
            Some(Node::Str(s)) => s.as_ref(),
            _ => "",
        };
        if members.len() <= 2 * PAIRWISE_KEYS {
            // Pair by pair, without collecting the keys (most objects).
            let mut keys = members.iter().step_by(2);
            while let Some(first) = keys.next() {
                let first = key(first);
                if keys.clone().any(|other| key(other) == first) {
                    return true;
                }
            }
            return false;
        }
        let mut keys: Vec<&str> = members.iter().step_by(2).map(key).collect();
        keys.sort_unstable();
        keys.windows(2).any(|pair| pair.first() == pair.get(1))
    }

    fn close_object(
        &mut self,
        mark: usize,
        close: u8,
        maybe_repeated: bool,
    ) -> Option<u32> {
        if self.closed_by(close) {
            self.finish(mark, true, maybe_repeated)
        } else {
            None
        }
    }

    /// Whether the [`Token::Close`] just read is the bracket `close`.
    fn closed_by(&self, close: u8) -> bool {
        self.scanner
            .pos
            .checked_sub(1)
            .and_then(|at| self.scanner.at(at))
            .is_some_and(|b| b == close)
    }
}

/// A key's signature: one bit of 64, from its length and its first and
/// last bytes, so equal keys have equal signatures and most keys of one
/// object (`unit`, `hex`, `facing`) different ones.
fn signature(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let first = usize::from(bytes.first().copied().unwrap_or(0));
    let last = usize::from(bytes.last().copied().unwrap_or(0));
    1u64 << ((bytes.len() + first * 3 + last * 5) % 64)
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

/// A RON character literal without escapes (`'W'`, a sheet letter), as
/// the one-character string JSON gives a `char`; escaped ones are left to
/// the typed reader.
fn char_literal(bytes: &[u8]) -> Option<&str> {
    let inner = bytes.strip_prefix(b"'")?.strip_suffix(b"'")?;
    let text = std::str::from_utf8(inner).ok()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c != '\\' && c != '\'' => Some(text),
        _ => None,
    }
}

fn number(bytes: &[u8]) -> Option<Number> {
    if let Some(n) = small_unsigned(bytes) {
        return Some(n.into());
    }
    let raw = std::str::from_utf8(bytes).ok()?;
    let text: Cow<'_, str> = if raw.contains('_') {
        Cow::Owned(raw.replace('_', ""))
    } else {
        Cow::Borrowed(raw)
    };
    if let Ok(i) = text.parse::<i64>() {
        return Some(i.into());
    }
    if let Ok(u) = text.parse::<u64>() {
        return Some(u.into());
    }
    let f: f64 = text.parse().ok()?;
    // `1e309` overflows to infinity: not a JSON number (see the module).
    Number::from_f64(f)
}

/// Up to 18 decimal digits, no sign or separator: the common number
/// (facings, turns, counts), read without the general parsers; the value
/// they give (`parse::<i64>`, non-negative, so `Number`'s positive
/// integer).
fn small_unsigned(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() || bytes.len() > 18 {
        return None;
    }
    bytes.iter().try_fold(0u64, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + u64::from(b - b'0'))
    })
}
