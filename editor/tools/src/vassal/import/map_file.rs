//! One board grid written as a Berthier map file (and, where no Berthier
//! numbering prints VASSAL's names, the table of those names).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use berthier_schema::document::{Format, to_text};
use berthier_schema::{Map, Provenance, Source};

use super::super::module::{Board, BoardGrid};
use super::super::to_berthier::Conversion;
use super::{ImportError, ImportedMap, SERIES_PLACEHOLDER, convert};

/// Converts and writes one board grid as map `id`.
pub(super) fn write(
    module: &str,
    board: &Board,
    grid: &BoardGrid,
    id: &str,
    scan: Option<&str>,
    dir: &Path,
) -> Result<(ImportedMap, Conversion), ImportError> {
    let conv = convert(board, grid).map_err(|source| ImportError::Grid {
        board: board.name.clone(),
        source,
    })?;
    let source = match &grid.zone {
        Some(z) => format!("{} / zone {}", board.name, z.name),
        None => board.name.clone(),
    };
    let mut map = Map::blank(
        id.to_owned(),
        source.clone(),
        SERIES_PLACEHOLDER.to_owned(),
        conv.grid.clone(),
        vec![conv.extent.clone()],
    );
    map.scan = scan.map(str::to_owned);
    map.numbering.clone_from(&conv.numbering);
    map.provenance = provenance(module, board, grid);
    let map_path = dir.join(format!("{id}.map.ron"));
    let text = to_text(&map, Format::Ron)
        .map_err(|e| ImportError::Serialize(map_path.clone(), e))?;
    let text = comment_series(&text);
    fs::write(&map_path, text).map_err(|source| ImportError::Write {
        path: map_path.clone(),
        source,
    })?;
    let names = if conv.labels.is_empty() || conv.numbering.is_some() {
        None
    } else {
        Some(write_names(&conv, id, dir)?)
    };
    let map = ImportedMap {
        source,
        map: map_path,
        scan: scan.map(|s| dir.join(s)),
        names,
        hexes: conv.hexes.len(),
    };
    Ok((map, conv))
}

/// Where the grid comes from, and that the series is the modder's to
/// write.
fn provenance(
    module: &str,
    board: &Board,
    grid: &BoardGrid,
) -> Vec<Provenance> {
    let g = &grid.grid;
    vec![
        Provenance {
            about: "grid".into(),
            source: Source::Inferred,
            reference: Some(format!(
                "VASSAL module `{module}`, board `{}`",
                board.name
            )),
            note: Some(format!(
                "Imported from VASSAL's HexGrid dx={} dy={} x0={} y0={} sideways={}; \
                 every hex centre is VASSAL's exact centre (its snap points are \
                 those truncated to whole pixels).",
                g.dx, g.dy, g.x0, g.y0, g.sideways
            )),
        },
        Provenance {
            about: "series".into(),
            source: Source::Unknown,
            reference: None,
            note: Some(format!(
                "A VASSAL module holds no series: write {SERIES_PLACEHOLDER} \
                 (terrain, units, rules) or point `series` at an existing one."
            )),
        },
    ]
}

/// Writes `<id>.vassal-names.ron`, VASSAL's name of each hex; returns it.
fn write_names(
    conv: &Conversion,
    id: &str,
    dir: &Path,
) -> Result<PathBuf, ImportError> {
    let path = dir.join(format!("{id}.vassal-names.ron"));
    let table: BTreeMap<String, &String> = conv
        .labels
        .iter()
        .map(|(h, l)| (h.to_string(), l))
        .collect();
    let mut text = String::from(
        "// VASSAL's printed name of each hex (Berthier number: VASSAL name).\n\
         // No Berthier `numbering` prints exactly these names.\n",
    );
    text.push_str(
        &to_text(&table, Format::Ron)
            .map_err(|e| ImportError::Serialize(path.clone(), e))?,
    );
    fs::write(&path, text).map_err(|source| ImportError::Write {
        path: path.clone(),
        source,
    })?;
    Ok(path)
}

/// Puts a comment for the modder above the `series` line.
pub(super) fn comment_series(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 200);
    for line in text.lines() {
        if line.trim_start().starts_with("series:") {
            let indent = &line[..line.len() - line.trim_start().len()];
            out.push_str(indent);
            out.push_str(
                "// TODO(modder): a VASSAL module holds no series. Write this \
                 series file (terrain, units, rules) or point at an existing one.\n",
            );
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}
