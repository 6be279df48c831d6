//! Shown instead of the map when a file cannot be opened: where and why,
//! and a way to try again after fixing it.

use iced::widget::{button, column, container, text};
use iced::{Element, Fill, Font, font};

use crate::project::OpenError;

/// The error screen's state.
#[derive(Debug, Clone)]
pub struct ErrorScreen {
    error: OpenError,
    /// The file the user asked for (a scenario may fail in its map).
    requested: std::path::PathBuf,
}

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// Open the requested file again.
    Retry,
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Open this file again.
    Retry(std::path::PathBuf),
}

impl ErrorScreen {
    /// A screen explaining `error` for the file the user asked for.
    pub fn new(requested: std::path::PathBuf, error: OpenError) -> Self {
        Self { error, requested }
    }

    /// The error shown.
    pub fn error(&self) -> &OpenError {
        &self.error
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Retry => Some(Event::Retry(self.requested.clone())),
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

    /// The screen.
    pub fn view(&self) -> Element<'_, Message> {
        let bold = Font {
            weight: font::Weight::Bold,
            ..Font::with_name("Fira Sans")
        };
        let body = column![
            text("Cannot open this file").size(24).font(bold),
            text(self.location()),
            text(self.error.message.clone()).style(text::danger),
            button("Try again").on_press(Message::Retry),
        ]
        .spacing(14)
        .max_width(900);
        container(body).padding(40).width(Fill).height(Fill).into()
    }
}
