//! Helpers for tests that drive the whole app through its view (iced_test).

#![allow(dead_code)]

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::register::RegisterScreen;
use iced_test::Simulator;

/// Runs `f` on a simulator of the app's view, then feeds its messages.
pub fn with_ui(app: &mut App, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let size = iced::Size::new(1800.0, 1000.0);
        let mut ui =
            Simulator::with_size(iced::Settings::default(), size, app.view());
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

/// The register screen showing.
pub fn register(app: &App) -> &RegisterScreen {
    match app.screen() {
        Screen::Register(s, _) => s,
        _ => panic!("not on the register screen"),
    }
}
