//! Autosave beside the map and recovery at the next open; the recent
//! files list in its config folder.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::screen::map::{Message, panel};
use berthier_tools::files;
use berthier_tools::recent::Recent;
use common::*;
use iced_test::simulator;

#[test]
fn autosave_is_offered_back_after_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let side = files::autosave_path(&path);
    let mut s = screen(&path);
    update(&mut s, Message::Autosave);
    assert!(!side.exists(), "nothing to autosave while clean");
    update(
        &mut s,
        Message::Panel(panel::Message::Terrain("woods".into())),
    );
    click_hex(&mut s, "0505");
    update(&mut s, Message::Autosave);
    assert!(side.exists(), "autosaved to {}", side.display());
    let on_disk = std::fs::read_to_string(&path).expect("map");
    drop(s); // the crash

    let mut s = screen(&path);
    let rec = s.recovery().expect("recovery offered").clone();
    let banner = format!(
        "Recover unsaved changes from {}?",
        files::describe_time(rec.written)
    );
    {
        let mut ui = simulator(s.view());
        ui.find(banner.as_str()).expect("banner");
        ui.find("Recover").expect("button");
    }
    assert_eq!(terrain(&s, "0505").as_deref(), Some("clear"));
    update(&mut s, Message::Recover);
    assert_eq!(terrain(&s, "0505").as_deref(), Some("woods"));
    assert!(s.is_dirty(), "recovered changes are not saved yet");
    assert_eq!(std::fs::read_to_string(&path).expect("map"), on_disk);
    update(&mut s, Message::Save);
    assert!(!side.exists(), "saving removes the autosave");
    assert!(screen(&path).recovery().is_none());
}

#[test]
fn discard_deletes_the_autosave() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let mut s = screen(&path);
    click_hex(&mut s, "0505");
    s.autosave_if_dirty();
    assert!(
        !files::autosave_path(&path).exists(),
        "clear on clear: clean"
    );
    update(
        &mut s,
        Message::Panel(panel::Message::Terrain("marsh".into())),
    );
    click_hex(&mut s, "0505");
    s.autosave_if_dirty();
    let mut s = screen(&path);
    assert!(s.recovery().is_some());
    update(&mut s, Message::DiscardRecovery);
    assert!(s.recovery().is_none());
    assert!(!files::autosave_path(&path).exists());
    assert!(screen(&path).recovery().is_none());
}

#[test]
fn an_autosave_older_than_the_file_is_not_offered() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let side = files::autosave_path(&path);
    std::fs::write(&side, "not even a map").expect("stale autosave");
    std::thread::sleep(std::time::Duration::from_millis(20));
    let text = std::fs::read_to_string(&path).expect("map");
    std::fs::write(&path, text).expect("touch");
    assert!(screen(&path).recovery().is_none());
    // A newer but broken autosave: recovering reports, the map stays.
    std::thread::sleep(std::time::Duration::from_millis(20));
    std::fs::write(&side, "not even a map").expect("broken autosave");
    let mut s = screen(&path);
    assert!(s.recovery().is_some());
    let before = s.opened().map.clone();
    update(&mut s, Message::Recover);
    assert_eq!(s.opened().map, before);
    assert!(!s.is_dirty());
}

#[test]
fn recent_files_keep_ten_most_recent_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("cfg");
    let mut recent = Recent::at(Some(config.clone()));
    for i in 0..12 {
        let f = dir.path().join(format!("m{i}.map.ron"));
        std::fs::write(&f, "").expect("file");
        recent.add(&f);
    }
    let again = dir.path().join("m3.map.ron");
    recent.add(&again);
    let read = Recent::at(Some(config));
    assert_eq!(read.files().len(), 10);
    assert!(read.files()[0].ends_with("m3.map.ron"));
    assert!(read.files()[1].ends_with("m11.map.ron"));
    assert!(!read.files().iter().any(|f| f.ends_with("m0.map.ron")));
    // No folder: nothing written, no panic.
    let mut none = Recent::at(None);
    none.add(&again);
    assert_eq!(none.files().len(), 1);
}

/// The order of battle, the setup and the schedule are autosaved too, and
/// a window opened on them after a crash offers the changes back.
mod side_documents {
    use berthier_editor::app::{App, Message, Screen};
    use berthier_editor::screen::oob;
    use berthier_tools::files::autosave_path;

    use crate::common::files;
    use crate::common::ui::{click, open_app, shows};

    fn tick(app: &mut App) {
        let _ = app.update(Message::AutosaveTick);
    }

    #[test]
    fn an_order_of_battle_renamed_comes_back_after_a_crash() {
        let dir = tempfile::tempdir().expect("temp dir");
        files::copy_tree(dir.path(), &["counters", "schema/series"]);
        let path = dir
            .path()
            .join("counters/rivoli-1797/rivoli-1797.counters.ron");
        let before = std::fs::read_to_string(&path).expect("read");
        let mut app = open_app(&path, dir.path());
        let Screen::Oob(s) = app.screen() else {
            panic!("the OOB")
        };
        let unit = s.doc().own().units[0].id.clone();
        let select = berthier_tools::oob::tree::Item {
            kind: berthier_tools::oob::tree::Kind::Unit,
            id: unit.clone(),
        };
        let _ = app.update(Message::Oob(oob::Message::Select(select)));
        let _ =
            app.update(Message::Oob(oob::Message::Rename("Lebley 1er".into())));
        tick(&mut app);
        assert!(autosave_path(&path).is_file(), "autosaved");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), before);
        drop(app); // the crash

        let mut app = open_app(&path, dir.path());
        assert!(shows(&app, "Recover"));
        click(&mut app, "Recover");
        let Screen::Oob(s) = app.screen() else {
            panic!("the OOB")
        };
        assert_eq!(s.doc().own().unit(&unit).expect("unit").name, "Lebley 1er");
        assert!(s.is_dirty(), "recovered, not yet saved");
        click(&mut app, "Save");
        assert!(!autosave_path(&path).exists(), "saved: nothing to recover");
        assert!(
            std::fs::read_to_string(&path)
                .expect("read")
                .contains("Lebley 1er")
        );
    }

    #[test]
    fn a_schedule_moved_comes_back_and_discard_deletes_the_autosave() {
        let dir = tempfile::tempdir().expect("temp dir");
        crate::setup::copy_tree(dir.path());
        let path = dir
            .path()
            .join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
        let mut app = crate::timeline::timeline_app(&path, dir.path());
        click(&mut app, "Netherlands cavalry 84");
        let at = |app: &App| {
            let Screen::Timeline(t) = app.screen() else {
                panic!("timeline")
            };
            t.doc().scenario().sides[1].reinforcements[2].at.clone()
        };
        let before = at(&app);
        click(&mut app, "Later ▶");
        let moved = at(&app);
        assert_ne!(moved, before);
        tick(&mut app);
        assert!(autosave_path(&path).is_file());
        drop(app);

        let mut app = crate::timeline::timeline_app(&path, dir.path());
        assert_eq!(at(&app), before, "the file as saved");
        click(&mut app, "Recover");
        assert_eq!(at(&app), moved);
        click(&mut app, "Undo");
        assert_eq!(at(&app), before, "one undo step over the file");
        drop(app);

        let mut app = crate::timeline::timeline_app(&path, dir.path());
        click(&mut app, "Discard");
        assert!(!autosave_path(&path).exists(), "discarded");
        assert!(!shows(&app, "Recover"));
    }
}
