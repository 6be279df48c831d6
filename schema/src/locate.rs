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

mod index;
mod members;
mod ron_tree;
#[cfg(test)]
mod tests;
mod token;
mod value;

pub use index::LocateIndex;
pub use members::{
    Container, Expect, Member, comments, container, root, token_end, value_end,
};
pub use ron_tree::{NodeRef, RonTree, RonTreeJson};
pub use value::ron_json_shape;

use token::{Scanner, Token};

use crate::format::Format;

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
///
/// One lookup costs up to the length of the text; for many lookups in one
/// text use [`locate_indexed`].
pub fn locate(text: &str, format: Format, pointer: &str) -> Located {
    locate_with(text, format, pointer, None)
}

/// [`locate`], remembering in `index` where the children of each list and
/// struct it walks through start, so that a second pointer through the
/// same list costs no new scan: locating one finding per entry of a list
/// of N entries is then linear in N, not quadratic. `index` must only ever
/// be used with this `text` and `format`.
pub fn locate_indexed(
    text: &str,
    format: Format,
    pointer: &str,
    index: &mut LocateIndex,
) -> Located {
    locate_with(text, format, pointer, Some(index))
}

fn locate_with(
    text: &str,
    format: Format,
    pointer: &str,
    mut index: Option<&mut LocateIndex>,
) -> Located {
    let mut scanner = Scanner::new(text, format);
    scanner.skip_preamble();
    scanner.skip_trivia();
    let mut here = Located {
        value: scanner.pos,
        key: None,
        exact: true,
    };
    for segment in segments(pointer).take(MAX_SEGMENTS) {
        match scanner.descend(&segment, index.as_deref_mut()) {
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

/// The byte range of the value `pointer` names, when it exists exactly.
pub fn value_span(
    text: &str,
    format: Format,
    pointer: &str,
) -> Option<std::ops::Range<usize>> {
    let found = locate(text, format, pointer);
    if !found.exact {
        return None;
    }
    let mut scanner = Scanner::new(text, format);
    scanner.pos = found.value;
    scanner.skip_value();
    (scanner.pos > found.value).then_some(found.value..scanner.pos)
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

/// One segment of a JSON Pointer (RFC 6901) for a key: `~` as `~0`, `/`
/// as `~1`. Every pointer built from a key goes through here;
/// [`unescape_segment`] undoes it.
pub fn escape_segment(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The key a JSON Pointer segment names: `~1` as `/`, `~0` as `~`.
pub fn unescape_segment(segment: &str) -> String {
    segment.replace("~1", "/").replace("~0", "~")
}

/// The unescaped segments of a JSON Pointer.
fn segments(pointer: &str) -> impl Iterator<Item = String> + '_ {
    pointer
        .strip_prefix('/')
        .map(|rest| rest.split('/'))
        .into_iter()
        .flatten()
        .map(unescape_segment)
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

impl Scanner<'_> {
    /// From the start of a value, finds its child `segment`: the key's and
    /// the child value's offsets.
    fn descend(
        &mut self,
        segment: &str,
        mut index: Option<&mut LocateIndex>,
    ) -> Option<(Option<usize>, usize)> {
        for _ in 0..MAX_UNWRAP {
            self.skip_trivia();
            let start = self.pos;
            match self.next_token() {
                Token::Open(b'{') => {
                    return self.member(segment, index.as_deref_mut());
                }
                Token::Open(b'[') => {
                    return self.element(segment, index.as_deref_mut());
                }
                Token::Open(_) if self.ron => match self.shape() {
                    Shape::Struct => {
                        return self.member(segment, index.as_deref_mut());
                    }
                    Shape::Tuple => {
                        return self.element(segment, index.as_deref_mut());
                    }
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
                        Shape::Struct => {
                            return self.member(segment, index.as_deref_mut());
                        }
                        Shape::Tuple => {
                            return self.element(segment, index.as_deref_mut());
                        }
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
    fn member(
        &mut self,
        segment: &str,
        index: Option<&mut LocateIndex>,
    ) -> Option<(Option<usize>, usize)> {
        match index {
            Some(index) => index.member(self, segment),
            None => self.member_scan(segment),
        }
    }

    /// [`Self::member`] by reading the members up to the one named.
    fn member_scan(&mut self, segment: &str) -> Option<(Option<usize>, usize)> {
        while let Some((key, key_start, value)) = self.next_member() {
            if self.key_matches(key, segment) {
                return Some((Some(key_start), value));
            }
            self.skip_value();
        }
        None
    }

    /// Reads the key of the next member of a struct, object or map: the
    /// key token, where it starts and where its value starts (the position
    /// is left there); `None` at the closing bracket or anything that is
    /// not `key: value`.
    pub(crate) fn next_member(&mut self) -> Option<(Token, usize, usize)> {
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
            return Some((key, key_start, self.pos));
        }
    }

    /// Finds element `segment` (an index) of an array or tuple whose
    /// opening bracket was just read.
    fn element(
        &mut self,
        segment: &str,
        index: Option<&mut LocateIndex>,
    ) -> Option<(Option<usize>, usize)> {
        let wanted: usize = segment.parse().ok()?;
        match index {
            Some(index) => index.element(self, wanted).map(|at| (None, at)),
            None => self.element_scan(wanted).map(|at| (None, at)),
        }
    }

    /// The offset of element `index` by reading the elements before it.
    fn element_scan(&mut self, index: usize) -> Option<usize> {
        let mut current = 0usize;
        while let Some(start) = self.element_start() {
            if current == index {
                return Some(start);
            }
            if !self.past_element() {
                return None;
            }
            current += 1;
        }
        None
    }

    /// Where the next element of a list or tuple starts; `None` at its
    /// closing bracket or the end of the text.
    pub(crate) fn element_start(&mut self) -> Option<usize> {
        self.skip_trivia();
        if matches!(self.peek(), None | Some(b')' | b']' | b'}')) {
            return None;
        }
        Some(self.pos)
    }

    /// Skips the element that starts here and its comma; `false` when no
    /// comma follows (the list ends, or is broken).
    pub(crate) fn past_element(&mut self) -> bool {
        self.skip_value();
        self.next_token() == Token::Comma
    }
}
