//! The red marks of the finding last clicked in the findings panel. The
//! hex outline is drawn inside the hex and a hexside finding (a road over
//! a river with no bridge, a slope drawn the wrong way) gets a bar on each
//! side of its hexside, so the hexside the finding is about stays visible
//! between them: an outline on the hex's edge covered the very river it
//! reported (review-editor step 6).

use berthier_schema::grid::Geometry;
use berthier_schema::{HexId, Hexside};
use iced::Color;
use iced::widget::canvas::{Frame, Stroke};

use super::MapCanvas;

/// What to mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    /// The hex the view was centred on.
    pub hex: HexId,
    /// The hexside the finding is about, if any.
    pub side: Option<Hexside>,
}

/// How far in from its edge a hex's marks are drawn, as a share of the way
/// to its centre: a fifth of a hex clears the widest hexside stroke
/// (a river, 0.16 of the radius wide).
pub const INSET: f64 = 0.2;

/// The marks, in scan pixels: the closed outline of the hex drawn
/// [`INSET`] inside it, then for a hexside finding one bar per hex of the
/// hexside, parallel to it and as far inside.
pub fn lines(grid: &Geometry<'_>, mark: Highlight) -> Vec<Vec<[f64; 2]>> {
    let inset = |centre: [f64; 2], p: [f64; 2]| {
        [
            p[0] + (centre[0] - p[0]) * INSET,
            p[1] + (centre[1] - p[1]) * INSET,
        ]
    };
    let centre = grid.center_px(mark.hex);
    let mut outline: Vec<[f64; 2]> = grid
        .corners_px(mark.hex)
        .iter()
        .map(|p| inset(centre, *p))
        .collect();
    outline.push(outline[0]);
    let mut out = vec![outline];
    if let Some([p, q]) = mark.side.and_then(|s| s.endpoints_on(grid)) {
        for hex in mark.side.into_iter().flat_map(Hexside::hexes) {
            let centre = grid.center_px(hex);
            out.push(vec![inset(centre, p), inset(centre, q)]);
        }
    }
    out
}

/// Draws the marks of `canvas.highlight` on the overlay.
pub fn draw(canvas: &MapCanvas<'_>, frame: &mut Frame) {
    let Some(mark) = canvas.highlight else { return };
    let grid = canvas.opened.map.geometry();
    let red = Color::from_rgb8(0xd0, 0x20, 0x20);
    let radius = grid.hex_radius_px as f32 * canvas.view.zoom;
    for (i, line) in lines(&grid, mark).iter().enumerate() {
        // The bars are what the eye should find: thicker than the outline.
        let width = if i == 0 { 3.0 } else { (radius * 0.1).max(4.0) };
        let stroke = Stroke::default().with_width(width).with_color(red);
        frame.stroke(&super::layers::polyline(&canvas.view, line), stroke);
    }
}

/// Outlines every hex of `canvas.marked` (hexes with a finding) in a
/// thick orange ring inside the hex, under the clicked
/// finding's red marks.
pub fn draw_marked(canvas: &MapCanvas<'_>, frame: &mut Frame) {
    if canvas.marked.is_empty() {
        return;
    }
    let map = &canvas.opened.map;
    let orange = Color::from_rgba8(0xe0, 0x70, 0x10, 0.9);
    let stroke = Stroke::default().with_width(2.5).with_color(orange);
    for hex in canvas.marked {
        let ring = berthier_tools::scene::marks::inset_ring(map, *hex);
        frame.stroke(&super::layers::polyline(&canvas.view, &ring), stroke);
    }
}
