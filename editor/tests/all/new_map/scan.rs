//! Attaching a scan from the UI (one undo step, loaded at once), and
//! Register grid / Suggest terrain on a map with no scan: they say so at
//! once and offer to attach one, then go on.

use berthier_editor::app::Screen;
use berthier_editor::screen::map::attach::NeedsScan;

use super::*;

#[test]
fn an_attached_scan_loads_at_once_and_undo_takes_it_off() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    assert!(map_of(&app).opened().scan.is_none());
    assert!(shows(&mut app, "Scan…"));
    send(
        &mut app,
        map::Message::ScanPicked(Some(scan_file(dir.path()))),
    );
    let opened = map_of(&app).opened();
    assert_eq!(opened.map.scan.as_deref(), Some("../../scans/scan.png"));
    let scan = opened.scan.as_ref().expect("loaded at once");
    assert_eq!((scan.width, scan.height), (1044, 931));
    assert!(map_of(&app).is_dirty());
    assert!(app.title().ends_with(" *"));

    click(&mut app, "Undo");
    let opened = map_of(&app).opened();
    assert_eq!(opened.map.scan, None);
    assert!(opened.scan.is_none(), "the scan is no longer drawn");
    assert!(!map_of(&app).is_dirty());
    click(&mut app, "Redo");
    assert!(map_of(&app).opened().scan.is_some());

    // Saved, the file names the scan relative to itself.
    send(&mut app, map::Message::Save);
    let map = read_map(&rivoli);
    assert_eq!(map.scan.as_deref(), Some("../../scans/scan.png"));
}

#[test]
fn a_missing_image_shows_why_and_keeps_the_map_usable() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let missing = dir.path().join("scans/none.png");
    send(&mut app, map::Message::ScanPicked(Some(missing)));
    let opened = map_of(&app).opened();
    assert!(opened.scan.is_none());
    assert!(opened.warnings.iter().any(|w| w.starts_with("scan: ")));
    click(&mut app, "Undo");
    assert!(map_of(&app).opened().warnings.is_empty());
}

#[test]
fn register_grid_without_a_scan_says_so_and_goes_on_once_attached() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Register grid");
    assert!(matches!(app.screen(), Screen::Map(_)), "not a dead end");
    assert!(shows(
        &mut app,
        "This map has no scan to register the grid on."
    ));
    assert!(shows(&mut app, "Attach a scan…"));
    assert!(shows(&mut app, "Register without a scan"));
    click(&mut app, "Attach a scan…");
    // The dialog answers.
    send(
        &mut app,
        map::Message::ScanPicked(Some(scan_file(dir.path()))),
    );
    assert!(matches!(app.screen(), Screen::Register(..)));
    assert!(shows(&mut app, "Propose automatically"));
}

#[test]
fn suggest_terrain_without_a_scan_says_so_and_cancel_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Suggest terrain");
    assert!(shows(
        &mut app,
        "This map has no scan to suggest terrain from."
    ));
    assert_eq!(map_of(&app).asks_for_scan(), Some(NeedsScan::Suggest));
    click(&mut app, "Cancel");
    assert_eq!(map_of(&app).asks_for_scan(), None);
    assert!(!shows(&mut app, "Attach a scan…"));
    // Suggesting terrain cannot go on without a scan.
    click(&mut app, "Suggest terrain");
    assert!(!shows(&mut app, "Register without a scan"));
    click(&mut app, "Cancel");
    // A cancelled dialog attaches nothing and goes nowhere.
    click(&mut app, "Suggest terrain");
    send(&mut app, map::Message::ScanPicked(None));
    assert!(matches!(app.screen(), Screen::Map(_)));
    send(
        &mut app,
        map::Message::ScanPicked(Some(scan_file(dir.path()))),
    );
    assert!(matches!(app.screen(), Screen::Suggest(..)));
}

#[test]
fn register_grid_can_go_on_without_a_scan() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Register grid");
    click(&mut app, "Register without a scan");
    assert!(matches!(app.screen(), Screen::Register(..)));
    assert!(map_of(&app).opened().map.scan.is_none());
}
