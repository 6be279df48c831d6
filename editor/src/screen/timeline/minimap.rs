//! The scenario's map, small, beside the selected card: terrain and roads
//! as the map screen draws them (the same scene shapes), the card's entry
//! hexes in red, its alternative entries in orange and, while the
//! schedule plays, the hexes where units enter that turn.

use berthier_schema::{HexId, Location, Map};
use iced::widget::canvas::{self, Frame, Geometry, Path, Stroke};
use iced::widget::{Canvas, text};
use iced::{Color, Element, Fill, Point, Rectangle, Renderer, Theme, mouse};

use super::{Message, TimelineScreen};
use crate::palette::{Palette, Rgb};
use crate::scene::{self, Layer, Px, Shape};
use crate::timeline::TimelineDoc;

/// The map drawn once, in scan pixels.
#[derive(Debug, Default)]
pub(super) struct Backdrop {
    shapes: Vec<Shape>,
    /// Scan-pixel bounds of the printed hexes: least x, y then most x, y.
    bounds: [f64; 4],
}

/// How a highlighted hex is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The card's entry.
    Entry,
    /// One of the card's alternative entries.
    Alternative,
}

impl Backdrop {
    /// The terrain and roads of the doc's map (empty without a map).
    pub(super) fn new(doc: &TimelineDoc) -> Self {
        let Some(map) = &doc.map else {
            return Self::default();
        };
        let palette = Palette::new(doc.series.as_ref());
        let keep = |_: HexId| true;
        let geometry = map.geometry();
        // Unpainted hexes (a reconstructed map) still show the map's shape.
        let mut shapes: Vec<Shape> = scene::all_hexes(map)
            .map(|hex| Shape::Fill {
                points: geometry.corners_px(hex).to_vec(),
                colour: [0xee, 0xea, 0xdc],
                alpha: 1.0,
            })
            .collect();
        shapes.extend(scene::shapes(map, &palette, Layer::Terrain, &keep));
        shapes.extend(scene::shapes(map, &palette, Layer::Roads, &keep));
        let mut bounds = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
        for hex in scene::all_hexes(map) {
            for [x, y] in geometry.corners_px(hex) {
                bounds = [
                    bounds[0].min(x),
                    bounds[1].min(y),
                    bounds[2].max(x),
                    bounds[3].max(y),
                ];
            }
        }
        Self { shapes, bounds }
    }
}

/// The hexes of `location` on the doc's map (none when it does not
/// resolve).
pub(super) fn location_hexes(
    doc: &TimelineDoc,
    location: &Location,
) -> Vec<HexId> {
    let (Some(map), Some(battle)) = (&doc.map, doc.battle()) else {
        return Vec::new();
    };
    berthier_schema::zone::Zone::new(map, &battle)
        .location_hexes(location)
        .unwrap_or_default()
}

impl TimelineScreen {
    /// The map with the selection's (or the played turn's) hexes.
    pub(super) fn minimap(&self) -> Element<'_, Message> {
        let Some(map) = &self.doc.map else {
            return text("The scenario's map did not load.").size(14).into();
        };
        Canvas::new(MiniMap {
            map,
            backdrop: &self.backdrop,
            marks: &self.marks,
        })
        .width(Fill)
        .height(Fill)
        .into()
    }

    /// The hexes to highlight for the selected card.
    pub(super) fn card_marks(&self) -> Vec<(HexId, Mark)> {
        let Some(card) = self.selected() else {
            return Vec::new();
        };
        let arrival =
            &self.doc.scenario().sides[card.side].reinforcements[card.index];
        let mut marks = Vec::new();
        if let Some(alt) = &arrival.alternatives {
            for location in &alt.entries {
                for hex in location_hexes(&self.doc, location) {
                    marks.push((hex, Mark::Alternative));
                }
            }
        }
        let entry = arrival.entry.as_ref().or(None);
        let placed =
            entry.map_or_else(Vec::new, |l| location_hexes(&self.doc, l));
        marks.extend(placed.into_iter().map(|h| (h, Mark::Entry)));
        marks
    }
}

struct MiniMap<'a> {
    map: &'a Map,
    backdrop: &'a Backdrop,
    marks: &'a [(HexId, Mark)],
}

impl MiniMap<'_> {
    /// Scale and offset fitting the map's hexes into `size`.
    fn fit(&self, bounds: Rectangle) -> (f64, Px) {
        let [x0, y0, x1, y1] = self.backdrop.bounds;
        let (w, h) = ((x1 - x0).max(1.0), (y1 - y0).max(1.0));
        let k = (f64::from(bounds.width) / w).min(f64::from(bounds.height) / h);
        let dx = (f64::from(bounds.width) - w * k) / 2.0 - x0 * k;
        let dy = (f64::from(bounds.height) - h * k) / 2.0 - y0 * k;
        (k, [dx, dy])
    }
}

impl canvas::Program<Message> for MiniMap<'_> {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        let (k, offset) = self.fit(bounds);
        for shape in &self.backdrop.shapes {
            draw(&mut frame, &shape.mapped(k, offset));
        }
        let geometry = self.map.geometry();
        for (hex, mark) in self.marks {
            let corners = geometry
                .corners_px(*hex)
                .map(|[x, y]| [x * k + offset[0], y * k + offset[1]]);
            let colour = match mark {
                Mark::Entry => Color::from_rgb8(0xd0, 0x10, 0x10),
                Mark::Alternative => Color::from_rgb8(0xff, 0x8c, 0x00),
            };
            let path = polygon(&corners);
            frame.fill(&path, colour.scale_alpha(0.55));
            // A ring a few pixels wide around the hex: at this scale a hex
            // is a few pixels across and would be lost.
            let [x, y] = geometry.center_px(*hex);
            let centre = Point::new(
                (x * k + offset[0]) as f32,
                (y * k + offset[1]) as f32,
            );
            frame.stroke(
                &Path::circle(centre, 9.0),
                Stroke::default().with_width(2.5).with_color(colour),
            );
        }
        vec![frame.into_geometry()]
    }
}

fn draw(frame: &mut Frame, shape: &Shape) {
    let colour = |c: Rgb| Color::from_rgb8(c[0], c[1], c[2]);
    match shape {
        Shape::Fill {
            points,
            colour: c,
            alpha,
        } => {
            frame.fill(&polygon(points), colour(*c).scale_alpha(*alpha as f32))
        }
        Shape::Line {
            points,
            width,
            colour: c,
        } => frame.stroke(
            &polyline(points),
            Stroke::default()
                .with_width((*width as f32).max(1.0))
                .with_color(colour(*c)),
        ),
        // Names are unreadable at this size.
        Shape::Text { .. } => {}
    }
}

fn polygon(points: &[Px]) -> Path {
    let mut closed = points.to_vec();
    if let Some(first) = points.first() {
        closed.push(*first);
    }
    polyline(&closed)
}

fn polyline(points: &[Px]) -> Path {
    Path::new(|b| {
        let mut it =
            points.iter().map(|p| Point::new(p[0] as f32, p[1] as f32));
        if let Some(first) = it.next() {
            b.move_to(first);
        }
        for p in it {
            b.line_to(p);
        }
    })
}
