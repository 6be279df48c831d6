//! The order of battle as CSV cells, for the CSV tests of the workshop
//! and of the order of battle screen.

use std::path::{Path, PathBuf};

use berthier_tools::oob_csv;

use super::files;

/// A copy of `counters/` and `schema/series/` in `dir`, so imports write
/// there and relative paths still resolve.
pub fn copy_tree(dir: &Path) {
    files::copy_tree(dir, &["counters", "schema/series"]);
}

pub fn quatre_bras(dir: &Path) -> PathBuf {
    dir.join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron")
}

/// The CSV of Quatre-Bras as rows of cells.
pub fn rows(file: &Path) -> Vec<Vec<String>> {
    let text = oob_csv::export_file(file).unwrap();
    let text = text.trim_start_matches('\u{feff}');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(text.as_bytes());
    reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect()
}

pub fn write_rows(path: &Path, rows: &[Vec<String>]) {
    let mut w = csv::WriterBuilder::new()
        .flexible(true)
        .from_path(path)
        .unwrap();
    for row in rows {
        w.write_record(row).unwrap();
    }
    w.flush().unwrap();
}

pub fn column(rows: &[Vec<String>], heading: &str) -> usize {
    rows[0].iter().position(|h| h == heading).unwrap()
}

pub fn row_of(rows: &[Vec<String>], id: &str) -> usize {
    rows.iter().position(|r| r[0] == id).unwrap()
}
