//! REF012: a road is a path of adjacent hexes.
//!
//! ## What it does
//! Reports each step of a road between two hexes that do not share a
//! hexside, at the second hex of the step. Pass 2 reports it with the other
//! reference checks; the editor's findings panel runs the same function
//! while a road is drawn.
//!
//! ## Why
//! Road movement follows the path hex by hex; a gap is usually a hex
//! number typed wrong, or a road drawn across a hex it skipped.
//!
//! ## Example
//! `hexes: ["0101", "0301"]`
//!
//! Rulebook: Jours de Gloire 4.3.1 ("from a hex containing the same
//! road"); Vive l'Empereur §VI.7.

use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF012 for every road of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, road) in map.roads.iter().enumerate() {
        for (j, pair) in road.hexes.windows(2).enumerate() {
            let (prev, hex) = (pair[0], pair[1]);
            if map.grid.adjacent(prev, hex) {
                continue;
            }
            out.push(
                Finding::new(
                    Code::Ref012,
                    at("roads").index(i).field("hexes").index(j + 1),
                    format!(
                        "road `{}` jumps from {prev} to {hex}, which are not \
                         adjacent",
                        road.id
                    ),
                )
                .hex(hex),
            );
        }
    }
    out
}
