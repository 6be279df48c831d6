//! A RON document read into a flat arena: one vector of nodes, one of
//! child links, strings borrowed from the text where no escape has to be
//! decoded. It holds the document's JSON shape (the correspondence of
//! [`super`]) for a handful of allocations per document where a
//! `serde_json::Value` costs one or more per value: the validator checks
//! it against the schema ([`ArenaJson`]) and types it (`serde`
//! [`Deserializer`](serde::Deserializer) on [`NodeRef`]) without building
//! that value. [`Arena::to_value`] gives the same shape as a
//! `serde_json::Value` for the precise paths, so there is one reading.
//!
//! The reading is exact or gives up (`None`): any construct it could read
//! differently from the typed reader (escapes other than the common ones,
//! character literals with escapes, hexadecimal numbers) sends the caller
//! back to the typed reader. So does anything the typed reader refuses but
//! a JSON value would hide: a key written twice (a JSON object keeps the
//! last), a bracket closed by another kind (`[ .. )`), a number that is
//! not finite (`1e309`, `NaN`, `inf`, which JSON can only write as
//! `null`), and an empty list element (`[1,,2]`).

use std::borrow::Cow;

use serde_json::Number;

use super::token::{Scanner, Token};
use crate::document::Format;

mod de;
mod json;

pub use json::ArenaJson;

/// Deepest nesting read; deeper input is refused (the typed reader stops
/// at 128 too).
const MAX_DEPTH: usize = 128;

/// Objects up to this size are checked for a repeated key pair by pair;
/// larger ones (a map's hexes) by sorting their keys.
const PAIRWISE_KEYS: usize = 8;

/// One value of the document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node<'t> {
    Null,
    Bool(bool),
    Number(Number),
    Str(Cow<'t, str>),
    /// Items: `links[start..start + len]`.
    Array {
        start: u32,
        len: u32,
    },
    /// Members: `links[start..start + 2 * len]`, key and value node in
    /// turn; keys are [`Node::Str`] nodes.
    Object {
        start: u32,
        len: u32,
    },
}

/// A document's JSON shape in one arena (see the module).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Arena<'t> {
    nodes: Vec<Node<'t>>,
    links: Vec<u32>,
    root: u32,
    /// Whether every part was read as the typed reader reads it: a map key
    /// with an escape the shape does not decode (`"\u{41}"`) keeps the
    /// shape (the schema check of a broken file reads it) but is not
    /// exact enough to type the document from.
    exact: bool,
}

/// A handle on one node of an arena: what the schema check and the typing
/// walk.
#[derive(Debug, Clone, Copy)]
pub struct NodeRef<'a> {
    arena: &'a Arena<'a>,
    index: u32,
}

static NULL: Node<'static> = Node::Null;

impl<'t> Arena<'t> {
    /// Reads a RON document, or `None` when the text is not RON this
    /// reading understands (syntax errors are the typed reader's to
    /// report).
    pub fn read_ron(text: &'t str) -> Option<Self> {
        let mut reader = Reader {
            scanner: Scanner::new(text, Format::Ron),
            nodes: Vec::with_capacity(text.len() / 16),
            links: Vec::with_capacity(text.len() / 16),
            stack: Vec::new(),
            exact: true,
        };
        reader.scanner.skip_preamble();
        let token = reader.scanner.next_token();
        let root = reader.value(token, 0)?;
        (reader.scanner.next_token() == Token::Eof).then_some(Self {
            nodes: reader.nodes,
            links: reader.links,
            root,
            exact: reader.exact,
        })
    }

    /// Whether the document can be typed from this reading (see
    /// [`Arena::exact`]'s field).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The whole document.
    pub fn root(&self) -> NodeRef<'_> {
        NodeRef {
            arena: self,
            index: self.root,
        }
    }

    /// The document as a `serde_json::Value`.
    pub fn to_value(&self) -> serde_json::Value {
        self.root().to_value()
    }

    /// The node at `index`.
    pub(crate) fn at(&self, index: u32) -> NodeRef<'_> {
        NodeRef { arena: self, index }
    }

    /// The arena of one string (the schema check's scratch node for a
    /// property name), reusing its allocation.
    pub(crate) fn set_single_string(&mut self, string: &str) {
        self.links.clear();
        self.root = 0;
        if let [Node::Str(Cow::Owned(owned))] = self.nodes.as_mut_slice() {
            owned.clear();
            owned.push_str(string);
            return;
        }
        self.nodes.clear();
        self.nodes.push(Node::Str(Cow::Owned(string.to_owned())));
    }
}

impl<'a> NodeRef<'a> {
    pub(crate) fn node(&self) -> &'a Node<'a> {
        self.arena.nodes.get(self.index as usize).unwrap_or(&NULL)
    }

    pub(crate) fn arena(&self) -> &'a Arena<'a> {
        self.arena
    }

    pub(crate) fn index(&self) -> u32 {
        self.index
    }

    /// The links `start..start + len` (an array's items, an object's keys
    /// and values).
    pub(crate) fn links(&self, start: u32, len: u32) -> &'a [u32] {
        let from = start as usize;
        let to = from.saturating_add(len as usize);
        self.arena.links.get(from..to).unwrap_or(&[])
    }

    /// The nodes `links[start..start + len]`.
    pub(crate) fn linked(
        &self,
        start: u32,
        len: u32,
    ) -> impl ExactSizeIterator<Item = NodeRef<'a>> + use<'a> {
        let arena = self.arena;
        self.links(start, len)
            .iter()
            .map(move |index| arena.at(*index))
    }

    /// The text of a string node.
    pub(crate) fn as_str(&self) -> Option<&'a str> {
        match self.node() {
            Node::Str(s) => Some(s.as_ref()),
            _ => None,
        }
    }

    /// The member `key` of an object node.
    pub fn get(&self, key: &str) -> Option<NodeRef<'a>> {
        let Node::Object { start, len } = self.node() else {
            return None;
        };
        let mut members = self.linked(*start, len.saturating_mul(2));
        while let (Some(k), Some(v)) = (members.next(), members.next()) {
            if k.as_str() == Some(key) {
                return Some(v);
            }
        }
        None
    }

    /// This node and all below it as a `serde_json::Value`.
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self.node() {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(n) => Value::Number(n.clone()),
            Node::Str(s) => Value::String(s.to_string()),
            Node::Array { start, len } => Value::Array(
                self.linked(*start, *len).map(|n| n.to_value()).collect(),
            ),
            Node::Object { start, len } => {
                let mut map = serde_json::Map::with_capacity(*len as usize);
                let mut members = self.linked(*start, len.saturating_mul(2));
                while let (Some(k), Some(v)) = (members.next(), members.next())
                {
                    let key = k.as_str().unwrap_or_default().to_owned();
                    map.insert(key, v.to_value());
                }
                Value::Object(map)
            }
        }
    }
}

/// The reading: a tokenizer, the arena being filled, and a stack of the
/// children of the containers still open.
struct Reader<'t> {
    scanner: Scanner<'t>,
    nodes: Vec<Node<'t>>,
    links: Vec<u32>,
    stack: Vec<u32>,
    exact: bool,
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
        std::str::from_utf8(self.scanner.slice(start, end)).ok()
    }

    fn value(&mut self, token: Token, depth: usize) -> Option<u32> {
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
                let mark = self.items(depth, b']')?;
                self.finish(mark, false)
            }
            Token::Open(b'{') => self.members(depth, b'}', Keys::Any),
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
        let name =
            std::str::from_utf8(self.scanner.ident_bytes(start, end)).ok()?;
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
        self.stack.extend([key, payload]);
        self.finish(mark, true)
    }

    /// The inside of `( .. )` after the `(`: a struct (object) or a tuple
    /// (array). As a payload (`unwrap`), one element stands for itself:
    /// `Some(x)`, `Hex("0101")`.
    fn group(&mut self, depth: usize, unwrap: bool) -> Option<u32> {
        let after_open = self.scanner.pos;
        let first = self.scanner.next_token();
        let second = self.scanner.next_token();
        self.scanner.pos = after_open;
        if matches!(first, Token::Ident { .. }) && second == Token::Colon {
            return self.members(depth, b')', Keys::Ident);
        }
        let mark = self.items(depth, b')')?;
        if unwrap && self.stack.len() == mark + 1 {
            return self.stack.pop();
        }
        self.finish(mark, false)
    }

    /// Comma-separated values up to the closing bracket `close`, pushed on
    /// the stack above the returned mark; a trailing comma is allowed, an
    /// empty element is not.
    fn items(&mut self, depth: usize, close: u8) -> Option<usize> {
        let mark = self.stack.len();
        loop {
            let token = self.scanner.next_token();
            if token == Token::Close {
                return self.closed_by(close).then_some(mark);
            }
            let item = self.value(token, depth + 1)?;
            self.stack.push(item);
            match self.scanner.next_token() {
                Token::Comma => {}
                Token::Close => return self.closed_by(close).then_some(mark),
                _ => return None,
            }
        }
    }

    /// `key: value` pairs up to the closing bracket `close`; a key written
    /// twice gives up (the typed reader refuses a duplicate field).
    fn members(&mut self, depth: usize, close: u8, keys: Keys) -> Option<u32> {
        let mark = self.stack.len();
        loop {
            let token = self.scanner.next_token();
            if token == Token::Close {
                return self.close_object(mark, close);
            }
            let key = self.key(token, keys)?;
            if self.scanner.next_token() != Token::Colon {
                return None;
            }
            let key = self.push(Node::Str(key))?;
            let token = self.scanner.next_token();
            let value = self.value(token, depth + 1)?;
            self.stack.extend([key, value]);
            match self.scanner.next_token() {
                Token::Comma => {}
                Token::Close => {
                    return self.close_object(mark, close);
                }
                _ => return None,
            }
        }
    }

    fn key(&mut self, token: Token, keys: Keys) -> Option<Cow<'t, str>> {
        match token {
            Token::Ident { start, end } => {
                std::str::from_utf8(self.scanner.ident_bytes(start, end))
                    .ok()
                    .map(Cow::Borrowed)
            }
            Token::Scalar { start, end } if keys == Keys::Any => {
                std::str::from_utf8(self.scanner.ident_bytes(start, end))
                    .ok()
                    .map(Cow::Borrowed)
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
    /// an object (key and value in turn) or an array.
    fn finish(&mut self, mark: usize, object: bool) -> Option<u32> {
        let children = self.stack.get(mark..)?;
        let count = u32::try_from(children.len()).ok()?;
        if object && self.repeats_a_key(children) {
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
        let mut keys: Vec<&str> = members.iter().step_by(2).map(key).collect();
        if keys.len() <= PAIRWISE_KEYS {
            return keys
                .iter()
                .enumerate()
                .any(|(i, k)| keys.iter().skip(i + 1).any(|other| other == k));
        }
        keys.sort_unstable();
        keys.windows(2).any(|pair| pair.first() == pair.get(1))
    }

    fn close_object(&mut self, mark: usize, close: u8) -> Option<u32> {
        if self.closed_by(close) {
            self.finish(mark, true)
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
