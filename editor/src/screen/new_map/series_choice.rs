//! The series a new map names: a standard series shipped with Berthier,
//! written by name so that a pack outside the Berthier repository needs no
//! copy of it, or a series file, written relative to the map.

use std::path::{Path, PathBuf};

use berthier_schema::standard;

use berthier_tools::files;

/// A series offered on the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeriesChoice {
    /// A standard series by name, pinned (`name@N`) or not.
    Standard(String),
    /// A series file.
    File(PathBuf),
}

impl SeriesChoice {
    /// What the map file's `series` field says, for a map written at
    /// `map_file`.
    pub fn reference_from(&self, map_file: &Path) -> String {
        match self {
            Self::Standard(name) => name.clone(),
            Self::File(path) => files::path_from(map_file, path),
        }
    }

    /// The choice a map's `series` field names, read from `map_file`: a
    /// standard name as written, a path made absolute (`None` when no file
    /// is there).
    pub fn of_map(map_file: &Path, series: &str) -> Option<Self> {
        if standard::is_name(series) {
            return Some(Self::Standard(series.to_owned()));
        }
        berthier_schema::pack::beside(map_file, series)
            .canonicalize()
            .ok()
            .map(Self::File)
    }
}

/// The files found, then every standard series by its plain name (which
/// follows its newest version).
pub fn offered(files: Vec<PathBuf>) -> Vec<SeriesChoice> {
    let standard = standard::newest()
        .into_iter()
        .map(|s| SeriesChoice::Standard(s.name.to_owned()));
    files
        .into_iter()
        .map(SeriesChoice::File)
        .chain(standard)
        .collect()
}

impl std::fmt::Display for SeriesChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Standard(name) => match standard::find(name) {
                Ok(s) => write!(
                    f,
                    "{name}  (shipped with Berthier, version {})",
                    s.version
                ),
                Err(_) => write!(f, "{name}  (not a known standard series)"),
            },
            Self::File(path) => {
                let name = path.file_name().unwrap_or_default();
                let folder = path.parent().unwrap_or(Path::new(""));
                write!(f, "{}  ({})", name.to_string_lossy(), folder.display())
            }
        }
    }
}
