//! A game on several maps in the application: opening a game file into
//! one tab per map, switching tabs (the screens of the others kept as
//! they were, a dirty map autosaved when left), the game's marks handed
//! to each tab's map, and leaving the game (another file, a new map,
//! closing the window) only once every tab's unsaved changes were asked
//! about, one tab at a time.

use std::path::{Path, PathBuf};

use iced::Task;

use super::{App, Message, Screen};
use crate::app::side;
use crate::screen::error::ErrorScreen;
use crate::screen::game::{self, GameTabs};
use crate::screen::unsaved::{Pending, UnsavedPrompt};
use berthier_tools::game::{GameDoc, normal};
use berthier_tools::project;

/// The game shown: its tab bar and the screens of the tabs not shown.
#[derive(Debug)]
pub struct GameMode {
    tabs: GameTabs,
    parked: Vec<Option<Parked>>,
    /// Tabs whose unsaved changes were already answered for while the
    /// game is being left.
    handled: Vec<bool>,
}

/// A tab's screen while another is shown, with the scenario its bar
/// offers.
#[derive(Debug)]
struct Parked {
    screen: Screen,
    scenario: Option<PathBuf>,
    counters: Option<PathBuf>,
}

impl GameMode {
    /// The tab bar.
    pub fn tabs(&self) -> &GameTabs {
        &self.tabs
    }

    /// Whether the file at `path` belongs in the tab shown: a file whose
    /// map is the tab's (its battles' scenarios and their variants), or
    /// the counters of one of its battles.
    fn owns(&self, path: &Path) -> bool {
        let Some(map) = self.tabs.doc().maps.get(self.tabs.active()) else {
            return false;
        };
        let key = normal(path);
        let counters = map.battles.iter().any(|b| {
            berthier_tools::opened::counters_named_by(&b.scenario)
                .is_some_and(|c| normal(&c) == key)
        });
        counters
            || project::resolve_map(path)
                .is_ok_and(|(m, _)| normal(&m) == normal(&map.path))
    }
}

impl App {
    /// Shows the game `opened` from `path` in tabs, its first map shown,
    /// or the error screen saying why it did not open.
    pub(super) fn show_game(
        &mut self,
        path: &Path,
        opened: Result<GameDoc, project::OpenError>,
    ) -> Task<Message> {
        let size = self.map().and_then(|m| m.canvas_size());
        self.game = None;
        match opened {
            Ok(doc) => {
                self.remember(path);
                let n = doc.maps.len();
                self.game = Some(GameMode {
                    tabs: GameTabs::new(doc),
                    parked: (0..n).map(|_| None).collect(),
                    handled: vec![false; n],
                });
                self.show_tab(0, size)
            }
            Err(e) => {
                self.screen =
                    Screen::Error(ErrorScreen::new(path.to_owned(), e));
                Task::none()
            }
        }
    }

    /// The game shown in tabs, if any.
    pub fn game(&self) -> Option<&GameMode> {
        self.game.as_ref()
    }

    pub(super) fn game_message(
        &mut self,
        message: game::Message,
    ) -> Task<Message> {
        let Some(mode) = self.game.as_mut() else {
            return Task::none();
        };
        match mode.tabs.update(message) {
            Some(game::Event::Switch { from, to }) => self.switch_tab(from, to),
            Some(game::Event::Open(path)) => self.request(Pending::Open(path)),
            None => Task::none(),
        }
    }

    /// Parks the screen of tab `from` and shows tab `to`'s.
    fn switch_tab(&mut self, from: usize, to: usize) -> Task<Message> {
        let size = self.map().and_then(|m| m.canvas_size());
        if let Some(map) = self.map_mut() {
            // Its changes are safe on disk while another tab shows.
            map.autosave_if_dirty();
        }
        let parked = Parked {
            screen: side::take(&mut self.screen),
            scenario: self.scenario.take(),
            counters: self.scenario_counters.take(),
        };
        let Some(mode) = self.game.as_mut() else {
            return Task::none();
        };
        mode.parked[from] = Some(parked);
        match mode.parked[to].take() {
            Some(p) => {
                self.screen = p.screen;
                self.scenario = p.scenario;
                self.scenario_counters = p.counters;
                Task::none()
            }
            None => self.show_tab(to, size),
        }
    }

    /// Opens tab `index`'s map through its first battle's scenario.
    fn show_tab(
        &mut self,
        index: usize,
        size: Option<iced::Size>,
    ) -> Task<Message> {
        let first = self
            .game
            .as_ref()
            .and_then(|g| g.tabs.doc().maps.get(index))
            .and_then(|m| m.battles.first())
            .map(|b| b.scenario.clone());
        let Some(scenario) = first else {
            return Task::none();
        };
        let task = self.show(scenario);
        if let Screen::Map(s) = &mut self.screen {
            s.inherit_canvas_size(size);
        }
        self.sync_game_marks();
        task
    }

    /// Hands the tab's marks to its map screen when it shows one without
    /// them (a map opened again from its setup or timeline).
    pub(super) fn sync_game_marks(&mut self) {
        let Some(mode) = &self.game else {
            return;
        };
        let Some(tab) = mode.tabs.doc().maps.get(mode.tabs.active()) else {
            return;
        };
        if tab.marks.is_empty() {
            return;
        }
        // The Setup and Timeline screens of one of the tab's battles show
        // the same marks on the same map.
        let battle = |path: &std::path::Path| {
            tab.battles
                .iter()
                .any(|b| normal(&b.scenario) == normal(path))
        };
        match &mut self.screen {
            Screen::Map(s)
                if s.game_marks().is_empty()
                    && normal(&s.opened().path) == normal(&tab.path) =>
            {
                s.set_game_marks(tab.marks.clone());
            }
            Screen::Setup(s)
                if s.game_marks().is_empty() && battle(s.doc().path()) =>
            {
                s.set_game_marks(tab.marks.clone());
            }
            Screen::Timeline(s)
                if s.game_marks().is_empty() && battle(s.doc().path()) =>
            {
                s.set_game_marks(tab.marks.clone());
            }
            _ => {}
        }
    }

    /// Whether `then` leaves the game shown.
    pub(super) fn leaves_game(&self, then: &Pending) -> bool {
        let Some(mode) = &self.game else {
            return false;
        };
        match then {
            Pending::Close(_)
            | Pending::NewMap
            | Pending::NewOob
            | Pending::NewPack
            | Pending::NewScenario
            | Pending::NewGame => true,
            Pending::Open(path) => !mode.owns(path),
            Pending::Reload | Pending::Setup(_) | Pending::Timeline(_) => false,
        }
    }

    /// Before leaving the game for `then`: the next tab, other than the
    /// one shown (already answered for), with unsaved changes is shown and
    /// asked about; `None` when there is none left.
    pub(super) fn ask_next_tab(
        &mut self,
        then: &Pending,
    ) -> Option<Task<Message>> {
        let mode = self.game.as_mut()?;
        let active = mode.tabs.active();
        mode.handled[active] = true;
        let next = (0..mode.parked.len()).find(|&i| {
            !mode.handled[i]
                && mode.parked[i]
                    .as_mut()
                    .and_then(|p| unsaved_file(&mut p.screen))
                    .is_some()
        })?;
        let task = self.game_message(game::Message::Tab(next));
        let file = unsaved_file(&mut self.screen)?;
        self.unsaved = Some(UnsavedPrompt::new(&file, then.clone()));
        Some(task)
    }

    /// Forgets what was answered while leaving the game (the question was
    /// cancelled, or it is asked again).
    pub(super) fn reset_handled(&mut self) {
        if let Some(mode) = self.game.as_mut() {
            mode.handled.iter_mut().for_each(|h| *h = false);
        }
    }
}

/// The file with unsaved changes on `screen`, if any.
fn unsaved_file(screen: &mut Screen) -> Option<PathBuf> {
    if let Some(d) = super::guard::document_in(screen)
        && d.has_unsaved()
    {
        return Some(d.file().to_owned());
    }
    super::guard::map_of_mut(screen)
        .filter(|m| m.is_dirty())
        .map(|m| m.opened().path.clone())
}
