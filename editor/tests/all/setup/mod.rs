//! The Setup screen: every bundled scenario opens in it with each side's
//! roster and saves back byte-identical; placing, moving and turning a
//! unit, each undone in turn; an illegal stack said so in the stack panel.

mod bundled;
mod edits;
mod live;
mod posture;
mod variant;
mod zones;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::recent::Recent;
use berthier_editor::screen::setup::SetupScreen;
use iced_test::{Simulator, simulator};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A copy of the scenarios with what they name (maps, counters, series)
/// in `dir`, so saves write there and relative paths still resolve.
pub fn copy_tree(dir: &Path) {
    for sub in ["scenarios", "maps", "counters", "schema/series"] {
        copy_dir(&root().join(sub), &dir.join(sub));
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Every scenario file under `dir`'s `scenarios/`, sorted.
pub fn scenarios(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir.join("scenarios"))
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .collect();
    found.sort();
    found
}

/// The app on the scenario at `path`, switched to its Setup screen by
/// the "Setup" button above the map.
pub fn open_setup(path: &Path, dir: &Path) -> App {
    let recent = Recent::at(Some(dir.join("config")));
    let mut app = App::with_recent(Some(path), recent);
    click(&mut app, "Setup");
    let _ = setup(&app);
    app
}

/// The Setup screen shown.
pub fn setup(app: &App) -> &SetupScreen {
    match app.screen() {
        Screen::Setup(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
}

/// Runs `f` on a simulator of the app's view and feeds the messages it
/// produced back to the app.
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

/// Whether the view shows a text with exactly `label`.
pub fn shows(app: &App, label: &str) -> bool {
    let mut ui = simulator(app.view());
    ui.find(label).is_ok()
}
