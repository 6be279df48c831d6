//! Routing for the register and suggest screens, kept out of `app.rs` so
//! that file only names them: each side screen holds the map screen it came
//! from and gives it back, with the edit it made, when done.

use std::path::PathBuf;

use berthier_schema::edit::Edit;
use iced::Task;

use super::{Message, Screen};
use crate::screen::error::ErrorScreen;
use crate::screen::register::{self, RegisterScreen};
use crate::screen::suggest::{self, SuggestScreen};
use berthier_tools::project::OpenError;

/// Which side screen to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Register the grid.
    Register,
    /// Suggest terrain.
    Suggest,
}

/// Swaps the map screen for a side screen.
pub fn enter(screen: &mut Screen, side: Side) {
    let Screen::Map(map) = take(screen) else {
        return;
    };
    let opened = map.opened().clone();
    *screen = match side {
        Side::Register => {
            Screen::Register(Box::new(RegisterScreen::new(opened)), map)
        }
        Side::Suggest => {
            Screen::Suggest(Box::new(SuggestScreen::new(opened)), map)
        }
    };
}

/// Handles a side screen's message; returns to the map when it is done.
pub fn update(screen: &mut Screen, message: Message) -> Task<Message> {
    let (task, done) = match (&mut *screen, message) {
        (Screen::Register(s, _), Message::Register(m)) => {
            let (task, event) = s.update(m);
            let done = event.map(|register::Event::Done(e)| e);
            (task.map(Message::Register), done)
        }
        (Screen::Suggest(s, _), Message::Suggest(m)) => {
            let (task, event) = s.update(m);
            let done = event.map(|suggest::Event::Done(e)| e);
            (task.map(Message::Suggest), done)
        }
        _ => return Task::none(),
    };
    if let Some(edit) = done {
        leave(screen, edit);
    }
    task
}

fn leave(screen: &mut Screen, edit: Option<Edit>) {
    match take(screen) {
        Screen::Register(_, mut map) | Screen::Suggest(_, mut map) => {
            if let Some(edit) = edit {
                map.apply_edit(edit);
            }
            *screen = Screen::Map(map);
        }
        other => *screen = other,
    }
}

/// Moves the screen out, leaving a placeholder that is replaced at once.
pub fn take(screen: &mut Screen) -> Screen {
    std::mem::replace(screen, placeholder())
}

/// A screen that is replaced at once (an empty error screen).
pub fn placeholder() -> Screen {
    Screen::Error(ErrorScreen::new(
        PathBuf::new(),
        OpenError {
            file: PathBuf::new(),
            line: 0,
            column: 0,
            message: String::new(),
        },
    ))
}
