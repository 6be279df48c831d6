//! The editor's keys: Ctrl shortcuts (undo, redo, save, open, new map)
//! routed to the screen shown, Escape for the unsaved-changes question,
//! and plain letters picking a map tool.

use iced::{Task, keyboard};

use super::{App, Message, Screen, oob, open_dialog, setup, timeline};
use crate::screen::map;
use crate::screen::register;
use crate::screen::unsaved::{self, Pending};

impl App {
    /// Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save, Ctrl+Shift+S
    /// save as, Ctrl+O open, Ctrl+N new map (Cmd on macOS).
    pub(super) fn shortcut(
        &mut self,
        event: &keyboard::Event,
    ) -> Task<Message> {
        let keyboard::Event::KeyPressed { key, modifiers, .. } = event else {
            return Task::none();
        };
        if self.unsaved.is_some() {
            // Only the question takes keys; Escape cancels it.
            let escape = keyboard::Key::Named(keyboard::key::Named::Escape);
            if *key == escape {
                return self.answer(unsaved::Message::Cancel);
            }
            return Task::none();
        }
        let escape = keyboard::Key::Named(keyboard::key::Named::Escape);
        if self.menu.open().is_some() && *key == escape {
            let _ = self.menu.update(crate::screen::menu::Message::Close);
            return Task::none();
        }
        if self.help_key(key) {
            return Task::none();
        }
        if !modifiers.command() {
            return self.tool_key(key, *modifiers);
        }
        let keyboard::Key::Character(c) = key.as_ref() else {
            return Task::none();
        };
        let shift = modifiers.shift();
        let message = match (c.to_lowercase().as_str(), shift) {
            // Not from a side screen, whose work would be dropped.
            ("o", _) => {
                return match self.screen {
                    Screen::Map(_)
                    | Screen::Error(_)
                    | Screen::Oob(_)
                    | Screen::Timeline(_) => open_dialog(self.folder()),
                    _ => Task::none(),
                };
            }
            ("n", false) => {
                return match self.screen {
                    Screen::Map(_) | Screen::Error(_) => {
                        self.request(Pending::NewMap)
                    }
                    _ => Task::none(),
                };
            }
            ("z", false) => map::Message::Undo,
            ("z", true) | ("y", _) => map::Message::Redo,
            ("s", false) => map::Message::Save,
            ("s", true) => map::Message::SaveAs,
            _ => return Task::none(),
        };
        self.route_edit(message)
    }

    /// Undo, redo, save or save as (said as the map's messages), sent to
    /// the screen shown in its own words: from a shortcut or the menu.
    pub(super) fn route_edit(
        &mut self,
        message: map::Message,
    ) -> Task<Message> {
        match (&self.screen, &message) {
            (Screen::Map(_), _) => self.update(Message::Map(message)),
            (Screen::Oob(_), _) => match oob::shortcut(&message) {
                Some(m) => self.update(Message::Oob(m)),
                None => Task::none(),
            },
            (Screen::Setup(_), _) => match setup::shortcut(&message) {
                Some(m) => self.update(Message::Setup(m)),
                None => Task::none(),
            },
            (Screen::Timeline(_), _) => match timeline::shortcut(&message) {
                Some(m) => self.update(Message::Timeline(m)),
                None => Task::none(),
            },
            (Screen::Register(..), map::Message::Undo) => {
                self.update(Message::Register(register::Message::Undo))
            }
            _ => Task::none(),
        }
    }

    /// A letter with no modifier picks a tool on the map screen (keys
    /// typed into a text field never get here: they are captured).
    fn tool_key(
        &mut self,
        key: &keyboard::Key,
        modifiers: keyboard::Modifiers,
    ) -> Task<Message> {
        if let (Screen::Timeline(_), Some(m)) =
            (&self.screen, timeline::arrow(key))
        {
            return self.update(Message::Timeline(m));
        }
        let keyboard::Key::Character(c) = key.as_ref() else {
            return Task::none();
        };
        let plain = !modifiers.alt() && !modifiers.logo();
        match (&self.screen, berthier_tools::tool::Tool::for_key(c)) {
            (Screen::Map(_), Some(tool)) if plain => {
                let pick = map::panel::Message::Tool(tool);
                self.update(Message::Map(map::Message::Panel(pick)))
            }
            _ => Task::none(),
        }
    }
}
