//! Attaching or replacing a map's scan ("Scan…"): the picked image becomes
//! `map.scan`, written relative to the map file, as one undo step, and is
//! loaded at once. Register grid and Suggest terrain need a scan: on a map
//! without one they say so before anything else and offer to attach one,
//! then go on into the screen. Register grid can also go on without one:
//! on a map with no scan it still sets the orientation, shift and nominal
//! hex size.

use std::path::PathBuf;

use berthier_schema::edit::Properties;
use iced::Task;
use iced::widget::{button, row, text};

use super::file::banner;
use super::{Event, MapScreen, Message};

/// Where to go once a scan is attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NeedsScan {
    /// Register the grid.
    Register,
    /// Suggest terrain.
    Suggest,
}

/// Image files a scan may be.
pub const SCAN_EXTENSIONS: [&str; 5] = ["png", "jpg", "jpeg", "tif", "tiff"];

impl MapScreen {
    /// Register grid or Suggest terrain: on at once with a scan, else the
    /// question "This map has no scan".
    pub(super) fn needs_scan(
        &mut self,
        then: NeedsScan,
    ) -> (Task<Message>, Option<Event>) {
        if self.opened.scan.is_some() {
            return (Task::none(), Some(event_for(then)));
        }
        self.needs_scan = Some(then);
        (Task::none(), None)
    }

    /// The scan dialog closed: `path` becomes the map's scan; then, when a
    /// screen was waiting for it and it loaded, that screen opens.
    pub(super) fn scan_picked(
        &mut self,
        path: Option<PathBuf>,
    ) -> (Task<Message>, Option<Event>) {
        let Some(path) = path else {
            return (Task::none(), None);
        };
        let mut header = Properties::of(&self.opened.map);
        header.scan =
            Some(berthier_tools::files::path_from(&self.opened.path, &path));
        let task = self.set_header(header);
        let then = self.needs_scan.take();
        if self.opened.scan.is_none() {
            // It did not load: the status bar says why.
            return (task, None);
        }
        (task, then.map(event_for))
    }

    /// "This map has no scan." [Attach a scan…] [Cancel], while asked.
    pub(super) fn no_scan_banner(&self) -> Option<iced::Element<'_, Message>> {
        let then = self.needs_scan?;
        let problem = match (then, self.opened.map.scan.is_some()) {
            (NeedsScan::Register, false) => {
                "This map has no scan to register the grid on."
            }
            (NeedsScan::Suggest, false) => {
                "This map has no scan to suggest terrain from."
            }
            (NeedsScan::Register, true) => {
                "This map's scan could not be read, so the grid cannot be \
                 registered on it."
            }
            (NeedsScan::Suggest, true) => {
                "This map's scan could not be read, so terrain cannot be \
                 suggested from it."
            }
        };
        let mut question = row![
            text(problem),
            button("Attach a scan…").on_press(Message::AttachScan),
        ];
        if then == NeedsScan::Register {
            question = question.push(
                button("Register without a scan")
                    .style(button::secondary)
                    .on_press(Message::RegisterWithoutScan),
            );
        }
        Some(banner(
            question
                .push(
                    button("Cancel")
                        .style(button::secondary)
                        .on_press(Message::CancelNeedsScan),
                )
                .spacing(12)
                .align_y(iced::Center),
        ))
    }

    /// The native dialog for the scan image, starting beside the map.
    pub(super) fn scan_dialog(&self) -> Task<Message> {
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title("Scan of the map")
            .add_filter("Images", &SCAN_EXTENSIONS);
        if let Some(dir) = self.opened.path.parent() {
            dialog = dialog.set_directory(dir);
        }
        Task::perform(dialog.pick_file(), |h| {
            Message::ScanPicked(h.map(|h| h.path().to_owned()))
        })
    }

    /// Whether the screen asks for a scan before `NeedsScan` goes on.
    pub fn asks_for_scan(&self) -> Option<NeedsScan> {
        self.needs_scan
    }
}

fn event_for(then: NeedsScan) -> Event {
    match then {
        NeedsScan::Register => Event::Register,
        NeedsScan::Suggest => Event::Suggest,
    }
}
