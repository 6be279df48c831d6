//! The order of battle screen: building one from an empty counters file
//! through the view (iced_test), every bundled counters file opening with
//! both sides' trees, and saves that change only the edited entry.

mod build;
mod bundled;
mod edits;
mod navigate;
mod save;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::recent::Recent;
use berthier_editor::screen::oob::{NAME_FIELD, OobScreen};
use iced::keyboard::{self, Modifiers};
use iced::widget;
use iced_test::{Simulator, selector, simulator};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The app on `path`, with its recent list in `dir`.
pub fn open_app(path: &Path, dir: &Path) -> App {
    App::with_recent(Some(path), Recent::at(Some(dir.join("config"))))
}

/// The order of battle screen shown.
pub fn oob(app: &App) -> &OobScreen {
    match app.screen() {
        Screen::Oob(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
}

/// Runs `f` on a fresh simulator of the app's view and feeds the messages
/// it produced back to the app.
pub fn with_ui(app: &mut App, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

/// Clicks the widget showing `label`.
pub fn click(app: &mut App, label: &str) {
    with_ui(app, |ui| {
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
    });
}

/// Replaces the name field's text by `name`, typed a key at a time as a
/// designer would (Ctrl+A, then the letters).
pub fn retype_name(app: &mut App, name: &str) {
    let mut chars = name.chars();
    let first = chars.next().expect("a name");
    with_ui(app, |ui| {
        ui.click(selector::id(widget::Id::new(NAME_FIELD)))
            .expect("name field");
        let modifiers =
            |m| iced::Event::Keyboard(keyboard::Event::ModifiersChanged(m));
        let _ = ui.simulate([modifiers(Modifiers::COMMAND)]);
        let _ = ui.simulate(iced_test::simulator::tap_key(
            keyboard::Key::Character("a".into()),
            Some("a".into()),
        ));
        let _ = ui.simulate([modifiers(Modifiers::empty())]);
        let _ = ui.typewrite(&first.to_string());
    });
    for c in chars {
        with_ui(app, |ui| {
            ui.click(selector::id(widget::Id::new(NAME_FIELD)))
                .expect("name field");
            let _ = ui.typewrite(&c.to_string());
        });
    }
}

/// Whether the view shows a text with exactly `label`.
pub fn shows(app: &App, label: &str) -> bool {
    let mut ui = simulator(app.view());
    ui.find(label).is_ok()
}
