//! The selected unit's counter drawn as the printed one looks, both
//! faces, in the order of battle screen (issue 11: counters "in the tree,
//! on the map and in a print-and-play sheet"), with the same art as the
//! Setup map and `berthier-editor counters` (`counter_art`).

use iced::widget::image::Handle;
use iced::widget::{column, image, row, text};
use iced::{Element, Length};

use super::{Message, OobScreen};
use crate::counter_art::draw;
use crate::counter_art::{Art, Counter};
use crate::render::raster;

/// A face's side in screen pixels: the ratings stay readable.
const FACE_PX: u32 = 96;

impl OobScreen {
    /// The counter of unit `id` as `counter_art` draws it, or `None`
    /// when the unit is not in the file or the series did not load (the
    /// art needs the series' classes and rating positions).
    pub fn counter_of(&self, id: &str) -> Option<Counter> {
        let series = self.doc.series.as_ref()?;
        let merged = self.doc.merged();
        let unit = merged.unit(id)?;
        Some(Art::new(merged, series).counter(unit))
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
