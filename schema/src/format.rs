//! The document kinds and the two text formats, and the format versions
//! this release reads: a leaf every reader, writer and locator imports
//! (the loader, the comment-keeping writer, the locator, the schemas and
//! migration), so none of them imports another to name a format.

use std::path::Path;

/// The oldest `format_version` this release reads (through
/// [`crate::migrate`]).
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// The current `format_version`; older ones are read through
/// [`crate::migrate`].
pub const FORMAT_VERSION: u32 = 2;

/// A text format for documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Rusty Object Notation, the authoring format (comments allowed).
    Ron,
    /// JSON.
    Json,
}

impl Format {
    /// The format a file name's extension says, if any.
    pub fn of_path(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()? {
            "ron" => Some(Self::Ron),
            "json" => Some(Self::Json),
            _ => None,
        }
    }
}

/// The document kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DocKind {
    /// A series' rules.
    Series,
    /// A map.
    Map,
    /// Counters and order of battle.
    Counters,
    /// A scenario.
    Scenario,
    /// A game: several battles played together (format version 2).
    Game,
}

impl DocKind {
    /// Every kind.
    pub const ALL: [DocKind; 5] = [
        Self::Series,
        Self::Map,
        Self::Counters,
        Self::Scenario,
        Self::Game,
    ];

    /// The `kind` value in files.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Series => "series",
            Self::Map => "map",
            Self::Counters => "counters",
            Self::Scenario => "scenario",
            Self::Game => "game",
        }
    }

    /// The kind named `text`.
    pub fn from_name(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// The kind a file name announces (`rivoli.map.ron` is a map), if any.
    pub fn of_file_name(name: &str) -> Option<Self> {
        let stem = name
            .strip_suffix(".ron")
            .or_else(|| name.strip_suffix(".json"))?;
        let (_, kind) = stem.rsplit_once('.')?;
        Self::from_name(kind)
    }
}

#[cfg(test)]
mod file_name_tests {
    use super::DocKind;

    #[test]
    fn a_file_name_announces_its_kind() {
        assert_eq!(DocKind::of_file_name("rivoli.map.ron"), Some(DocKind::Map));
        assert_eq!(
            DocKind::of_file_name("maps/x/a.b.counters.json"),
            Some(DocKind::Counters)
        );
        assert_eq!(DocKind::of_file_name("rivoli.ron"), None);
        assert_eq!(DocKind::of_file_name("rivoli.map.txt"), None);
        assert_eq!(DocKind::of_file_name("rivoli.mapp.ron"), None);
    }
}
