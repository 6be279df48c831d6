//! The effective series of a map file, read from disk with its `extends`
//! chain applied, for callers outside a validation run (the editor).

use std::path::{Path, PathBuf};

use berthier_schema::map::Map;
use berthier_schema::series::Series;
use berthier_schema::{Document, Format};

use crate::pass::references::series::merge_chain;

/// Longest `extends` chain followed (a loop stops here too).
const MAX_DEPTH: usize = 16;

/// The series `map` (read from `map_path`) names, with its `extends` chain
/// applied as a validation run applies it. Errors say which file failed;
/// the validator reports them as REF001, REF010 and REF013.
pub fn series_for_map(map_path: &Path, map: &Map) -> Result<Series, String> {
    let mut path = beside(map_path, &map.series);
    let mut chain: Vec<Series> = Vec::new();
    let mut seen: Vec<PathBuf> = Vec::new();
    loop {
        if seen.contains(&path) || seen.len() >= MAX_DEPTH {
            return Err(format!("{}: `extends` loops", path.display()));
        }
        let series = read(&path)?;
        seen.push(path.clone());
        let parent = series.extends.clone();
        chain.push(series);
        match parent {
            Some(parent) => path = beside(&path, &parent),
            None => break,
        }
    }
    let refs: Vec<&Series> = chain.iter().collect();
    merge_chain(&refs).ok_or_else(|| "no series".to_owned())
}

fn beside(document: &Path, written: &str) -> PathBuf {
    document.parent().unwrap_or(Path::new(".")).join(written)
}

fn read(path: &Path) -> Result<Series, String> {
    let shown = path.display();
    let format = Format::of_path(path)
        .ok_or_else(|| format!("{shown}: expected a .ron or .json file"))?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{shown}: cannot read: {e}"))?;
    match berthier_schema::load_document(&text, format) {
        Ok(Document::Series(s)) => Ok(s),
        Ok(_) => Err(format!("{shown}: not a series")),
        Err(e) => Err(format!("{shown}: {e}")),
    }
}
