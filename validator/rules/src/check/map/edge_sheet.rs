//! MAP010 and MAP011: an edge given per sheet ("the south edge" of
//! Wavre's south map, seed 001 l. 2989) names a sheet of the map, its
//! listed hexes are on that sheet (MAP010), and its side is an edge of
//! the map, not shared with another sheet (MAP011: the western
//! Ligny map's east side meets the eastern map, l. 2195).
//!
//! What follows is `docs/MAP010.md`, then `docs/MAP011.md`.
#![doc = include_str!("../../../docs/MAP010.md")]
#![doc = include_str!("../../../docs/MAP011.md")]

use berthier_schema::map::{Map, MapEdge};

use super::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// MAP010 and MAP011 for every edge that names a sheet.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, edge) in map.edges.iter().enumerate() {
        let Some(letter) = edge.sheet else { continue };
        let base = at("edges").index(i);
        if !map.sheets.iter().any(|s| s.letter == letter) {
            out.push(unknown_sheet(map, edge, letter, &base));
            continue;
        }
        for (k, hex) in edge.hexes.iter().enumerate() {
            if hex.sheet != u8::try_from(letter).ok() {
                out.push(Finding::new(
                    Code::Map010,
                    base.field("hexes").index(k),
                    format!(
                        "hex {} of edge `{}` is not on sheet {letter}",
                        map.label(*hex),
                        edge.id
                    ),
                ));
            }
        }
        out.extend(seam(map, edge, letter, &base));
    }
    out
}

fn unknown_sheet(
    map: &Map,
    edge: &MapEdge,
    letter: char,
    base: &Pointer,
) -> Finding {
    let letters: Vec<String> =
        map.sheets.iter().map(|s| s.letter.to_string()).collect();
    let help = if letters.is_empty() {
        "this map has no sheets: remove `sheet`, the side is the whole map's"
            .to_owned()
    } else {
        format!("the map's sheets: {}", letters.join(", "))
    };
    Finding::new(
        Code::Map010,
        base.field("sheet"),
        format!(
            "edge `{}` names sheet {letter}, not a sheet of the map",
            edge.id
        ),
    )
    .help(help)
}

/// MAP011 when the sheet's side faces another sheet: shared, in whole or
/// in part, it is no edge of the map.
fn seam(
    map: &Map,
    edge: &MapEdge,
    letter: char,
    base: &Pointer,
) -> Option<Finding> {
    let side = edge.side?;
    if !edge.hexes.is_empty() {
        return None; // listed hexes are the edge, whatever the side
    }
    let seam = map.seam_hexes(edge);
    let first = *seam.first()?;
    let other = map
        .hex(first)
        .all_neighbors()
        .into_iter()
        .filter_map(|n| map.id_at(n, first.sheet))
        .find(|n| n.sheet != first.sheet)
        .and_then(|n| n.sheet)
        .map_or('?', char::from);
    Some(
        Finding::new(
            Code::Map011,
            base.field("side"),
            format!(
                "the {} side of sheet {letter} meets sheet {other} at {} \
                 ({} hexes): edge `{}` is a seam, not an edge of the map",
                format!("{side:?}").to_lowercase(),
                map.label(first),
                seam.len(),
                edge.id
            ),
        )
        .help(
            "name the sheet whose side is on the map's edge, or list the \
             edge hexes (`hexes`) where the side is only partly shared",
        ),
    )
}
