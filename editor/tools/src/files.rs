//! Writing maps: atomic saves in the format the file name asks for,
//! autosaves beside the map (`.<file>.autosave`) and their recovery, and
//! keeping a map's relative paths right when it is saved elsewhere.

use std::path::{Component, Path, PathBuf};

use berthier_schema::document::{LoadError, WriteError, to_text};
use berthier_schema::io::save_atomic;
use berthier_schema::{Document, Format, Map};

pub mod map_diff;
pub mod save_loop;
pub use crate::edited::{DiskStamp, count_comments};

/// Why a map could not be written, autosaved or recovered; the text is
/// what the editor's notice line shows.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file name asks for neither format.
    #[error("{0}: save as .ron or .json")]
    Extension(PathBuf),
    /// The map did not serialise.
    #[error(transparent)]
    Text(#[from] WriteError),
    /// The file there could not be read.
    #[error("cannot read {0}: {1}")]
    Read(PathBuf, std::io::Error),
    /// The map could not be written.
    #[error("cannot save {0}: {1}")]
    Save(PathBuf, std::io::Error),
    /// The autosave could not be written.
    #[error("cannot autosave {0}: {1}")]
    Autosave(PathBuf, std::io::Error),
    /// The original's name gives no format to read its autosave in.
    #[error("unknown format")]
    UnknownFormat,
    /// The autosave holds another kind of document.
    #[error("{0} is not a map")]
    NotAMap(PathBuf),
    /// The autosave does not load.
    #[error("{0}: {1}")]
    Load(PathBuf, LoadError),
}

/// The map as text in the format of `path` (`.ron` or `.json`).
pub fn map_text(map: &Map, path: &Path) -> Result<String, FileError> {
    let format = Format::of_path(path)
        .ok_or_else(|| FileError::Extension(path.to_owned()))?;
    Ok(to_text(map, format)?)
}

pub use crate::autosave::{
    Recovery, autosave_path, describe_time, find_recovery, remove_autosave,
};
/// What saving a map over a file does: the one answer every document's
/// save gives ([`crate::edited`]); on `NeedsRewrite` ask the author, then
/// [`rewrite_map`] or save elsewhere.
pub use crate::edited::SaveOutcome;

/// Saves `map` to `path` atomically (write, sync, rename). When `path`
/// already holds the map, only the values that changed are rewritten, so
/// the author's comments and layout elsewhere survive; when that cannot be
/// done, nothing is written (see [`SaveOutcome::NeedsRewrite`]). A new
/// file is written whole.
pub fn save_map(map: &Map, path: &Path) -> Result<SaveOutcome, FileError> {
    save_map_with(map, path, |original, format| {
        berthier_schema::preserve::patch_text(original, format, map)
    })
}

/// [`save_map`] with the patching step given: `patch(original, format)` is
/// the original text with the map's changes, or `None` when it cannot be
/// patched (tests give one that always fails).
pub fn save_map_with(
    map: &Map,
    path: &Path,
    patch: impl FnOnce(&str, Format) -> Option<String>,
) -> Result<SaveOutcome, FileError> {
    let original = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(FileError::Read(path.to_owned(), e)),
    };
    let text = match (original, Format::of_path(path)) {
        (Some(original), Some(format)) => match patch(&original, format) {
            Some(text) => text,
            None => {
                let comments = count_comments(&original, format);
                return Ok(SaveOutcome::NeedsRewrite { comments });
            }
        },
        _ => map_text(map, path)?,
    };
    write(path, &text)?;
    Ok(SaveOutcome::Saved)
}

/// Saves `map`, read from `from`, as a new file `to` (Save As): the text
/// of `from` with the map's changes when both are in one format and the
/// patch holds, so the copy keeps the original's comments and layout;
/// else the map written whole. Returns whether the comments were kept.
pub fn save_map_as(
    map: &Map,
    from: &Path,
    to: &Path,
) -> Result<bool, FileError> {
    let format = Format::of_path(to)
        .ok_or_else(|| FileError::Extension(to.to_owned()))?;
    let patched = std::fs::read_to_string(from)
        .ok()
        .filter(|_| Format::of_path(from) == Some(format))
        .and_then(|original| {
            berthier_schema::preserve::patch_text(&original, format, map)
        });
    match patched {
        Some(text) => write(to, &text).map(|()| true),
        None => rewrite_map(map, to).map(|()| false),
    }
}

/// Writes `map` to `path` whole, formatted by the model: the author agreed
/// to lose the file's comments and layout.
pub fn rewrite_map(map: &Map, path: &Path) -> Result<(), FileError> {
    write(path, &map_text(map, path)?)
}

fn write(path: &Path, text: &str) -> Result<(), FileError> {
    save_atomic(path, text.as_bytes())
        .map_err(|e| FileError::Save(path.to_owned(), e))
}

/// Writes the autosave of the map that lives at `path`, in its format.
pub fn autosave(map: &Map, path: &Path) -> Result<(), FileError> {
    let text = map_text(map, path)?;
    let side = autosave_path(path);
    save_atomic(&side, text.as_bytes())
        .map_err(|e| FileError::Autosave(side, e))
}

/// Reads the map in an autosave of `original` (same format).
pub fn load_recovery(original: &Path, side: &Path) -> Result<Map, FileError> {
    let format = Format::of_path(original).ok_or(FileError::UnknownFormat)?;
    let text = std::fs::read_to_string(side)
        .map_err(|e| FileError::Read(side.to_owned(), e))?;
    match berthier_schema::load_document(&text, format) {
        Ok(Document::Map(map)) => Ok(map),
        Ok(_) => Err(FileError::NotAMap(side.to_owned())),
        Err(e) => Err(FileError::Load(side.to_owned(), e)),
    }
}

/// A path written in a document at `from`, rewritten for the same target
/// seen from a document at `to` (relative when both are on one tree).
pub fn rebase(written: &str, from: &Path, to: &Path) -> String {
    let target = berthier_schema::pack::beside(from, written);
    let (Some(target), Some(base)) =
        (absolute(&target), to.parent().and_then(absolute))
    else {
        return written.to_owned();
    };
    relative(&target, &base)
        .map_or_else(|| target.display().to_string(), |p| slashes(&p))
}

/// How a document at `document` names the file `target`: relative to the
/// document's folder when both are on one tree (so a pack can move), else
/// absolute.
pub fn path_from(document: &Path, target: &Path) -> String {
    let Some(target) = absolute(target) else {
        return target.display().to_string();
    };
    rebase(&target.display().to_string(), document, document)
}

fn slashes(p: &Path) -> String {
    let parts: Vec<_> = p
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// An absolute path with `.` and `..` resolved without touching the disk
/// beyond the current directory.
fn absolute(p: &Path) -> Option<PathBuf> {
    let p = if p.is_absolute() {
        p.to_owned()
    } else {
        std::env::current_dir().ok()?.join(p)
    };
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// `target` relative to the folder `base` (both absolute).
fn relative(target: &Path, base: &Path) -> Option<PathBuf> {
    let t: Vec<_> = target.components().collect();
    let b: Vec<_> = base.components().collect();
    if t.first() != b.first() {
        return None;
    }
    let common = t.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &t[common..] {
        out.push(c);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebase_keeps_the_target() {
        let from = Path::new("/a/maps/demo/demo.map.ron");
        let to = Path::new("/a/tmp/x/copy.map.ron");
        let got = rebase("../../schema/s.ron", from, to);
        assert_eq!(got, "../../schema/s.ron");
        let to = Path::new("/a/copy.map.ron");
        assert_eq!(rebase("../../schema/s.ron", from, to), "schema/s.ron");
        assert_eq!(rebase("scan.png", from, to), "maps/demo/scan.png");
    }

    #[test]
    fn path_from_is_relative_to_the_document_folder() {
        let doc = Path::new("/a/maps/new/new.map.ron");
        let series = Path::new("/a/schema/series/jdg.series.ron");
        assert_eq!(
            path_from(doc, series),
            "../../schema/series/jdg.series.ron"
        );
        let scan = Path::new("/a/maps/new/scan.png");
        assert_eq!(path_from(doc, scan), "scan.png");
    }

    #[test]
    fn autosave_sits_beside_the_map() {
        let p = Path::new("/x/maps/a.map.ron");
        assert_eq!(autosave_path(p), Path::new("/x/maps/.a.map.ron.autosave"));
    }
}
