//! Limits no printed game reaches, so that a hostile or mistyped document
//! is refused with a located error instead of hours of work: a map whose
//! `extent` is `(cols: (0, 65535), rows: (0, 65535))` is four billion
//! hexes from a 1 KB file, and every check that walks the map's hexes (the
//! validator's, the VASSAL export's) would walk them all.
//!
//! The loader ([`crate::load_document`]) and the validator's first pass
//! both apply these, as schema violations at the value, so what one
//! refuses the other refuses.

use crate::grid::Extent;
use crate::map::Map;
use crate::validate::SchemaViolation;

/// Most hexes a map's extents may cover together. A printed map sheet
/// holds about 2,000 hexes (Quatre-Bras's is 32 x 24 = 768); this allows
/// a hundred full sheets and keeps a check over every hex under a second.
pub const MAX_MAP_HEXES: u64 = 250_000;

/// Highest printed row: a hex number's last two digits are its row
/// (`"1715"`: column 17, row 15), so a row past 99 cannot be written.
pub const MAX_ROW: u16 = 99;

/// Highest printed column: a hex number has at most four column digits.
pub const MAX_COLUMN: u16 = 9999;

/// Every limit `map` breaks; the loader asks this of every map (the other
/// documents have no such limit).
pub fn map_violations(map: &Map) -> Vec<SchemaViolation> {
    let mut found = Vec::new();
    for (k, extent) in map.extent.iter().enumerate() {
        found.extend(unprintable(k, extent));
    }
    if !found.is_empty() {
        return found;
    }
    let total: u64 = map.extent.iter().map(hex_count).sum();
    if total > MAX_MAP_HEXES {
        found.push(violation(
            "/extent",
            format!(
                "the extent covers {total} hexes; a map may have at most \
                 {MAX_MAP_HEXES} (a printed sheet holds about 2,000)"
            ),
        ));
    }
    found
}

/// The bounds of `extent` (number `k`) that no hex number can print.
fn unprintable(k: usize, extent: &Extent) -> Vec<SchemaViolation> {
    let mut found = Vec::new();
    for (i, &col) in extent.cols.iter().enumerate() {
        if col > MAX_COLUMN {
            found.push(violation(
                &format!("/extent/{k}/cols/{i}"),
                format!(
                    "column {col} cannot be printed: a hex number has at \
                     most four column digits (up to {MAX_COLUMN})"
                ),
            ));
        }
    }
    for (i, &row) in extent.rows.iter().enumerate() {
        if row > MAX_ROW {
            found.push(violation(
                &format!("/extent/{k}/rows/{i}"),
                format!(
                    "row {row} cannot be printed: a hex number's row is its \
                     last two digits (up to {MAX_ROW})"
                ),
            ));
        }
    }
    found
}

/// How many hexes the rectangle of `extent` spans (its `missing` hexes
/// included: they are listed, so they cost what the file holds).
fn hex_count(extent: &Extent) -> u64 {
    let span = |[a, b]: [u16; 2]| u64::from(b.saturating_sub(a)) + 1;
    span(extent.cols) * span(extent.rows)
}

fn violation(pointer: &str, message: String) -> SchemaViolation {
    SchemaViolation {
        pointer: pointer.to_owned(),
        schema_path: String::new(),
        message,
        unexpected: Vec::new(),
        allowed: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::document::{Format, load_document};

    fn map(extent: &str) -> String {
        let text = include_str!("../tests/fixtures/mini/mini.map.ron");
        let start = text.find("extent:").expect("extent");
        let end = start + text[start..].find("],").expect("end") + 2;
        format!("{}extent: [{extent}],{}", &text[..start], &text[end..])
    }

    #[test]
    fn a_map_of_four_billion_hexes_is_refused_at_once() {
        let text = map("(cols: (0, 65535), rows: (0, 65535))");
        let started = std::time::Instant::now();
        let Err(e) = load_document(&text, Format::Ron) else {
            panic!("loaded");
        };
        assert!(started.elapsed().as_secs() < 5);
        let e = e.to_string();
        assert!(e.contains("/extent/0/cols/1"), "{e}");
        assert!(e.contains("row 65535 cannot be printed"), "{e}");
    }

    #[test]
    fn many_sheets_past_the_limit_are_refused() {
        let sheet =
            |c: char| format!("(cols: (1, 999), rows: (1, 99), sheet: '{c}')");
        let sheets: Vec<String> =
            ['A', 'B', 'C'].into_iter().map(sheet).collect();
        let text = map(&sheets.join(", "));
        let Err(e) = load_document(&text, Format::Ron) else {
            panic!("loaded");
        };
        assert!(e.to_string().contains("covers 296703 hexes"), "{e}");
    }

    #[test]
    fn a_large_real_map_loads() {
        let text = map("(cols: (1, 99), rows: (1, 99))");
        assert!(load_document(&text, Format::Ron).is_ok());
    }
}
