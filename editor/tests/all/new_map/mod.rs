//! A new battle from the UI: the New map form, attaching a scan, the map's
//! Properties, Save As asking for the copy's id, and Register grid /
//! Suggest terrain on a map with no scan. Dialog answers are given as the
//! messages the dialogs would send. Run with `ICED_TEST_BACKEND=tiny-skia`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::app_ui;

mod arrival_condition;
mod arrival_groups;
mod battle;
mod forces_parts;
mod form;
mod game;
mod header;
mod oob;
mod pack;
mod scan;
mod victory;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message};
use berthier_editor::screen::map::{self, MapScreen};
use berthier_editor::screen::new_map;
use berthier_schema::Map;
use berthier_tools::project;
use berthier_tools::recent::Recent;

/// The source tree's root.
fn source(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// A pack in `dir` laid out as the source tree: `schema/series/` with the
/// Jours de Gloire series, `maps/rivoli-1797/` (no scan), `maps/demo/`
/// and a scan at `scans/scan.png`. Returns the Rivoli map.
pub fn pack(dir: &Path) -> PathBuf {
    let series = dir.join("schema/series");
    std::fs::create_dir_all(&series).expect("series folder");
    let name = "jours-de-gloire.series.ron";
    std::fs::copy(source(&format!("schema/series/{name}")), series.join(name))
        .expect("series");
    std::fs::create_dir_all(dir.join("scans")).expect("scans");
    std::fs::copy(source("maps/demo/demo-scan.png"), scan_file(dir))
        .expect("scan");
    let rivoli = dir.join("maps/rivoli-1797/rivoli-1797.map.ron");
    std::fs::create_dir_all(rivoli.parent().expect("folder")).expect("maps");
    std::fs::copy(source("maps/rivoli-1797/rivoli-1797.map.ron"), &rivoli)
        .expect("rivoli");
    rivoli
}

/// The scan of [`pack`].
pub fn scan_file(dir: &Path) -> PathBuf {
    dir.join("scans/scan.png")
}

/// `berthier-validate` finds no error in the pack at `root`.
pub fn assert_validates(root: &Path) {
    let report =
        berthier_validator::validate(&[root.to_path_buf()]).expect("validate");
    let errors: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == berthier_validator::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

/// The app on `path`, its recent files in `dir`.
pub fn app_at(path: &Path, dir: &Path) -> App {
    App::with_recent(Some(path), Recent::at(Some(dir.join("config"))))
}

/// The map being edited.
pub fn map_of(app: &App) -> &MapScreen {
    app.map().expect("a map")
}

/// Sends a map screen message.
pub fn send(app: &mut App, m: map::Message) {
    let _ = app.update(Message::Map(m));
}

/// Sends a New map form message.
pub fn form(app: &mut App, m: new_map::Message) {
    let _ = app.update(Message::NewMap(m));
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

/// The map file at `path` as the model reads it.
pub fn read_map(path: &Path) -> Map {
    project::resolve_map(path).expect("a map file").1
}
