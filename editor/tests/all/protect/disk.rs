//! A change to the open file by another program is noticed (the
//! application polls; the tests send its tick), and the editor's own saves
//! are not mistaken for one.

use std::path::Path;

use berthier_editor::app::{App, Message};

use super::*;

const BANNER_CLEAN: &str =
    "demo.map.ron changed on disk. You have no unsaved changes.";

/// Another program paints 0101 woods in the file.
fn edit_elsewhere(path: &Path) {
    let text = std::fs::read_to_string(path).expect("map");
    let from = "\"0101\": (terrain: \"clear\", level: 0)";
    assert!(text.contains(from));
    let text = text.replace(from, "\"0101\": (terrain: \"woods\", level: 0)");
    std::fs::write(path, text).expect("their edit");
}

fn changed(app: &App) -> bool {
    map_of(app).changed_on_disk()
}

fn tick(app: &mut App) {
    let _ = app.update(Message::DiskTick);
}

#[test]
fn a_change_elsewhere_shows_a_banner_and_reload_takes_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = app_at(&path, dir.path());
    tick(&mut app);
    assert!(!changed(&app), "nothing changed yet");
    edit_elsewhere(&path);
    tick(&mut app);
    assert!(shows(&mut app, BANNER_CLEAN));
    // No unsaved changes: one click, no question.
    click(&mut app, "Reload");
    assert!(app.unsaved().is_none());
    assert!(!changed(&app));
    assert_eq!(
        common::terrain(map_of(&app), "0101").as_deref(),
        Some("woods")
    );
    tick(&mut app);
    assert!(!changed(&app));
}

#[test]
fn keep_mine_hides_the_banner_until_the_next_change() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = app_at(&path, dir.path());
    paint(&mut app, "0505");
    edit_elsewhere(&path);
    tick(&mut app);
    let banner = "demo.map.ron changed on disk. Reload drops your unsaved \
                  changes (you will be asked).";
    assert!(shows(&mut app, banner));
    click(&mut app, "Keep mine");
    assert!(!changed(&app));
    tick(&mut app);
    assert!(!changed(&app), "the same change is not reported twice");
    assert_eq!(
        common::terrain(map_of(&app), "0101").as_deref(),
        Some("clear")
    );
    // Another change: the banner again; Reload asks about the unsaved edit.
    let text = std::fs::read_to_string(&path).expect("map");
    std::fs::write(&path, format!("// theirs\n{text}")).expect("again");
    tick(&mut app);
    assert!(changed(&app));
    click(&mut app, "Reload");
    assert!(shows(&mut app, "Unsaved changes to demo.map.ron."));
    click(&mut app, "Discard changes");
    assert_eq!(
        common::terrain(map_of(&app), "0101").as_deref(),
        Some("woods")
    );
    assert_eq!(
        common::terrain(map_of(&app), "0505").as_deref(),
        Some("clear")
    );
}

#[test]
fn our_own_saves_and_a_mere_touch_are_not_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = app_at(&path, dir.path());
    paint(&mut app, "0505");
    click(&mut app, "Save");
    assert!(!map_of(&app).is_dirty());
    tick(&mut app);
    assert!(!changed(&app), "our save is not a change on disk");
    // A touch: newer time, same bytes.
    let file = std::fs::File::options()
        .append(true)
        .open(&path)
        .expect("open");
    let later =
        std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    file.set_modified(later).expect("touch");
    drop(file);
    tick(&mut app);
    assert!(!changed(&app), "same bytes");
    // The banner does not show on its own.
    assert!(!shows(&mut app, "Keep mine"));
}
