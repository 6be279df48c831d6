//! An arrival's groups regrouped on the Timeline as a rulebook prints
//! them ("the cavalry units first, then one infantry brigade per hour"):
//! one group per unit at first, then joined, moved earlier, split back,
//! the order left to the owner; each one undo step, saved.

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::timeline::{GroupEdit as G, Message as Timeline};
use berthier_schema::scenario::{Cadence, CadenceOrder};
use berthier_tools::unit_set::Member;

use super::pack::{example_battle_in, saved_example};
use super::*;

fn timeline(app: &mut App, m: Timeline) {
    let _ = app.update(Message::Timeline(m));
}

fn cadence(app: &App) -> Cadence {
    match app.screen() {
        Screen::Timeline(t) => t.doc().scenario().sides[0].reinforcements[0]
            .cadence
            .clone()
            .expect("in groups"),
        _ => panic!("Timeline"),
    }
}

fn units(c: &Cadence) -> Vec<Vec<String>> {
    c.groups.iter().map(|g| g.units.clone()).collect()
}

#[test]
fn an_arrivals_groups_are_joined_moved_split_and_ordered_by_the_owner() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    click(&mut app, "Add arrival: Blue");
    for id in ["b1", "b2"] {
        timeline(&mut app, Timeline::AddMember(Member::Unit(id.into())));
    }
    timeline(&mut app, Timeline::InGroups(true));
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(units(&cadence(&app)), [s(&["b1"]), s(&["b2"])]);
    assert!(
        shows(&mut app, "2. +60 min: Hussars"),
        "by name, with its time"
    );

    click(&mut app, "Earlier");
    assert_eq!(units(&cadence(&app)), [s(&["b2"]), s(&["b1"])]);
    click(&mut app, "Join next");
    assert_eq!(units(&cadence(&app)), [s(&["b2", "b1"])]);
    assert!(shows(&mut app, "1. +0 min: Hussars, 1st Line"));
    click(&mut app, "Undo");
    assert_eq!(units(&cadence(&app)).len(), 2, "joining was one step");
    click(&mut app, "Redo");
    click(&mut app, "Split");
    assert_eq!(units(&cadence(&app)), [s(&["b2"]), s(&["b1"])]);
    timeline(&mut app, Timeline::Group(G::OwnersChoice(true)));
    assert_eq!(cadence(&app).order, CadenceOrder::OwnersChoice);

    click(&mut app, "Save");
    let (saved, text) = saved_example(&root);
    assert_eq!(
        saved.sides[0].reinforcements[0].cadence,
        Some(cadence(&app)),
        "{text}"
    );
}
