//! Where an autosave goes (`.<file>.autosave` beside the document) and
//! finding one newer than its document: shared by maps (`files`) and by
//! the documents saved through `edited`, so neither needs the other.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where the autosave of `path` goes: `.<file name>.autosave` beside it.
pub fn autosave_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "map".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.autosave"))
}

/// Removes the autosave of `path`, if any.
pub fn remove_autosave(path: &Path) {
    let _ = std::fs::remove_file(autosave_path(path));
}

/// An autosave newer than its map.
#[derive(Debug, Clone, PartialEq)]
pub struct Recovery {
    /// The autosave file.
    pub path: PathBuf,
    /// When it was written.
    pub written: SystemTime,
}

/// The autosave of `path` if it is newer than the file itself (a crash or
/// a close without saving left changes in it).
pub fn find_recovery(path: &Path) -> Option<Recovery> {
    let side = autosave_path(path);
    let written = std::fs::metadata(&side).ok()?.modified().ok()?;
    let saved = std::fs::metadata(path).and_then(|m| m.modified()).ok();
    if saved.is_some_and(|s| s > written) {
        return None;
    }
    Some(Recovery {
        path: side,
        written,
    })
}

/// "14:03 UTC, 5 min ago" for a file time.
pub fn describe_time(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (h, m) = ((secs / 3600) % 24, (secs / 60) % 60);
    let ago = SystemTime::now()
        .duration_since(t)
        .map_or(0, |d| d.as_secs() / 60);
    format!("{h:02}:{m:02} UTC, {ago} min ago")
}
