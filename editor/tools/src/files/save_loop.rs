//! Saving one map over and over, for the crash-safety test: a child
//! process runs `berthier-editor save-loop FILE` and is killed with
//! SIGKILL at a random moment; the file must then hold one of the two
//! versions whole. Each save goes through the editor's own path
//! ([`super::save_map`]: the comment-keeping patch, then
//! `berthier_schema::io::save_atomic`'s temporary file, fsync and rename).

use std::path::Path;

use berthier_schema::Map;

use super::{FileError, SaveOutcome, save_map};

/// The two versions the loop writes: the map as read, and the same map
/// renamed (a change inside an existing entry, kept by the patch).
pub fn versions(map: &Map) -> [Map; 2] {
    let mut renamed = map.clone();
    renamed.name = format!("{} (saved again)", map.name);
    [map.clone(), renamed]
}

/// Loads the map at `path` and saves its two [`versions`] in turn,
/// `count` times (forever when 0); `ready` is called once the map is
/// loaded, before the first save (the test then times its kill).
pub fn run(
    path: &Path,
    count: u64,
    ready: impl FnOnce(),
) -> Result<(), FileError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| FileError::Read(path.to_owned(), e))?;
    let format = berthier_schema::Format::of_path(path)
        .ok_or(FileError::UnknownFormat)?;
    let map = match berthier_schema::load_document(&text, format) {
        Ok(berthier_schema::Document::Map(map)) => map,
        Ok(_) => return Err(FileError::NotAMap(path.to_owned())),
        Err(e) => return Err(FileError::Load(path.to_owned(), e)),
    };
    let versions = versions(&map);
    ready();
    let mut i = 0u64;
    while count == 0 || i < count {
        let version = &versions[usize::from(i % 2 == 1)];
        match save_map(version, path)? {
            SaveOutcome::Saved => {}
            SaveOutcome::NeedsRewrite { .. } => {
                super::rewrite_map(version, path)?
            }
        }
        i += 1;
    }
    Ok(())
}
