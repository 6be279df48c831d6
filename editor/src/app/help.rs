//! Help > Rule codes over any screen: F1 opens it, a code's heading in a
//! findings panel opens it on that code, Escape or Close closes it.

use berthier_rules::Code;
use iced::keyboard;

use super::{App, Message};
use crate::scenario_findings::live;
use crate::screen::rule_codes::{self, RuleCodes};
use crate::screen::{map, setup, timeline};

impl App {
    /// Shows the documentation of `code`, its row scrolled into view.
    pub(super) fn explain(&mut self, code: Code) -> iced::Task<Message> {
        let panel = self.rule_codes.get_or_insert_with(|| RuleCodes::new(code));
        panel.update(rule_codes::Message::Show(code));
        panel.reveal()
    }

    /// Help > Rule codes, for the application's tests and F1.
    pub fn rule_codes(&self) -> Option<&RuleCodes> {
        self.rule_codes.as_ref()
    }

    pub(super) fn rule_codes_message(&mut self, message: rule_codes::Message) {
        let Some(panel) = &mut self.rule_codes else {
            return;
        };
        if panel.update(message) == Some(rule_codes::Event::Closed) {
            self.rule_codes = None;
        }
    }

    /// F1 opens the panel (on the first code, or the one shown last);
    /// while it is open it takes the keys: Escape closes it. `true` when
    /// the key was the panel's.
    pub(super) fn help_key(&mut self, key: &keyboard::Key) -> bool {
        use keyboard::key::Named;
        let named = |n| *key == keyboard::Key::Named(n);
        if self.rule_codes.is_some() {
            if named(Named::Escape) {
                self.rule_codes = None;
            }
            return true;
        }
        if named(Named::F1) {
            self.rule_codes = Some(RuleCodes::new(Code::ALL[0]));
            return true;
        }
        false
    }
}

/// The code a findings panel's heading asks to explain, from whichever
/// screen holds the panel.
pub(super) fn explained(message: &Message) -> Option<Code> {
    let explain = |m: &live::Message| match m {
        live::Message::Explain(code) => Some(*code),
        _ => None,
    };
    match message {
        Message::Map(map::Message::Live(m))
        | Message::Setup(setup::Message::Live(m))
        | Message::Timeline(timeline::Message::Live(m)) => explain(m),
        _ => None,
    }
}
