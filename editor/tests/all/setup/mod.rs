//! The Setup screen: every bundled scenario opens in it with each side's
//! roster and saves back byte-identical; placing, moving and turning a
//! unit, each undone in turn; an illegal stack said so in the stack panel.

mod bundled;
mod edits;
mod live;
mod posture;
mod tree;
mod variant;
mod zone_kinds;
mod zones;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Screen};
use berthier_editor::screen::setup::SetupScreen;

use crate::common::files::{self, scenarios_in};
use crate::common::ui::open_app;
pub use crate::common::ui::{click, shows};

/// A copy of the scenarios with what they name (maps, counters, series)
/// in `dir`, so saves write there and relative paths still resolve.
pub fn copy_tree(dir: &Path) {
    files::copy_tree(dir, &["scenarios", "maps", "counters", "schema/series"]);
}

/// Every scenario file under `dir`'s `scenarios/`, sorted.
pub fn scenarios(dir: &Path) -> Vec<PathBuf> {
    scenarios_in(dir)
}

/// The app on the scenario at `path`, switched to its Setup screen by
/// the "Setup" button above the map.
/// The bundled tree copied into a temporary folder, and the Setup screen
/// open on the scenario at `relative` in it, with the file's text as read.
pub fn open_copy(
    relative: &str,
) -> (tempfile::TempDir, std::path::PathBuf, String, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let path = dir.path().join(relative);
    let original = std::fs::read_to_string(&path).expect("read");
    let app = open_setup(&path, dir.path());
    (dir, path, original, app)
}

/// The bundled tree copied into `dir` and the Setup screen open on its
/// Quatre-Bras 1 (a scenario with infos in its findings panel).
pub fn open_qb1(dir: &Path) -> App {
    copy_tree(dir);
    let path =
        dir.join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    open_setup(&path, dir)
}

pub fn open_setup(path: &Path, dir: &Path) -> App {
    let mut app = open_app(path, dir);
    click(&mut app, "Setup");
    let _ = setup(&app);
    app
}

/// A click on `hex` of the Setup map (press and release there).
pub fn press(app: &mut App, hex: berthier_schema::HexId) {
    let at = setup(app).point_of(hex);
    let press = berthier_editor::map_canvas::Message::Press {
        at,
        modifiers: iced::keyboard::Modifiers::empty(),
    };
    let _ = app.update(berthier_editor::app::Message::Setup(
        berthier_editor::screen::setup::Message::Canvas(press),
    ));
    let _ = app.update(berthier_editor::app::Message::Setup(
        berthier_editor::screen::setup::Message::Released(Some(at)),
    ));
}

/// The Setup screen shown.
pub fn setup(app: &App) -> &SetupScreen {
    match app.screen() {
        Screen::Setup(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
}
