//! REF007 (and REF020 on a map in sheets) on a map: a painted hex, a hexside's hex, or a hex of a road,
//! place, edge or entry point is not a printed hex of the map's `extent`.
//! Documented with the other pass-2 codes (`crate::rules`); scenarios'
//! hexes are checked by pass 2 through the same [`finding`].

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF007 for every hex `map` lists.
pub fn check(map: &Map) -> Vec<Finding> {
    // Each pointer is made only for a hex off the map: making one per
    // painted hex was most of this check's time on a 10,000-hex map.
    let mut out: Vec<Finding> = map
        .hexes
        .keys()
        .filter(|hex| !map.contains(**hex))
        .filter_map(|hex| finding(map, *hex, at("hexes").key(hex)))
        .map(Finding::at_key)
        .collect();
    for (i, side) in map.hexsides.iter().enumerate() {
        for hex in side.at.hexes().into_iter().filter(|h| !map.contains(*h)) {
            out.extend(finding(map, hex, at("hexsides").index(i).field("at")));
        }
    }
    let lists = [
        (
            "roads",
            map.roads.iter().map(|r| &r.hexes).collect::<Vec<_>>(),
        ),
        ("places", map.places.iter().map(|p| &p.hexes).collect()),
        ("edges", map.edges.iter().map(|e| &e.hexes).collect()),
        (
            "entry_points",
            map.entry_points.iter().map(|e| &e.hexes).collect(),
        ),
    ];
    for (base, items) in lists {
        for (i, hexes) in items.into_iter().enumerate() {
            let off =
                hexes.iter().enumerate().filter(|(_, h)| !map.contains(**h));
            for (j, hex) in off {
                let pointer = at(base).index(i).field("hexes").index(j);
                out.extend(finding(map, *hex, pointer));
            }
        }
    }
    out
}

/// REF007 at `pointer` unless `hex` is a printed hex of `map`.
pub fn finding(map: &Map, hex: HexId, pointer: Pointer) -> Option<Finding> {
    if map.contains(hex) {
        return None;
    }
    if map.has_sheets() && map.sheet_of(hex).is_none() {
        return Some(no_such_sheet(map, hex, pointer));
    }
    let message = format!("hex {hex} is not on the map {}", map.id);
    let mut finding = Finding::new(Code::Ref007, pointer, message).hex(hex);
    finding.help = map.extent.first().map(|e| {
        format!(
            "the map `{}` has columns {:02}-{:02}, rows {:02}-{:02}",
            map.id, e.cols[0], e.cols[1], e.rows[0], e.rows[1]
        )
    });
    Some(finding)
}

/// REF020: on a map in sheets, a hex id whose prefix names no sheet (or
/// that has none).
fn no_such_sheet(map: &Map, hex: HexId, pointer: Pointer) -> Finding {
    let prefix = match hex.sheet {
        Some(letter) => format!("sheet `{}`", char::from(letter)),
        None => "no sheet letter".to_owned(),
    };
    let message = format!(
        "hex {hex} has {prefix}, and the map {} has no such sheet",
        map.id
    );
    Finding::new(Code::Ref020, pointer, message)
        .hex(hex)
        .help(super::sheets::sheet_list(map))
}
