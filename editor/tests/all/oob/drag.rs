//! Moving in the order of battle tree by dragging a row onto a
//! formation, with the pointer as a designer uses it (a move between
//! formations, undone like every edit): Bachelu's 046 dragged from
//! the 5th onto the 6th division on Quatre-Bras, the target row marked
//! while dragged over, one undo step; a drop on a formation below itself,
//! on the other side, or a press and release on one row moves nothing.

use berthier_editor::screen::oob::{Message, OobScreen};
use berthier_tools::oob::OobDoc;
use berthier_tools::oob::tree::{Item, Kind};
use iced::mouse;
use iced_test::simulator;

use super::root;

fn screen() -> OobScreen {
    let path =
        root().join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    let mut screen = OobScreen::new(OobDoc::open(&path).expect("opens"));
    // Bachelu's division opened with its `+`.
    let _ = screen.update(Message::Toggle("fr-ii-5".to_owned()));
    screen
}

fn formation_of(screen: &OobScreen, unit: &str) -> Option<String> {
    screen
        .doc()
        .own()
        .unit(unit)
        .and_then(|u| u.formation.clone())
}

/// Presses the left button on the row showing `from`, moves to the row
/// showing `to` and releases there; the messages go to the screen.
fn drag(screen: &mut OobScreen, from: &str, to: &str) {
    let messages: Vec<Message> = {
        let mut ui = simulator(screen.view());
        let a = ui
            .find(from)
            .expect("from")
            .visible_bounds()
            .expect("shown");
        let b = ui.find(to).expect("to").visible_bounds().expect("shown");
        let button = mouse::Button::Left;
        ui.point_at(a.center());
        let _ = ui.simulate([
            iced::Event::Mouse(mouse::Event::CursorMoved {
                position: a.center(),
            }),
            iced::Event::Mouse(mouse::Event::ButtonPressed(button)),
        ]);
        ui.point_at(b.center());
        let _ = ui.simulate([
            iced::Event::Mouse(mouse::Event::CursorMoved {
                position: b.center(),
            }),
            iced::Event::Mouse(mouse::Event::ButtonReleased(button)),
        ]);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = screen.update(m);
    }
}

#[test]
fn a_unit_dragged_onto_a_formation_moves_there_in_one_undo_step() {
    let mut screen = screen();
    let before = screen.doc().own().clone();
    assert_eq!(formation_of(&screen, "fr-046").as_deref(), Some("fr-ii-5"));

    // While dragged over, the target row is marked.
    let unit = Item {
        kind: Kind::Unit,
        id: "fr-046".to_owned(),
    };
    let target = Item {
        kind: Kind::Formation,
        id: "fr-ii-6".to_owned(),
    };
    let _ = screen.update(Message::RowPress(unit.clone()));
    let _ = screen.update(Message::RowEnter(target.clone()));
    assert_eq!(screen.drag().and_then(|d| d.over.clone()), Some(target));
    let _ = screen.update(Message::DragEnd);
    assert!(screen.drag().is_none(), "a release anywhere ends it");
    assert_eq!(screen.doc().own(), &before, "released off a row: nothing");

    drag(
        &mut screen,
        "Bachelu 046 · infantry",
        "6th division (Jerome) · division · 7 units",
    );
    assert_eq!(formation_of(&screen, "fr-046").as_deref(), Some("fr-ii-6"));
    assert_eq!(screen.selected(), Some(&unit));
    assert!(screen.drag().is_none());
    let _ = screen.update(Message::Undo);
    assert_eq!(screen.doc().own(), &before, "one undo step");
    assert!(!screen.doc().can_undo());

    // A press and release on one row selects it and moves nothing.
    drag(
        &mut screen,
        "Bachelu 047 · infantry",
        "Bachelu 047 · infantry",
    );
    assert_eq!(screen.selected().map(|i| i.id.as_str()), Some("fr-047"));
    assert_eq!(screen.doc().own(), &before);
}

#[test]
fn a_drop_the_move_list_would_not_offer_moves_nothing() {
    let mut screen = screen();
    let before = screen.doc().own().clone();
    // II Corps is the included file's: said so, not moved.
    drag(
        &mut screen,
        "II Corps (Reille) · corps",
        "5th division (Bachelu) · division · 5 units",
    );
    assert!(
        screen.notice().is_some_and(|n| n.contains("included file")),
        "{:?}",
        screen.notice()
    );
    // The 1st Division (Cooke) into its own Maitland brigade: a cycle.
    let item = |kind, id: &str| Item {
        kind,
        id: id.to_owned(),
    };
    let _ = screen.update(Message::RowPress(item(Kind::Formation, "aa-i-1")));
    let _ = screen.update(Message::RowRelease(item(
        Kind::Formation,
        "aa-i-1-maitland",
    )));
    assert_eq!(screen.notice(), Some("Cannot move it there."));
    // A French unit onto the Anglo-Allied side.
    drag(
        &mut screen,
        "Bachelu 048 · infantry",
        "Anglo-Allied army (Wellington)",
    );
    assert!(
        screen.notice().is_some_and(|n| n.contains("of its side")),
        "{:?}",
        screen.notice()
    );
    assert_eq!(screen.doc().own(), &before);
    // A unit dropped on its own side's row leaves every formation.
    drag(
        &mut screen,
        "Bachelu 048 · infantry",
        "French (Armee du Nord)",
    );
    assert_eq!(formation_of(&screen, "fr-048"), None);
    let _ = screen.update(Message::Undo);
    assert_eq!(screen.doc().own(), &before);
}
