//! What a map looks like, as simple shapes in scan pixels. Both the window
//! (through `map_canvas`) and the headless PNG renderer draw these lists, so
//! the screen and the printed demo scan cannot drift apart.

mod layer;
pub mod marks;
pub mod places;
pub mod seams;

pub use layer::Layer;

use berthier_schema::{Geometry, HexId, Map};

use crate::palette::{Palette, Rgb};

/// A scan-pixel point (x right, y down), as the model gives them.
pub type Px = [f64; 2];

/// One thing to draw. Widths and text sizes are in scan pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A filled polygon.
    Fill {
        /// Corners, in order.
        points: Vec<Px>,
        /// Colour.
        colour: Rgb,
        /// Opacity, 0 to 1 (shading lets what is below show through).
        alpha: f64,
    },
    /// A stroked open polyline.
    Line {
        /// Points, in order.
        points: Vec<Px>,
        /// Width.
        width: f64,
        /// Colour.
        colour: Rgb,
    },
    /// Centred text.
    Text {
        /// Centre of the text.
        at: Px,
        /// Em size.
        size: f64,
        /// The text.
        text: String,
        /// Colour.
        colour: Rgb,
    },
}

impl Shape {
    /// The shape scaled by `k` about the origin, then moved by `offset`
    /// (widths and text sizes scale too).
    pub fn mapped(&self, k: f64, offset: Px) -> Shape {
        let at = |p: &Px| [p[0] * k + offset[0], p[1] * k + offset[1]];
        match self {
            Self::Fill {
                points,
                colour,
                alpha,
            } => Self::Fill {
                points: points.iter().map(at).collect(),
                colour: *colour,
                alpha: *alpha,
            },
            Self::Line {
                points,
                width,
                colour,
            } => Self::Line {
                points: points.iter().map(at).collect(),
                width: width * k,
                colour: *colour,
            },
            Self::Text {
                at: p,
                size,
                text,
                colour,
            } => Self::Text {
                at: at(p),
                size: size * k,
                text: text.clone(),
                colour: *colour,
            },
        }
    }
}

/// Grid line colour (printed black ink, softened).
pub const GRID_INK: Rgb = [0x30, 0x30, 0x30];

/// The shapes of one layer for the hexes `keep` accepts (culling).
pub fn shapes(
    map: &Map,
    palette: &Palette,
    layer: Layer,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    match layer {
        Layer::Scan => Vec::new(),
        Layer::Terrain => terrain(map, palette, keep),
        Layer::Elevation => elevation(map, keep),
        Layer::Hexsides => hexsides(map, palette, keep),
        Layer::Roads => roads(map, palette, keep),
        Layer::Grid => grid(map, keep),
        Layer::Numbers => numbers(map, keep),
        Layer::Places => places::all(map, palette, keep),
        Layer::Names => names(map, keep),
        Layer::Edges => places::edges(map, keep),
        Layer::Entries => places::entries(map, keep),
    }
}

/// Every printed hex of the map.
pub fn all_hexes(map: &Map) -> impl Iterator<Item = HexId> + '_ {
    map.extent.iter().flat_map(|e| e.hexes())
}

fn terrain(
    map: &Map,
    palette: &Palette,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let placed = map.geometry();
    map.hexes
        .iter()
        .filter(|(id, _)| keep(**id) && map.contains(**id))
        .filter_map(|(id, data)| {
            Some(Shape::Fill {
                points: placed.corners_px(*id).to_vec(),
                colour: palette.terrain(data.terrain.as_deref()?),
                alpha: 1.0,
            })
        })
        .collect()
}

/// Brown ink of elevation shading (stronger with height).
pub const HIGH_INK: Rgb = [0x6b, 0x45, 0x20];
/// Shading of levels below zero.
pub const LOW_INK: Rgb = [0x20, 0x50, 0x90];

/// Level shading: each level above 0 darkens the hex a step more; levels
/// below 0 are tinted blue. Translucent, so terrain shows through.
fn elevation(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    map.hexes
        .iter()
        .filter(|(id, _)| keep(**id) && map.contains(**id))
        .filter_map(|(id, data)| {
            let level = data.level.filter(|l| *l != 0)?;
            Some(Shape::Fill {
                points: placed.corners_px(*id).to_vec(),
                colour: if level > 0 { HIGH_INK } else { LOW_INK },
                alpha: (0.16 * f64::from(level.unsigned_abs())).min(0.7),
            })
        })
        .collect()
}

fn hexsides(
    map: &Map,
    palette: &Palette,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let placed = map.geometry();
    let mut out = Vec::new();
    // Crossings (bridge, ford) go last so they sit on top of their river.
    let mut features: Vec<_> = map.hexsides.iter().collect();
    features.sort_by_key(|f| matches!(f.feature.as_str(), "bridge" | "ford"));
    for f in features {
        let [a, b] = f.at.hexes();
        if !(keep(a) || keep(b)) {
            continue;
        }
        let Some([p, q]) = f.at.endpoints_on(&placed) else {
            continue;
        };
        let colour = palette.hexside(&f.feature);
        let (width, shrink) = match f.feature.as_str() {
            "river" => (0.16, 0.0),
            "stream" => (0.09, 0.0),
            "bridge" => (0.12, 0.0),
            "ford" => (0.22, 0.25),
            _ => (0.08, 0.0),
        };
        let (p, q) = (lerp(p, q, shrink), lerp(q, p, shrink));
        if f.feature == "bridge" {
            bridge(&mut out, &placed, f.at.hexes(), [p, q], colour);
            continue;
        }
        out.push(Shape::Line {
            points: vec![p, q],
            width: width * r,
            colour,
        });
        if let Some(high) = f.high {
            hachures(&mut out, &placed, high, [p, q], colour);
        }
    }
    out
}

/// A bridge: two short rails crossing the hexside in the direction from
/// one hex centre to the other.
fn bridge(
    out: &mut Vec<Shape>,
    placed: &Geometry<'_>,
    hexes: [HexId; 2],
    side: [Px; 2],
    colour: Rgb,
) {
    let r = placed.grid().hex_radius_px;
    let (a, b) = (placed.center_px(hexes[0]), placed.center_px(hexes[1]));
    let along = unit([b[0] - a[0], b[1] - a[1]]);
    let half = 0.3 * r;
    // Two rails along the crossing, on either side of the hexside's middle.
    for t in [0.3, 0.7] {
        let c = lerp(side[0], side[1], t);
        out.push(Shape::Line {
            points: vec![
                [c[0] - along[0] * half, c[1] - along[1] * half],
                [c[0] + along[0] * half, c[1] + along[1] * half],
            ],
            width: 0.09 * r,
            colour,
        });
    }
}

/// Short ticks on the high side of a slope, pointing downhill from it.
fn hachures(
    out: &mut Vec<Shape>,
    placed: &Geometry<'_>,
    high: HexId,
    side: [Px; 2],
    colour: Rgb,
) {
    let r = placed.grid().hex_radius_px;
    let c = placed.center_px(high);
    let mid = lerp(side[0], side[1], 0.5);
    let inward = unit([c[0] - mid[0], c[1] - mid[1]]);
    for t in [0.2, 0.4, 0.6, 0.8] {
        let base = lerp(side[0], side[1], t);
        let tip = [
            base[0] + inward[0] * 0.14 * r,
            base[1] + inward[1] * 0.14 * r,
        ];
        out.push(Shape::Line {
            points: vec![base, tip],
            width: 0.05 * r,
            colour,
        });
    }
}

fn roads(
    map: &Map,
    palette: &Palette,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let placed = map.geometry();
    map.roads
        .iter()
        .filter(|road| road.hexes.iter().any(|h| keep(*h)))
        .map(|road| Shape::Line {
            points: road.hexes.iter().map(|h| placed.center_px(*h)).collect(),
            width: if road.class == "road" {
                0.11 * r
            } else {
                0.07 * r
            },
            colour: palette.road(&road.class),
        })
        .collect()
}

fn grid(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let placed = map.geometry();
    let mut out: Vec<Shape> = all_hexes(map)
        .filter(|h| keep(*h))
        .map(|h| {
            let mut points = placed.corners_px(h).to_vec();
            points.push(points[0]);
            Shape::Line {
                points,
                width: 0.035 * r,
                colour: GRID_INK,
            }
        })
        .collect();
    out.extend(seams::seams(map, keep));
    out
}

fn numbers(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    all_hexes(map)
        .filter(|h| keep(*h))
        .map(|h| Shape::Text {
            at: number_position_on(&placed, h),
            size: 0.3 * map.grid.hex_radius_px,
            text: map.label(h),
            colour: GRID_INK,
        })
        .collect()
}

fn names(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let placed = map.geometry();
    map.places
        .iter()
        .filter(|p| p.hexes.first().is_some_and(|h| keep(*h)))
        .filter(|p| !matches!(p.category.as_deref(), Some("bridge" | "ford")))
        .filter(|p| !named_by_an_entry(map, p))
        .map(|p| {
            let c = placed.center_px(p.hexes[0]);
            Shape::Text {
                at: [c[0], c[1] + 0.42 * r],
                size: 0.3 * r,
                text: p.name.clone(),
                colour: marks::PLACE_INK,
            }
        })
        .collect()
}

/// Whether an entry point on the place's hex already says its name (Rivoli:
/// "Verona road" under "→ Verona road (1722)"): one label, not two.
fn named_by_an_entry(map: &Map, place: &berthier_schema::map::Place) -> bool {
    map.entry_points.iter().any(|e| {
        e.hexes.first() == place.hexes.first() && e.name.contains(&place.name)
    })
}

/// Hex numbers for an overlay on a scan that prints its own: below the
/// centre and in blue, so they neither hide nor ghost the printed ones.
pub fn overlay_numbers(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let placed = map.geometry();
    all_hexes(map)
        .filter(|h| keep(*h))
        .map(|h| {
            let (c, top) =
                (placed.center_px(h), number_position_on(&placed, h));
            Shape::Text {
                at: [2.0 * c[0] - top[0], 2.0 * c[1] - top[1]],
                size: 0.26 * map.grid.hex_radius_px,
                text: map.label(h),
                colour: OVERLAY_INK,
            }
        })
        .collect()
}

/// Colour of editor-only marks drawn over a scan.
pub const OVERLAY_INK: Rgb = [0x10, 0x3c, 0xb0];

/// Where a hex's number is printed: between its centre and its top edge,
/// as on most printed maps.
pub fn number_position(map: &Map, hex: HexId) -> Px {
    number_position_on(&map.geometry(), hex)
}

/// [`number_position`] with the grid's geometry worked out once.
fn number_position_on(placed: &Geometry<'_>, hex: HexId) -> Px {
    let c = placed.center_px(hex);
    let mut corners = placed.corners_px(hex);
    corners.sort_by(|a, b| a[1].total_cmp(&b[1]));
    let top = lerp(corners[0], corners[1], 0.5);
    lerp(c, top, 0.62)
}

fn lerp(a: Px, b: Px, t: f64) -> Px {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

fn unit(v: Px) -> Px {
    let len = v[0].hypot(v[1]).max(1e-9);
    [v[0] / len, v[1] / len]
}
