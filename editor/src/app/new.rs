//! The New map and New order of battle forms in the application: each
//! opens (once unsaved changes are dealt with) over the screen shown, which
//! waits behind it; Cancel brings that screen back, Create opens the new
//! file (a new map goes on into Register grid when it has a scan).

use super::{App, Message, Screen};
use crate::app::side::{self, Side};
use crate::screen::new_map::{self, NewMapScreen, SeriesChoice};
use crate::screen::new_oob::{self, NewOobScreen};
use berthier_tools::demo;

impl App {
    /// Shows the New map form; the file goes beside the map shown, or in
    /// the pack's `maps/` folder on the pack's series.
    pub(super) fn start_new_map(&mut self) -> iced::Task<Message> {
        let data = demo::data_dir();
        let mut form =
            NewMapScreen::new(self.map().map(|m| m.opened()), data.as_deref());
        if let Some(root) = self.pack.root() {
            form = form.in_pack(root.join("maps"), self.pack.series());
        }
        let behind = side::take(&mut self.screen);
        self.screen = Screen::NewMap(Box::new(form), Box::new(behind));
        iced::Task::none()
    }

    /// Shows the New order of battle form; the file goes beside the map
    /// shown, on the series it names, or in the pack's `counters/` folder
    /// on the pack's series.
    pub(super) fn start_new_oob(&mut self) -> iced::Task<Message> {
        let data = demo::data_dir();
        let opened = self.map().map(|m| m.opened());
        let folder = opened.and_then(|o| o.path.parent());
        let series =
            opened.and_then(|o| SeriesChoice::of_map(&o.path, &o.map.series));
        let mut form = NewOobScreen::new(folder, series, data.as_deref());
        if let Some(root) = self.pack.root() {
            form = form.in_pack(root.join("counters"), self.pack.series());
        }
        let behind = side::take(&mut self.screen);
        self.screen = Screen::NewOob(Box::new(form), Box::new(behind));
        iced::Task::none()
    }

    pub(super) fn new_oob_event(
        &mut self,
        event: new_oob::Event,
    ) -> iced::Task<Message> {
        let Screen::NewOob(_, behind) = side::take(&mut self.screen) else {
            return iced::Task::none();
        };
        self.screen = *behind;
        match event {
            new_oob::Event::Cancelled => {
                if let Some(map) = self.map_mut() {
                    map.autosave_if_dirty();
                }
                iced::Task::none()
            }
            new_oob::Event::Created(path) => self.show(path),
        }
    }

    pub(super) fn new_map_event(
        &mut self,
        event: new_map::Event,
    ) -> iced::Task<Message> {
        let Screen::NewMap(_, behind) = side::take(&mut self.screen) else {
            return iced::Task::none();
        };
        self.screen = *behind;
        match event {
            new_map::Event::Cancelled => {
                // Discarding its changes to start a new map deleted the
                // map's autosave; the map is back with them, so is its
                // autosave.
                if let Some(map) = self.map_mut() {
                    map.autosave_if_dirty();
                }
                iced::Task::none()
            }
            new_map::Event::Created { path, scan } => {
                let task = self.show(path);
                if scan {
                    side::enter(&mut self.screen, Side::Register);
                }
                task
            }
        }
    }
}
