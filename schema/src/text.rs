//! Typed values to and from RON or JSON text: the one reader and writer
//! every document kind goes through, errors located by line and column.
//! It knows [`Format`] and serde, nothing of the documents, so every
//! module can use it (the documents' own union is [`crate::document`]).

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::format::Format;

/// A parse failure with its position (1-based; 0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct ParseError {
    /// Line, 1-based.
    pub line: usize,
    /// Column in characters, 1-based.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// The error with the reader's internal struct names (`RonProbe`)
    /// replaced by `what`, the thing a designer wrote.
    pub(crate) fn in_words(mut self, what: &str) -> Self {
        self.message = self
            .message
            .replace("struct `RonProbe`", what)
            .replace("`RonProbe`", what);
        self
    }

    pub(crate) fn at(
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            line,
            column,
            message: message.into(),
        }
    }
}

/// RON options used for every read and write: `Some` may be left out.
pub fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .with_recursion_limit(128)
}

/// Reads one typed document.
pub fn parse<T: DeserializeOwned>(
    text: &str,
    format: Format,
) -> Result<T, ParseError> {
    precheck(text)?;
    match format {
        Format::Json => parse_json(text),
        Format::Ron => parse_ron(text),
    }
}

/// Rejects text no parser should see: empty or binary files.
pub(crate) fn precheck(text: &str) -> Result<(), ParseError> {
    if text.trim().is_empty() {
        return Err(ParseError::at(1, 1, "the file is empty"));
    }
    if let Some(offset) = text.find('\0') {
        let (line, column) = line_col(text, offset);
        return Err(ParseError::at(
            line,
            column,
            "the file is binary (it holds a NUL byte), not RON or JSON text",
        ));
    }
    Ok(())
}

pub(crate) fn parse_json<T: DeserializeOwned>(
    text: &str,
) -> Result<T, ParseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    // serde_json stops at 128 levels by default, which bounds deep nesting.
    let value = T::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| ParseError::at(e.line(), e.column(), e.to_string()))?;
    Ok(value)
}

pub(crate) fn parse_ron<T: DeserializeOwned>(
    text: &str,
) -> Result<T, ParseError> {
    ron_options().from_str(text).map_err(|e| {
        ParseError::at(
            e.span.start.line,
            e.span.start.col,
            ron_message(&e.code),
        )
    })
}

/// What a RON error says to a designer. ron's own text for the nesting
/// limit tells a developer to use `serde_stacker`, a word the person
/// fixing the file cannot act on.
pub fn ron_message(e: &ron::Error) -> String {
    match e {
        ron::Error::ExceededRecursionLimit => {
            "nested more than 128 levels deep: the tools read no deeper \
             (write the placement with fewer levels)"
                .to_owned()
        }
        other => other.to_string(),
    }
}

/// 1-based line and character column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// Why a value could not be written as text.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The JSON writer failed.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// The RON writer failed.
    #[error("{0}")]
    Ron(#[from] ron::Error),
}

/// Writes a value in `format`, ending with a newline (the name callers
/// know [`write_text`] by).
pub fn to_text<T: Serialize>(
    value: &T,
    format: Format,
) -> Result<String, WriteError> {
    write_text(value, format)
}

/// Writes a value in `format`, ending with a newline.
pub fn write_text<T: Serialize>(
    value: &T,
    format: Format,
) -> Result<String, WriteError> {
    let mut text = match format {
        Format::Json => serde_json::to_string_pretty(value)?,
        Format::Ron => {
            let pretty = ron::ser::PrettyConfig::new()
                .indentor("    ".to_owned())
                .struct_names(false)
                .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
            plain_apostrophes(&ron_options().to_string_pretty(value, pretty)?)
        }
    };
    text.push('\n');
    Ok(text)
}

/// `text` (RON as `ron` writes it) with the `\'` escapes of its
/// strings written as plain apostrophes: `ron` escapes strings with
/// Rust's `escape_debug`, which escapes `'` although a RON string needs
/// no escape for it ("Brigade d'Erlon", not "Brigade d\'Erlon"). Char
/// literals (`'\''`, a sheet letter) keep theirs; every other escape is
/// kept as written.
fn plain_apostrophes(text: &str) -> String {
    #[derive(PartialEq)]
    enum In {
        Code,
        Str,
        Char,
    }
    let mut out = String::with_capacity(text.len());
    let mut state = In::Code;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (&state, c) {
            (In::Code, '"') => state = In::Str,
            (In::Code, '\'') => state = In::Char,
            (In::Str, '"') | (In::Char, '\'') => state = In::Code,
            (In::Str | In::Char, '\\') => {
                let next = chars.next();
                if !(state == In::Str && next == Some('\'')) {
                    out.push('\\');
                }
                out.extend(next);
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod apostrophe_tests {
    #![allow(clippy::unwrap_used)]
    use super::{Format, plain_apostrophes, ron_options, write_text};

    #[test]
    fn apostrophes_are_written_plainly_and_read_back() {
        let value = (
            "Brigade d'Erlon".to_owned(),
            "a \\' \"q\"\nz".to_owned(),
            '\'',
            vec!['"', 'A'],
        );
        let text = write_text(&value, Format::Ron).unwrap();
        assert!(text.contains("\"Brigade d'Erlon\""), "{text}");
        assert!(text.contains("\"a \\\\' \\\"q\\\"\\nz\""), "{text}");
        assert!(text.contains("'\\''"), "{text}");
        let back: (String, String, char, Vec<char>) =
            ron_options().from_str(&text).unwrap();
        assert_eq!(back, value);
        assert_eq!(plain_apostrophes("('\"', \"it\\'s\")"), "('\"', \"it's\")");
    }
}
