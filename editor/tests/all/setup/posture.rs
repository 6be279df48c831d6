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
/// drawn) and says why; once in line (hexside facing, §IV.2) it turns,
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
