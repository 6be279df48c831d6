//! Driving the whole app through its view (iced_test) in a 1280x720
//! window: clicks, what it shows, the screen it is on.

use std::path::Path;

use berthier_editor::app::{App, Message};
use berthier_tools::recent::Recent;
use iced::Size;
use iced_test::Simulator;

/// The window the tests see, the size of a small laptop screen.
pub const WINDOW: Size = Size::new(1280.0, 720.0);

/// The app on `path`, with its recent list in `dir`.
pub fn open_app(path: &Path, dir: &Path) -> App {
    App::with_recent(Some(path), Recent::at(Some(dir.join("config"))))
}

/// A simulator of the app's view in the [`WINDOW`].
pub fn ui(app: &App) -> Simulator<'_, Message> {
    Simulator::with_size(iced::Settings::default(), WINDOW, app.view())
}

/// Runs `f` on a fresh simulator of the app's view and feeds the messages
/// it produced back to the app.
pub fn with_ui(app: &mut App, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let mut ui = ui(app);
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

/// Whether the view shows a text with exactly `label`.
pub fn shows(app: &App, label: &str) -> bool {
    ui(app).find(label).is_ok()
}

/// A named key pressed with no modifier, as the window's subscription
/// hands it to the app.
pub fn named_key(named: iced::keyboard::key::Named) -> iced::keyboard::Event {
    use iced::keyboard;
    keyboard::Event::KeyPressed {
        key: keyboard::Key::Named(named),
        modified_key: keyboard::Key::Named(named),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: keyboard::Location::Standard,
        modifiers: keyboard::Modifiers::empty(),
        text: None,
        repeat: false,
    }
}
