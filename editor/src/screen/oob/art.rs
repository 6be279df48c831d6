//! The selected unit's counter drawn as the printed one looks, both
//! faces, in the order of battle screen (counters are drawn alike in the
//! tree, on the map and in the print-and-play sheet), with the same art as the
//! Setup map and `berthier-editor counters` (`counter_art`).

use berthier_tools::oob::activation;
use std::cell::RefCell;
use std::collections::HashMap;

use iced::widget::image::Handle;
use iced::widget::{column, image, row, text};
use iced::{Element, Length};

use super::{Message, OobScreen};
use berthier_tools::counter_art::draw;
use berthier_tools::counter_art::{Art, Counter, Face};
use berthier_tools::render::raster;

/// A face's side in screen pixels: the ratings stay readable.
const FACE_PX: u32 = 96;

/// A tree row's counter, in screen pixels: the row's height, enough for
/// the nationality colour, the formation band and the arm's symbol.
const ICON_PX: u32 = 20;

/// The tree's counters by unit id, each with the face it was drawn from:
/// redrawn only when that face changes (an edit), not at every view of a
/// tree of a few hundred units.
#[derive(Debug, Default)]
pub(super) struct Icons(RefCell<HashMap<String, (Face, Handle)>>);

impl Icons {
    /// The picture of `face` for unit `id`, drawn once per face.
    fn get(&self, id: &str, face: Face) -> Handle {
        let mut cache = self.0.borrow_mut();
        if let Some((drawn, handle)) = cache.get(id)
            && *drawn == face
        {
            return handle.clone();
        }
        let img = draw::image(&face, &raster::font(), ICON_PX);
        let (w, h) = img.dimensions();
        let handle = Handle::from_rgba(w, h, img.into_raw());
        cache.insert(id.to_owned(), (face, handle.clone()));
        handle
    }
}

impl OobScreen {
    /// The counter of unit (or activation marker) `id` as `counter_art`
    /// draws it, or `None` when it is not in the file or the series did
    /// not load (the art needs the series' classes and rating positions).
    pub fn counter_of(&self, id: &str) -> Option<Counter> {
        let series = self.doc.series.as_ref()?;
        let merged = self.doc.merged();
        let art = Art::new(merged, series);
        if let Some(unit) = merged.unit(id) {
            return Some(art.counter(unit));
        }
        let formation = activation::formation_of(&self.doc, id)?;
        let marker =
            formation.activation_markers.iter().find(|m| m.id == id)?;
        Some(art.activation_marker(formation, marker))
    }

    /// The art of this file's counters, when its series loaded.
    pub(super) fn art(&self) -> Option<Art<'_>> {
        let series = self.doc.series.as_ref()?;
        Some(Art::new(self.doc.merged(), series))
    }

    /// A tree row's small counter (its front) for unit `id`.
    pub(super) fn tree_icon(
        &self,
        art: &Art<'_>,
        id: &str,
    ) -> Option<Element<'_, Message>> {
        let unit = self.doc.merged().unit(id)?;
        let handle = self.icons.get(id, art.counter(unit).front);
        let side = Length::Fixed(ICON_PX as f32);
        Some(image(handle).width(side).height(side).into())
    }

    /// Whether unit `id`'s row has its counter drawn now (for tests).
    pub fn has_tree_icon(&self, id: &str) -> bool {
        self.icons.0.borrow().contains_key(id)
    }

    /// Front and back of unit `id`, captioned; nothing without a series.
    pub(super) fn counter_faces(&self, id: &str) -> Element<'_, Message> {
        let Some(counter) = self.counter_of(id) else {
            return column![].into();
        };
        let font = raster::font();
        // Drawn at each view: two 96-pixel faces take well under a
        // millisecond, and the view is rebuilt only after a message.
        let face = |f| {
            let img = draw::image(f, &font, FACE_PX);
            let (w, h) = img.dimensions();
            image(Handle::from_rgba(w, h, img.into_raw()))
                .width(Length::Fixed(FACE_PX as f32))
                .height(Length::Fixed(FACE_PX as f32))
        };
        column![
            text("Counter as printed: front, back").size(14),
            row![face(&counter.front), face(&counter.back)].spacing(8),
        ]
        .spacing(4)
        .into()
    }
}
