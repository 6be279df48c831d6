//! The Timeline screen in the application: opened from the bar above a
//! scenario's map, back to that map with "Back to map", its shortcuts
//! (Ctrl+Z, Ctrl+Shift+Z, Ctrl+S, the arrow keys), and its unsaved
//! changes asked about like a map's.

use std::path::{Path, PathBuf};

use iced::{Task, keyboard};

use super::{App, Message, Screen};
use crate::screen::error::ErrorScreen;
use crate::screen::map;
use crate::screen::timeline::{self, TimelineScreen};
use crate::screen::unsaved::{FileScreen, Pending};
use berthier_tools::timeline::TimelineDoc;

/// The Timeline screen on the scenario at `path`, or the error screen
/// saying why it does not open.
pub(super) fn open(path: &Path) -> Screen {
    match TimelineDoc::open(path) {
        Ok(doc) => Screen::Timeline(Box::new(TimelineScreen::new(doc))),
        Err(e) => Screen::Error(ErrorScreen::new(path.to_owned(), e)),
    }
}

/// The timeline's part of the editor's Ctrl shortcuts.
pub(super) fn shortcut(message: &map::Message) -> Option<timeline::Message> {
    match message {
        map::Message::Undo => Some(timeline::Message::Undo),
        map::Message::Redo => Some(timeline::Message::Redo),
        map::Message::Save => Some(timeline::Message::Save),
        _ => None,
    }
}

/// Left and Right move the selected card a turn.
pub(super) fn arrow(key: &keyboard::Key) -> Option<timeline::Message> {
    use keyboard::key::Named;
    match key {
        keyboard::Key::Named(Named::ArrowLeft) => {
            Some(timeline::Message::Earlier)
        }
        keyboard::Key::Named(Named::ArrowRight) => {
            Some(timeline::Message::Later)
        }
        _ => None,
    }
}

impl App {
    /// Opens the Timeline of the scenario at `path` (the map shown is the
    /// scenario's, asked about first when it has unsaved changes).
    pub(super) fn open_timeline(&mut self, path: &Path) -> Task<Message> {
        self.request(Pending::Timeline(path.to_owned()))
    }

    pub(super) fn timeline_event(
        &mut self,
        event: timeline::Event,
    ) -> Task<Message> {
        match event {
            timeline::Event::BackToMap(path) => {
                self.request(Pending::Open(path))
            }
            timeline::Event::Saved(path) => {
                self.remember(&path);
                Task::none()
            }
        }
    }

    /// The Timeline shown.
    pub fn timeline(&self) -> Option<&TimelineScreen> {
        match &self.screen {
            Screen::Timeline(s) => Some(s),
            _ => None,
        }
    }
}

impl FileScreen for TimelineScreen {
    fn file(&self) -> &Path {
        self.doc().path()
    }

    fn has_unsaved(&self) -> bool {
        self.is_dirty()
    }

    fn save_file(&mut self) -> Option<PathBuf> {
        match self.update(timeline::Message::Save) {
            Some(timeline::Event::Saved(path)) => Some(path),
            _ => None,
        }
    }
}
