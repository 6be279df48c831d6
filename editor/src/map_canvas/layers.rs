//! The layers of the map view and how each is drawn. Every layer's shapes
//! come from `scene` (shared with the PNG renderer); the cursor overlay is
//! the editor's own.

use iced::widget::canvas::{self, Frame, Path, Stroke};
use iced::widget::text::Alignment;
use iced::{Color, alignment};

use berthier_schema::{HexId, Map};

use super::{MapCanvas, NUMBERS_MIN_RADIUS, Viewport};
pub use berthier_tools::scene::Layer;
use berthier_tools::scene::{self, Shape};

pub use berthier_tools::scene::places::{EDGE_INK, ENTRY_INK};
/// Cursor overlay.
const CURSOR_INK: [u8; 3] = [0xff, 0x8c, 0x00];

/// Draws one vector layer into its cached frame.
pub fn draw(canvas: &MapCanvas<'_>, frame: &mut Frame, layer: Layer) {
    let map = &canvas.opened.map;
    let keep = keeper(canvas, frame.size());
    let scanned =
        canvas.opened.scan.is_some() || !canvas.opened.sheet_scans.is_empty();
    let over_scan = scanned && canvas.visible.get(Layer::Scan);
    let radius_on_screen = map.grid.hex_radius_px as f32 * canvas.view.zoom;
    let palette = &canvas.opened.palette;
    let shapes = |layer| scene::shapes(map, palette, layer, &keep);
    let (shapes, alpha) = match layer {
        Layer::Scan => return,
        Layer::Numbers if radius_on_screen < NUMBERS_MIN_RADIUS => return,
        Layer::Numbers if over_scan => {
            (scene::overlay_numbers(map, &keep), 0.85)
        }
        // Translucent over a scan, so the printed terrain shows through.
        Layer::Terrain if over_scan => (shapes(layer), 0.45),
        Layer::Grid | Layer::Numbers => (shapes(layer), 0.85),
        _ => (shapes(layer), 1.0),
    };
    for shape in &shapes {
        draw_shape(frame, &canvas.view, shape, alpha);
    }
    if layer == Layer::Terrain && over_scan {
        // Over a scan the fill is translucent; a ring in the terrain's own
        // colour says the hex is painted, not printed.
        for shape in scene::marks::painted_rings(map, palette, &keep) {
            draw_shape(frame, &canvas.view, &shape, 1.0);
        }
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
    let placed = canvas.opened.map.geometry();
    move |h| super::geometry::in_rect(placed.center_px(h), rect, margin)
}

/// The places layer with the default palette (its shapes use none).
pub fn places(map: &Map, keep: &dyn Fn(HexId) -> bool) -> Vec<Shape> {
    scene::places::all(map, &berthier_tools::palette::Palette::default(), keep)
}

/// The uncached overlay: the hovered hex, the brush footprint, the
/// clicked finding's marks and the hexside the hexside tool would touch.
pub fn overlay(canvas: &MapCanvas<'_>, frame: &mut Frame) {
    let map = &canvas.opened.map;
    let ink = Color::from_rgb8(CURSOR_INK[0], CURSOR_INK[1], CURSOR_INK[2]);
    let thin = Stroke::default().with_width(1.5).with_color(ink);
    // Inside the hex edge, so the hexsides under the cursor stay visible.
    for hex in &canvas.preview.hexes {
        let ring = scene::marks::inset_ring(map, *hex);
        frame.stroke(&polyline(&canvas.view, &ring), thin);
    }
    if let Some(hex) = canvas.hover.and_then(|p| super::hex_at(canvas, p)) {
        let ring = scene::marks::inset_ring(map, hex);
        let thick = Stroke::default().with_width(3.0).with_color(ink);
        frame.stroke(&polyline(&canvas.view, &ring), thick);
    }
    super::highlight::draw_marked(canvas, frame);
    super::highlight::draw(canvas, frame);
    if let Some([p, q]) = canvas
        .preview
        .side
        .and_then(|s| s.endpoints_on(&map.geometry()))
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
        Shape::Fill {
            points,
            colour: c,
            alpha: a,
        } => {
            frame.fill(
                &polygon(view, points),
                colour(*c).scale_alpha(*a as f32),
            );
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

pub(super) fn polyline(view: &Viewport, points: &[[f64; 2]]) -> Path {
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
