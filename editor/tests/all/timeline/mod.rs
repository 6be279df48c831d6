//! The Timeline screen: every bundled scenario opens in it with its
//! schedule shown and saves back byte-identical; a reinforcement moved by
//! a button, by the arrow keys and by a drag, saved, read back, undone;
//! the played schedule. Scenarios are copied into a temporary folder
//! (with the maps, counters and series linked beside them) so that saving
//! never touches the bundled files.

mod bundled;
mod entry;
mod live;
mod moves;
mod play;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::recent::Recent;
use berthier_editor::screen::timeline::TimelineScreen;
use iced::Size;
use iced_test::Simulator;

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every bundled scenario file (variants included), sorted.
pub fn bundled() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for battle in std::fs::read_dir(root().join("scenarios")).expect("dir") {
        for file in std::fs::read_dir(battle.expect("battle").path())
            .expect("battle dir")
        {
            let path = file.expect("file").path();
            if path.to_string_lossy().ends_with(".scenario.ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The battle folder of `scenario` copied under `dir/scenarios/`, with
/// `schema`, `maps` and `counters` linked beside so its relative paths
/// resolve; returns the copy of `scenario`.
pub fn copy_of(scenario: &Path, dir: &Path) -> PathBuf {
    for linked in ["schema", "maps", "counters"] {
        let link = dir.join(linked);
        if !link.exists() {
            let target = root().join(linked).canonicalize().expect("abs");
            std::os::unix::fs::symlink(target, link).expect("link");
        }
    }
    let battle = scenario.parent().expect("battle folder");
    let to = dir
        .join("scenarios")
        .join(battle.file_name().expect("battle name"));
    std::fs::create_dir_all(&to).expect("mkdir");
    for file in std::fs::read_dir(battle).expect("battle dir") {
        let path = file.expect("file").path();
        std::fs::copy(&path, to.join(path.file_name().expect("name")))
            .expect("copy");
    }
    to.join(scenario.file_name().expect("name"))
}

/// The app on the scenario's map, then its Timeline opened from the bar.
pub fn timeline_app(path: &Path, dir: &Path) -> App {
    let mut app =
        App::with_recent(Some(path), Recent::at(Some(dir.join("config"))));
    assert!(matches!(app.screen(), Screen::Map(_)), "{}", path.display());
    click(&mut app, "Timeline");
    let _ = timeline(&app);
    app
}

/// The Timeline screen shown.
pub fn timeline(app: &App) -> &TimelineScreen {
    match app.screen() {
        Screen::Timeline(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
}

/// A simulator of the app's view in a 1280x720 window.
pub fn ui(app: &App) -> Simulator<'_, Message> {
    Simulator::with_size(
        iced::Settings::default(),
        Size::new(1280.0, 720.0),
        app.view(),
    )
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
