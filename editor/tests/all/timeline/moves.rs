//! Moving a reinforcement on Quatre-Bras 1: the Later button, then save,
//! read back from disk, undo; the arrow keys; a drag onto another turn's
//! column; leaving with unsaved changes asks first.

use berthier_editor::app::{App, Screen};
use berthier_schema::scenario::TurnRef;
use berthier_tools::timeline::TimelineDoc;
use iced::{keyboard, mouse};

use super::{click, copy_of, root, shows, timeline, timeline_app, with_ui};

fn qb1(dir: &std::path::Path) -> std::path::PathBuf {
    let bundled =
        root().join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    copy_of(&bundled, dir)
}

/// The time of the Anglo-Allied arrival of van Merlen's unit 84 (1430,
/// seed 001 l. 2056), the third of that side.
fn aa84(app: &App) -> TurnRef {
    timeline(app).doc().scenario().sides[1].reinforcements[2]
        .at
        .clone()
}

#[test]
fn a_reinforcement_moved_later_is_saved_read_back_and_undone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = qb1(dir.path());
    let mut app = timeline_app(&path, dir.path());
    assert_eq!(aa84(&app), TurnRef::Clock("14:30".into()));
    click(&mut app, "Netherlands cavalry 84");
    assert!(shows(&app, "Units: Netherlands cavalry 84"));
    click(&mut app, "Later ▶");
    assert_eq!(aa84(&app), TurnRef::Clock("15:00".into()));
    assert!(timeline(&app).title().ends_with(" * - Berthier"));
    click(&mut app, "Save");
    assert!(!timeline(&app).is_dirty());
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.starts_with("// Quatre-Bras 1 - Historical Scenario"));
    assert!(
        text.contains("(at: Clock(\"15:00\"), units: (units: [\"aa-84\"]),\n")
    );
    let reread = TimelineDoc::open(&path).expect("reopens");
    let at = &reread.scenario().sides[1].reinforcements[2].at;
    assert_eq!(at, &TurnRef::Clock("15:00".into()));
    click(&mut app, "Undo");
    assert_eq!(aa84(&app), TurnRef::Clock("14:30".into()));
    assert!(timeline(&app).is_dirty());
    click(&mut app, "Redo");
    assert_eq!(aa84(&app), TurnRef::Clock("15:00".into()));
    assert!(!timeline(&app).is_dirty());
}

#[test]
fn arrow_keys_move_the_selected_card() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = timeline_app(&qb1(dir.path()), dir.path());
    click(&mut app, "Netherlands cavalry 84");
    let key = crate::common::ui::named_key;
    use keyboard::key::Named::{ArrowLeft, ArrowRight};
    let _ = app.update(berthier_editor::app::Message::Key(key(ArrowLeft)));
    assert_eq!(aa84(&app), TurnRef::Clock("14:00".into()));
    let _ = app.update(berthier_editor::app::Message::Key(key(ArrowRight)));
    let _ = app.update(berthier_editor::app::Message::Key(key(ArrowRight)));
    assert_eq!(aa84(&app), TurnRef::Clock("15:00".into()));
}

#[test]
fn a_card_dragged_onto_another_turn_moves_there() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = timeline_app(&qb1(dir.path()), dir.path());
    with_ui(&mut app, |ui| {
        let card = ui
            .find("Netherlands cavalry 84")
            .expect("card")
            .visible_bounds();
        let turn = ui.find("Turn 5").expect("turn 5").visible_bounds();
        let (card, turn) = (card.expect("visible"), turn.expect("visible"));
        let button = mouse::Button::Left;
        ui.point_at(card.center());
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(
            button,
        ))]);
        // Down into the column's empty part, below its header.
        let over = iced::Point::new(turn.center_x(), turn.y + 200.0);
        ui.point_at(over);
        let _ = ui.simulate([
            iced::Event::Mouse(mouse::Event::CursorMoved { position: over }),
            iced::Event::Mouse(mouse::Event::ButtonReleased(button)),
        ]);
    });
    // Turn 5 starts at 16:00 (14:00 plus four half-hour turns).
    assert_eq!(aa84(&app), TurnRef::Clock("16:00".into()));
    click(&mut app, "Undo");
    assert_eq!(aa84(&app), TurnRef::Clock("14:30".into()));
}

#[test]
fn back_to_map_asks_about_unsaved_moves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = qb1(dir.path());
    let mut app = timeline_app(&path, dir.path());
    click(&mut app, "Back to map");
    assert!(matches!(app.screen(), Screen::Map(_)), "clean: no question");
    click(&mut app, "Timeline");
    click(&mut app, "Netherlands cavalry 84");
    click(&mut app, "Later ▶");
    click(&mut app, "Back to map");
    assert!(app.unsaved().is_some(), "asks first");
    assert!(matches!(app.screen(), Screen::Timeline(_)));
    click(&mut app, "Discard changes");
    assert!(matches!(app.screen(), Screen::Map(_)));
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(
        text.contains("(at: Clock(\"14:30\"), units: (units: [\"aa-84\"]),")
    );
}
