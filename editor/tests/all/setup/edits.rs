//! Placing, moving and turning units on Quatre-Bras 1 through the
//! screen, each undone in turn back to the file as it was; a cavalry
//! unit moved onto infantry makes an illegal stack the panel names, and
//! undoing clears it.

use berthier_editor::app::{App, Message};
use berthier_editor::map_canvas;
use berthier_editor::screen::setup::{self, LayerKey};
use berthier_schema::HexId;
use berthier_tools::setup::Setups;
use berthier_tools::setup::roster::Status;

use super::{click, copy_tree, open_copy, open_setup, setup, shows};

fn hex(s: &str) -> HexId {
    s.parse().expect("hex id")
}

fn send(app: &mut App, m: setup::Message) {
    let _ = app.update(Message::Setup(m));
}

/// A left-button press on `hex`'s centre, then its release at `to`.
fn press_release(app: &mut App, hex: HexId, to: HexId) {
    let at = setup(app).point_of(hex);
    send(
        app,
        setup::Message::Canvas(map_canvas::Message::Press {
            at,
            modifiers: iced::keyboard::Modifiers::empty(),
        }),
    );
    let to = setup(app).point_of(to);
    send(app, setup::Message::Released(Some(to)));
}

fn status(app: &App, unit: &str) -> Status {
    let rosters = setup(app).rosters();
    let entry = rosters
        .iter()
        .flat_map(|r| &r.entries)
        .find(|e| e.unit == unit);
    entry.expect("in the roster").status.clone()
}

fn setups(app: &App) -> Setups {
    setup(app).doc().setups()
}

#[test]
fn place_move_turn_each_undone_and_an_illegal_stack_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let path = dir
        .path()
        .join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let original = std::fs::read(&path).expect("read");
    let mut app = open_setup(&path, dir.path());
    let mut states = vec![setups(&app)];
    assert_eq!(status(&app, "fr-016"), Status::SetUp(hex("2625")));

    // Picked in the roster, clicked on a hex holding infantry: moved, and
    // cavalry with infantry is a forbidden pair (VlE V.7).
    // (Its row is far down the roster grouped by formation, below the
    // window: picked as the row does.)
    send(&mut app, setup::Message::Pick("fr-016".into()));
    let name = setup(&app)
        .doc()
        .counters
        .units
        .iter()
        .find(|u| u.id == "fr-016")
        .expect("fr-016")
        .name
        .clone();
    assert!(
        shows(
            &app,
            &format!("Click or drop on a hex to set up {name} (Esc: stop)")
        ),
        "the status names the unit, not its id"
    );
    press_release(&mut app, hex("1921"), hex("1921"));
    states.push(setups(&app));
    assert_eq!(status(&app, "fr-016"), Status::SetUp(hex("1921")));
    assert_eq!(setup(&app).selected_hex(), Some(hex("1921")));
    let report = setup(&app).stack_report().expect("a hex selected");
    assert!(report.is_illegal(), "{report:?}");
    assert!(shows(&app, "Illegal stack"));

    // Dragged from 1921 to an empty hex: a legal stack of one.
    press_release(&mut app, hex("1921"), hex("1010"));
    states.push(setups(&app));
    assert_eq!(status(&app, "fr-016"), Status::SetUp(hex("1010")));
    assert!(!shows(&app, "Illegal stack"));

    // Turned one hexside clockwise with `]`.
    send(&mut app, setup::Message::Key(LayerKey::Turn(1)));
    states.push(setups(&app));
    let facing = |app: &App| {
        let doc = setup(app).doc();
        let (i, j) = doc.placed("fr-016").expect("placed");
        doc.scenario().sides[i].setup[j].facing
    };
    assert_eq!(facing(&app), Some(1));

    // An arriving unit set up as well: in two places, an error.
    send(&mut app, setup::Message::Pick("fr-049".into()));
    press_release(&mut app, hex("1012"), hex("1012"));
    states.push(setups(&app));
    let Status::Several(what) = status(&app, "fr-049") else {
        panic!("{:?}", status(&app, "fr-049"));
    };
    assert_eq!(what.len(), 2, "{what:?}");
    assert!(shows(&app, "Jerome 049"));

    // Each step undone in turn, through the Undo button.
    for expected in states.iter().rev().skip(1) {
        click(&mut app, "Undo");
        assert_eq!(&setups(&app), expected);
    }
    assert!(!setup(&app).is_dirty());
    assert_eq!(status(&app, "fr-016"), Status::SetUp(hex("2625")));
    click(&mut app, "Back to map");
    assert!(app.map().is_some());
    assert_eq!(std::fs::read(&path).expect("read"), original);
}

#[test]
fn leaving_with_unsaved_changes_asks_and_save_keeps_comments() {
    let (_dir, path, original, mut app) =
        open_copy("scenarios/rivoli-1797/historical.scenario.ron");
    // A unit set up facing 0 ("reserve-39", hex 1715).
    let unit = "reserve-39".to_owned();
    send(&mut app, setup::Message::SelectMember(unit));
    send(&mut app, setup::Message::Key(LayerKey::Turn(1)));
    assert!(setup(&app).is_dirty());
    click(&mut app, "Back to map");
    assert!(app.unsaved().is_some(), "asks before leaving");
    click(&mut app, "Save first");
    assert!(app.map().is_some(), "saved, then back on the map");
    let saved = std::fs::read_to_string(&path).expect("read");
    let comments = |t: &str| {
        t.lines()
            .filter(|l| l.trim_start().starts_with("//"))
            .count()
    };
    assert_eq!(comments(&saved), comments(&original));
    let changed: Vec<(&str, &str)> = original
        .lines()
        .zip(saved.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
}

/// Whether a text of the window shows `part` once the first hex a side
/// sets up in `scenario` is selected (its stack panel open).
fn first_stack_panel_shows(scenario: &str, part: &str) -> bool {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let path = dir.path().join(scenario);
    let mut app = open_setup(&path, dir.path());
    let first = setup(&app).doc().scenario().sides[0].setup[0].hex;
    press_release(&mut app, first, first);
    assert_eq!(setup(&app).selected_hex(), Some(first));
    let mut ui = crate::common::ui::ui(&app);
    ui.find(|c: iced_test::selector::Candidate<'_>| match c {
        iced_test::selector::Candidate::Text { content, .. }
            if content.contains(part) =>
        {
            Some(())
        }
        _ => None,
    })
    .is_ok()
}

#[test]
fn the_stack_panel_gives_steps_only_where_stacking_counts_them() {
    // Jours de Gloire counts units in a stack (000, 5.1): no steps.
    assert!(!first_stack_panel_shows(
        "scenarios/rivoli-1797/historical.scenario.ron",
        "steps"
    ));
    // Vive l'Empereur sums steps (001, V.7).
    assert!(first_stack_panel_shows(
        "scenarios/quatre-bras-1815/qb1-historical.scenario.ron",
        "steps"
    ));
}
