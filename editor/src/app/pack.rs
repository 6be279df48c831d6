//! The pack in the application: the side panel follows the pack of the
//! document shown (the folder holding `berthier.toml` above it), the pack's
//! home shows when a pack is open with no document, and New pack writes
//! one and opens it there.

use std::path::{Path, PathBuf};

use iced::widget::{button, container, row, text};
use iced::{Element, Fill, Task};

use super::{App, Message, Screen};
use crate::app::side;
use crate::screen::new_game::{self, NewGameScreen};
use crate::screen::new_map::SeriesChoice;
use crate::screen::new_pack::{self, NewPackScreen};
use crate::screen::new_scenario::{self, NewScenarioScreen};
use crate::screen::pack::{self, PackPanel};
use crate::screen::unsaved::Pending;
use berthier_schema::standard;
use berthier_tools::pack::root_of;

/// The pack listed beside the screens, and whether the author hid it.
#[derive(Debug, Default)]
pub struct PackState {
    panel: Option<PackPanel>,
    hidden: bool,
}

impl PackState {
    /// The pack listed, if the document shown is in one.
    pub fn panel(&self) -> Option<&PackPanel> {
        self.panel.as_ref()
    }

    /// Whether the side panel was hidden («).
    pub fn is_hidden(&self) -> bool {
        self.hidden
    }

    /// The pack's folder.
    pub fn root(&self) -> Option<&Path> {
        self.panel.as_ref().map(PackPanel::root)
    }

    /// The series the pack's new documents name, as a form offers it.
    pub fn series(&self) -> Option<SeriesChoice> {
        let panel = self.panel.as_ref()?;
        let named = panel.pack().series.as_deref()?;
        if standard::is_name(named) {
            return Some(SeriesChoice::Standard(named.to_owned()));
        }
        let path = panel.root().join(named);
        Some(SeriesChoice::File(path.canonicalize().unwrap_or(path)))
    }

    /// Lists the pack `path` belongs to (again, so files added since
    /// show), marking `path` as shown; a path in no pack drops the panel.
    fn follow(&mut self, path: &Path) {
        let Some(root) = root_of(path) else {
            self.panel = None;
            return;
        };
        let mut panel = PackPanel::list(&root);
        panel.set_current(path.is_file().then_some(path));
        self.panel = Some(panel);
    }
}

impl App {
    /// The pack of the document at `path` (or the pack folder `path`) is
    /// listed beside the screens.
    pub(super) fn follow_pack(&mut self, path: &Path) {
        self.pack.follow(path);
    }

    /// Opens the pack folder `dir` on its home page, or says why not.
    pub(super) fn show_pack(&mut self, dir: &Path) -> Task<Message> {
        if root_of(dir).is_none() {
            let error = berthier_tools::project::OpenError {
                file: dir.to_owned(),
                line: 0,
                column: 0,
                message: "this folder is not a pack: no berthier.toml in it \
                          or above it (File > New pack… makes one)"
                    .to_owned(),
            };
            let previous = self.take_map();
            self.screen = Screen::Error(
                crate::screen::error::ErrorScreen::new(dir.to_owned(), error)
                    .with_previous(previous),
            );
            return Task::none();
        }
        self.follow_pack(dir);
        self.scenario = None;
        self.scenario_counters = None;
        self.screen = Screen::Pack;
        Task::none()
    }

    /// Shows the New pack form, for a folder beside the pack shown (or in
    /// the user's home).
    pub(super) fn start_new_pack(&mut self) -> Task<Message> {
        let parent = self
            .pack
            .root()
            .and_then(Path::parent)
            .map(Path::to_owned)
            .or_else(berthier_tools::folders::home)
            .unwrap_or_else(|| PathBuf::from("."));
        let form = NewPackScreen::new(&parent);
        let behind = side::take(&mut self.screen);
        self.screen = Screen::NewPack(Box::new(form), Box::new(behind));
        Task::none()
    }

    pub(super) fn new_pack_event(
        &mut self,
        event: new_pack::Event,
    ) -> Task<Message> {
        let Screen::NewPack(_, behind) = side::take(&mut self.screen) else {
            return Task::none();
        };
        self.screen = *behind;
        match event {
            new_pack::Event::Cancelled => {
                if let Some(map) = self.map_mut() {
                    map.autosave_if_dirty();
                }
                Task::none()
            }
            new_pack::Event::Created(dir) => {
                // The map behind the form was dealt with before it opened.
                let _ = self.take_map();
                self.show_pack(&dir)
            }
        }
    }

    /// Shows the New scenario form for the pack shown.
    pub(super) fn start_new_scenario(&mut self) -> Task<Message> {
        let Some(panel) = self.pack.panel.as_mut() else {
            return Task::none();
        };
        // Files made since the pack was listed are offered too.
        let _ = panel.update(pack::Message::Refresh);
        let form = NewScenarioScreen::new(panel.pack());
        let behind = side::take(&mut self.screen);
        self.screen = Screen::NewScenario(Box::new(form), Box::new(behind));
        Task::none()
    }

    pub(super) fn new_scenario_event(
        &mut self,
        event: new_scenario::Event,
    ) -> Task<Message> {
        let Screen::NewScenario(_, behind) = side::take(&mut self.screen)
        else {
            return Task::none();
        };
        self.screen = *behind;
        match event {
            new_scenario::Event::Cancelled => {
                if let Some(map) = self.map_mut() {
                    map.autosave_if_dirty();
                }
                Task::none()
            }
            new_scenario::Event::Created(path) => {
                let _ = self.take_map();
                self.follow_pack(&path);
                self.remember(&path);
                self.screen = super::setup::open(path);
                self.boot_task()
            }
        }
    }

    /// Shows the New game form for the pack shown.
    pub(super) fn start_new_game(&mut self) -> Task<Message> {
        let Some(panel) = self.pack.panel.as_mut() else {
            return Task::none();
        };
        let _ = panel.update(pack::Message::Refresh);
        let form = NewGameScreen::new(panel.pack());
        let behind = side::take(&mut self.screen);
        self.screen = Screen::NewGame(Box::new(form), Box::new(behind));
        Task::none()
    }

    pub(super) fn new_game_event(
        &mut self,
        event: new_game::Event,
    ) -> Task<Message> {
        let Screen::NewGame(_, behind) = side::take(&mut self.screen) else {
            return Task::none();
        };
        self.screen = *behind;
        match event {
            new_game::Event::Cancelled => {
                if let Some(map) = self.map_mut() {
                    map.autosave_if_dirty();
                }
                Task::none()
            }
            new_game::Event::Created(path) => self.show(path),
        }
    }

    /// A message from the pack panel or home.
    pub(super) fn pack_message(
        &mut self,
        message: pack::Message,
    ) -> Task<Message> {
        let Some(panel) = self.pack.panel.as_mut() else {
            return Task::none();
        };
        match panel.update(message) {
            Some(pack::Event::Open(path)) => self.request(Pending::Open(path)),
            Some(pack::Event::NewMap) => self.request(Pending::NewMap),
            Some(pack::Event::NewOob) => self.request(Pending::NewOob),
            Some(pack::Event::NewScenario) => {
                self.request(Pending::NewScenario)
            }
            Some(pack::Event::NewGame) => self.request(Pending::NewGame),
            Some(pack::Event::NewPack) => self.request(Pending::NewPack),
            Some(pack::Event::OpenDialog) => {
                super::open_dialog(self.pack.root().map(Path::to_owned))
            }
            Some(pack::Event::Hide) => {
                self.pack.hidden = true;
                Task::none()
            }
            None => Task::none(),
        }
    }

    /// Whether the side panel shows (its width moves the screen).
    pub(super) fn pack_panel_shown(&self) -> bool {
        self.pack.panel.is_some() && !self.pack.hidden
    }

    /// Shows the side panel again.
    pub(super) fn show_pack_panel(&mut self) {
        self.pack.hidden = false;
    }

    /// `screen` with the pack panel at its left (or the button that shows
    /// it again), on the screens of a document in a pack.
    pub(super) fn with_pack_panel<'a>(
        &'a self,
        screen: Element<'a, Message>,
    ) -> Element<'a, Message> {
        let beside = matches!(
            self.screen,
            Screen::Map(_)
                | Screen::Oob(_)
                | Screen::Setup(_)
                | Screen::Timeline(_)
        );
        let Some(panel) = self.pack.panel.as_ref().filter(|_| beside) else {
            return screen;
        };
        let side: Element<'a, Message> = if self.pack.hidden {
            container(
                button(text("»").size(13))
                    .style(button::text)
                    .on_press(Message::ShowPackPanel),
            )
            .height(Fill)
            .style(container::bordered_box)
            .into()
        } else {
            panel.view_panel().map(Message::Pack)
        };
        row![side, screen].into()
    }

    /// The pack's home page.
    pub(super) fn view_pack_home(&self) -> Element<'_, Message> {
        match self.pack.panel.as_ref() {
            Some(panel) => panel.view_home().map(Message::Pack),
            None => text("No pack is open.").into(),
        }
    }
}
