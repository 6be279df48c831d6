//! Entry points and named map edges, as scene shapes: the editor's places
//! layer and the PNG renderer's `entries` and `edges` layers draw these
//! same lists.

use berthier_schema::common::Source;
use berthier_schema::map::{Compass, MapEdge, Place};
use berthier_schema::{Geometry, HexId, Map};

use super::{Layer, Px, Shape};
use crate::palette::{Palette, Rgb};

/// Entry points.
pub const ENTRY_INK: Rgb = [0x0a, 0x7a, 0x30];
/// Named map edges.
pub const EDGE_INK: Rgb = [0x7a, 0x2d, 0x9c];

/// The window's places layer: outlines of places of several hexes, then
/// the names, edges and entries layers, bottom to top.
pub fn all(
    map: &Map,
    palette: &Palette,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let mut shapes = provenance_shading(map, keep);
    shapes.extend(super::marks::place_outlines(map, keep));
    shapes.extend(
        [Layer::Names, Layer::Edges, Layer::Entries]
            .into_iter()
            .flat_map(|layer| super::shapes(map, palette, layer, keep)),
    );
    shapes
}

/// A place's hexes in the window are shaded by where its position comes
/// from, so a designer sees what is still to check against the printed
/// map: read from a rulebook, reconstructed from geography (to replace),
/// decided by the designer, inferred, or not said.
pub fn provenance_ink(place: &Place) -> Rgb {
    match place.provenance.as_ref().map(|p| p.source) {
        Some(Source::Rulebook) => [0x1f, 0x5f, 0xc4],
        Some(Source::Reconstructed) => [0xe0, 0x7b, 0x10],
        Some(Source::Designer) => [0x2a, 0x9d, 0x3c],
        Some(Source::Inferred) => [0x1c, 0x9c, 0x9c],
        Some(Source::Unknown) | None => [0x80, 0x80, 0x80],
    }
}

/// Every place hex filled, lightly, in its place's [`provenance_ink`].
fn provenance_shading(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    let mut out = Vec::new();
    for place in &map.places {
        let colour = provenance_ink(place);
        for &hex in place.hexes.iter().filter(|h| keep(**h)) {
            let mut points: Vec<Px> = placed.corners_px(hex).to_vec();
            points.push(points[0]);
            out.push(Shape::Fill {
                points,
                colour,
                alpha: 0.28,
            });
        }
    }
    out
}

/// Entry points: their hexes ringed in green with the name; an entry on a
/// whole edge rings that edge's hexes.
pub fn entries(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    let mut out = Vec::new();
    for entry in &map.entry_points {
        let on_edge = entry
            .edge
            .as_ref()
            .and_then(|id| map.edges.iter().find(|e| &e.id == id))
            .map(|e| middle_first(&placed, map.edge_hexes(e)));
        let hexes = match on_edge {
            Some(h) if entry.hexes.is_empty() => h,
            _ => entry.hexes.clone(),
        };
        out.extend(entry_shapes(&placed, &entry.name, &hexes, keep));
    }
    out
}

/// Named map edges: their outer hexsides in purple, with the name.
pub fn edges(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    map.edges
        .iter()
        .flat_map(|edge| edge_shapes(map, &placed, edge, keep))
        .collect()
}

fn entry_shapes(
    placed: &Geometry<'_>,
    name: &str,
    hexes: &[HexId],
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = placed.grid().hex_radius_px;
    let mut out = Vec::new();
    for (i, hex) in hexes.iter().enumerate() {
        if !keep(*hex) {
            continue;
        }
        let c = placed.center_px(*hex);
        let mut ring: Vec<Px> = placed
            .corners_px(*hex)
            .iter()
            .map(|p| [c[0] + (p[0] - c[0]) * 0.8, c[1] + (p[1] - c[1]) * 0.8])
            .collect();
        ring.push(ring[0]);
        out.push(Shape::Line {
            points: ring,
            width: 0.08 * r,
            colour: ENTRY_INK,
        });
        if i == 0 {
            out.push(Shape::Text {
                at: [c[0], c[1] - 0.1 * r],
                size: 0.26 * r,
                text: format!("→ {name}"),
                colour: ENTRY_INK,
            });
        }
    }
    out
}

/// The hexes with the one nearest their middle first (where the label
/// goes).
fn middle_first(placed: &Geometry<'_>, mut hexes: Vec<HexId>) -> Vec<HexId> {
    let pts: Vec<Px> = hexes.iter().map(|h| placed.center_px(*h)).collect();
    let n = pts.len().max(1) as f64;
    let m = pts
        .iter()
        .fold([0.0, 0.0], |a, p| [a[0] + p[0], a[1] + p[1]]);
    let m = [m[0] / n, m[1] / n];
    let d = |p: &Px| (p[0] - m[0]).hypot(p[1] - m[1]);
    if let Some(i) =
        (0..pts.len()).min_by(|a, b| d(&pts[*a]).total_cmp(&d(&pts[*b])))
    {
        hexes.swap(0, i);
    }
    hexes
}

/// One named edge: each of its hexes' sides that face off the map (toward
/// the edge's compass side when it has one) drawn thick, and the name
/// inside the middle hex, below its centre.
fn edge_shapes(
    map: &Map,
    placed: &Geometry<'_>,
    edge: &MapEdge,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let hexes = middle_first(placed, map.edge_hexes(edge));
    let mut out = Vec::new();
    for (i, hex) in hexes.iter().enumerate() {
        if !keep(*hex) {
            continue;
        }
        let sides = outer_sides(map, placed, *hex, edge.side);
        for side in &sides {
            out.push(Shape::Line {
                points: side.to_vec(),
                width: 0.16 * r,
                colour: EDGE_INK,
            });
        }
        if i == 0 {
            let name = edge.name.clone().unwrap_or_else(|| edge.id.clone());
            let at = label_outside(placed, &hexes, &sides);
            // Beside an east or west edge the margin is narrow: one letter
            // a line.
            let text = if side_on_x(*hex, placed, &sides) {
                vertical(&name)
            } else {
                name
            };
            out.push(Shape::Text {
                at,
                size: LABEL_SIZE * r,
                text,
                colour: EDGE_INK,
            });
        }
    }
    out
}

/// Edge names' text size, in hex radii.
const LABEL_SIZE: f64 = 0.3;

/// Where an edge's name goes: just outside the map in the direction of
/// its middle hex's (`hexes[0]`) outer `sides`, past the furthest corner
/// of any of the edge's hexes that way (on a zigzag edge the neighbours
/// stand half a hex further out than the middle hex), so clear of the
/// border, hex numbers and entry names; inside the middle hex when it has
/// no outer side.
fn label_outside(
    placed: &Geometry<'_>,
    hexes: &[HexId],
    sides: &[[Px; 2]],
) -> Px {
    let r = placed.grid().hex_radius_px;
    let c = placed.center_px(hexes[0]);
    let n = sides.len() as f64;
    let sum = sides.iter().fold([0.0, 0.0], |a, [p, q]| {
        [a[0] + (p[0] + q[0]) / 2.0, a[1] + (p[1] + q[1]) / 2.0]
    });
    let d = [sum[0] / n.max(1.0) - c[0], sum[1] / n.max(1.0) - c[1]];
    let len = d[0].hypot(d[1]);
    if sides.is_empty() || len < 1e-9 {
        return [c[0], c[1] + 0.3 * r];
    }
    let u = [d[0] / len, d[1] / len];
    // Half the text's extent along `u`: its height up or down, half its
    // (estimated) width sideways.
    let size = LABEL_SIZE * r;
    let extent = if u[0].abs() > u[1].abs() {
        0.45 * size
    } else {
        0.6 * size
    };
    let reach = hexes
        .iter()
        .flat_map(|h| placed.corners_px(*h))
        .map(|k| (k[0] - c[0]) * u[0] + (k[1] - c[1]) * u[1])
        .fold(len, f64::max);
    let at = reach + 0.12 * r + extent;
    [c[0] + u[0] * at, c[1] + u[1] * at]
}

/// Whether `sides` of `hex` face mostly east or west.
fn side_on_x(hex: HexId, placed: &Geometry<'_>, sides: &[[Px; 2]]) -> bool {
    let c = placed.center_px(hex);
    let d = sides.iter().fold([0.0, 0.0], |a, [p, q]| {
        [
            a[0] + (p[0] + q[0]) / 2.0 - c[0],
            a[1] + (p[1] + q[1]) / 2.0 - c[1],
        ]
    });
    d[0].abs() > d[1].abs()
}

fn vertical(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c == ' ' {
                String::new()
            } else {
                c.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sides of `hex` with no map hex beyond them, facing `toward` (all
/// of them when `None`).
fn outer_sides(
    map: &Map,
    placed: &Geometry<'_>,
    hex: HexId,
    toward: Option<Compass>,
) -> Vec<[Px; 2]> {
    let c = placed.center_px(hex);
    let k = placed.corners_px(hex);
    (0..6)
        .map(|i| [k[i], k[(i + 1) % 6]])
        .filter(|[a, b]| {
            let (dx, dy) =
                ((a[0] + b[0]) / 2.0 - c[0], (a[1] + b[1]) / 2.0 - c[1]);
            let beyond = [c[0] + 2.0 * dx, c[1] + 2.0 * dy];
            let off = placed
                .hex_at_px(beyond, None)
                .is_none_or(|n| !map.contains(n));
            let facing = match toward {
                None => true,
                Some(Compass::North) => dy < -dx.abs(),
                Some(Compass::South) => dy > dx.abs(),
                Some(Compass::East) => dx > dy.abs(),
                Some(Compass::West) => dx < -dy.abs(),
            };
            off && facing
        })
        .collect()
}
