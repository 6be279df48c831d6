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
