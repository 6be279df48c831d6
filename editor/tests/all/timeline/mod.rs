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
mod rewrite;
mod unknown_units;

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Screen};
use berthier_editor::screen::timeline::TimelineScreen;

pub use crate::common::files::{bundled_scenarios as bundled, root};
use crate::common::ui::open_app;
pub use crate::common::ui::{click, shows, with_ui};

/// The battle folders copied under `dir/scenarios/` (a combined game's
/// variant names its base in another battle's folder), with `schema`,
/// `maps` and `counters` linked beside so its relative paths resolve;
/// returns the copy of `scenario`.
pub fn copy_of(scenario: &Path, dir: &Path) -> PathBuf {
    for linked in ["schema", "maps", "counters"] {
        let link = dir.join(linked);
        if !link.exists() {
            let target = root().join(linked).canonicalize().expect("abs");
            std::os::unix::fs::symlink(target, link).expect("link");
        }
    }
    let battle = scenario.parent().expect("battle folder");
    let all = battle.parent().expect("scenarios folder");
    for folder in std::fs::read_dir(all).expect("scenarios dir") {
        let folder = folder.expect("battle").path();
        let to = dir
            .join("scenarios")
            .join(folder.file_name().expect("battle name"));
        if to.exists() {
            continue;
        }
        std::fs::create_dir_all(&to).expect("mkdir");
        for file in std::fs::read_dir(&folder).expect("battle dir") {
            let path = file.expect("file").path();
            std::fs::copy(&path, to.join(path.file_name().expect("name")))
                .expect("copy");
        }
    }
    dir.join("scenarios")
        .join(battle.file_name().expect("battle name"))
        .join(scenario.file_name().expect("name"))
}

/// The app on the scenario's map, then its Timeline opened from the bar.
pub fn timeline_app(path: &Path, dir: &Path) -> App {
    let mut app = open_app(path, dir);
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
