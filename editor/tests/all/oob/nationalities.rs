//! A side's nationalities on the order of battle screen: one added by
//! name shows on the side's page with "no unit", a unit takes it from its
//! nationality list, and the nationality its units have cannot be
//! deleted; undo takes each step back.

use berthier_editor::app::Message;
use berthier_editor::screen::oob::{
    self, nationalities::Choice, nationalities::Edit,
};
use berthier_tools::oob::tree::{Item, Kind};

use super::{click, oob as oob_screen, open_app, root, shows};

/// The order of battle screen on Quatre-Bras's counters (recent files
/// kept in `dir`).
fn quatre_bras(dir: &std::path::Path) -> berthier_editor::app::App {
    let counters =
        root().join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    open_app(&counters, dir)
}

fn send(app: &mut berthier_editor::app::App, m: oob::Message) {
    let _ = app.update(Message::Oob(m));
}

#[test]
fn a_nationality_is_added_on_the_side_page_and_given_to_a_unit() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = quatre_bras(dir.path());
    let before = oob_screen(&app).doc().own().clone();
    let side = before.sides[1].clone();
    send(
        &mut app,
        oob::Message::Select(Item {
            kind: Kind::Side,
            id: side.id.clone(),
        }),
    );
    assert!(shows(&app, "Nationalities (the counters' colour)"));
    send(
        &mut app,
        oob::Message::Nationality(Edit::Typed("Brunswick Leib".into())),
    );
    click(&mut app, "Add nationality");
    let added = oob_screen(&app).doc().own().sides[1]
        .nationalities
        .iter()
        .find(|n| n.name == "Brunswick Leib")
        .cloned()
        .expect("added");
    assert!(shows(&app, "no unit"), "nobody has it yet");

    // Its own nationality cannot go while units have it.
    let used = side.nationalities[0].id.clone();
    send(
        &mut app,
        oob::Message::Nationality(Edit::Delete(used.clone())),
    );
    assert!(
        oob_screen(&app).doc().own().sides[1]
            .nationalities
            .iter()
            .any(|n| n.id == used),
        "kept"
    );

    let unit = before
        .units
        .iter()
        .find(|u| u.side == side.id)
        .expect("a unit of the side")
        .id
        .clone();
    send(
        &mut app,
        oob::Message::Select(Item {
            kind: Kind::Unit,
            id: unit.clone(),
        }),
    );
    assert!(shows(&app, "Nationality"));
    send(
        &mut app,
        oob::Message::Nationality(Edit::OfUnit(Choice {
            id: Some(added.id.clone()),
            name: added.name.clone(),
        })),
    );
    let now = oob_screen(&app)
        .doc()
        .own()
        .units
        .iter()
        .find(|u| u.id == unit)
        .cloned();
    assert_eq!(now.and_then(|u| u.nationality), Some(added.id.clone()));

    send(&mut app, oob::Message::Undo);
    send(&mut app, oob::Message::Undo);
    assert_eq!(oob_screen(&app).doc().own(), &before);
}

/// A side made with Add side takes its id from the name typed (the id
/// placeholder `side` gives way to `armee-francaise`), the typing is one
/// undo step; a side in use keeps its id whatever its name.
#[test]
fn a_new_side_takes_its_id_from_its_name_and_a_used_side_keeps_its_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = quatre_bras(dir.path());
    let before = oob_screen(&app).doc().own().clone();
    send(&mut app, oob::Message::AddSide);
    let typed = "Armée française";
    for end in 1..=typed.chars().count() {
        let prefix: String = typed.chars().take(end).collect();
        send(&mut app, oob::Message::Rename(prefix));
    }
    let last = oob_screen(&app)
        .doc()
        .own()
        .sides
        .last()
        .cloned()
        .expect("added");
    assert_eq!(
        (last.id.as_str(), last.name.as_str()),
        ("armee-francaise", typed)
    );
    assert!(
        shows(&app, "Side `armee-francaise` · 0 units"),
        "the selection follows"
    );
    send(&mut app, oob::Message::Undo);
    let last = oob_screen(&app)
        .doc()
        .own()
        .sides
        .last()
        .cloned()
        .expect("still there");
    assert_eq!(
        (last.id.as_str(), last.name.as_str()),
        ("side", "New side"),
        "one step"
    );
    send(&mut app, oob::Message::Undo);
    assert_eq!(oob_screen(&app).doc().own(), &before);

    let used = before.sides[0].id.clone();
    send(
        &mut app,
        oob::Message::Select(Item {
            kind: Kind::Side,
            id: used.clone(),
        }),
    );
    send(&mut app, oob::Message::Rename("Armée du Nord".into()));
    assert_eq!(
        oob_screen(&app).doc().own().sides[0].id,
        used,
        "in use: id kept"
    );
}
