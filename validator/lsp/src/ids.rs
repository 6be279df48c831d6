//! The order of battle a document's ids are read against: a counters
//! file's own, a scenario's (or a variant's, through its `base`) named
//! counters file. Open buffers are read before the files on disk.

use std::path::{Path, PathBuf};

use berthier_schema::Format;
use berthier_schema::counters::Counters;
use berthier_schema::locate::ron_json_shape;
use berthier_schema::pack::{
    beside, load_counters, load_series, load_series_named,
};
use berthier_schema::series::Series;
use berthier_schema::text::parse;
use serde_json::Value;

/// Bases followed at most from a variant to the scenario naming counters.
const MAX_BASES: usize = 16;

/// The text of a document: the open buffer's, else the file's.
pub trait Texts {
    /// The text at `path`, if it can be read.
    fn text(&self, path: &Path) -> Option<std::sync::Arc<str>>;
}

/// The counters `text` (the document at `path`) reads its ids from.
pub fn counters_for(
    path: &Path,
    text: &str,
    texts: &dyn Texts,
) -> Option<Counters> {
    counters_at(&named_file(path, text, texts, "counters")?, texts)
}

/// The file of kind `kind` (`counters`, `map`) that `text`, the document
/// at `path`, reads: itself when it is one, else the file it names in
/// the field of that name, or the base it varies names.
pub fn named_file(
    path: &Path,
    text: &str,
    texts: &dyn Texts,
    kind: &str,
) -> Option<PathBuf> {
    match written_in(path, text, texts, kind)? {
        Written::Itself(at) => Some(at),
        Written::Named { by, written } => Some(beside(&by, &written)),
    }
}

/// The series `text`, the document at `path` (or the base it varies),
/// names, with its `extends` applied.
pub fn series_for(
    path: &Path,
    text: &str,
    texts: &dyn Texts,
) -> Option<Series> {
    match written_in(path, text, texts, "series")? {
        Written::Itself(at) => load_series(&at).ok(),
        Written::Named { by, written } => load_series_named(&by, &written).ok(),
    }
}

/// Where a document finds the file of a kind.
enum Written {
    /// The document (or its base) is of that kind.
    Itself(PathBuf),
    /// The document `by` names it as `written`.
    Named { by: PathBuf, written: String },
}

fn written_in(
    path: &Path,
    text: &str,
    texts: &dyn Texts,
    kind: &str,
) -> Option<Written> {
    let format = Format::of_path(path)?;
    let mut shape = json_shape(text, format)?;
    let mut at = path.to_path_buf();
    for _ in 0..MAX_BASES {
        if shape.get("kind").and_then(Value::as_str) == Some(kind) {
            return Some(Written::Itself(at));
        }
        if let Some(named) = shape.get(kind).and_then(Value::as_str) {
            let written = named.to_owned();
            return Some(Written::Named { by: at, written });
        }
        let base = shape.get("base").and_then(Value::as_str)?;
        at = beside(&at, base);
        let format = Format::of_path(&at)?;
        shape = json_shape(&texts.text(&at)?, format)?;
    }
    None
}

/// The effective counters of the file at `path` (its includes merged):
/// read from disk, unless its buffer is open and differs, when the
/// buffer's own units are read (includes are read from disk only).
fn counters_at(path: &Path, texts: &dyn Texts) -> Option<Counters> {
    let format = Format::of_path(path)?;
    let on_disk = std::fs::read_to_string(path).ok();
    let text = texts.text(path)?;
    if on_disk.as_deref() == Some(&*text) {
        return load_counters(path).ok();
    }
    parse::<Counters>(&text, format).ok()
}

/// A document's JSON shape, read from text that may not be a valid
/// document yet.
pub fn json_shape(text: &str, format: Format) -> Option<Value> {
    match format {
        Format::Ron => ron_json_shape(text),
        Format::Json => serde_json::from_str(text).ok(),
    }
}

/// A path as the user would see it: relative to `root` when inside it.
pub fn shown(path: &Path, root: &Path) -> PathBuf {
    path.strip_prefix(root)
        .map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}
