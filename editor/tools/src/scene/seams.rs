//! Where the sheets of a multi-sheet map meet: each hexside between hexes
//! of two sheets drawn thick, so the sheets read as laid side by side
//! (Ligny's "eastern edge of the western map", 001 l. 2195).

use berthier_schema::{HexId, Hexside, Map};

use super::{GRID_INK, Shape};

/// The seam hexsides of `map` touching a kept hex, thick; none on a map
/// without sheets.
pub fn seams(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    if !map.has_sheets() {
        return Vec::new();
    }
    let r = map.grid.hex_radius_px;
    let placed = map.geometry();
    let mut out = Vec::new();
    for hex in super::all_hexes(map).filter(|h| keep(*h)) {
        for across in map.neighbours(hex) {
            // Each seam hexside once: from its lower hex.
            let other_sheet = across.sheet != hex.sheet;
            if !other_sheet || across < hex || !map.contains(across) {
                continue;
            }
            let Ok(side) = Hexside::between(hex, across) else {
                continue;
            };
            if let Some([p, q]) = side.endpoints_on(&placed) {
                out.push(Shape::Line {
                    points: vec![p, q],
                    width: 0.14 * r,
                    colour: GRID_INK,
                });
            }
        }
    }
    out
}
