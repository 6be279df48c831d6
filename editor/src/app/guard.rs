//! Nothing unsaved is dropped without asking: opening another file,
//! reloading and closing the window go through [`App::request`], which
//! asks "Unsaved changes to X." when the map has any (Save / Discard /
//! Cancel) and otherwise goes on at once. Also the moves between the map
//! and the error screen, which keeps the map shown before.

use std::path::PathBuf;

use iced::{Task, window};

use super::{App, Message, Screen};
use crate::app::side;
use crate::screen::error::ErrorScreen;
use crate::screen::map::{self, MapScreen};
use crate::screen::oob::OobScreen;
use crate::screen::unsaved::{self, FileScreen, Pending, UnsavedPrompt};
use berthier_tools::files;
use berthier_tools::opened::{self, Opened};
use berthier_tools::project;

impl App {
    /// Does `then` now, or first asks about the unsaved changes it would
    /// drop.
    pub(super) fn request(&mut self, then: Pending) -> Task<Message> {
        if self.leaves_game(&then) {
            self.reset_handled();
        }
        if let Some(d) = self.document()
            && d.has_unsaved()
        {
            let prompt = UnsavedPrompt::new(d.file(), then);
            self.unsaved = Some(prompt);
            return Task::none();
        }
        match self.map_mut() {
            Some(s) if s.is_dirty() => {
                let path = s.opened().path.clone();
                self.unsaved = Some(UnsavedPrompt::new(&path, then));
                Task::none()
            }
            _ => self.proceed(then),
        }
    }

    /// The answer to "Unsaved changes to X.": Save goes on only once the
    /// map is saved (a failed save, or one that would rewrite the whole
    /// file, leaves the map showing with its notice). Discard also deletes
    /// the map's autosave: the author chose to drop those changes, and the
    /// next open should not offer them back.
    pub(super) fn answer(
        &mut self,
        message: unsaved::Message,
    ) -> Task<Message> {
        let Some(prompt) = self.unsaved.take() else {
            return Task::none();
        };
        match message {
            unsaved::Message::Cancel => {
                self.reset_handled();
                Task::none()
            }
            unsaved::Message::Discard => {
                if let Some(s) = self.map_mut() {
                    files::remove_autosave(&s.opened().path);
                }
                self.proceed(prompt.into_pending())
            }
            unsaved::Message::Save if self.document().is_some() => {
                if self.save_document() {
                    self.proceed(prompt.into_pending())
                } else {
                    Task::none()
                }
            }
            unsaved::Message::Save => {
                let Some(s) = self.map_mut() else {
                    return self.proceed(prompt.into_pending());
                };
                let (task, event) = s.update(map::Message::Save);
                let saved = !s.is_dirty();
                if let Some(map::Event::Saved(path)) = event {
                    self.remember(&path);
                }
                if saved {
                    self.proceed(prompt.into_pending())
                } else {
                    task.map(Message::Map)
                }
            }
        }
    }

    /// The screen shown when it edits one file other than a map.
    fn document(&mut self) -> Option<&mut dyn FileScreen> {
        document_in(&mut self.screen)
    }

    /// Saves the file of [`Self::document`], for "Unsaved changes":
    /// whether it is saved now.
    fn save_document(&mut self) -> bool {
        let Some(d) = self.document() else {
            return true;
        };
        let written = d.save_file();
        let saved = !d.has_unsaved();
        if let Some(path) = written {
            self.remember(&path);
        }
        saved
    }

    fn proceed(&mut self, then: Pending) -> Task<Message> {
        if self.leaves_game(&then) {
            if let Some(ask) = self.ask_next_tab(&then) {
                return ask;
            }
            self.game = None;
            self.scenario = None;
            self.scenario_counters = None;
        }
        match then {
            Pending::Open(path) => self.show(path),
            Pending::Reload => self.reload(),
            Pending::Close(id) => window::close(id),
            Pending::NewMap => self.start_new_map(),
            Pending::NewOob => self.start_new_oob(),
            Pending::NewPack => self.start_new_pack(),
            Pending::NewScenario => self.start_new_scenario(),
            Pending::NewGame => self.start_new_game(),
            Pending::Setup(path) => {
                let opened = super::setup::open(path);
                self.show_side_screen(opened)
            }
            Pending::Timeline(path) => {
                let opened = super::timeline::open(&path);
                self.show_side_screen(opened)
            }
        }
    }

    /// Shows Setup or Timeline as `opened`; when it is the error screen
    /// (the scenario does not open there), the map shown before is kept
    /// behind it, with its "Back to" button.
    fn show_side_screen(&mut self, opened: Screen) -> Task<Message> {
        self.screen = match opened {
            Screen::Error(error) => {
                let previous = match &self.screen {
                    Screen::Map(_) | Screen::Error(_) => self.take_map(),
                    _ => None,
                };
                Screen::Error(error.with_previous(previous))
            }
            other => other,
        };
        self.boot_task()
    }

    fn reload(&mut self) -> Task<Message> {
        let Screen::Map(s) = &mut self.screen else {
            return Task::none();
        };
        let (task, event) = s.reload();
        let task = task.map(Message::Map);
        match event {
            Some(e) => Task::batch([task, self.map_event(e)]),
            None => task,
        }
    }

    /// Replaces the screen with what `path` is (read once): its map (a
    /// scenario's, with the bar to its order of battle, setup and
    /// timeline), its order of battle, or its game in tabs; or with the
    /// error screen saying why, holding the map shown until now.
    pub(super) fn show(&mut self, path: PathBuf) -> Task<Message> {
        if path.is_dir() {
            return self.show_pack(&path);
        }
        let task = self.show_file(path.clone());
        if !matches!(self.screen, Screen::Error(_)) {
            self.follow_pack(&path);
        }
        task
    }

    fn show_file(&mut self, path: PathBuf) -> Task<Message> {
        let from = self.scenario.take();
        self.scenario_counters = None;
        match opened::open(&path) {
            Ok(Opened::Game(doc)) => self.show_game(&path, Ok(*doc)),
            Ok(Opened::Counters(doc)) => {
                self.remember(&path);
                let mut screen = OobScreen::new(*doc);
                screen.set_back(from);
                self.screen = Screen::Oob(Box::new(screen));
                Task::none()
            }
            Ok(Opened::Map { map, counters }) => {
                let previous = self.take_map();
                let size = previous.as_ref().and_then(|m| m.canvas_size());
                self.scenario = counters.as_ref().map(|_| path.clone());
                self.scenario_counters = counters;
                let mut s = MapScreen::new(*map);
                s.inherit_canvas_size(size);
                self.remember(&path);
                self.screen = Screen::Map(Box::new(s));
                self.boot_task()
            }
            Err(e) => {
                let previous = self.take_map();
                self.screen = Screen::Error(
                    ErrorScreen::new(path, e).with_previous(previous),
                );
                Task::none()
            }
        }
    }

    /// The map failed to reload: the error screen, with the map as it was.
    pub(super) fn reload_failed(&mut self, error: project::OpenError) {
        if let Some(previous) = self.take_map() {
            let requested = previous.opened().path.clone();
            self.screen = Screen::Error(
                ErrorScreen::new(requested, error)
                    .with_previous(Some(previous)),
            );
        }
    }

    /// From the error screen back to the map shown before it.
    pub(super) fn back(&mut self) {
        if let Screen::Error(e) = &mut self.screen
            && let Some(previous) = e.take_previous()
        {
            self.screen = Screen::Map(previous);
        }
    }

    /// The map being edited: shown, waiting behind a side screen or the
    /// New map form, or kept by the error screen.
    pub(super) fn map_mut(&mut self) -> Option<&mut MapScreen> {
        map_in_mut(&mut self.screen)
    }

    /// See [`Self::map_mut`].
    pub fn map(&self) -> Option<&MapScreen> {
        map_in(&self.screen)
    }

    /// Takes the screen's map out (see [`Self::map_mut`]), leaving a
    /// placeholder to be replaced at once.
    pub(super) fn take_map(&mut self) -> Option<Box<MapScreen>> {
        match side::take(&mut self.screen) {
            Screen::Map(s) | Screen::Register(_, s) | Screen::Suggest(_, s) => {
                Some(s)
            }
            Screen::Error(mut e) => e.take_previous(),
            Screen::Oob(_)
            | Screen::Setup(_)
            | Screen::Timeline(_)
            | Screen::Pack => None,
            Screen::NewMap(_, behind)
            | Screen::NewOob(_, behind)
            | Screen::NewPack(_, behind)
            | Screen::NewScenario(_, behind)
            | Screen::NewGame(_, behind) => {
                self.screen = *behind;
                self.take_map()
            }
        }
    }

    /// The question about unsaved changes, while it is asked.
    pub fn unsaved(&self) -> Option<&UnsavedPrompt> {
        self.unsaved.as_ref()
    }
}

fn map_in(screen: &Screen) -> Option<&MapScreen> {
    match screen {
        Screen::Map(s) | Screen::Register(_, s) | Screen::Suggest(_, s) => {
            Some(s)
        }
        Screen::Error(e) => e.previous(),
        Screen::Oob(_)
        | Screen::Setup(_)
        | Screen::Timeline(_)
        | Screen::Pack => None,
        Screen::NewMap(_, behind)
        | Screen::NewOob(_, behind)
        | Screen::NewPack(_, behind)
        | Screen::NewScenario(_, behind)
        | Screen::NewGame(_, behind) => map_in(behind),
    }
}

/// The screen when it edits one file other than a map.
pub(super) fn document_in(screen: &mut Screen) -> Option<&mut dyn FileScreen> {
    match screen {
        Screen::Oob(s) => Some(s.as_mut()),
        Screen::Setup(s) => Some(s.as_mut()),
        Screen::Timeline(s) => Some(s.as_mut()),
        _ => None,
    }
}

/// The map being edited on `screen` (see [`App::map_mut`]).
pub(super) fn map_of_mut(screen: &mut Screen) -> Option<&mut MapScreen> {
    map_in_mut(screen)
}

fn map_in_mut(screen: &mut Screen) -> Option<&mut MapScreen> {
    match screen {
        Screen::Map(s) | Screen::Register(_, s) | Screen::Suggest(_, s) => {
            Some(s)
        }
        Screen::Error(e) => e.previous_mut(),
        Screen::Oob(_)
        | Screen::Setup(_)
        | Screen::Timeline(_)
        | Screen::Pack => None,
        Screen::NewMap(_, behind)
        | Screen::NewOob(_, behind)
        | Screen::NewPack(_, behind)
        | Screen::NewScenario(_, behind)
        | Screen::NewGame(_, behind) => map_in_mut(behind),
    }
}
