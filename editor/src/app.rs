//! The application: which screen shows, routing messages to it, opening
//! files (dialog, recent list), autosave ticks and the window title. The
//! keys are in [`keys`], the question before unsaved work is dropped in
//! [`guard`], each screen's part in its own module.

use std::path::{Path, PathBuf};
use std::time::Duration;

use iced::{Element, Subscription, Task, Theme, keyboard, window};

use crate::screen::error::{self, ErrorScreen};
use crate::screen::game as game_screen;
use crate::screen::map::{self, MapScreen};
use crate::screen::new_game::{self, NewGameScreen};
use crate::screen::new_map::{self, NewMapScreen};
use crate::screen::new_oob::{self, NewOobScreen};
use crate::screen::new_pack::{self, NewPackScreen};
use crate::screen::new_scenario::{self, NewScenarioScreen};
use crate::screen::oob::{self as oob_screen, OobScreen};
use crate::screen::pack as pack_screen;
use crate::screen::register::{self, RegisterScreen};
use crate::screen::setup::{self as setup_screen, SetupScreen};
use crate::screen::suggest::{self, SuggestScreen};
use crate::screen::timeline::{self as timeline_screen, TimelineScreen};
use crate::screen::unsaved::{self, Pending, UnsavedPrompt};
use berthier_tools::demo;
use berthier_tools::project::{self, OpenError};
use berthier_tools::recent::{Recent, RecentFile};
use repaint::Repaint;
use side::Side;

pub use game::GameMode;

mod export;
mod game;
mod guard;
mod help;
mod keys;
mod menu;
mod new;
mod oob;
mod pack;
mod repaint;
mod setup;
mod side;
mod status;
mod timeline;
mod vassal;

pub use export::{Export, ExportFailed, Kind as ExportKind, export_now};
pub use status::Status as WorkStatus;
pub use vassal::{Imported, VassalImport, run as vassal_run};

pub use crate::screen::FONT;

/// How often unsaved changes are written to the autosave file.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(60);

/// How often the map's file is checked for changes by other programs.
pub const DISK_CHECK_EVERY: Duration = Duration::from_secs(2);

/// The editor.
#[derive(Debug)]
pub struct App {
    screen: Screen,
    recent: Recent,
    recent_entries: Vec<RecentFile>,
    repaint: Repaint,
    /// "Unsaved changes to X." while it is asked.
    unsaved: Option<UnsavedPrompt>,
    /// Help > Rule codes, over the screen.
    rule_codes: Option<crate::screen::rule_codes::RuleCodes>,
    /// The counters file of the scenario whose map is shown, offered as
    /// "Order of battle" above the map.
    scenario_counters: Option<PathBuf>,
    /// The scenario whose map is shown (offered as "Setup" above the map,
    /// and the map "Back to map" returns to from its order of battle).
    scenario: Option<PathBuf>,
    /// The VASSAL import's bar (File, "Import VASSAL module…").
    work_status: Option<status::Status>,
    /// The game on several maps shown in tabs, if any.
    game: Option<GameMode>,
    /// The pack of the document shown, listed beside it.
    pack: pack::PackState,
    /// The menu bar (which menu is open).
    menu: crate::screen::menu::MenuBar,
    /// Help > About shows.
    about: bool,
}

/// The screen showing.
#[derive(Debug)]
pub enum Screen {
    /// A map.
    Map(Box<MapScreen>),
    /// Why a file did not open.
    Error(ErrorScreen),
    /// Registering the grid (the map screen waits behind it).
    Register(Box<RegisterScreen>, Box<MapScreen>),
    /// Suggesting terrain (the map screen waits behind it).
    Suggest(Box<SuggestScreen>, Box<MapScreen>),
    /// The New map form (the screen shown before waits behind it).
    NewMap(Box<NewMapScreen>, Box<Screen>),
    /// The New order of battle form (the screen shown before waits behind
    /// it).
    NewOob(Box<NewOobScreen>, Box<Screen>),
    /// The New pack form (the screen shown before waits behind it).
    NewPack(Box<NewPackScreen>, Box<Screen>),
    /// The New scenario form (the screen shown before waits behind it).
    NewScenario(Box<NewScenarioScreen>, Box<Screen>),
    /// The New game form (the screen shown before waits behind it).
    NewGame(Box<NewGameScreen>, Box<Screen>),
    /// A pack with no document open: its home page.
    Pack,
    /// A counters file's order of battle.
    Oob(Box<OobScreen>),
    /// A scenario's setup on its map.
    Setup(Box<SetupScreen>),
    /// A scenario's reinforcement timeline.
    Timeline(Box<TimelineScreen>),
}

/// Top-level messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// For the map screen.
    Map(map::Message),
    /// For the error screen.
    Error(error::Message),
    /// For the register screen.
    Register(register::Message),
    /// For the suggest screen.
    Suggest(suggest::Message),
    /// For the New map form.
    NewMap(new_map::Message),
    /// For the New order of battle form.
    NewOob(new_oob::Message),
    /// For the New pack form.
    NewPack(new_pack::Message),
    /// For the New scenario form.
    NewScenario(new_scenario::Message),
    /// For the New game form.
    NewGame(new_game::Message),
    /// For the pack's side panel or home page.
    Pack(pack_screen::Message),
    /// Show the pack's side panel again.
    ShowPackPanel,
    /// From the menu bar.
    Menu(crate::screen::menu::Message),
    /// Close Help > About.
    CloseAbout,
    /// Hide the work bar.
    DismissStatus,
    /// A step of File > Export.
    Export(export::Export),
    /// For the order of battle screen.
    Oob(oob_screen::Message),
    /// A key nobody else took (shortcuts).
    Key(keyboard::Event),
    /// Time to write the autosave.
    AutosaveTick,
    /// Time to see whether another program changed the map's file.
    DiskTick,
    /// The Open dialog closed (`None`: cancelled or unavailable).
    OpenPicked(Option<PathBuf>),
    /// The window is asked to close.
    CloseRequested(window::Id),
    /// The answer to "Unsaved changes to X."
    Unsaved(unsaved::Message),
    /// For Help > Rule codes.
    RuleCodes(crate::screen::rule_codes::Message),
    /// Open the order of battle of the scenario shown.
    OpenCounters(PathBuf),
    /// For the Setup screen.
    Setup(setup_screen::Message),
    /// Open the Setup screen of this scenario.
    OpenSetup(PathBuf),
    /// For the Timeline screen.
    Timeline(timeline_screen::Message),
    /// Open the reinforcement timeline of the scenario shown.
    OpenTimeline(PathBuf),
    /// A step of "Import VASSAL module…".
    Vassal(VassalImport),
    /// From the tab bar of a game on several maps.
    Game(game_screen::Message),
}

impl App {
    /// Opens `path`, or the bundled demo when `None`, with the recent-files
    /// list from the user's config folder.
    pub fn open(path: Option<&Path>) -> Self {
        Self::with_recent(path, Recent::from_env())
    }

    /// Opens `path` (the demo when `None`) with the given recent-files list
    /// (tests give one in a temporary folder).
    pub fn with_recent(path: Option<&Path>, recent: Recent) -> Self {
        Self::start(path, recent).0
    }

    /// [`Self::with_recent`], with the first screen's boot task (tiling
    /// a scan, the first check of a scenario): the window runs it. It is
    /// made once; asking the screen again gives nothing (the check it
    /// owed is on its way).
    pub fn start(path: Option<&Path>, recent: Recent) -> (Self, Task<Message>) {
        let Some(path) = path else {
            let mut app = Self::demo_in(demo::data_dir().as_deref(), recent);
            let task = app.boot_task();
            return (app, task);
        };
        let mut app = Self::with_screen(side::placeholder(), recent);
        let task = app.show(path.to_owned());
        (app, task)
    }

    /// Opens the demo from its copy under the data folder `data`, written
    /// there on first use (see [`demo`]); the error screen says why if it
    /// cannot be.
    pub fn demo_in(data: Option<&Path>, recent: Recent) -> Self {
        let installed = data
            .ok_or(demo::DemoError::NoDataFolder)
            .and_then(|data| demo::install(&demo::folder_in(data)));
        let screen = match installed.map(|map| (project::open(&map), map)) {
            Ok((Ok(opened), _)) => {
                Screen::Map(Box::new(MapScreen::new(opened)))
            }
            Ok((Err(e), map)) => Screen::Error(ErrorScreen::new(map, e)),
            Err(e) => {
                let file = PathBuf::from("demo");
                let error = OpenError {
                    file: file.clone(),
                    line: 0,
                    column: 0,
                    message: e.to_string(),
                };
                Screen::Error(ErrorScreen::new(file, error))
            }
        };
        Self::with_screen(screen, recent)
    }

    fn with_screen(screen: Screen, recent: Recent) -> Self {
        Self {
            screen,
            recent_entries: recent.entries(),
            recent,
            repaint: Repaint::default(),
            unsaved: None,
            rule_codes: None,
            scenario_counters: None,
            scenario: None,
            work_status: None,
            game: None,
            pack: pack::PackState::default(),
            menu: crate::screen::menu::MenuBar::default(),
            about: false,
        }
    }

    /// The screen showing.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// Checks the scenario of the Setup or Timeline screen now, on this
    /// thread, and shows its findings (tests run no tasks).
    pub fn check_live_now(&mut self) {
        match &mut self.screen {
            Screen::Setup(s) => s.check_live_now(),
            Screen::Timeline(s) => s.check_live_now(),
            Screen::Map(s) => s.check_live_now(),
            _ => {}
        }
    }

    /// The recent-files list.
    pub fn recent(&self) -> &Recent {
        &self.recent
    }

    /// Window title: `name — file.map.ron *` while there are unsaved
    /// changes.
    pub fn title(&self) -> String {
        let screen = self.screen_title();
        match &self.game {
            Some(g) => format!("{} · {screen}", g.tabs().doc().name),
            None => screen,
        }
    }

    fn screen_title(&self) -> String {
        match &self.screen {
            Screen::Map(s) => s.title(),
            Screen::Error(_) => "Berthier - cannot open file".to_owned(),
            Screen::Register(..) => "Register grid - Berthier".to_owned(),
            Screen::Suggest(..) => "Suggest terrain - Berthier".to_owned(),
            Screen::NewMap(..) => "New map - Berthier".to_owned(),
            Screen::NewOob(..) => "New order of battle - Berthier".to_owned(),
            Screen::NewPack(..) => "New pack - Berthier".to_owned(),
            Screen::NewScenario(..) => "New scenario - Berthier".to_owned(),
            Screen::NewGame(..) => "New game - Berthier".to_owned(),
            Screen::Pack => match self.pack.panel() {
                Some(p) => format!("{} - Berthier", p.pack().title()),
                None => "Berthier".to_owned(),
            },
            Screen::Oob(s) => s.title(),
            Screen::Setup(s) => s.title(),
            Screen::Timeline(s) => s.title(),
        }
    }

    /// The first tasks: tiling a large scan in the background, checking
    /// the scenario whose map is shown.
    pub fn boot_task(&mut self) -> Task<Message> {
        match &mut self.screen {
            Screen::Map(s) => s.start().map(Message::Map),
            Screen::Error(_)
            | Screen::Register(..)
            | Screen::Suggest(..)
            | Screen::NewMap(..)
            | Screen::NewOob(..)
            | Screen::NewPack(..)
            | Screen::NewScenario(..)
            | Screen::NewGame(..)
            | Screen::Pack
            | Screen::Oob(_) => Task::none(),
            Screen::Setup(s) => s.live_task().map(Message::Setup),
            Screen::Timeline(s) => s.live_task().map(Message::Timeline),
        }
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        let task = self.route(message);
        self.sync_game_marks();
        task
    }

    fn route(&mut self, message: Message) -> Task<Message> {
        if let Some(code) = help::explained(&message) {
            return self.explain(code);
        }
        match (&mut self.screen, message) {
            (Screen::Map(s), Message::Map(m)) => {
                let (task, event) = s.update(m);
                let task = task.map(Message::Map);
                match event {
                    Some(e) => Task::batch([task, self.map_event(e)]),
                    None => task,
                }
            }
            (Screen::Error(s), Message::Error(m)) => match s.update(m) {
                Some(error::Event::Retry(path)) => {
                    self.request(Pending::Open(path))
                }
                Some(error::Event::Back) => {
                    self.back();
                    Task::none()
                }
                Some(error::Event::Open) => open_dialog(self.folder()),
                None => Task::none(),
            },
            (Screen::NewMap(s, _), Message::NewMap(m)) => {
                let (task, event) = s.update(m);
                let task = task.map(Message::NewMap);
                match event {
                    Some(e) => Task::batch([task, self.new_map_event(e)]),
                    None => task,
                }
            }
            (Screen::NewOob(s, _), Message::NewOob(m)) => {
                let (task, event) = s.update(m);
                let task = task.map(Message::NewOob);
                match event {
                    Some(e) => Task::batch([task, self.new_oob_event(e)]),
                    None => task,
                }
            }
            (Screen::NewPack(s, _), Message::NewPack(m)) => {
                let (task, event) = s.update(m);
                let task = task.map(Message::NewPack);
                match event {
                    Some(e) => Task::batch([task, self.new_pack_event(e)]),
                    None => task,
                }
            }
            (Screen::NewScenario(s, _), Message::NewScenario(m)) => {
                match s.update(m) {
                    Some(e) => self.new_scenario_event(e),
                    None => Task::none(),
                }
            }
            (Screen::NewGame(s, _), Message::NewGame(m)) => match s.update(m) {
                Some(e) => self.new_game_event(e),
                None => Task::none(),
            },
            (_, Message::Pack(m)) => self.pack_message(m),
            (_, Message::ShowPackPanel) => {
                self.show_pack_panel();
                Task::none()
            }
            (Screen::Oob(s), Message::Oob(m)) => match s.update(m) {
                Some(e) => self.oob_event(e),
                None => Task::none(),
            },
            (Screen::Setup(s), Message::Setup(m)) => {
                let event = s.update(m);
                let live = s.live_task().map(Message::Setup);
                match event {
                    Some(e) => Task::batch([live, self.setup_event(e)]),
                    None => live,
                }
            }
            (_, Message::OpenSetup(path)) => self.request(Pending::Setup(path)),
            (Screen::Timeline(s), Message::Timeline(m)) => {
                let event = s.update(m);
                let live = s.live_task().map(Message::Timeline);
                match event {
                    Some(e) => Task::batch([live, self.timeline_event(e)]),
                    None => live,
                }
            }
            (_, Message::OpenTimeline(path)) => self.open_timeline(&path),
            (_, Message::Vassal(step)) => self.vassal(step),
            (_, Message::Game(m)) => self.game_message(m),
            (_, Message::Unsaved(m)) => self.answer(m),
            (_, Message::RuleCodes(m)) => {
                self.rule_codes_message(m);
                Task::none()
            }
            (_, m @ (Message::Register(_) | Message::Suggest(_))) => {
                side::update(&mut self.screen, m)
            }
            (_, Message::Key(event)) => self.shortcut(&event),
            (_, Message::Menu(m)) => self.menu_message(m),
            (_, Message::Export(step)) => self.export(step),
            (_, Message::DismissStatus) => {
                self.work_status = None;
                Task::none()
            }
            (_, Message::CloseAbout) => {
                self.about = false;
                Task::none()
            }
            (_, Message::AutosaveTick) => self.autosave_tick(),
            (Screen::Map(s), Message::DiskTick) => {
                s.update(map::Message::CheckDisk).0.map(Message::Map)
            }
            (Screen::Setup(s), Message::DiskTick) => {
                let _ = s.update(setup_screen::Message::CheckDisk);
                Task::none()
            }
            (
                _,
                Message::OpenPicked(Some(path)) | Message::OpenCounters(path),
            ) => self.request(Pending::Open(path)),
            (_, Message::CloseRequested(id)) => {
                self.request(Pending::Close(id))
            }
            // A message for a screen that has since been replaced.
            _ => Task::none(),
        }
    }

    /// Autosaves the map (shown or kept behind) and the document of the
    /// screen shown, each only with unsaved changes.
    fn autosave_tick(&mut self) -> Task<Message> {
        use crate::screen::recovery::Message::Autosave;
        match &mut self.screen {
            Screen::Oob(s) => {
                let _ = s.update(oob_screen::Message::Recovery(Autosave));
            }
            Screen::Setup(s) => {
                let _ = s.update(setup_screen::Message::Recovery(Autosave));
            }
            Screen::Timeline(s) => {
                let _ = s.update(timeline_screen::Message::Recovery(Autosave));
            }
            _ => {}
        }
        match self.map_mut() {
            Some(s) => s.update(map::Message::Autosave).0.map(Message::Map),
            None => Task::none(),
        }
    }

    fn map_event(&mut self, event: map::Event) -> Task<Message> {
        match event {
            map::Event::Failed(e) => {
                self.reload_failed(e);
                Task::none()
            }
            map::Event::Reload => self.request(Pending::Reload),
            map::Event::Saved(path) => {
                self.remember(&path);
                Task::none()
            }
            map::Event::Open(Some(path)) => self.request(Pending::Open(path)),
            map::Event::Open(None) => open_dialog(self.folder()),
            map::Event::Register => {
                side::enter(&mut self.screen, Side::Register);
                Task::none()
            }
            map::Event::Suggest => {
                side::enter(&mut self.screen, Side::Suggest);
                Task::none()
            }
            map::Event::NewMap => self.request(Pending::NewMap),
            map::Event::NewOob => self.request(Pending::NewOob),
            map::Event::NewPack => self.request(Pending::NewPack),
            map::Event::ImportVassal => self.vassal(VassalImport::Start),
        }
    }

    /// The folder of the map shown, where the Open dialog starts.
    fn folder(&self) -> Option<PathBuf> {
        let path = match &self.screen {
            Screen::Error(e) => {
                e.previous().map_or(&e.error().file, |s| &s.opened().path)
            }
            Screen::Oob(s) => s.doc().path(),
            Screen::Setup(s) => s.doc().path(),
            Screen::Timeline(s) => s.doc().path(),
            _ => &self.map()?.opened().path,
        };
        path.parent().map(Path::to_owned)
    }

    fn remember(&mut self, path: &Path) {
        self.recent.add(path);
        self.recent_entries = self.recent.entries();
    }

    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        let screen = match &self.screen {
            Screen::Map(s) => {
                s.view_with(&self.recent_entries).map(Message::Map)
            }
            Screen::Error(s) => s.view().map(Message::Error),
            Screen::Register(s, _) => s.view().map(Message::Register),
            Screen::Suggest(s, _) => s.view().map(Message::Suggest),
            Screen::NewMap(s, _) => s.view().map(Message::NewMap),
            Screen::NewOob(s, _) => s.view().map(Message::NewOob),
            Screen::NewPack(s, _) => s.view().map(Message::NewPack),
            Screen::NewScenario(s, _) => s.view().map(Message::NewScenario),
            Screen::NewGame(s, _) => s.view().map(Message::NewGame),
            Screen::Pack => self.view_pack_home(),
            Screen::Oob(s) => s.view().map(Message::Oob),
            Screen::Setup(s) => s.view().map(Message::Setup),
            Screen::Timeline(s) => s.view().map(Message::Timeline),
        };
        let screen =
            match (&self.screen, &self.scenario_counters, &self.scenario) {
                (Screen::Map(_), Some(counters), Some(scenario)) => {
                    oob::with_bar(screen, counters, scenario)
                }
                _ => screen,
            };
        let screen = self.with_pack_panel(screen);
        let screen = match &self.game {
            Some(g) => iced::widget::column![
                g.tabs().view(self.scenario.as_deref()).map(Message::Game),
                iced::widget::rule::horizontal(1),
                screen
            ]
            .into(),
            None => screen,
        };
        let screen = status::with_bar(screen, self.work_status.as_ref());
        let screen = self.menu.view(screen, |a| self.can(a), Message::Menu);
        let screen = match &self.rule_codes {
            Some(panel) => panel.view(screen, Message::RuleCodes),
            None => screen,
        };
        let screen = match self.about {
            true => menu::about(screen),
            false => screen,
        };
        match &self.unsaved {
            Some(prompt) => prompt.view(screen, Message::Unsaved),
            None => screen,
        }
    }

    /// Shortcuts, the autosave clock and the close button.
    pub fn subscription(&self) -> Subscription<Message> {
        let mut subs = vec![
            keyboard::listen().map(Message::Key),
            window::close_requests().map(Message::CloseRequested),
        ];
        // Also for a map kept behind a side screen or the error screen,
        // and for the documents of the side screens.
        let side_doc = matches!(
            self.screen,
            Screen::Oob(_) | Screen::Setup(_) | Screen::Timeline(_)
        );
        if self.map().is_some() || side_doc {
            subs.push(
                iced::time::every(AUTOSAVE_EVERY)
                    .map(|_| Message::AutosaveTick),
            );
        }
        if matches!(self.screen, Screen::Map(_) | Screen::Setup(_)) {
            subs.push(
                iced::time::every(DISK_CHECK_EVERY).map(|_| Message::DiskTick),
            );
        }
        Subscription::batch(subs)
    }

    /// A fixed theme, so the look does not depend on the desktop.
    pub fn theme(&self) -> Theme {
        Theme::Light
    }
}

/// The native Open dialog, starting in `folder`; `None` when cancelled or
/// when the machine has no dialog service (then nothing happens).
fn open_dialog(folder: Option<PathBuf>) -> Task<Message> {
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title("Open map, scenario, game or counters")
        .add_filter("Maps, scenarios, games and counters", &["ron", "json"]);
    if let Some(folder) = folder {
        dialog = dialog.set_directory(folder);
    }
    Task::perform(dialog.pick_file(), |handle| {
        Message::OpenPicked(handle.map(|h| h.path().to_owned()))
    })
}

/// Runs the window.
pub fn run(path: Option<PathBuf>) -> iced::Result {
    iced::application(
        move || App::start(path.as_deref(), Recent::from_env()),
        App::update,
        App::view,
    )
    .title(App::title)
    .theme(App::theme)
    .style(App::style)
    .subscription(App::subscription)
    .exit_on_close_request(false)
    .default_font(FONT)
    // Fits a 1280x720 laptop screen with its title bar and a taskbar.
    .window_size((1200.0, 680.0))
    .run()
}
