//! The members of one container as written: where each key, value and
//! separating comma sits, so a save can change one member and leave the
//! bytes around it (comments, layout, spelling) as the author wrote them.

use super::Shape;
use super::token::{Scanner, Token};
use crate::format::Format;

/// One member of a container: an object's `key: value`, or an array's
/// element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The key as a string (`None` for array elements).
    pub key: Option<String>,
    /// Where the member starts (its key, or its value for elements).
    pub start: usize,
    /// The value's byte range.
    pub value: std::ops::Range<usize>,
    /// The byte just after the comma that follows the member, if one does.
    pub comma_end: Option<usize>,
}

/// A container as written: the byte after its opening bracket, its closing
/// bracket and its members in text order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Container {
    /// Offset just after the opening bracket.
    pub open_end: usize,
    /// Offset of the closing bracket.
    pub close: usize,
    /// The members.
    pub members: Vec<Member>,
}

/// What a value is in the document's JSON shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect<'k> {
    /// An object; when it has exactly one key, its name (a RON enum variant
    /// `Name(..)` reads as `{"Name": ..}`).
    Object(Option<&'k str>),
    /// An array.
    Array,
}

/// The container written at `offset` (the start of a value), read as
/// `expect` says; `None` when the text there is not such a container.
///
/// A RON enum variant `Name(a: 1)` is an object with one member whose
/// value is the group (or, for a newtype variant, the group's single
/// element); wrappers such as `Some(..)` and struct names are looked
/// through.
pub fn container(
    text: &str,
    format: Format,
    offset: usize,
    expect: Expect<'_>,
) -> Option<Container> {
    let mut scanner = Scanner::new(text, format);
    scanner.pos = offset;
    for _ in 0..super::MAX_UNWRAP {
        scanner.skip_trivia();
        let start = scanner.pos;
        match scanner.next_token() {
            Token::Open(b'{') if matches!(expect, Expect::Object(_)) => {
                return scanner.member_list(true);
            }
            Token::Open(b'[') if expect == Expect::Array => {
                return scanner.member_list(false);
            }
            Token::Open(b'(') if scanner.ron => {
                match paren(&mut scanner, expect)? {
                    Ok(c) => return Some(c),
                    Err(inner) => scanner.pos = inner,
                }
            }
            Token::Ident { start: s, end } if scanner.ron => {
                let name = scanner.ident_bytes(s, end).to_vec();
                scanner.skip_trivia();
                if scanner.peek() != Some(b'(') {
                    return None;
                }
                scanner.pos += 1;
                if let Expect::Object(Some(variant)) = expect
                    && name == variant.as_bytes()
                {
                    return scanner.variant_member(start, variant);
                }
                match paren(&mut scanner, expect)? {
                    Ok(c) => return Some(c),
                    Err(inner) => scanner.pos = inner,
                }
            }
            _ => return None,
        }
    }
    None
}

/// A `( .. )` group whose `(` was just read, read as `expect` says: the
/// container it is, or (`Err`) where the single value it wraps starts
/// (`Some(..)`, a struct name); `None` when it is neither.
fn paren(
    scanner: &mut Scanner<'_>,
    expect: Expect<'_>,
) -> Option<Result<Container, usize>> {
    match scanner.shape() {
        Shape::Struct if expect != Expect::Array => {
            scanner.member_list(true).map(Ok)
        }
        Shape::Tuple if expect == Expect::Array => {
            scanner.member_list(false).map(Ok)
        }
        Shape::Single(inner) => Some(Err(inner)),
        _ => None,
    }
}

/// Where the document's root value starts (after RON's `#![enable(..)]`
/// attributes and any comments).
pub fn root(text: &str, format: Format) -> usize {
    let mut scanner = Scanner::new(text, format);
    scanner.skip_preamble();
    scanner.skip_trivia();
    scanner.pos
}

/// Where the value starting at `offset` ends.
pub fn value_end(text: &str, format: Format, offset: usize) -> usize {
    let mut scanner = Scanner::new(text, format);
    scanner.pos = offset;
    scanner.skip_value();
    scanner.pos
}

/// Where the token starting at `offset` ends (a key, a string).
pub fn token_end(text: &str, format: Format, offset: usize) -> usize {
    let mut scanner = Scanner::new(text, format);
    scanner.pos = offset;
    scanner.next_token();
    scanner.pos
}

/// The byte ranges of every comment in `text` (`//` to the end of the
/// line, or a whole `/* */`), in order; strings are not searched.
pub fn comments(text: &str, format: Format) -> Vec<std::ops::Range<usize>> {
    let mut scanner = Scanner::new(text, format);
    let mut found = Vec::new();
    while let Some(b) = scanner.peek() {
        let start = scanner.pos;
        match (b, scanner.at(start + 1)) {
            (b'/', Some(b'/')) => {
                while scanner.peek().is_some_and(|b| b != b'\n') {
                    scanner.pos += 1;
                }
                found.push(start..scanner.pos);
            }
            (b'/', Some(b'*')) => {
                scanner.skip_block_comment();
                found.push(start..scanner.pos.min(text.len()));
            }
            _ if b.is_ascii_whitespace() => scanner.pos += 1,
            _ => {
                if scanner.next_token() == Token::Eof {
                    break;
                }
                // Tokens always move forward; `Other` is one byte.
                scanner.pos = scanner.pos.max(start + 1);
            }
        }
    }
    found
}

impl Scanner<'_> {
    /// The members of a group whose opening bracket was just read.
    fn member_list(&mut self, keyed: bool) -> Option<Container> {
        let open_end = self.pos;
        let mut members = Vec::new();
        loop {
            self.skip_trivia();
            let start = self.pos;
            if matches!(self.peek(), Some(b')' | b']' | b'}')) {
                return Some(Container {
                    open_end,
                    close: start,
                    members,
                });
            }
            let key = if keyed {
                Some(self.member_key()?)
            } else {
                None
            };
            self.skip_trivia();
            let value_start = self.pos;
            self.skip_value();
            if self.pos <= value_start {
                return None;
            }
            let value = value_start..self.pos;
            let after = self.pos;
            let comma_end = match self.next_token() {
                Token::Comma => Some(self.pos),
                Token::Close => {
                    self.pos = after;
                    None
                }
                _ => return None,
            };
            members.push(Member {
                key,
                start,
                value,
                comma_end,
            });
        }
    }

    /// Reads `key:` and returns the key's text.
    fn member_key(&mut self) -> Option<String> {
        let token = self.next_token();
        let bytes = match token {
            Token::Str {
                start,
                end,
                escaped,
            } => self.string_bytes(start, end, escaped),
            Token::Ident { start, end } | Token::Scalar { start, end } => {
                self.ident_bytes(start, end).to_vec()
            }
            _ => return None,
        };
        (self.next_token() == Token::Colon).then_some(())?;
        String::from_utf8(bytes).ok()
    }

    /// An enum variant `Name(..)` read as a one-member object, the `(`
    /// having just been read.
    fn variant_member(
        &mut self,
        start: usize,
        name: &str,
    ) -> Option<Container> {
        let value = self.variant_value();
        self.pos = value;
        self.skip_value();
        let end = self.pos;
        if end <= value {
            return None;
        }
        Some(Container {
            open_end: start,
            close: end,
            members: vec![Member {
                key: Some(name.to_owned()),
                start,
                value: value..end,
                comma_end: None,
            }],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(c: &Container) -> Vec<String> {
        c.members.iter().filter_map(|m| m.key.clone()).collect()
    }

    #[test]
    fn ron_struct_members_with_comments() {
        let text = "( a: 1, // one\n  b: [1, 2], /* two */ c: Some(3) )";
        let c = container(text, Format::Ron, 0, Expect::Object(None))
            .expect("container");
        assert_eq!(keys(&c), ["a", "b", "c"]);
        assert_eq!(&text[c.members[1].value.clone()], "[1, 2]");
        assert_eq!(&text[c.members[2].value.clone()], "Some(3)");
        assert_eq!(c.members[2].comma_end, None);
        assert_eq!(&text[c.close..], ")");
        let list = container(text, Format::Ron, c.members[1].value.start, {
            Expect::Array
        })
        .expect("list");
        assert_eq!(list.members.len(), 2);
    }

    #[test]
    fn ron_variants_wrappers_and_maps() {
        let text = r#"Within(of: Place("mill"), hexes: 1)"#;
        let c = container(text, Format::Ron, 0, Expect::Object(Some("Within")))
            .expect("variant");
        assert_eq!(keys(&c), ["Within"]);
        let inner = container(
            text,
            Format::Ron,
            c.members[0].value.start,
            Expect::Object(None),
        )
        .expect("payload");
        assert_eq!(keys(&inner), ["of", "hexes"]);
        let map = r#"Some({"0101": (t: 1), "0102": ()})"#;
        let c =
            container(map, Format::Ron, 0, Expect::Object(None)).expect("map");
        assert_eq!(keys(&c), ["0101", "0102"]);
    }

    #[test]
    fn json_and_empty_containers() {
        let text = r#"{"a": [], "b": {"c": 1}}"#;
        let c = container(text, Format::Json, 0, Expect::Object(None))
            .expect("object");
        assert_eq!(keys(&c), ["a", "b"]);
        let empty = container(
            text,
            Format::Json,
            c.members[0].value.start,
            Expect::Array,
        )
        .expect("empty");
        assert!(empty.members.is_empty());
        assert!(container("[1 2]", Format::Json, 0, Expect::Array).is_none());
    }
}
