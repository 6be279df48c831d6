//! Reading and writing the four document kinds in RON or JSON, with errors
//! located by line and column.

use serde::Deserialize;

use crate::counters::Counters;
use crate::game::Game;
use crate::map::Map;
use crate::scenario::{Scenario, ScenarioVariant};
use crate::series::Series;

mod fast;
pub mod upgrade;

pub use crate::format::{
    DocKind, FORMAT_VERSION, Format, OLDEST_FORMAT_VERSION,
};
pub use crate::text::{
    ParseError, WriteError, line_col, parse, ron_options, to_text, write_text,
};
use crate::text::{parse_json, parse_ron, precheck};

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
        Format::Ron => match parse_ron::<RonProbe>(text)
            .map_err(|e| e.in_words("the document"))?
            .kind
        {
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
/// ([`upgrade::upgrade`]).
pub fn parse_document(
    text: &str,
    format: Format,
) -> Result<Document, ParseError> {
    let mut document = parse_as_written(text, format)?;
    supported_version(text, format, &document)?;
    upgrade::upgrade(&mut document);
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
    let document = match format {
        Format::Ron => match fast::load_ron(text, kind) {
            Some(document) => document,
            None => load_precisely(text, format, kind)?,
        },
        Format::Json => load_precisely(text, format, kind)?,
    };
    let beyond = match &document {
        Document::Map(map) => crate::limits::map_violations(map),
        _ => Vec::new(),
    };
    if beyond.is_empty() {
        Ok(document)
    } else {
        Err(LoadError::Schema(kind, beyond))
    }
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
