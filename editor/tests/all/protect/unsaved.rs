//! Opening another file, reloading and closing the window ask before
//! unsaved changes are dropped: Save, Discard or Cancel.

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::map;
use berthier_editor::screen::unsaved::{self, Pending};
use berthier_tools::files;
use berthier_tools::recent::RecentFile;
use iced::window;

use super::*;

const QUESTION: &str = "Unsaved changes to demo.map.ron.";

/// Two copies of the demo, `first/demo.map.ron` open with 0505 painted.
fn dirty_app(
    dir: &std::path::Path,
) -> (App, std::path::PathBuf, std::path::PathBuf) {
    let (a, b) = (dir.join("first"), dir.join("second"));
    std::fs::create_dir_all(&a).expect("a");
    std::fs::create_dir_all(&b).expect("b");
    let (first, second) = (common::demo_copy(&a), common::demo_copy(&b));
    let mut app = app_at(&first, dir);
    paint(&mut app, "0505");
    (app, first, second)
}

fn painted_on_disk(path: &std::path::Path) -> Option<String> {
    let (_, map) = berthier_tools::project::resolve_map(path).expect("map");
    map.hexes.get(&common::hex("0505"))?.terrain.clone()
}

#[test]
fn open_asks_and_cancel_keeps_the_map_as_it_is() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, second) = dirty_app(dir.path());
    let _ = app.update(Message::OpenPicked(Some(second)));
    assert!(shows(&mut app, QUESTION));
    assert!(shows(&mut app, "Save them before opening the other file?"));
    // The map below takes no clicks while the question shows.
    click(&mut app, "Undo");
    assert_eq!(
        common::terrain(map_of(&app), "0505").as_deref(),
        Some("woods")
    );
    click(&mut app, "Cancel");
    assert!(app.unsaved().is_none());
    assert!(!shows(&mut app, QUESTION));
    assert_eq!(map_of(&app).opened().path, first);
    assert!(map_of(&app).is_dirty());
    assert_eq!(painted_on_disk(&first).as_deref(), Some("clear"));
}

#[test]
fn save_writes_the_map_then_opens_the_other_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, second) = dirty_app(dir.path());
    let _ = app.update(Message::OpenPicked(Some(second.clone())));
    click(&mut app, "Save first");
    assert!(app.unsaved().is_none());
    assert!(matches!(app.screen(), Screen::Map(_)));
    assert_eq!(map_of(&app).opened().path, second);
    assert_eq!(painted_on_disk(&first).as_deref(), Some("woods"));
    assert!(!files::autosave_path(&first).exists());
}

#[test]
fn discard_opens_the_other_file_and_deletes_the_autosave() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, second) = dirty_app(dir.path());
    let _ = app.update(Message::AutosaveTick);
    assert!(files::autosave_path(&first).exists(), "autosaved");
    // A recent file asks the same way.
    send(
        &mut app,
        map::Message::OpenRecent(RecentFile(second.clone())),
    );
    assert_eq!(
        app.unsaved().map(|p| p.pending().clone()),
        Some(Pending::Open(second.clone()))
    );
    click(&mut app, "Discard changes");
    assert_eq!(map_of(&app).opened().path, second);
    assert_eq!(painted_on_disk(&first).as_deref(), Some("clear"));
    assert!(!files::autosave_path(&first).exists());
    assert!(
        app_at(&first, dir.path())
            .map()
            .expect("map")
            .recovery()
            .is_none()
    );
}

#[test]
fn reload_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, _) = dirty_app(dir.path());
    click(&mut app, "Reload");
    assert!(shows(&mut app, "Save them before reading the file again?"));
    assert_eq!(
        common::terrain(map_of(&app), "0505").as_deref(),
        Some("woods")
    );
    click(&mut app, "Discard changes");
    assert_eq!(
        common::terrain(map_of(&app), "0505").as_deref(),
        Some("clear")
    );
    assert!(!map_of(&app).is_dirty());
    assert_eq!(painted_on_disk(&first).as_deref(), Some("clear"));
    // A clean map reloads at once.
    click(&mut app, "Reload");
    assert!(app.unsaved().is_none());
}

#[test]
fn closing_asks_only_with_unsaved_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, _) = dirty_app(dir.path());
    let id = window::Id::unique();
    let asked = app.update(Message::CloseRequested(id));
    assert_eq!(asked.units(), 0, "the window stays while asking");
    assert!(shows(&mut app, "Save them before closing?"));
    // Escape is Cancel.
    let escape = iced::keyboard::Key::Named(iced::keyboard::key::Named::Escape);
    let _ = app.update(Message::Key(iced::keyboard::Event::KeyPressed {
        key: escape.clone(),
        modified_key: escape,
        physical_key: iced::keyboard::key::Physical::Unidentified(
            iced::keyboard::key::NativeCode::Unidentified,
        ),
        location: iced::keyboard::Location::Standard,
        modifiers: iced::keyboard::Modifiers::default(),
        text: None,
        repeat: false,
    }));
    assert!(app.unsaved().is_none());
    let _ = app.update(Message::CloseRequested(id));
    assert_eq!(
        app.unsaved().map(|p| p.pending().clone()),
        Some(Pending::Close(id))
    );
    let closing = app.update(Message::Unsaved(unsaved::Message::Save));
    assert!(closing.units() > 0, "saved, then the window closes");
    assert!(app.unsaved().is_none());
    assert_eq!(painted_on_disk(&first).as_deref(), Some("woods"));
    // Now clean: closing does not ask, the window closes at once.
    let closing = app.update(Message::CloseRequested(id));
    assert!(app.unsaved().is_none());
    assert!(closing.units() > 0);
}

#[test]
fn a_save_that_does_not_happen_does_not_go_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, first, second) = dirty_app(dir.path());
    // A hand edit left the file unreadable: saving would rewrite it whole,
    // so the save asks instead, and the open waits for nothing.
    std::fs::write(
        &first,
        "// notes
(kind: map,",
    )
    .expect("hand edit");
    // Noticed, and the author keeps their map over the hand edit.
    let _ = app.update(Message::DiskTick);
    let keep = berthier_editor::screen::map::Message::KeepMine;
    let _ = app.update(Message::Map(keep));
    let _ = app.update(Message::OpenPicked(Some(second)));
    click(&mut app, "Save first");
    assert!(app.unsaved().is_none());
    assert_eq!(map_of(&app).opened().path, first);
    assert!(map_of(&app).is_dirty());
    assert_eq!(map_of(&app).rewrite_pending(), Some(1));
    assert!(shows(
        &mut app,
        "This save cannot keep the file's comments and layout \
         (1 comment would be lost)."
    ));
    let text = std::fs::read_to_string(&first).expect("file");
    assert_eq!(text, "// notes\n(kind: map,");
}
