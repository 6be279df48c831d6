//! Go to definition: a unit or formation id to its entry in the counters
//! file that defines it (the scenario's own, or one that file includes),
//! and a file named by a document (`map`, `counters`, `base`, a series or
//! an include given by path) to that file.

use std::path::{Path, PathBuf};

use berthier_schema::Format;
use berthier_schema::locate::locate;
use berthier_schema::pack::beside;
use berthier_schema::reference::is_name;
use serde_json::Value;

use crate::context;
use crate::ids::{self, Texts};

/// Includes followed at most from one counters file.
const MAX_INCLUDES: usize = 16;

/// Fields whose value is a file, relative to the document.
const FILE_FIELDS: [&str; 6] =
    ["map", "counters", "base", "series", "extends", "path"];

/// Where the thing at the byte `offset` of `text` (the document at
/// `path`) is defined: a file and a byte offset in it.
pub fn definition(
    path: &Path,
    text: &str,
    offset: usize,
    texts: &dyn Texts,
) -> Option<(PathBuf, usize)> {
    let format = Format::of_path(path)?;
    let (word, _) = context::scalar(text, format, offset)?;
    let field = context::at(text, format, offset);
    if field.field().is_some_and(|f| FILE_FIELDS.contains(&f))
        && !is_name(&word)
    {
        let target = beside(path, &word);
        return target.is_file().then_some((target, 0));
    }
    let counters = ids::named_file(path, text, texts, "counters")?;
    find_id(&counters, &word, texts, 0)
}

/// The entry of the unit or formation `id` in the counters file at
/// `path`, or in a file it includes.
fn find_id(
    path: &Path,
    id: &str,
    texts: &dyn Texts,
    depth: usize,
) -> Option<(PathBuf, usize)> {
    let format = Format::of_path(path)?;
    let text = texts.text(path)?;
    let shape = ids::json_shape(&text, format)?;
    for list in ["units", "formations"] {
        let entries = shape.get(list).and_then(Value::as_array);
        let index = entries
            .into_iter()
            .flatten()
            .position(|e| e.get("id").and_then(Value::as_str) == Some(id));
        if let Some(index) = index {
            let found = locate(&text, format, &format!("/{list}/{index}/id"));
            return Some((path.to_path_buf(), found.value));
        }
    }
    if depth >= MAX_INCLUDES {
        return None;
    }
    let includes = shape.get("include").and_then(Value::as_array);
    includes.into_iter().flatten().find_map(|include| {
        let written = include.get("path")?.as_str()?;
        find_id(&beside(path, written), id, texts, depth + 1)
    })
}
