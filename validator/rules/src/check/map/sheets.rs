//! The sheets of a multi-sheet map: each named once by a capital letter
//! (REF022), each with hexes and every extent on a sheet (REF021), no two
//! on the same canonical hex (MAP005), a sheet's own grid staggered as its
//! placement staggers it (MAP006), and a scan and its registration given
//! together (MAP008).

use std::collections::{HashMap, HashSet};

use berthier_schema::Orientation;
use berthier_schema::map::Map;
use berthier_schema::sheet::Sheet;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// Every sheet finding of `map` (none on a map without sheets).
pub fn check(map: &Map) -> Vec<Finding> {
    if !map.has_sheets() {
        return Vec::new();
    }
    let mut out = letters(map);
    out.extend(extents(map));
    out.extend(overlaps(map));
    for (i, sheet) in map.sheets.iter().enumerate() {
        out.extend(stagger(map, i, sheet));
        out.extend(registration(i, sheet));
    }
    out
}

/// REF022: a letter that is not one capital, or that two sheets share.
fn letters(map: &Map) -> Vec<Finding> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (i, sheet) in map.sheets.iter().enumerate() {
        let pointer = at("sheets").index(i).field("letter");
        let letter = sheet.letter;
        if !letter.is_ascii_uppercase() {
            out.push(Finding::new(
                Code::Ref022,
                pointer,
                format!(
                    "sheet letter `{letter}` is not one capital letter A-Z, \
                     so no hex id can name it"
                ),
            ));
        } else if !seen.insert(letter) {
            out.push(Finding::new(
                Code::Ref022,
                pointer,
                format!("two sheets have the letter `{letter}`"),
            ));
        }
    }
    out
}

/// REF021: an extent on no declared sheet, or a sheet with no extent.
fn extents(map: &Map) -> Vec<Finding> {
    let declared: HashSet<char> = map.sheets.iter().map(|s| s.letter).collect();
    let mut out = Vec::new();
    for (i, extent) in map.extent.iter().enumerate() {
        let finding = match extent.sheet {
            Some(letter) if declared.contains(&letter) => continue,
            Some(letter) => Finding::new(
                Code::Ref021,
                at("extent").index(i).field("sheet"),
                format!(
                    "extent {i} is on sheet `{letter}`, which the map does not declare"
                ),
            ),
            None => Finding::new(
                Code::Ref021,
                at("extent").index(i),
                format!(
                    "extent {i} names no sheet, but the map `{}` is in sheets",
                    map.id
                ),
            ),
        };
        out.push(finding.help(sheet_list(map)));
    }
    for (i, sheet) in map.sheets.iter().enumerate() {
        if sheet.extents(map).next().is_none() {
            out.push(Finding::new(
                Code::Ref021,
                at("sheets").index(i),
                format!(
                    "sheet `{}` has no extent: add one with `sheet: '{}'`",
                    sheet.letter, sheet.letter
                ),
            ));
        }
    }
    out
}

/// The declared sheets, for a help line.
pub fn sheet_list(map: &Map) -> String {
    let letters: Vec<String> =
        map.sheets.iter().map(|s| s.letter.to_string()).collect();
    format!("the map's sheets are {}", letters.join(", "))
}

/// MAP005: a canonical hex printed on two sheets; one finding per pair of
/// sheets, at the later sheet, with its first hex that overlaps.
fn overlaps(map: &Map) -> Vec<Finding> {
    let mut owner = HashMap::new();
    let mut reported = HashSet::new();
    let mut out = Vec::new();
    for (i, sheet) in map.sheets.iter().enumerate() {
        for hex in sheet.extents(map).flat_map(|e| e.hexes()) {
            let Some(&(j, other)) = owner.get(&map.hex(hex)) else {
                owner.insert(map.hex(hex), (i, hex));
                continue;
            };
            if j == i || !reported.insert((j, i)) {
                continue;
            }
            let first: &Sheet = &map.sheets[j];
            out.push(
                Finding::new(
                    Code::Map005,
                    at("sheets").index(i),
                    format!(
                        "sheets `{}` and `{}` overlap: {hex} is where {other} is",
                        first.letter, sheet.letter
                    ),
                )
                .hex(hex)
                .help(format!(
                    "sheet `{}` has offset {:?}: move it past sheet `{}` \
                     (offset {:?}) or shrink an extent",
                    sheet.letter, sheet.offset, first.letter, first.offset
                )),
            );
        }
    }
    out
}

/// MAP006: a sheet's own grid whose orientation is not the map's, or
/// whose shifted columns (rows) are not the ones its offset puts on the
/// map's shifted columns (rows).
fn stagger(map: &Map, i: usize, sheet: &Sheet) -> Option<Finding> {
    let own = sheet.grid.as_ref()?;
    let pointer = at("sheets").index(i).field("grid");
    let hex = sheet.extents(map).flat_map(|e| e.hexes()).next();
    let finding = if own.orientation != map.grid.orientation {
        Finding::new(
            Code::Map006,
            pointer,
            format!(
                "sheet `{}` has {}-topped hexes, the map {}-topped ones",
                sheet.letter,
                format!("{:?}", own.orientation).to_lowercase(),
                format!("{:?}", map.grid.orientation).to_lowercase()
            ),
        )
    } else {
        let along = match map.grid.orientation {
            Orientation::Flat => sheet.offset[0],
            Orientation::Pointy => sheet.offset[1],
        };
        let flipped = along % 2 != 0;
        if (own.shift != map.grid.shift) == flipped {
            return None;
        }
        Finding::new(
            Code::Map006,
            pointer.field("shift"),
            format!(
                "sheet `{}` shifts its {} columns (rows), but its offset \
                 {:?} puts them on the map's unshifted ones",
                sheet.letter,
                format!("{:?}", own.shift).to_lowercase(),
                sheet.offset
            ),
        )
        .help("an odd offset flips the shift: make the sheet's `shift` the other parity, or the offset even")
    };
    Some(match hex {
        Some(hex) => finding.hex(hex),
        None => finding,
    })
}

/// MAP008: a sheet scan with no registration, or a registration with no
/// scan of its own to register on.
fn registration(i: usize, sheet: &Sheet) -> Option<Finding> {
    let pointer = at("sheets").index(i);
    let letter = sheet.letter;
    match (&sheet.scan, &sheet.grid) {
        (Some(_), None) => Some(Finding::new(
            Code::Map008,
            pointer.field("scan"),
            format!(
                "sheet `{letter}` has its own scan but no `grid` registered on it"
            ),
        )),
        (None, Some(_)) => Some(Finding::new(
            Code::Map008,
            pointer.field("grid"),
            format!(
                "sheet `{letter}` has its own `grid` but no `scan` for it to register on"
            ),
        )),
        _ => None,
    }
}
