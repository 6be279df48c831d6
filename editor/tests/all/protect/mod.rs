//! Work is protected: saves that would lose comments ask first, unsaved
//! changes are not dropped without asking, the error screen leads back,
//! changes made to the file by another program are noticed, and the demo
//! opens from a copy in the user's data folder. Run with
//! `ICED_TEST_BACKEND=tiny-skia`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::app_ui;
use crate::common;

mod demo;
mod disk;
mod error_back;
mod rewrite;
mod unsaved;

use std::path::Path;

use berthier_editor::app::{App, Message};
use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map::{self, MapScreen, panel};
use berthier_tools::recent::Recent;
use iced::Size;

/// The app on `path`, its recent files in `dir`.
pub fn app_at(path: &Path, dir: &Path) -> App {
    App::with_recent(Some(path), Recent::at(Some(dir.join("config"))))
}

/// The map being edited.
pub fn map_of(app: &App) -> &MapScreen {
    app.map().expect("a map")
}

/// Sends a map screen message, with what follows from it.
pub fn send(app: &mut App, m: map::Message) {
    let _ = app.update(Message::Map(m));
}

/// Paints `hex` woods with the brush (the canvas sized first).
pub fn paint(app: &mut App, hex: &str) {
    let size = Size::new(1000.0, 800.0);
    send(app, map::Message::Canvas(Canvas::Resized(size)));
    let woods = panel::Message::Terrain("woods".into());
    send(app, map::Message::Panel(woods));
    let at = common::centre(map_of(app), hex);
    let modifiers = iced::keyboard::Modifiers::default();
    send(app, map::Message::Canvas(Canvas::Press { at, modifiers }));
    send(app, map::Message::Canvas(Canvas::Release));
    assert_eq!(common::terrain(map_of(app), hex).as_deref(), Some("woods"));
}

/// Clicks the button labelled `label` in the window.
pub fn click(app: &mut App, label: &str) {
    app_ui::with_ui(app, |ui| {
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
    });
}

/// Whether the window shows `label`.
pub fn shows(app: &mut App, label: &str) -> bool {
    let mut found = false;
    app_ui::with_ui(app, |ui| found = ui.find(label).is_ok());
    found
}
