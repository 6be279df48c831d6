//! The Setup screen in the application: opened from the bar above a
//! scenario's map, its shortcuts, its unsaved changes asked about on
//! leaving, and "Back to map".

use std::path::{Path, PathBuf};

use iced::Task;

use super::{App, Message, Screen};
use crate::map_canvas;
use crate::screen::error::ErrorScreen;
use crate::screen::map;
use crate::screen::setup::{self, SetupScreen};
use crate::screen::unsaved::FileScreen;
use berthier_tools::setup::SetupDoc;

/// The Setup screen of the scenario at `path`, or the error screen
/// saying why it does not open.
pub(super) fn open(path: PathBuf) -> Screen {
    match SetupDoc::open(&path) {
        Ok(doc) => Screen::Setup(Box::new(SetupScreen::new(doc))),
        Err(e) => Screen::Error(ErrorScreen::new(path, e)),
    }
}

/// The setup's part of the editor's Ctrl shortcuts.
pub(super) fn shortcut(message: &map::Message) -> Option<setup::Message> {
    match message {
        map::Message::Undo => Some(setup::Message::Undo),
        map::Message::Redo => Some(setup::Message::Redo),
        map::Message::Save => Some(setup::Message::Save),
        _ => None,
    }
}

impl App {
    pub(super) fn setup_event(&mut self, event: setup::Event) -> Task<Message> {
        match event {
            setup::Event::Saved(path) => {
                self.remember(&path);
                Task::none()
            }
            setup::Event::Back(path) => {
                self.request(super::Pending::Open(path))
            }
            // The author chose to drop the edits made here: no question.
            setup::Event::Reload(path) => {
                self.screen = open(path);
                self.boot_task()
            }
            setup::Event::OpenVariant(path) => {
                self.remember(&path);
                let size = self.setup().and_then(SetupScreen::canvas_size);
                let task = self.request(super::Pending::Setup(path));
                // The new screen's canvas keeps the old one's state and
                // reports no size: hand it over so the map is fitted
                // (seen unfitted under Xvfb).
                if let (Some(size), Screen::Setup(s)) = (size, &mut self.screen)
                {
                    let resized = map_canvas::Message::Resized(size);
                    let _ = s.update(setup::Message::Canvas(resized));
                }
                task
            }
        }
    }

    /// The Setup screen shown.
    pub fn setup(&self) -> Option<&SetupScreen> {
        match &self.screen {
            Screen::Setup(s) => Some(s),
            _ => None,
        }
    }
}

impl FileScreen for SetupScreen {
    fn file(&self) -> &Path {
        self.doc().path()
    }

    fn has_unsaved(&self) -> bool {
        self.is_dirty()
    }

    fn save_file(&mut self) -> Option<PathBuf> {
        match self.update(setup::Message::Save) {
            Some(setup::Event::Saved(path)) => Some(path),
            _ => None,
        }
    }
}
