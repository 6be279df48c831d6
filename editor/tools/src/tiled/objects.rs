//! The map's gazetteer as Tiled object layers: roads as polylines through
//! their hexes' centres, hexside features (rivers, streams, bridges,
//! slopes) as the hexside's segment, places as one hexagon per hex, entry
//! points as one point per hex. Each object names what it stands for in a
//! property called after its kind (`road`, `hexside`, `place`, `entry`):
//! `id` and the other object attributes are reserved names for some TMX
//! readers (pytmx).

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::layout::Layout;
use super::tmx::{Object, ObjectLayer, Shape};

/// The four object layers, and what was left out (hexes off the extent).
pub fn layers(map: &Map, layout: &Layout) -> (Vec<ObjectLayer>, Vec<String>) {
    let mut notes = Vec::new();
    let mut centre = |id: &HexId, what: &str| {
        let c = layout.cells.get(id).map(|c| c.centre);
        if c.is_none() {
            notes.push(format!("{what}: hex {id} is off the map's extent"));
        }
        c
    };
    let roads = map
        .roads
        .iter()
        .map(|road| {
            let what = format!("road {}", road.id);
            let points =
                road.hexes.iter().filter_map(|h| centre(h, &what)).collect();
            Object {
                name: road.name.clone().unwrap_or_else(|| road.id.clone()),
                class: road.class.clone(),
                shape: Shape::Polyline(points),
                properties: vec![("road", road.id.clone())],
            }
        })
        .collect();
    let mut hexsides = Vec::new();
    for f in &map.hexsides {
        let [a, b] = f.at.hexes();
        let what = format!("hexside {}", f.at);
        let (Some(ca), Some(cb)) = (centre(&a, &what), centre(&b, &what))
        else {
            continue;
        };
        hexsides.push(Object {
            name: f.name.clone().unwrap_or_else(|| f.feature.clone()),
            class: f.feature.clone(),
            shape: Shape::Polyline(segment(ca, cb).to_vec()),
            properties: vec![("hexside", f.at.to_string())],
        });
    }
    let mut places = Vec::new();
    for place in &map.places {
        for h in &place.hexes {
            let Some(c) = centre(h, &format!("place {}", place.id)) else {
                continue;
            };
            places.push(Object {
                name: place.name.clone(),
                class: place.category.clone().unwrap_or_else(|| "place".into()),
                shape: Shape::Polygon(hexagon(c, layout)),
                properties: vec![
                    ("place", place.id.clone()),
                    ("hex", h.to_string()),
                ],
            });
        }
    }
    let mut entries = Vec::new();
    for entry in &map.entry_points {
        let hexes = if entry.hexes.is_empty() {
            (entry.edge.as_ref())
                .and_then(|e| map.edges.iter().find(|x| &x.id == e))
                .map(|e| map.edge_hexes(e))
                .unwrap_or_default()
        } else {
            entry.hexes.clone()
        };
        for h in &hexes {
            let Some(c) = centre(h, &format!("entry point {}", entry.id))
            else {
                continue;
            };
            entries.push(Object {
                name: entry.name.clone(),
                class: "entry".to_owned(),
                shape: Shape::Point(c),
                properties: vec![
                    ("entry", entry.id.clone()),
                    ("hex", h.to_string()),
                ],
            });
        }
    }
    let layers = vec![
        ObjectLayer {
            name: "roads",
            objects: roads,
        },
        ObjectLayer {
            name: "hexsides",
            objects: hexsides,
        },
        ObjectLayer {
            name: "places",
            objects: places,
        },
        ObjectLayer {
            name: "entry points",
            objects: entries,
        },
    ];
    (layers, notes)
}

/// The hexside between neighbours centred at `a` and `b`: the segment
/// through their midpoint, across the line joining them, one side long
/// (a regular hexagon's side is the centre distance over the square root
/// of 3).
fn segment(a: [f64; 2], b: [f64; 2]) -> [[f64; 2]; 2] {
    let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let half = 0.5 / 3f64.sqrt();
    [
        [mid[0] - dy * half, mid[1] + dx * half],
        [mid[0] + dy * half, mid[1] - dx * half],
    ]
}

/// The tile's hexagon around a centre, in Tiled's pixels.
fn hexagon(c: [f64; 2], layout: &Layout) -> Vec<[f64; 2]> {
    let (w, h) = (f64::from(layout.tile[0]), f64::from(layout.tile[1]));
    let corners: [(f64, f64); 6] = if layout.stagger_x {
        [
            (-0.25, -0.5),
            (0.25, -0.5),
            (0.5, 0.0),
            (0.25, 0.5),
            (-0.25, 0.5),
            (-0.5, 0.0),
        ]
    } else {
        [
            (0.0, -0.5),
            (0.5, -0.25),
            (0.5, 0.25),
            (0.0, 0.5),
            (-0.5, 0.25),
            (-0.5, -0.25),
        ]
    };
    corners
        .iter()
        .map(|(x, y)| [c[0] + x * w, c[1] + y * h])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexside_segment_is_perpendicular_and_one_side_long() {
        let [p, q] = segment([0.0, 0.0], [0.0, 52.0]);
        assert!((p[1] - 26.0).abs() < 1e-9 && (q[1] - 26.0).abs() < 1e-9);
        let len = (q[0] - p[0]).abs();
        assert!((len - 52.0 / 3f64.sqrt()).abs() < 1e-9, "{len}");
    }
}
