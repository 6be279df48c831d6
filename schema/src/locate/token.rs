//! The tokenizer behind [`super::locate`]: RON and JSON tokens, comments,
//! raw strings, and skipping whole values by bracket depth.

use crate::format::Format;

mod swar;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Token {
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

pub(super) struct Scanner<'a> {
    /// The text being read; `bytes` is its bytes. Tokens end on ASCII
    /// bytes, so a token's range is always on character boundaries.
    text: &'a str,
    pub(super) bytes: &'a [u8],
    pub(super) pos: usize,
    pub(super) ron: bool,
}

fn is_ident_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

/// An identifier's bytes (letters, digits, `_`), in [`CLASS`].
const IDENT: u8 = 1;
/// A number's bytes: an identifier's and `.`, `+`, `-`, in [`CLASS`].
const NUMBER: u8 = 2;

/// Each byte's classes, so the loops over identifiers and numbers test one
/// table entry per byte (issue 16: the tokenizer reads every byte of a
/// pack).
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0u8;
    loop {
        if b.is_ascii_alphanumeric() || b == b'_' {
            table[b as usize] = IDENT | NUMBER;
        } else if matches!(b, b'.' | b'+' | b'-') {
            table[b as usize] = NUMBER;
        }
        if b == u8::MAX {
            break;
        }
        b += 1;
    }
    table
};

impl<'a> Scanner<'a> {
    pub(super) fn new(text: &'a str, format: Format) -> Self {
        Self {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            ron: format == Format::Ron,
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub(super) fn at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(offset).copied()
    }

    /// The end of the run of bytes of `class` from `from`.
    fn run(&self, from: usize, class: u8) -> usize {
        let mut pos = from;
        while let Some(b) = self.bytes.get(pos) {
            if CLASS[*b as usize] & class == 0 {
                break;
            }
            pos += 1;
        }
        pos
    }

    pub(super) fn slice(&self, start: usize, end: usize) -> &'a [u8] {
        self.bytes.get(start..end).unwrap_or(&[])
    }

    /// `start..end` of the text, borrowed: no UTF-8 check to repeat, the
    /// text is a `str` already (`None` off a character boundary).
    pub(super) fn str_slice(
        &self,
        start: usize,
        end: usize,
    ) -> Option<&'a str> {
        self.text.get(start..end)
    }

    /// [`Self::ident_bytes`] as text.
    pub(super) fn ident_str(
        &self,
        start: usize,
        end: usize,
    ) -> Option<&'a str> {
        let text = self.str_slice(start, end)?;
        Some(text.strip_prefix("r#").unwrap_or(text))
    }

    /// Skips RON's `#![enable(..)]` attributes.
    pub(super) fn skip_preamble(&mut self) {
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

    /// Skips whitespace and comments (`//`, nested `/* */`). Most calls
    /// find nothing or one space (`name: value`) and return at once; a
    /// line's indentation, after its newline, is skipped a word at a time
    /// (issue 16: this runs before every token of a pack).
    #[inline]
    pub(super) fn skip_trivia(&mut self) {
        if self.bytes.get(self.pos) == Some(&b' ') {
            self.pos += 1;
        }
        if self
            .bytes
            .get(self.pos)
            .is_some_and(|b| b.is_ascii_whitespace() || *b == b'/')
        {
            self.skip_more_trivia();
        }
    }

    /// [`Self::skip_trivia`] past its first byte: one loop over the bytes.
    fn skip_more_trivia(&mut self) {
        let bytes = self.bytes;
        let mut pos = self.pos;
        loop {
            match bytes.get(pos) {
                Some(b'\n') => pos = swar::past_spaces(bytes, pos + 1),
                Some(b) if b.is_ascii_whitespace() => pos += 1,
                Some(b'/') => match bytes.get(pos + 1) {
                    Some(b'/') => {
                        pos = bytes
                            .get(pos..)
                            .and_then(|rest| {
                                rest.iter().position(|b| *b == b'\n')
                            })
                            .map_or(bytes.len(), |at| pos + at);
                    }
                    Some(b'*') => {
                        self.pos = pos;
                        self.skip_block_comment();
                        pos = self.pos;
                    }
                    _ => break,
                },
                _ => break,
            }
        }
        self.pos = pos;
    }

    pub(super) fn skip_block_comment(&mut self) {
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
    pub(super) fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let Some(&b) = self.bytes.get(start) else {
            return Token::Eof;
        };
        self.pos = start + 1;
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
                self.pos = self.run(self.pos, NUMBER);
                Token::Scalar {
                    start,
                    end: self.pos,
                }
            }
            _ => Token::Other,
        }
    }

    /// A `"` string whose contents start at `start`.
    pub(super) fn string(&mut self, start: usize) -> Token {
        let bytes = self.bytes;
        let mut pos = self.pos;
        let mut escaped = false;
        loop {
            pos = bytes
                .get(pos..)
                .and_then(|rest| memchr::memchr2(b'"', b'\\', rest))
                .map_or(bytes.len(), |at| pos + at);
            let Some(&b) = bytes.get(pos) else {
                break;
            };
            if b == b'"' {
                self.pos = pos + 1;
                return Token::Str {
                    start,
                    end: pos,
                    escaped,
                };
            }
            // memchr2 stops only at `"` or `\`: this is an escape, and
            // the byte it escapes cannot end the string.
            escaped = true;
            pos += 2;
        }
        self.pos = bytes.len();
        Token::Str {
            start,
            end: self.pos,
            escaped,
        }
    }

    pub(super) fn char_literal(&mut self, start: usize) -> Token {
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

    pub(super) fn ident(&mut self, start: usize) -> Token {
        self.pos = self.run(self.pos, IDENT);
        Token::Ident {
            start,
            end: self.pos,
        }
    }

    /// RON tokens starting with `r` or `b`: raw strings `r#"..."#`, byte
    /// strings `b"..."`, byte literals `b'x'`, raw identifiers `r#name`, or
    /// plain identifiers.
    pub(super) fn prefixed(&mut self, start: usize) -> Token {
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
            self.pos = self.run(self.pos, NUMBER);
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
    pub(super) fn raw_string(&mut self, start: usize, hashes: usize) -> Token {
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
    pub(super) fn ident_bytes(&self, start: usize, end: usize) -> &'a [u8] {
        let text = self.slice(start, end);
        text.strip_prefix(b"r#").unwrap_or(text)
    }

    /// A string's contents with the common escapes decoded.
    pub(super) fn string_bytes(
        &self,
        start: usize,
        end: usize,
        escaped: bool,
    ) -> Vec<u8> {
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
    pub(super) fn key_matches(&self, token: Token, segment: &str) -> bool {
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
    pub(super) fn skip_group(&mut self) {
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
    pub(super) fn skip_value(&mut self) {
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
}
