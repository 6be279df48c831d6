//! The Setup roster grouped as the order of battle's tree: each side's
//! formations are headings with their units below them, in the tree's
//! order, and a unit pressed under its formation and released over the
//! map is set up there in one undo step.

use berthier_editor::app::Message;
use berthier_editor::screen::setup;
use berthier_schema::HexId;
use berthier_tools::oob::tree;
use berthier_tools::setup::roster::{Row, Status};
use iced::mouse;

use super::{open_copy, setup, shows};
use crate::common::ui::with_ui;

#[test]
fn the_roster_follows_the_tree_and_a_unit_dragged_from_it_is_set_up() {
    let (_dir, path, _, mut app) =
        open_copy("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let doc = setup(&app).doc();
    let battle = doc.battle();
    // The tree's formation labels of the French side, in order.
    let tree_headings: Vec<String> = {
        let rows = tree::rows(
            battle.counters,
            Some(&battle.series),
            &Default::default(),
        );
        let mut inside = false;
        let mut out = Vec::new();
        for r in rows {
            match r.item.kind {
                tree::Kind::Side => inside = r.item.id == "french",
                tree::Kind::Formation if inside => out.push(r.label),
                _ => {}
            }
        }
        out
    };
    let roster = setup(&app).rosters()[0].clone();
    assert_eq!(roster.side, "french");
    let headings: Vec<String> = roster
        .rows
        .iter()
        .filter_map(|r| match r {
            Row::Heading(label, _) => Some(label.clone()),
            Row::Unit(..) => None,
        })
        .filter(|l| !l.starts_with("In no formation"))
        .collect();
    assert!(!headings.is_empty());
    assert_eq!(headings, tree_headings);
    // Every unit of the side shown once.
    let units = roster.rows.iter().filter(|r| matches!(r, Row::Unit(..)));
    assert_eq!(units.count(), roster.entries.len());
    // The first unit of the roster, under its formation's heading.
    let (first, at) = roster
        .rows
        .iter()
        .enumerate()
        .find_map(|(k, r)| match r {
            Row::Unit(i, _) => Some((*i, k)),
            Row::Heading(..) => None,
        })
        .expect("a unit");
    let Some(Row::Heading(above, _)) = roster.rows[..at].last() else {
        panic!("no heading above {:?}", roster.entries[first]);
    };
    assert!(shows(&app, above), "{above}");

    // Pressed in the roster, released over an empty hex of the map.
    let before = setup(&app).doc().setups();
    let label = roster.entries[first].label.clone();
    with_ui(&mut app, |ui| {
        let row = ui.find(label.as_str()).expect("row").bounds();
        ui.point_at(row.center());
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::ButtonPressed(
            mouse::Button::Left,
        ))]);
    });
    let hex: HexId = "1010".parse().expect("hex");
    let to = setup(&app).point_of(hex);
    let _ = app.update(Message::Setup(setup::Message::Released(Some(to))));
    let entry = &setup(&app).rosters()[0].entries[first];
    assert_eq!(entry.status, Status::SetUp(hex), "{entry:?}");
    // One undo step takes it off again.
    let _ = app.update(Message::Setup(setup::Message::Undo));
    assert_eq!(setup(&app).doc().setups(), before);
    assert!(!setup(&app).is_dirty());
    assert!(path.exists());
}
