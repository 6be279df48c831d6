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
