//! Opening any file the editor shows, reading it once: the file is read
//! and loaded one time, then what it is decides what opens (a map or a
//! scenario on its map, an order of battle, a game on several maps).

use std::path::{Path, PathBuf};

use berthier_schema::Document;
use berthier_schema::pack::{beside, load_scenario};

use crate::game::GameDoc;
use crate::oob::OobDoc;
use crate::project::{self, OpenError, OpenedMap};

/// A file opened, by what it is.
#[derive(Debug)]
pub enum Opened {
    /// A map, or a scenario (or variant) shown on its map.
    Map {
        /// The map, its series and scan.
        map: Box<OpenedMap>,
        /// The scenario's counters file (a variant's is its base's);
        /// `None` for a map file.
        counters: Option<PathBuf>,
    },
    /// A counters file: its order of battle.
    Counters(Box<OobDoc>),
    /// A game on several maps.
    Game(Box<GameDoc>),
}

/// Reads `path` once and opens what it is.
pub fn open(path: &Path) -> Result<Opened, OpenError> {
    let document = project::read_document(path)?;
    match document {
        Document::Counters(_) => Ok(Opened::Counters(Box::new(
            OobDoc::open_document(path, document)?,
        ))),
        Document::Game(_) => Ok(Opened::Game(Box::new(
            GameDoc::open_document(path, document)?,
        ))),
        document => {
            let counters = counters_of(path, &document);
            let map = project::open_document(path, document)?;
            Ok(Opened::Map {
                map: Box::new(map),
                counters,
            })
        }
    }
}

/// The counters file a scenario read from `path` uses (a variant's is its
/// base's); `None` for any other document.
pub fn counters_of(path: &Path, document: &Document) -> Option<PathBuf> {
    let written = match document {
        Document::Scenario(s) => s.counters.clone(),
        Document::Variant(_) => load_scenario(path).ok()?.scenario.counters,
        _ => return None,
    };
    Some(beside(path, &written))
}

/// The counters file the scenario at `path` uses; `None` for any other
/// file, or one that does not load.
pub fn counters_named_by(path: &Path) -> Option<PathBuf> {
    counters_of(path, &project::read_document(path).ok()?)
}
