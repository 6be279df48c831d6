//! Shown instead of the map when a file cannot be opened: where and why,
//! a way to try again after fixing it, another file to open, and the way
//! back to the map that was open before (kept here with its unsaved edits
//! and undo history).

use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill, Font, font};

use super::map::MapScreen;
use berthier_tools::project::OpenError;

/// The error screen's state.
#[derive(Debug)]
pub struct ErrorScreen {
    error: OpenError,
    /// The file the user asked for (a scenario may fail in its map).
    requested: std::path::PathBuf,
    /// The map shown before, as it was.
    previous: Option<Box<MapScreen>>,
}

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// Open the requested file again.
    Retry,
    /// Go back to the map shown before.
    Back,
    /// Ask for another file to open.
    Open,
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Open this file again.
    Retry(std::path::PathBuf),
    /// Show the previous map again (see [`ErrorScreen::take_previous`]).
    Back,
    /// Ask for a file to open.
    Open,
}

impl ErrorScreen {
    /// A screen explaining `error` for the file the user asked for.
    pub fn new(requested: std::path::PathBuf, error: OpenError) -> Self {
        Self {
            error,
            requested,
            previous: None,
        }
    }

    /// The same screen, keeping `previous` to go back to.
    pub fn with_previous(mut self, previous: Option<Box<MapScreen>>) -> Self {
        self.previous = previous;
        self
    }

    /// The error shown.
    pub fn error(&self) -> &OpenError {
        &self.error
    }

    /// The map shown before, if any.
    pub fn previous(&self) -> Option<&MapScreen> {
        self.previous.as_deref()
    }

    /// See [`Self::previous`].
    pub fn previous_mut(&mut self) -> Option<&mut MapScreen> {
        self.previous.as_deref_mut()
    }

    /// Gives up the map shown before.
    pub fn take_previous(&mut self) -> Option<Box<MapScreen>> {
        self.previous.take()
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Retry => Some(Event::Retry(self.requested.clone())),
            Message::Back => self.previous.is_some().then_some(Event::Back),
            Message::Open => Some(Event::Open),
        }
    }

    /// The location line: `file:line:col`, or just the file.
    pub fn location(&self) -> String {
        let file = self.error.file.display();
        if self.error.line > 0 {
            format!("{file}:{}:{}", self.error.line, self.error.column)
        } else {
            file.to_string()
        }
    }

    /// "Back to demo.map.ron", when a map was open before.
    pub fn back_label(&self) -> Option<String> {
        let path = &self.previous.as_ref()?.opened().path;
        let name = path.file_name().unwrap_or(path.as_os_str());
        Some(format!("Back to {}", name.to_string_lossy()))
    }

    /// The screen.
    pub fn view(&self) -> Element<'_, Message> {
        let bold = Font {
            weight: font::Weight::Bold,
            ..Font::with_name("Fira Sans")
        };
        let mut actions = row![].spacing(10);
        if let Some(back) = self.back_label() {
            actions = actions.push(button(text(back)).on_press(Message::Back));
        }
        actions = actions
            .push(button("Try again").on_press(Message::Retry))
            .push(button("Open…").on_press(Message::Open));
        let body = column![
            text("Cannot open this file").size(24).font(bold),
            text(self.location()),
            text(self.error.message.clone()).style(text::danger),
            actions,
        ]
        .spacing(14)
        .max_width(900);
        container(body).padding(40).width(Fill).height(Fill).into()
    }
}
