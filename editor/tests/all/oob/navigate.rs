//! Getting to the order of battle and away from it: a scenario's map
//! offers its counters file, and leaving an edited order of battle asks
//! about the unsaved changes first.

use berthier_editor::app::{Message, Screen};
use berthier_editor::screen::oob;
use berthier_editor::screen::unsaved;

use super::{click, oob as oob_screen, open_app, root};

#[test]
fn a_scenario_map_opens_its_order_of_battle() {
    let dir = tempfile::tempdir().expect("temp dir");
    let scenario =
        root().join("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    let mut app = open_app(&scenario, dir.path());
    assert!(matches!(app.screen(), Screen::Map(_)));
    click(&mut app, "Order of battle");
    let shown = oob_screen(&app).doc().path().canonicalize().expect("path");
    let expected = root()
        .join("counters/ligny-1815/ligny-1815.counters.ron")
        .canonicalize()
        .expect("counters");
    assert_eq!(shown, expected);
}

#[test]
fn leaving_an_edited_order_of_battle_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let counters = root().join("counters/canope-1801/canope-1801.counters.ron");
    let mut app = open_app(&counters, dir.path());
    let item = berthier_tools::oob::tree::Item {
        kind: berthier_tools::oob::tree::Kind::Formation,
        id: "bron".to_owned(),
    };
    let _ = app.update(Message::Oob(oob::Message::Select(item)));
    let _ =
        app.update(Message::Oob(oob::Message::Rename("BRON II".to_owned())));
    assert!(oob_screen(&app).is_dirty());
    let map = root().join("maps/demo/demo.map.ron");
    let _ = app.update(Message::OpenPicked(Some(map)));
    assert!(app.unsaved().is_some(), "asks before dropping the rename");
    assert!(matches!(app.screen(), Screen::Oob(_)));
    // Discard leaves the bundled file as it was.
    let before = std::fs::read_to_string(&counters).expect("read");
    let _ = app.update(Message::Unsaved(unsaved::Message::Discard));
    assert!(matches!(app.screen(), Screen::Map(_)));
    assert_eq!(std::fs::read_to_string(&counters).expect("read"), before);
}
