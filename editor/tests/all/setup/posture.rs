//! Formation and state at setup on Ligny 1 (Vive l'Empereur): the stack
//! panel offers what the series allows at setup (no cavalry line, §IV.7),
//! a press sets it as one undo step, and the save rewrites that entry
//! alone, keeping the file's comments.

use berthier_editor::app::{App, Message};
use berthier_editor::screen::setup;

use super::{click, open_copy, setup, shows};

fn send(app: &mut App, m: setup::Message) {
    let _ = app.update(Message::Setup(m));
}

fn posture(app: &App, unit: &str) -> (Option<String>, Option<String>) {
    let doc = setup(app).doc();
    let (i, j) = doc.placed(unit).expect("set up");
    let p = &doc.scenario().sides[i].setup[j];
    (p.formation.clone(), p.state.clone())
}

fn some(s: &str) -> Option<String> {
    Some(s.to_owned())
}

#[test]
fn formation_and_state_chosen_from_the_series_undone_and_saved() {
    let (_dir, path, original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");

    // Cavalry: its column and general order, never its line at setup.
    send(&mut app, setup::Message::Pick("fr-114".into()));
    assert!(shows(&app, "Cavalry column"));
    assert!(!shows(&app, "Cavalry line (en bataille)"));
    assert!(!shows(&app, "Square"), "an infantry formation");

    // Infantry in column, set in square: one undo step.
    send(&mut app, setup::Message::Pick("fr-054".into()));
    assert_eq!(posture(&app, "fr-054"), (some("column"), None));
    assert!(shows(&app, "Formation at setup"));
    click(&mut app, "Square");
    assert_eq!(posture(&app, "fr-054"), (some("square"), None));
    click(&mut app, "Disorganized");
    assert_eq!(
        posture(&app, "fr-054"),
        (some("square"), some("disorganized"))
    );
    click(&mut app, "Undo");
    assert_eq!(posture(&app, "fr-054"), (some("square"), None));
    click(&mut app, "Undo");
    assert_eq!(posture(&app, "fr-054"), (some("column"), None));
    assert!(!setup(&app).is_dirty());
    click(&mut app, "Redo");
    assert_eq!(posture(&app, "fr-054"), (some("square"), None));

    click(&mut app, "Save");
    let saved = std::fs::read_to_string(&path).expect("read");
    let changed: Vec<(&str, &str)> = original
        .lines()
        .zip(saved.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert!(
        changed[0].1.contains("formation: \"square\""),
        "{changed:?}"
    );
    assert_eq!(original.lines().count(), saved.lines().count());
    let fmt = berthier_schema::Format::Ron;
    assert!(berthier_schema::preserve::keeps_comments(
        &original, &saved, fmt
    ));
}

/// Quatre-Bras 1 sets Bachelu's 045 up in general order, which faces all
/// around (Vive l'Empereur §IV.3): `]` writes no facing (none would be
/// drawn) and says why; once in line (vertex facing, §IV.1) it turns,
/// one undo step.
#[test]
fn an_all_around_formation_is_not_turned_and_says_why() {
    use berthier_editor::screen::setup::LayerKey;
    let (_dir, _path, _original, mut app) =
        open_copy("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let facing = |app: &App| {
        let doc = setup(app).doc();
        let (i, j) = doc.placed("fr-045").expect("set up");
        doc.scenario().sides[i].setup[j].facing
    };
    send(&mut app, setup::Message::Pick("fr-045".into()));
    assert_eq!(posture(&app, "fr-045").0, some("general_order"));
    send(&mut app, setup::Message::Key(LayerKey::Turn(1)));
    assert_eq!(facing(&app), None);
    assert!(!setup(&app).is_dirty());
    let notice = setup(&app).notice().expect("a notice").to_owned();
    assert!(notice.contains("General order"), "{notice}");
    assert!(notice.contains("faces all around"), "{notice}");

    click(&mut app, "Line");
    assert_eq!(posture(&app, "fr-045").0, some("line"));
    send(&mut app, setup::Message::Key(LayerKey::Turn(1)));
    assert_eq!(facing(&app), Some(0));
    click(&mut app, "Undo");
    assert_eq!(facing(&app), None);
    assert_eq!(posture(&app, "fr-045").0, some("line"));
}

/// A Shift-drag from a unit's hex toward a neighbour turns it to face
/// there, as its formation faces: a line toward the vertex between two
/// hexsides (Vive l'Empereur §IV.1, two front hexes), a column toward the
/// hexside (§IV.2); each drop one undo step.
#[test]
fn a_shift_drag_faces_the_unit_toward_the_pointer() {
    use berthier_editor::map_canvas;
    use berthier_schema::HexId;
    let (_dir, _path, _original, mut app) =
        open_copy("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let facing = |app: &App| {
        let doc = setup(app).doc();
        let (i, j) = doc.placed("fr-045").expect("set up");
        let p = &doc.scenario().sides[i].setup[j];
        (p.hex, p.facing)
    };
    let hex: HexId = "1921".parse().expect("hex");
    let across = |side: u8| {
        let map = setup(&app).doc().opened.map.clone();
        map.grid.across(hex, side).expect("a neighbour")
    };
    let (n2, n3) = (across(2), across(3));
    let shift_drag = |app: &mut App, to: iced::Point| {
        let at = setup(app).point_of(hex);
        send(
            app,
            setup::Message::Canvas(map_canvas::Message::Press {
                at,
                modifiers: iced::keyboard::Modifiers::SHIFT,
            }),
        );
        send(app, setup::Message::Released(Some(to)));
    };
    send(&mut app, setup::Message::Pick("fr-045".into()));
    click(&mut app, "Line");
    let (a, b) = (setup(&app).point_of(n2), setup(&app).point_of(n3));
    let between = iced::Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
    shift_drag(&mut app, between);
    assert_eq!(facing(&app), (hex, Some(2)), "the vertex of sides 2 and 3");

    // In column it faces a hexside: the one toward n3.
    click(&mut app, "Column");
    let toward_n3 = setup(&app).point_of(n3);
    shift_drag(&mut app, toward_n3);
    assert_eq!(facing(&app), (hex, Some(3)), "the hexside toward {n3}");
    click(&mut app, "Undo");
    assert_eq!(facing(&app), (hex, Some(2)), "one undo step per drop");

    // General order faces all around: a Shift-drag writes nothing.
    click(&mut app, "General order");
    let before = facing(&app);
    shift_drag(&mut app, toward_n3);
    assert_eq!(facing(&app), before);
    assert!(
        setup(&app)
            .notice()
            .is_some_and(|n| n.contains("faces all around"))
    );
}
