//! The New map form's layout, and its native dialogs (scan, series,
//! file).

use std::path::Path;

use berthier_schema::{Orientation, Shift};
use iced::widget::{
    button, checkbox, column, container, radio, row, scrollable, text,
    text_input,
};
use iced::{Element, Fill, Task};

use super::{Message, NewMapScreen, ScanChoice};
use crate::map_form::{Field, labelled};
use crate::screen::map::attach::SCAN_EXTENSIONS;
use crate::screen::map::properties::extent_fields;
use crate::screen::new_file;

impl NewMapScreen {
    /// The form.
    pub fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        let form = column![
            text("New map").size(24),
            labelled(
                "Name",
                text_input("Ligny 1815", &self.name).on_input(Message::Name),
                p.of(Field::Name),
            ),
            labelled(
                "Id",
                text_input("ligny-1815", &self.id).on_input(Message::Id),
                p.of(Field::Id),
            ),
            labelled("Scan", self.scan_field(), p.of(Field::Scan)),
            labelled(
                "Series",
                new_file::series_field(
                    &self.series,
                    self.series_chosen.clone(),
                    Message::Series,
                    Message::ChooseSeries,
                ),
                p.of(Field::Series),
            ),
            self.numbering(),
            extent_fields(&self.extent, p, Message::Extent),
            labelled(
                "Sheet letter",
                text_input("none", &self.sheet)
                    .width(80)
                    .on_input(Message::Sheet),
                p.of(Field::Sheet),
            ),
            labelled("Save to", self.file_field(), p.of(Field::File)),
            self.actions(),
        ]
        .spacing(10)
        .padding(20)
        .max_width(820);
        scrollable(container(form).center_x(Fill)).into()
    }

    fn scan_field(&self) -> Element<'_, Message> {
        let what = match &self.scan {
            None => "No scan: hexes start at 40 px".to_owned(),
            Some(ScanChoice { path, size }) => {
                let name = path.file_name().unwrap_or_default();
                match size {
                    Ok((w, h)) => format!("{} ({w}×{h} px)", name.display()),
                    Err(_) => name.display().to_string(),
                }
            }
        };
        row![
            text(what),
            button("Choose…").on_press(Message::ChooseScan),
            button("No scan")
                .style(button::secondary)
                .on_press_maybe(self.scan.as_ref().map(|_| Message::NoScan)),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .into()
    }

    fn numbering(&self) -> Element<'_, Message> {
        let o = Some(self.orientation);
        let s = Some(self.shift);
        let (odd, even) = match self.orientation {
            Orientation::Flat => ("Odd columns", "Even columns"),
            Orientation::Pointy => ("Odd rows", "Even rows"),
        };
        column![
            labelled(
                "Hexes",
                row![
                    radio(
                        "Flat top",
                        Orientation::Flat,
                        o,
                        Message::Orientation
                    ),
                    radio(
                        "Pointy top",
                        Orientation::Pointy,
                        o,
                        Message::Orientation
                    ),
                ]
                .spacing(16),
                None,
            ),
            labelled(
                "Shifted half a hex",
                row![
                    radio(odd, Shift::Odd, s, Message::Shift),
                    radio(even, Shift::Even, s, Message::Shift),
                ]
                .spacing(16),
                None,
            ),
            labelled(
                "Numbers",
                row![
                    text("CCRR: two digits of column, two of row"),
                    checkbox(self.wide_columns)
                        .label("three-digit columns (CCCRR)")
                        .on_toggle(Message::WideColumns),
                ]
                .spacing(16)
                .align_y(iced::Center),
                None,
            ),
        ]
        .spacing(6)
        .into()
    }

    fn file_field(&self) -> Element<'_, Message> {
        // Until there is an id, show where the file will go.
        let placeholder = (self.file.is_none() && self.id.trim().is_empty())
            .then(|| self.destination().file("<id>", "map.ron"));
        new_file::file_field(&self.target(), placeholder, Message::ChooseFile)
    }

    fn actions(&self) -> Element<'_, Message> {
        new_file::actions(
            self.replace.as_deref(),
            ("Create map", Message::Create),
            Message::Cancel,
            Message::Replace,
            Message::KeepFile,
        )
    }
}

/// The native dialog for the scan image.
pub fn scan_dialog(folder: &Path) -> Task<Message> {
    let dialog = rfd::AsyncFileDialog::new()
        .set_title("Scan of the new map")
        .add_filter("Images", &SCAN_EXTENSIONS)
        .set_directory(folder);
    Task::perform(dialog.pick_file(), |h| {
        Message::ScanPicked(h.map(|h| h.path().to_owned()))
    })
}
