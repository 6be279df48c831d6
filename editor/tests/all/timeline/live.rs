//! The live findings panel on the Timeline screen: shown from the start,
//! checked again after a move (with the schedule as it would be saved)
//! and after its undo; a finding that names a hex clicked marks that hex
//! on the small map.

use berthier_editor::app::App;
use berthier_editor::screen::timeline::Mark;

use super::{click, copy_of, root, shows, timeline, timeline_app};

fn findings(app: &App) -> Vec<String> {
    {
        let live = timeline(app).live();
        live.findings().iter().map(|d| live.worded(d)).collect()
    }
}

#[test]
fn findings_follow_a_move_and_its_undo_and_a_click_marks_the_hex() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bundled =
        root().join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let path = copy_of(&bundled, dir.path());
    let mut app = timeline_app(&path, dir.path());
    assert!(timeline(&app).live().checking(), "opening asks for a check");
    app.check_live_now();
    let before = findings(&app);
    let heading = timeline(&app).live().heading();
    assert!(shows(&app, &heading), "{heading}");

    click(&mut app, "Netherlands cavalry 84");
    click(&mut app, "Later ▶");
    assert!(
        timeline(&app).live().checking(),
        "the move asked for a check"
    );
    app.check_live_now();
    assert!(!timeline(&app).live().checking());
    click(&mut app, "Undo");
    assert!(timeline(&app).live().checking(), "the undo asked for one");
    app.check_live_now();
    assert_eq!(findings(&app), before);

    // A finding naming a hex: clicked, its hex is marked on the map.
    let live = timeline(&app).live();
    let (i, hex) = live
        .findings()
        .iter()
        .enumerate()
        .find_map(|(i, d)| d.hex.map(|h| (i, h)))
        .expect("Quatre-Bras 1 has a finding naming a hex");
    let label = live.worded(&live.findings()[i]);
    click(&mut app, &label);
    assert_eq!(timeline(&app).finding_hex(), Some(hex));
    assert!(
        timeline(&app).marks().contains(&(hex, Mark::Finding)),
        "{:?}",
        timeline(&app).marks()
    );
}
