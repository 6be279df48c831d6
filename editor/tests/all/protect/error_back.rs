//! The error screen always leads somewhere: back to the map shown before
//! (with its unsaved edits and undo history), another file, or the same
//! file again.

use berthier_editor::app::{Message, Screen};

use super::*;

fn broken(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("broken.map.ron");
    std::fs::write(&path, "(kind: map, format_version: 1, id: 42)\n")
        .expect("broken");
    path
}

fn is_error(app: &berthier_editor::app::App) -> bool {
    matches!(app.screen(), Screen::Error(_))
}

#[test]
fn back_returns_to_the_map_with_its_edits_and_history() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = app_at(&path, dir.path());
    paint(&mut app, "0505");
    let _ = app.update(Message::OpenPicked(Some(broken(dir.path()))));
    click(&mut app, "Discard changes");
    assert!(is_error(&app));
    assert!(shows(&mut app, "Cannot open this file"));
    assert!(shows(&mut app, "Try again"));
    assert!(shows(&mut app, "Open…"));
    // Trying again would drop the kept edits if it worked: it asks too.
    // Failing again keeps the way back.
    click(&mut app, "Try again");
    assert!(shows(&mut app, "Unsaved changes to demo.map.ron."));
    click(&mut app, "Discard changes");
    assert!(is_error(&app));
    click(&mut app, "Back to demo.map.ron");
    assert!(matches!(app.screen(), Screen::Map(_)));
    let s = map_of(&app);
    assert_eq!(s.opened().path, path);
    assert!(s.is_dirty());
    assert_eq!(common::terrain(s, "0505").as_deref(), Some("woods"));
    send(&mut app, berthier_editor::screen::map::Message::Undo);
    assert_eq!(
        common::terrain(map_of(&app), "0505").as_deref(),
        Some("clear")
    );
}

#[test]
fn a_reload_that_fails_keeps_the_map_to_go_back_to() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = app_at(&path, dir.path());
    let good = std::fs::read_to_string(&path).expect("map");
    std::fs::write(&path, "(kind: map,").expect("broken by hand");
    click(&mut app, "Reload");
    assert!(is_error(&app));
    assert!(shows(&mut app, "Back to demo.map.ron"));
    // Fixed by hand: trying again opens it.
    std::fs::write(&path, good).expect("fixed");
    click(&mut app, "Try again");
    assert!(matches!(app.screen(), Screen::Map(_)));
}

#[test]
fn with_nothing_open_before_there_is_no_way_back_but_open() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = app_at(&broken(dir.path()), dir.path());
    assert!(is_error(&app));
    assert!(shows(&mut app, "Open…"));
    assert!(shows(&mut app, "Try again"));
    assert!(!shows(&mut app, "Back to demo.map.ron"));
    let Screen::Error(e) = app.screen() else {
        unreachable!()
    };
    assert!(e.back_label().is_none());
}
