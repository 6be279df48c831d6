//! The scenario's map, small, beside the selected card: terrain and roads
//! as the map screen draws them (the same scene shapes), the card's entry
//! hexes in red, its alternative entries in orange and, while the
//! schedule plays, the hexes where units enter that turn (red) and the
//! entries of those delayed (orange). It is drawn into an image rather
//! than on a canvas: a canvas here left strips of the map screen's
//! drawing on the page with the CPU renderer (seen under Xvfb).

use berthier_schema::{HexId, Location};
use iced::widget::image::Handle;
use iced::widget::{image, text};
use iced::{ContentFit, Element, Fill};

use super::{Message, TimelineScreen};
use berthier_tools::palette::Palette;
use berthier_tools::render::raster;
use berthier_tools::scene::{self, Layer, Px, Shape};
use berthier_tools::timeline::TimelineDoc;

/// The most pixels the map image has a side (twice the panel, so it
/// stays sharp on a high-density screen).
const IMAGE_BOX: [f64; 2] = [840.0, 600.0];

/// Image pixels around the map.
const MARGIN: f64 = 20.0;

/// The map drawn once, scaled to fit [`IMAGE_BOX`].
#[derive(Debug, Default)]
pub(super) struct Backdrop {
    image: Option<::image::RgbaImage>,
    /// Scan pixels to image pixels: scale, then offset.
    k: f64,
    offset: Px,
}

/// How a highlighted hex is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// The card's entry.
    Entry,
    /// One of the card's alternative entries, or (playing) an entry
    /// where someone is delayed.
    Alternative,
    /// The hex of the live finding last clicked.
    Finding,
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
        let (w, h) = (
            (bounds[2] - bounds[0]).max(1.0),
            (bounds[3] - bounds[1]).max(1.0),
        );
        // A margin for the rings around entry hexes on the map's edge.
        let box_ = [IMAGE_BOX[0] - 2.0 * MARGIN, IMAGE_BOX[1] - 2.0 * MARGIN];
        let k = (box_[0] / w).min(box_[1] / h);
        let offset = [MARGIN - bounds[0] * k, MARGIN - bounds[1] * k];
        let size = |side: f64| (side * k + 2.0 * MARGIN).ceil() as u32;
        let mut img = raster::paper(size(w), size(h));
        for shape in &shapes {
            draw(&mut img, &shape.mapped(k, offset));
        }
        Self {
            image: Some(img),
            k,
            offset,
        }
    }

    /// The hex under `at`, a point of the small map shown at `size` (the
    /// image is fitted and centred there, as `ContentFit::Contain` does).
    pub(super) fn hex_at(
        &self,
        doc: &TimelineDoc,
        at: iced::Point,
        size: iced::Size,
    ) -> Option<HexId> {
        let (img, map) = (self.image.as_ref()?, doc.map.as_ref()?);
        let (w, h) = (f64::from(img.width()), f64::from(img.height()));
        let (sw, sh) = (f64::from(size.width), f64::from(size.height));
        let scale = (sw / w).min(sh / h);
        if scale <= 0.0 || self.k <= 0.0 {
            return None;
        }
        let image_px = [
            (f64::from(at.x) - (sw - w * scale) / 2.0) / scale,
            (f64::from(at.y) - (sh - h * scale) / 2.0) / scale,
        ];
        let px = [
            (image_px[0] - self.offset[0]) / self.k,
            (image_px[1] - self.offset[1]) / self.k,
        ];
        map.geometry()
            .hex_at_px(px, None)
            .filter(|h| map.contains(*h))
    }

    /// Where `hex`'s centre is on the small map shown at `size` (tests
    /// click there).
    pub(super) fn point_of(
        &self,
        doc: &TimelineDoc,
        hex: HexId,
        size: iced::Size,
    ) -> Option<iced::Point> {
        let (img, map) = (self.image.as_ref()?, doc.map.as_ref()?);
        let (w, h) = (f64::from(img.width()), f64::from(img.height()));
        let (sw, sh) = (f64::from(size.width), f64::from(size.height));
        let scale = (sw / w).min(sh / h);
        let [x, y] = map.geometry().center_px(hex);
        let image_px =
            [x * self.k + self.offset[0], y * self.k + self.offset[1]];
        Some(iced::Point::new(
            (image_px[0] * scale + (sw - w * scale) / 2.0) as f32,
            (image_px[1] * scale + (sh - h * scale) / 2.0) as f32,
        ))
    }

    /// Rings each hex of a game's `marks` (transfer ends and joins) in
    /// its ink, into the map drawn once: they do not change while the
    /// screen is shown. The words are left out, unreadable at this size;
    /// the map screen lists them.
    pub(super) fn ring_game_marks(
        &mut self,
        doc: &TimelineDoc,
        marks: &[berthier_tools::game::Mark],
    ) {
        let (Some(img), Some(map)) = (self.image.as_mut(), &doc.map) else {
            return;
        };
        let geometry = map.geometry();
        for mark in marks {
            let colour = berthier_tools::game::marks::ink(mark.kind);
            for hex in &mark.hexes {
                let [x, y] = geometry.center_px(*hex);
                let [cx, cy] =
                    [x * self.k + self.offset[0], y * self.k + self.offset[1]];
                let ring: Vec<Px> = (0..=24)
                    .map(|i| {
                        let a = f64::from(i) * std::f64::consts::TAU / 24.0;
                        [cx + 11.0 * a.cos(), cy + 11.0 * a.sin()]
                    })
                    .collect();
                raster::line(img, &ring, 3.0, colour);
            }
        }
    }

    /// The map with `marks` drawn on it.
    pub(super) fn with_marks(
        &self,
        doc: &TimelineDoc,
        marks: &[(HexId, Mark)],
    ) -> Option<Handle> {
        let (Some(base), Some(map)) = (&self.image, &doc.map) else {
            return None;
        };
        let mut img = base.clone();
        let geometry = map.geometry();
        let at = |[x, y]: Px| {
            [x * self.k + self.offset[0], y * self.k + self.offset[1]]
        };
        for (hex, mark) in marks {
            let colour = match mark {
                Mark::Entry => [0xd0, 0x10, 0x10],
                Mark::Alternative => [0xff, 0x8c, 0x00],
                Mark::Finding => [0x8e, 0x24, 0xaa],
            };
            let corners: Vec<Px> = geometry.corners_px(*hex).map(at).to_vec();
            raster::fill_polygon(&mut img, &corners, colour, 0.7);
            // A ring around the hex: at this scale a hex is a few pixels
            // across and would be lost.
            let [cx, cy] = at(geometry.center_px(*hex));
            let ring: Vec<Px> = (0..=24)
                .map(|i| {
                    let a = f64::from(i) * std::f64::consts::TAU / 24.0;
                    [cx + 16.0 * a.cos(), cy + 16.0 * a.sin()]
                })
                .collect();
            raster::line(&mut img, &ring, 4.0, colour);
        }
        let (w, h) = img.dimensions();
        Some(Handle::from_rgba(w, h, img.into_raw()))
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
    /// Where `hex`'s centre is on the small map shown at `size`.
    pub fn minimap_point(
        &self,
        hex: HexId,
        size: iced::Size,
    ) -> Option<iced::Point> {
        self.backdrop.point_of(&self.doc, hex, size)
    }

    /// The map with the selection's (or the played turn's) hexes.
    pub(super) fn minimap(&self) -> Element<'_, Message> {
        match &self.map_image {
            Some(handle) => iced::widget::responsive(move |size| {
                iced::widget::mouse_area(
                    image(handle.clone())
                        .content_fit(ContentFit::Contain)
                        .width(Fill)
                        .height(Fill),
                )
                .on_move(super::entry::pointer(size))
                .on_press(Message::MapPress)
                .into()
            })
            .into(),
            None => text("The scenario's map did not load.").size(14).into(),
        }
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

impl TimelineScreen {
    /// The entry hexes of the played turn: where units enter, and where
    /// someone due could not.
    pub(super) fn played_marks(&self, turn: u16) -> Vec<(HexId, Mark)> {
        let Some(now) = self
            .played
            .as_ref()
            .and_then(|p| p.turns.get(usize::from(turn).wrapping_sub(1)))
        else {
            return Vec::new();
        };
        let mut marks = Vec::new();
        for delay in &now.delayed {
            let arrival = &self.doc.scenario().sides[delay.side].reinforcements
                [delay.arrival];
            if let Some(entry) = &arrival.entry {
                for hex in location_hexes(&self.doc, entry) {
                    marks.push((hex, Mark::Alternative));
                }
            }
        }
        for column in &now.columns {
            let took = column.entered.iter().filter_map(|e| e.hex);
            marks.extend(took.map(|h| (h, Mark::Entry)));
        }
        marks
    }
}

/// Draws one scene shape into the image (names are unreadable at this
/// size and left out).
fn draw(img: &mut ::image::RgbaImage, shape: &Shape) {
    match shape {
        Shape::Fill {
            points,
            colour,
            alpha,
        } => raster::fill_polygon(img, points, *colour, *alpha),
        Shape::Line {
            points,
            width,
            colour,
        } => raster::line(img, points, width.max(1.5), *colour),
        Shape::Text { .. } => {}
    }
}
