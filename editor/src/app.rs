//! The application: which screen shows, and routing messages to it.

use std::path::{Path, PathBuf};

use iced::{Element, Font, Task, Theme};

use crate::project;
use crate::screen::error::{self, ErrorScreen};
use crate::screen::map::{self, MapScreen};

/// The UI font, bundled through iced's `fira-sans` feature so text shows on
/// machines with no system fonts.
pub const FONT: Font = Font::with_name("Fira Sans");

/// The editor.
#[derive(Debug)]
pub struct App {
    screen: Screen,
}

/// The screen showing.
#[derive(Debug)]
pub enum Screen {
    /// A map.
    Map(Box<MapScreen>),
    /// Why a file did not open.
    Error(ErrorScreen),
}

/// Top-level messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// For the map screen.
    Map(map::Message),
    /// For the error screen.
    Error(error::Message),
}

impl App {
    /// Opens `path`, or the bundled demo when `None`.
    pub fn open(path: Option<&Path>) -> Self {
        let path = path.map_or_else(project::demo_map_path, Path::to_owned);
        Self {
            screen: screen_for(path),
        }
    }

    /// The screen showing.
    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// Window title.
    pub fn title(&self) -> String {
        match &self.screen {
            Screen::Map(s) => format!("{} - Berthier", s.opened().map.name),
            Screen::Error(_) => "Berthier - cannot open file".to_owned(),
        }
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        match (&mut self.screen, message) {
            (Screen::Map(s), Message::Map(m)) => {
                let (task, event) = s.update(m);
                if let Some(map::Event::Failed(e)) = event {
                    let requested = s.opened().path.clone();
                    self.screen = Screen::Error(ErrorScreen::new(requested, e));
                }
                task.map(Message::Map)
            }
            (Screen::Error(s), Message::Error(m)) => {
                if let Some(error::Event::Retry(path)) = s.update(m) {
                    self.screen = screen_for(path);
                }
                Task::none()
            }
            // A message for a screen that has since been replaced.
            _ => Task::none(),
        }
    }

    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        match &self.screen {
            Screen::Map(s) => s.view().map(Message::Map),
            Screen::Error(s) => s.view().map(Message::Error),
        }
    }

    /// A fixed theme, so the look does not depend on the desktop.
    pub fn theme(&self) -> Theme {
        Theme::Light
    }
}

fn screen_for(path: PathBuf) -> Screen {
    match project::open(&path) {
        Ok(opened) => Screen::Map(Box::new(MapScreen::new(opened))),
        Err(e) => Screen::Error(ErrorScreen::new(path, e)),
    }
}

/// Runs the window.
pub fn run(path: Option<PathBuf>) -> iced::Result {
    iced::application(
        move || App::open(path.as_deref()),
        App::update,
        App::view,
    )
    .title(App::title)
    .theme(App::theme)
    .default_font(FONT)
    .window_size((1200.0, 900.0))
    .run()
}
