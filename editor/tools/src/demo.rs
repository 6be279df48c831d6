//! The demo battle opened when the editor starts with no file. Its map,
//! scan and series are built into the binary, so an installed editor with
//! no source tree still has them; on first use they are written to a
//! folder under the user's data folder, laid out as in the source tree
//! (`maps/demo/…`, `schema/series/…`) so the map's relative paths hold.
//! The user may edit that copy: files already there are never rewritten.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use berthier_schema::io::save_atomic;

use crate::folders::Folder;

/// The demo's files, by path under the demo folder.
const FILES: [(&str, &[u8]); 3] = [
    (
        MAP,
        include_bytes!("../../../maps/demo/demo.map.ron").as_slice(),
    ),
    (
        "maps/demo/demo-scan.png",
        include_bytes!("../../../maps/demo/demo-scan.png").as_slice(),
    ),
    (
        "schema/series/jours-de-gloire.series.ron",
        include_bytes!("../../../schema/series/jours-de-gloire.series.ron")
            .as_slice(),
    ),
];

/// The map, under the demo folder.
const MAP: &str = "maps/demo/demo.map.ron";

/// The editor's data folder: `$BERTHIER_DATA_DIR`, else the platform's
/// (`$XDG_DATA_HOME/berthier` or `~/.local/share/berthier` on Linux; see
/// [`crate::folders`]).
pub fn data_dir() -> Option<PathBuf> {
    Folder::Data.dir()
}

/// [`data_dir`] with the environment given (tests).
pub fn data_dir_from(
    var: impl Fn(&str) -> Option<OsString>,
) -> Option<PathBuf> {
    Folder::Data.dir_from(var)
}

/// Why the demo cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    /// There is nowhere to copy it to.
    #[error("no data folder: set BERTHIER_DATA_DIR")]
    NoDataFolder,
    /// A file could not be written.
    #[error("cannot write {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// Writes the demo's files missing under `folder` (those there, edited or
/// not, are kept) and returns the map's path.
pub fn install(folder: &Path) -> Result<PathBuf, DemoError> {
    for (name, bytes) in FILES {
        let path = folder.join(name);
        if path.exists() {
            continue;
        }
        let parent = path.parent().unwrap_or(folder);
        if let Err(e) = std::fs::create_dir_all(parent)
            .and_then(|()| save_atomic(&path, bytes))
        {
            return Err(DemoError::Write(path, e));
        }
    }
    Ok(folder.join(MAP))
}

/// The demo's folder under the data folder `data`.
pub fn folder_in(data: &Path) -> PathBuf {
    data.join("demo")
}
