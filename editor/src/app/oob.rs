//! The order of battle screen in the application: a counters file opens
//! into it (from the command line, Open… or the recent list), its
//! shortcuts, and its unsaved changes asked about like a map's.

use std::path::Path;

use std::path::PathBuf;

use iced::widget::{button, column, container, row, text};
use iced::{Element, Task};

use super::{App, Message, Screen, open_dialog};
use crate::screen::map;
use crate::screen::oob::{self, OobScreen};
use crate::screen::unsaved::FileScreen;

/// The map screen of a scenario, under a bar offering its order of
/// battle, its setup and its reinforcement timeline.
pub(super) fn with_bar<'a>(
    screen: Element<'a, Message>,
    counters: &Path,
    scenario: &Path,
) -> Element<'a, Message> {
    let name = counters.file_name().unwrap_or_default().to_string_lossy();
    let bar = row![
        text(format!("This scenario's units are in {name}.")).size(14),
        button(text("Order of battle").size(14))
            .padding([2, 8])
            .on_press(Message::OpenCounters(counters.to_owned())),
        button(text("Setup").size(14))
            .padding([2, 8])
            .on_press(Message::OpenSetup(scenario.to_owned())),
        button(text("Timeline").size(14))
            .padding([2, 8])
            .on_press(Message::OpenTimeline(scenario.to_owned())),
    ]
    .spacing(8)
    .align_y(iced::Center);
    column![container(bar).padding([2, 8]), screen].into()
}

/// The order of battle's part of the editor's Ctrl shortcuts.
pub(super) fn shortcut(message: &map::Message) -> Option<oob::Message> {
    match message {
        map::Message::Undo => Some(oob::Message::Undo),
        map::Message::Redo => Some(oob::Message::Redo),
        map::Message::Save => Some(oob::Message::Save),
        _ => None,
    }
}

impl App {
    pub(super) fn oob_event(&mut self, event: oob::Event) -> Task<Message> {
        match event {
            oob::Event::Open => open_dialog(self.folder()),
            oob::Event::Saved(path) => {
                self.remember(&path);
                Task::none()
            }
            oob::Event::Back(path) => {
                self.request(crate::screen::unsaved::Pending::Open(path))
            }
            oob::Event::PickCsv(way, start) => csv_dialog(way, &start),
        }
    }

    /// The order of battle shown.
    pub fn oob(&self) -> Option<&OobScreen> {
        match &self.screen {
            Screen::Oob(s) => Some(s),
            _ => None,
        }
    }
}

impl FileScreen for OobScreen {
    fn file(&self) -> &Path {
        self.doc().path()
    }

    fn has_unsaved(&self) -> bool {
        self.is_dirty()
    }

    fn save_file(&mut self) -> Option<PathBuf> {
        match self.update(oob::Message::Save) {
            Some(oob::Event::Saved(path)) => Some(path),
            _ => None,
        }
    }
}

/// The native dialog for a CSV file to import or export, starting at
/// `start`; nothing happens when it is cancelled or the machine has no
/// dialog service.
fn csv_dialog(way: oob::Csv, start: &Path) -> Task<Message> {
    let mut dialog =
        rfd::AsyncFileDialog::new().add_filter("CSV (spreadsheet)", &["csv"]);
    if let Some(folder) = start.parent() {
        dialog = dialog.set_directory(folder);
    }
    let name = start.file_name().unwrap_or_default().to_string_lossy();
    let picked = match way {
        oob::Csv::Import => {
            Task::perform(dialog.set_title("Import CSV").pick_file(), |h| {
                h.map(|h| h.path().to_owned())
            })
        }
        oob::Csv::Export => Task::perform(
            dialog
                .set_title("Export CSV")
                .set_file_name(name)
                .save_file(),
            |h| h.map(|h| h.path().to_owned()),
        ),
    };
    picked.and_then(move |path| {
        Task::done(Message::Oob(match way {
            oob::Csv::Import => oob::Message::ImportCsv(path),
            oob::Csv::Export => oob::Message::ExportCsv(path),
        }))
    })
}
