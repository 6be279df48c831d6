//! The order of battle screen: building one from an empty counters file
//! through the view (iced_test), every bundled counters file opening with
//! both sides' trees, and saves that change only the edited entry.

mod activation;
mod art;
mod build;
mod bundled;
mod csv;
mod drag;
mod edits;
mod nationalities;
mod navigate;
mod save;

use berthier_editor::app::{App, Screen};
use berthier_editor::screen::oob::{NAME_FIELD, OobScreen};
use iced::keyboard::{self, Modifiers};
use iced::widget;
use iced_test::selector;

pub use crate::common::files::root;
pub use crate::common::ui::{click, open_app, shows, with_ui};

/// The order of battle screen shown.
pub fn oob(app: &App) -> &OobScreen {
    match app.screen() {
        Screen::Oob(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
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
