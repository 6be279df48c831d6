//! Editor marks that make a map readable over a scan: the outline of a
//! place that covers several hexes, and a ring in the terrain's colour on
//! every painted hex, so painted terrain is told apart from the print
//! under a translucent fill.

use berthier_schema::{Geometry, HexId, Hexside, Map};

use super::{Px, Shape};
use crate::palette::Palette;

/// Colour of place names and outlines.
pub const PLACE_INK: [u8; 3] = [0x5a, 0x1e, 0x10];

/// How far in from the hex edge marks sit (a fraction of the way to the
/// centre): far enough that hexside features on the edge stay visible.
pub const INSET: f64 = 0.12;

/// The corners of `hex` moved `INSET` of the way to its centre, closed
/// (first corner repeated), as a polyline.
pub fn inset_ring(map: &Map, hex: HexId) -> Vec<Px> {
    inset_ring_on(&map.geometry(), hex)
}

/// [`inset_ring`] with the grid's geometry worked out once.
fn inset_ring_on(placed: &Geometry<'_>, hex: HexId) -> Vec<Px> {
    let c = placed.center_px(hex);
    let mut ring: Vec<Px> = placed
        .corners_px(hex)
        .iter()
        .map(|p| [p[0] + (c[0] - p[0]) * INSET, p[1] + (c[1] - p[1]) * INSET])
        .collect();
    ring.push(ring[0]);
    ring
}

/// The border of each place with more than one hex: every side of its
/// hexes that does not face another of its hexes.
pub fn place_outlines(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let width = 0.06 * map.grid.hex_radius_px;
    let placed = map.geometry();
    let mut out = Vec::new();
    for place in map.places.iter().filter(|p| p.hexes.len() > 1) {
        for &hex in place.hexes.iter().filter(|h| keep(**h)) {
            for side in outer_sides(&placed, &place.hexes, hex) {
                out.push(Shape::Line {
                    points: side.to_vec(),
                    width,
                    colour: PLACE_INK,
                });
            }
        }
    }
    out
}

/// The sides of `hex` that face away from `members`, as segments.
fn outer_sides(
    placed: &Geometry<'_>,
    members: &[HexId],
    hex: HexId,
) -> Vec<[Px; 2]> {
    let corners = placed.corners_px(hex);
    let inside = |n: &HexId| members.contains(n);
    let shared: Vec<[Px; 2]> = placed
        .neighbours(hex)
        .iter()
        .filter(|n| inside(n))
        .filter_map(|n| Hexside::between(hex, *n).ok()?.endpoints_on(placed))
        .collect();
    let same = |a: Px, b: Px| {
        (a[0] - b[0]).hypot(a[1] - b[1]) < 1e-3 * placed.hex_radius_px
    };
    (0..6)
        .map(|i| [corners[i], corners[(i + 1) % 6]])
        .filter(|[a, b]| {
            !shared.iter().any(|[p, q]| {
                (same(*a, *p) && same(*b, *q)) || (same(*a, *q) && same(*b, *p))
            })
        })
        .collect()
}

/// A ring in the terrain's own colour just inside every painted hex.
pub fn painted_rings(
    map: &Map,
    palette: &Palette,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let width = 0.1 * map.grid.hex_radius_px;
    let placed = map.geometry();
    map.hexes
        .iter()
        .filter(|(id, _)| keep(**id) && map.contains(**id))
        .filter_map(|(id, data)| {
            Some(Shape::Line {
                points: inset_ring_on(&placed, *id),
                width,
                colour: palette.terrain(data.terrain.as_deref()?),
            })
        })
        .collect()
}
