//! Reading and writing the four document kinds in RON or JSON, with errors
//! located by line and column.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::counters::Counters;
use crate::game::Game;
use crate::map::Map;
use crate::scenario::{Scenario, ScenarioVariant};
use crate::series::Series;

mod fast;

pub use crate::format::{
    DocKind, FORMAT_VERSION, Format, OLDEST_FORMAT_VERSION,
};

/// Any document.
#[derive(Debug, Clone, PartialEq)]
#[allow(
    clippy::large_enum_variant,
    reason = "a series is the largest document by a few words; documents are \
              few and moved rarely, and boxing would change every match"
)]
pub enum Document {
    /// A series.
    Series(Series),
    /// A map.
    Map(Map),
    /// Counters.
    Counters(Counters),
    /// A scenario.
    Scenario(Scenario),
    /// A scenario written as changes to a `base` scenario (kind
    /// `scenario`, told apart by its `base`); `schema::pack::load_scenario`
    /// resolves it.
    Variant(ScenarioVariant),
    /// A game on several maps.
    Game(Game),
}

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
    fn at(line: usize, column: usize, message: impl Into<String>) -> Self {
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

/// The `kind` a document declares, read without checking the rest.
pub fn probe_kind(text: &str, format: Format) -> Result<DocKind, ParseError> {
    precheck(text)?;
    #[derive(Deserialize)]
    struct Probe {
        kind: String,
    }
    #[derive(Deserialize)]
    struct RonProbe {
        kind: RonKind,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum RonKind {
        Series,
        Map,
        Counters,
        Scenario,
        Game,
    }
    let name = match format {
        Format::Json => parse_json::<Probe>(text)?.kind,
        Format::Ron => match parse_ron::<RonProbe>(text)?.kind {
            RonKind::Series => "series".into(),
            RonKind::Map => "map".into(),
            RonKind::Counters => "counters".into(),
            RonKind::Scenario => "scenario".into(),
            RonKind::Game => "game".into(),
        },
    };
    DocKind::from_name(&name).ok_or_else(|| {
        ParseError::at(
            1,
            1,
            format!(
                "unknown kind `{name}`: expected series, map, counters, \
                 scenario or game"
            ),
        )
    })
}

/// Reads a document of any kind, upgraded to the current format version
/// ([`crate::migrate::upgrade`]).
pub fn parse_document(
    text: &str,
    format: Format,
) -> Result<Document, ParseError> {
    let mut document = parse_as_written(text, format)?;
    supported_version(text, format, &document)?;
    crate::migrate::upgrade(&mut document);
    Ok(document)
}

/// Refuses a document whose `format_version` this release does not read,
/// with the position of the version in `text`.
pub(crate) fn supported_version(
    text: &str,
    format: Format,
    document: &Document,
) -> Result<(), ParseError> {
    let version = document.format_version();
    if (OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&version) {
        return Ok(());
    }
    let found = crate::locate::locate(text, format, "/format_version");
    let (line, column) = line_col(text, found.value);
    Err(ParseError::at(
        line,
        column,
        format!(
            "format_version {version} is not supported: this release reads \
             {OLDEST_FORMAT_VERSION} to {FORMAT_VERSION}"
        ),
    ))
}

/// Reads a document of any kind at the version its text says.
pub(crate) fn parse_as_written(
    text: &str,
    format: Format,
) -> Result<Document, ParseError> {
    Ok(match probe_kind(text, format)? {
        DocKind::Series => Document::Series(parse(text, format)?),
        DocKind::Map => Document::Map(parse(text, format)?),
        DocKind::Counters => Document::Counters(parse(text, format)?),
        DocKind::Scenario if is_variant(text, format) => {
            Document::Variant(parse(text, format)?)
        }
        DocKind::Scenario => Document::Scenario(parse(text, format)?),
        DocKind::Game => Document::Game(parse(text, format)?),
    })
}

/// Whether a scenario's text names a `base` (a variant); `false` when it
/// does not read (the full scenario's parse then says why).
pub fn is_variant(text: &str, format: Format) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        base: Option<serde::de::IgnoredAny>,
    }
    match format {
        Format::Json => {
            parse_json::<Probe>(text).is_ok_and(|p| p.base.is_some())
        }
        Format::Ron => parse_ron::<Probe>(text).is_ok_and(|p| p.base.is_some()),
    }
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
fn precheck(text: &str) -> Result<(), ParseError> {
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

fn parse_json<T: DeserializeOwned>(text: &str) -> Result<T, ParseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    // serde_json stops at 128 levels by default, which bounds deep nesting.
    let value = T::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| ParseError::at(e.line(), e.column(), e.to_string()))?;
    Ok(value)
}

fn parse_ron<T: DeserializeOwned>(text: &str) -> Result<T, ParseError> {
    ron_options().from_str(text).map_err(|e| {
        ParseError::at(e.span.start.line, e.span.start.col, e.code.to_string())
    })
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

impl Document {
    /// Its kind.
    pub fn kind(&self) -> DocKind {
        match self {
            Self::Series(_) => DocKind::Series,
            Self::Map(_) => DocKind::Map,
            Self::Counters(_) => DocKind::Counters,
            Self::Scenario(_) | Self::Variant(_) => DocKind::Scenario,
            Self::Game(_) => DocKind::Game,
        }
    }

    /// Its `format_version`.
    pub fn format_version(&self) -> u32 {
        match self {
            Self::Series(d) => d.format_version,
            Self::Map(d) => d.format_version,
            Self::Counters(d) => d.format_version,
            Self::Scenario(d) => d.format_version,
            Self::Variant(d) => d.format_version,
            Self::Game(d) => d.format_version,
        }
    }

    /// Writes it in `format`.
    pub fn to_text(&self, format: Format) -> Result<String, WriteError> {
        match self {
            Self::Series(d) => write_text(d, format),
            Self::Map(d) => write_text(d, format),
            Self::Counters(d) => write_text(d, format),
            Self::Scenario(d) => write_text(d, format),
            Self::Variant(d) => write_text(d, format),
            Self::Game(d) => write_text(d, format),
        }
    }

    /// Types a JSON value (the shape the JSON Schema describes) as a
    /// document of `kind`.
    pub fn from_json_value(
        kind: DocKind,
        value: serde_json::Value,
    ) -> serde_json::Result<Self> {
        Ok(match kind {
            DocKind::Series => Self::Series(serde_json::from_value(value)?),
            DocKind::Map => Self::Map(serde_json::from_value(value)?),
            DocKind::Counters => Self::Counters(serde_json::from_value(value)?),
            DocKind::Scenario if value.get("base").is_some() => {
                Self::Variant(serde_json::from_value(value)?)
            }
            DocKind::Scenario => Self::Scenario(serde_json::from_value(value)?),
            DocKind::Game => Self::Game(serde_json::from_value(value)?),
        })
    }

    /// [`Document::from_json_value`] of the tree's
    /// [`RonTree::to_value`](crate::locate::RonTree::to_value), typed from
    /// the tree itself (strings borrowed, no value built); `None` where
    /// that reading is not exact enough to type from
    /// ([`RonTree::is_exact`](crate::locate::RonTree::is_exact)).
    pub fn from_ron_tree(
        kind: DocKind,
        tree: &crate::locate::RonTree<'_>,
    ) -> Option<serde_json::Result<Self>> {
        use serde::Deserialize;
        if !tree.is_exact() {
            return None;
        }
        let root = tree.root();
        Some((|| {
            Ok(match kind {
                DocKind::Series => Self::Series(Series::deserialize(root)?),
                DocKind::Map => Self::Map(Map::deserialize(root)?),
                DocKind::Counters => {
                    Self::Counters(Counters::deserialize(root)?)
                }
                DocKind::Scenario if root.get("base").is_some() => {
                    Self::Variant(ScenarioVariant::deserialize(root)?)
                }
                DocKind::Scenario => {
                    Self::Scenario(Scenario::deserialize(root)?)
                }
                DocKind::Game => Self::Game(Game::deserialize(root)?),
            })
        })())
    }

    /// As a JSON value (the shape the JSON Schema describes).
    pub fn to_json_value(&self) -> serde_json::Result<serde_json::Value> {
        match self {
            Self::Series(d) => serde_json::to_value(d),
            Self::Map(d) => serde_json::to_value(d),
            Self::Counters(d) => serde_json::to_value(d),
            Self::Scenario(d) => serde_json::to_value(d),
            Self::Variant(d) => serde_json::to_value(d),
            Self::Game(d) => serde_json::to_value(d),
        }
    }
}

/// Why a document could not be loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum LoadError {
    /// The text does not parse, or does not fit the model's types.
    Parse(ParseError),
    /// The document breaks its JSON Schema (every violation).
    Schema(DocKind, Vec<crate::validate::SchemaViolation>),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Parse(e) => write!(f, "{e}"),
            Self::Schema(kind, all) => {
                write!(f, "{} schema violations:", kind.as_str())?;
                for v in all {
                    write!(f, "\n  at '{}': {}", v.pointer, v.message)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads a document the way every Berthier tool does: JSON is checked
/// against its schema before typing (so all errors come at once, with
/// pointers); RON is typed first (errors carry line and column), then
/// checked against the schema for what types cannot say (ranges,
/// patterns).
pub fn load_document(
    text: &str,
    format: Format,
) -> Result<Document, LoadError> {
    let kind = probe_kind(text, format).map_err(LoadError::Parse)?;
    if format == Format::Ron
        && let Some(document) = fast::load_ron(text, kind)
    {
        return Ok(document);
    }
    load_precisely(text, format, kind)
}

/// [`load_document`] without the fast path: the typed reader, then the
/// schema on the typed document's value.
fn load_precisely(
    text: &str,
    format: Format,
    kind: DocKind,
) -> Result<Document, LoadError> {
    if format == Format::Json {
        let value: serde_json::Value =
            parse_json(text).map_err(LoadError::Parse)?;
        let found = crate::validate::schema_violations(kind, &value);
        if !found.is_empty() {
            return Err(LoadError::Schema(kind, found));
        }
    }
    let document = parse_document(text, format).map_err(LoadError::Parse)?;
    let value = document
        .to_json_value()
        .map_err(|e| LoadError::Parse(ParseError::at(0, 0, e.to_string())))?;
    let found = crate::validate::schema_violations(kind, &value);
    if found.is_empty() {
        Ok(document)
    } else {
        Err(LoadError::Schema(kind, found))
    }
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
