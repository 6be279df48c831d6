//! The layers of the map view and how each is drawn. Terrain, hexsides,
//! roads, grid and numbers come from `scene` (shared with the PNG
//! renderer); elevation shading, places and the cursor overlay are the
//! editor's own.

use iced::widget::canvas::{self, Frame, Path, Stroke};
use iced::widget::text::Alignment;
use iced::{Color, alignment};

use berthier_schema::edit::Edit;
use berthier_schema::{HexId, Map};

use super::{MapCanvas, NUMBERS_MIN_RADIUS, Viewport};
use crate::scene::{self, Shape};

/// A layer that can be shown or hidden, in the order the layer list shows
/// them; drawn bottom to top in [`Layer::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The scanned map (its own canvas).
    Scan = 0,
    /// Terrain colour per hex (translucent over a scan).
    Terrain,
    /// Elevation level shading.
    Elevation,
    /// Rivers, slopes, bridges...
    Hexsides,
    /// Roads and tracks.
    Roads,
    /// Hex outlines.
    Grid,
    /// Hex numbers.
    Numbers,
    /// Place names, entry points and named map edges.
    Places,
}

impl Layer {
    /// How many.
    pub const COUNT: usize = 8;

    /// Every layer, bottom to top.
    pub const ALL: [Layer; Self::COUNT] = [
        Self::Scan,
        Self::Terrain,
        Self::Elevation,
        Self::Hexsides,
        Self::Roads,
        Self::Grid,
        Self::Numbers,
        Self::Places,
    ];

    /// Checkbox label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Scan => "Scan",
            Self::Terrain => "Terrain",
            Self::Elevation => "Elevation",
            Self::Hexsides => "Hexsides",
            Self::Roads => "Roads",
            Self::Grid => "Grid",
            Self::Numbers => "Numbers",
            Self::Places => "Places",
        }
    }

    /// The layers whose drawing an edit changes.
    pub fn touched_by(edit: &Edit) -> Vec<Layer> {
        match edit {
            Edit::Terrain { .. } => vec![Self::Terrain],
            Edit::Level { .. } => vec![Self::Elevation],
            Edit::Hexside { .. } => vec![Self::Hexsides],
            Edit::Road { .. } => vec![Self::Roads],
            Edit::Place { .. }
            | Edit::EntryPoint { .. }
            | Edit::Edge { .. } => vec![Self::Places],
            Edit::Grid(_) | Edit::Properties(_) => Self::ALL.to_vec(),
            Edit::Batch(all) => all.iter().flat_map(Self::touched_by).collect(),
        }
    }
}

/// Colour of elevation shading (brown ink, stronger with height).
const HIGH_INK: [u8; 3] = [0x6b, 0x45, 0x20];
/// Shading of levels below zero.
const LOW_INK: [u8; 3] = [0x20, 0x50, 0x90];
/// Entry points.
const ENTRY_INK: [u8; 3] = [0x0a, 0x7a, 0x30];
/// Named map edges.
pub const EDGE_INK: [u8; 3] = [0x7a, 0x2d, 0x9c];
/// Cursor overlay.
const CURSOR_INK: [u8; 3] = [0xff, 0x8c, 0x00];

/// Draws one vector layer into its cached frame.
pub fn draw(canvas: &MapCanvas<'_>, frame: &mut Frame, layer: Layer) {
    let map = &canvas.opened.map;
    let keep = keeper(canvas, frame.size());
    let over_scan =
        canvas.opened.scan.is_some() && canvas.visible.get(Layer::Scan);
    let radius_on_screen = map.grid.hex_radius_px as f32 * canvas.view.zoom;
    let palette = &canvas.opened.palette;
    let (shapes, alpha) = match layer {
        Layer::Scan => return,
        Layer::Elevation => return elevation(canvas, frame, &keep),
        Layer::Terrain => (
            scene::shapes(map, palette, scene::Layer::Terrain, &keep),
            if over_scan { 0.45 } else { 1.0 },
        ),
        Layer::Hexsides => (
            scene::shapes(map, palette, scene::Layer::Hexsides, &keep),
            1.0,
        ),
        Layer::Roads => {
            (scene::shapes(map, palette, scene::Layer::Roads, &keep), 1.0)
        }
        Layer::Grid => {
            (scene::shapes(map, palette, scene::Layer::Grid, &keep), 0.85)
        }
        Layer::Numbers if radius_on_screen < NUMBERS_MIN_RADIUS => return,
        Layer::Numbers if over_scan => {
            (scene::overlay_numbers(map, &keep), 0.85)
        }
        Layer::Numbers => (
            scene::shapes(map, palette, scene::Layer::Numbers, &keep),
            0.85,
        ),
        Layer::Places => (places(map, &keep), 1.0),
    };
    for shape in &shapes {
        draw_shape(frame, &canvas.view, shape, alpha);
    }
}

/// Culling test: whether a hex's centre is near the visible area.
fn keeper<'a>(
    canvas: &'a MapCanvas<'_>,
    size: iced::Size,
) -> impl Fn(HexId) -> bool + 'a {
    let rect = canvas.view.visible_scan(size);
    let grid = &canvas.opened.map.grid;
    let margin = grid.hex_radius_px * grid.aspect.max(1.0) * 1.5;
    move |h| super::geometry::in_rect(grid.center_px(h), rect, margin)
}

/// Level shading: each level above 0 darkens the hex a step more; levels
/// below 0 are tinted blue.
fn elevation(
    canvas: &MapCanvas<'_>,
    frame: &mut Frame,
    keep: &dyn Fn(HexId) -> bool,
) {
    let map = &canvas.opened.map;
    for (hex, data) in &map.hexes {
        let Some(level) = data.level.filter(|l| *l != 0) else {
            continue;
        };
        if !keep(*hex) || !map.contains(*hex) {
            continue;
        }
        let ink = if level > 0 { HIGH_INK } else { LOW_INK };
        let alpha = (0.16 * f32::from(level.unsigned_abs())).min(0.7);
        let colour =
            Color::from_rgb8(ink[0], ink[1], ink[2]).scale_alpha(alpha);
        let corners = map.grid.corners_px(*hex);
        frame.fill(&polygon(&canvas.view, &corners), colour);
    }
}

/// Place names (from `scene`), named map edges (their outer hexsides in
/// purple with the name) and entry points (their hexes ringed in green
/// with the name; an entry on a whole edge rings that edge's hexes).
pub fn places(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    let mut out = scene::shapes(
        map,
        &crate::palette::Palette::default(),
        scene::Layer::Names,
        keep,
    );
    for edge in &map.edges {
        out.extend(edge_shapes(map, edge, keep));
    }
    for entry in &map.entry_points {
        let on_edge = entry
            .edge
            .as_ref()
            .and_then(|id| map.edges.iter().find(|e| &e.id == id))
            .map(|e| middle_first(map, map.edge_hexes(e)));
        let hexes = match on_edge {
            Some(h) if entry.hexes.is_empty() => h,
            _ => entry.hexes.clone(),
        };
        out.extend(entry_shapes(map, &entry.name, &hexes, keep));
    }
    out
}

fn entry_shapes(
    map: &Map,
    name: &str,
    hexes: &[HexId],
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let mut out = Vec::new();
    for (i, hex) in hexes.iter().enumerate() {
        if !keep(*hex) {
            continue;
        }
        let c = map.grid.center_px(*hex);
        let mut ring: Vec<[f64; 2]> = map
            .grid
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
fn middle_first(map: &Map, mut hexes: Vec<HexId>) -> Vec<HexId> {
    let pts: Vec<[f64; 2]> =
        hexes.iter().map(|h| map.grid.center_px(*h)).collect();
    let n = pts.len().max(1) as f64;
    let m = pts
        .iter()
        .fold([0.0, 0.0], |a, p| [a[0] + p[0], a[1] + p[1]]);
    let m = [m[0] / n, m[1] / n];
    let d = |p: &[f64; 2]| (p[0] - m[0]).hypot(p[1] - m[1]);
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
    edge: &berthier_schema::map::MapEdge,
    keep: &dyn Fn(HexId) -> bool,
) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let hexes = middle_first(map, map.edge_hexes(edge));
    let mut out = Vec::new();
    for (i, hex) in hexes.iter().enumerate() {
        if !keep(*hex) {
            continue;
        }
        let sides = outer_sides(map, *hex, edge.side);
        for side in &sides {
            out.push(Shape::Line {
                points: side.to_vec(),
                width: 0.16 * r,
                colour: EDGE_INK,
            });
        }
        if i == 0 {
            let name = edge.name.clone().unwrap_or_else(|| edge.id.clone());
            let at = label_outside(map, *hex, &sides);
            // Beside an east or west edge the margin is narrow: one letter
            // a line.
            let text = if side_on_x(*hex, map, &sides) {
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

/// Where an edge's name goes: just outside the map beyond its middle hex's
/// outer sides (clear of hex numbers and entry names), else inside it.
fn label_outside(map: &Map, hex: HexId, sides: &[[[f64; 2]; 2]]) -> [f64; 2] {
    let r = map.grid.hex_radius_px;
    let c = map.grid.center_px(hex);
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
    let at = len + 0.12 * r + extent;
    [c[0] + u[0] * at, c[1] + u[1] * at]
}

/// Whether `sides` of `hex` face mostly east or west.
fn side_on_x(hex: HexId, map: &Map, sides: &[[[f64; 2]; 2]]) -> bool {
    let c = map.grid.center_px(hex);
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
    hex: HexId,
    toward: Option<berthier_schema::map::Compass>,
) -> Vec<[[f64; 2]; 2]> {
    use berthier_schema::map::Compass;
    let c = map.grid.center_px(hex);
    let k = map.grid.corners_px(hex);
    (0..6)
        .map(|i| [k[i], k[(i + 1) % 6]])
        .filter(|[a, b]| {
            let (dx, dy) =
                ((a[0] + b[0]) / 2.0 - c[0], (a[1] + b[1]) / 2.0 - c[1]);
            let beyond = [c[0] + 2.0 * dx, c[1] + 2.0 * dy];
            let off = map
                .grid
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

/// The uncached overlay: the hovered hex, the brush footprint and the
/// hexside the hexside tool would touch.
pub fn overlay(canvas: &MapCanvas<'_>, frame: &mut Frame) {
    let map = &canvas.opened.map;
    let ink = Color::from_rgb8(CURSOR_INK[0], CURSOR_INK[1], CURSOR_INK[2]);
    let thin = Stroke::default().with_width(1.5).with_color(ink);
    for hex in &canvas.preview.hexes {
        let mut corners = map.grid.corners_px(*hex).to_vec();
        corners.push(corners[0]);
        frame.stroke(&polyline(&canvas.view, &corners), thin);
    }
    if let Some(hex) = canvas.hover.and_then(|p| super::hex_at(canvas, p)) {
        let mut corners = map.grid.corners_px(hex).to_vec();
        corners.push(corners[0]);
        let thick = Stroke::default().with_width(3.0).with_color(ink);
        frame.stroke(&polyline(&canvas.view, &corners), thick);
    }
    if let Some(hex) = canvas.highlight {
        let mut corners = map.grid.corners_px(hex).to_vec();
        corners.push(corners[0]);
        let red = Stroke::default()
            .with_width(4.0)
            .with_color(Color::from_rgb8(0xd0, 0x20, 0x20));
        frame.stroke(&polyline(&canvas.view, &corners), red);
    }
    if let Some([p, q]) =
        canvas.preview.side.and_then(|s| s.endpoints_px(&map.grid))
    {
        let width =
            (map.grid.hex_radius_px as f32 * canvas.view.zoom * 0.2).max(4.0);
        let stroke = Stroke::default()
            .with_width(width)
            .with_color(ink.scale_alpha(0.8));
        frame.stroke(&polyline(&canvas.view, &[p, q]), stroke);
    }
}

/// Draws one scene shape, converting scan pixels through the viewport.
pub fn draw_shape(
    frame: &mut Frame,
    view: &Viewport,
    shape: &Shape,
    alpha: f32,
) {
    let colour = |rgb: [u8; 3]| {
        Color::from_rgb8(rgb[0], rgb[1], rgb[2]).scale_alpha(alpha)
    };
    match shape {
        Shape::Fill { points, colour: c } => {
            frame.fill(&polygon(view, points), colour(*c));
        }
        Shape::Line {
            points,
            width,
            colour: c,
        } => {
            let width = (*width as f32 * view.zoom).max(1.0);
            frame.stroke(
                &polyline(view, points),
                Stroke::default().with_width(width).with_color(colour(*c)),
            );
        }
        Shape::Text {
            at,
            size,
            text,
            colour: c,
        } => frame.fill_text(canvas::Text {
            content: text.clone(),
            position: view.to_screen(*at),
            size: (*size as f32 * view.zoom).into(),
            color: colour(*c),
            align_x: Alignment::Center,
            align_y: alignment::Vertical::Center,
            ..canvas::Text::default()
        }),
    }
}

fn polygon(view: &Viewport, points: &[[f64; 2]]) -> Path {
    let mut closed = points.to_vec();
    if let Some(first) = points.first() {
        closed.push(*first);
    }
    polyline(view, &closed)
}

fn polyline(view: &Viewport, points: &[[f64; 2]]) -> Path {
    Path::new(|b| {
        let mut it = points.iter().map(|p| view.to_screen(*p));
        if let Some(first) = it.next() {
            b.move_to(first);
        }
        for p in it {
            b.line_to(p);
        }
    })
}
