//! Autosave and recovery for the documents other than maps, on copies of
//! Rivoli: an order of battle renamed, a setup moved, an arrival moved;
//! each autosaved beside its file (the file untouched), found again when
//! the document is opened anew, recovered as one undo step over the file,
//! then saved, which removes the autosave.

use std::path::Path;

use berthier_tools::edited::Recoverable;
use berthier_tools::files::autosave_path;
use berthier_tools::oob::{OobDoc, ops};
use berthier_tools::setup::SetupDoc;
use berthier_tools::timeline::TimelineDoc;

use crate::common::files;

fn rivoli(dir: &Path) {
    files::copy_tree(
        dir,
        &["counters", "maps", "scenarios/rivoli-1797", "schema/series"],
    );
}

#[test]
fn an_order_of_battle_is_autosaved_and_recovered() {
    let dir = tempfile::tempdir().expect("temp dir");
    rivoli(dir.path());
    let path = dir
        .path()
        .join("counters/rivoli-1797/rivoli-1797.counters.ron");
    let before = std::fs::read_to_string(&path).expect("read");
    let mut doc = OobDoc::open(&path).expect("opens");
    let unit = doc.own().units[0].id.clone();
    doc.apply(
        ops::rename(&doc, &unit, "Lebley (renamed)").expect("own"),
        None,
    );
    doc.autosave().expect("autosaved");
    assert!(autosave_path(&path).is_file());
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        before,
        "untouched"
    );

    let mut again = OobDoc::open(&path).expect("opens");
    let rec = again.recovery().expect("the autosave is found");
    again.recover(&rec).expect("recovered");
    assert_eq!(
        again.own().unit(&unit).expect("unit").name,
        "Lebley (renamed)"
    );
    assert!(again.is_dirty());
    assert!(again.undo(), "one step over the file");
    assert_eq!(again.own(), OobDoc::open(&path).expect("opens").own());
    assert!(again.redo());
    again.save().expect("saved");
    assert!(
        !autosave_path(&path).exists(),
        "a save leaves nothing to recover"
    );
    assert!(OobDoc::open(&path).expect("opens").recovery().is_none());
}

#[test]
fn a_setup_and_a_schedule_are_autosaved_and_recovered() {
    let dir = tempfile::tempdir().expect("temp dir");
    rivoli(dir.path());
    let path = dir
        .path()
        .join("scenarios/rivoli-1797/historical.scenario.ron");
    let before = std::fs::read_to_string(&path).expect("read");

    // A setup entry moved one hex along its row.
    let mut setup = SetupDoc::open(&path).expect("opens");
    let mut setups = setup.setups();
    let moved = setups[0][0].clone();
    let hex = moved.hex;
    let next = berthier_schema::HexId::new(hex.col, hex.row + 1);
    setups[0][0].hex = next;
    setup.apply(setups);
    setup.autosave().expect("autosaved");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), before);
    let mut again = SetupDoc::open(&path).expect("opens");
    let rec = again.recovery().expect("found");
    again.recover(&rec).expect("recovered");
    assert_eq!(again.setups()[0][0].hex, next);
    assert_eq!(
        again.instructions(),
        SetupDoc::open(&path).expect("opens").instructions()
    );
    assert!(again.undo());
    assert_eq!(again.setups()[0][0].hex, hex, "one step over the file");
    assert!(again.redo());
    again.save().expect("saved");
    assert!(!autosave_path(&path).exists());

    // An arrival moved a turn later.
    let mut timeline = TimelineDoc::open(&path).expect("opens");
    let (side, index) = timeline
        .scenario()
        .sides
        .iter()
        .enumerate()
        .find_map(|(s, side)| {
            (!side.reinforcements.is_empty()).then_some((s, 0))
        })
        .expect("an arrival");
    assert!(timeline.move_arrival(side, index, 3));
    let at = timeline.scenario().sides[side].reinforcements[index]
        .at
        .clone();
    timeline.autosave().expect("autosaved");
    let mut again = TimelineDoc::open(&path).expect("opens");
    let rec = again.recovery().expect("found");
    again.recover(&rec).expect("recovered");
    assert_eq!(again.scenario().sides[side].reinforcements[index].at, at);
    assert!(again.undo());
    assert_ne!(again.scenario().sides[side].reinforcements[index].at, at);
}
