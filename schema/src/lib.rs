//! Berthier's data model for hex-and-counter wargames, shared by the editor
//! and the validator: series rules, maps, counters (orders of battle) and
//! scenarios, their hex math, and the JSON Schemas generated from them.
//!
//! This crate never depends on a GUI toolkit.

#![warn(missing_docs)]

pub mod battle;
pub mod common;
pub mod correction;
pub mod counters;
pub mod document;
pub mod edit;
pub mod fit;
pub mod format;
pub mod game;
pub mod grid;
pub mod hex;
pub mod hex_terrain;
pub mod hexside;
pub mod io;
pub mod json_schema;
pub mod limits;
pub mod locate;
pub mod map;
pub mod migrate;
pub mod numbering;
pub mod pack;
pub mod placement;
pub mod preserve;
pub mod reference;
pub mod scenario;
pub mod series;
pub mod spelling;
pub mod stacking;
pub mod standard;
pub mod text;
pub mod unique_keys;
pub mod validate;
pub mod zone;

// Parts of a document kind, at their old paths too.
pub use counters::include;
pub use map::sheet;
pub use series::overrides;

pub use common::{Provenance, Source};
pub use counters::{Counters, Formation, Unit, UnitsUnknown};
pub use document::{
    DocKind, Document, FORMAT_VERSION, Format, LoadError, ParseError,
    load_document, parse, parse_document, probe_kind,
};
pub use game::Game;
pub use grid::{Extent, Geometry, Grid};
pub use hex::{HexId, Orientation, Shift};
pub use hexside::Hexside;
pub use map::Map;
pub use numbering::Numbering;
pub use overrides::RuleOverrides;
pub use placement::{Location, Placement};
pub use scenario::Scenario;
pub use series::Series;
pub use sheet::Sheet;
