//! The order of battle's commands on a real file: new ids never collide
//! (with this file's ids or an included file's), deleting a formation
//! moves what it held up to its parent, a formation cannot move under
//! itself, items of an included file are not edited here, and every
//! command is undone exactly.

use berthier_tools::oob::{OobDoc, ids, ops};

use super::root;

fn quatre_bras() -> OobDoc {
    let path =
        root().join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    OobDoc::open(&path).expect("opens")
}

#[test]
fn duplicates_take_fresh_ids_and_undo_exactly() {
    let mut doc = quatre_bras();
    let before = doc.own().clone();
    let taken = ids::taken(doc.merged());
    let formation = doc.own().formations[1].id.clone();
    let (edit, copy) = ops::duplicate_formation(&doc, &formation).expect("own");
    doc.apply(edit, None);
    assert!(!taken.contains(&copy), "{copy} collides");
    let new: Vec<String> = ids::taken(doc.merged())
        .difference(&taken)
        .cloned()
        .collect();
    let copied_units = doc
        .own()
        .units
        .iter()
        .filter(|u| u.formation.as_deref() == Some(copy.as_str()))
        .count();
    let held = before
        .units
        .iter()
        .filter(|u| u.formation.as_deref() == Some(formation.as_str()))
        .count();
    assert_eq!(copied_units, held);
    // The formation, its units and its activation markers, all new.
    let markers = before.formations[1].activation_markers.len();
    assert_eq!(new.len(), 1 + held + markers, "{new:?}");
    assert!(doc.undo());
    assert_eq!(doc.own(), &before);
}

#[test]
fn deleting_a_formation_keeps_what_it_held() {
    let mut doc = quatre_bras();
    let own = doc.own().clone();
    let gone = own
        .formations
        .iter()
        .find(|f| {
            f.parent.is_some()
                && own
                    .units
                    .iter()
                    .any(|u| u.formation.as_ref() == Some(&f.id))
        })
        .expect("a formation holding units");
    let held: Vec<String> = own
        .units
        .iter()
        .filter(|u| u.formation.as_ref() == Some(&gone.id))
        .map(|u| u.id.clone())
        .collect();
    doc.apply(ops::delete_formation(&doc, &gone.id).expect("own"), None);
    assert!(doc.own().formation(&gone.id).is_none());
    for id in &held {
        let unit = doc.own().unit(id).expect("unit kept");
        assert_eq!(unit.formation, gone.parent, "{id} moved up");
    }
    assert_eq!(doc.own().units.len(), own.units.len(), "no unit lost");
    assert!(doc.undo());
    assert_eq!(doc.own(), &own);
}

#[test]
fn moves_refuse_cycles_and_included_items() {
    let doc = quatre_bras();
    let own = doc.own();
    let parent = own
        .formations
        .iter()
        .find(|f| {
            own.formations
                .iter()
                .any(|c| c.parent.as_ref() == Some(&f.id))
        })
        .expect("a formation with a child");
    let child = own
        .formations
        .iter()
        .find(|c| c.parent.as_ref() == Some(&parent.id))
        .expect("child");
    assert!(ops::move_to(&doc, &parent.id, Some(&child.id)).is_none());
    assert!(ops::move_to(&doc, &parent.id, Some(&parent.id)).is_none());
    // An included file's formation is shown, not edited here.
    let included = doc
        .merged()
        .formations
        .iter()
        .find(|f| !doc.is_own(&f.id))
        .expect("an included formation");
    assert!(doc.defined_in(&included.id).is_some());
    assert!(ops::rename(&doc, &included.id, "Other").is_none());
    assert!(ops::delete_formation(&doc, &included.id).is_none());
}

#[test]
fn typing_a_field_is_one_undo_step_and_ids_never_change() {
    use berthier_editor::screen::oob::{Message, OobScreen};
    use berthier_tools::oob::tree::{Item, Kind};
    let mut screen = OobScreen::new(quatre_bras());
    let before = screen.doc().own().clone();
    let id = before.units[0].id.clone();
    let select = Message::Select(Item {
        kind: Kind::Unit,
        id: id.clone(),
    });
    let _ = screen.update(select);
    for typed in ["9", "99", "999"] {
        let _ = screen.update(Message::SetPrinted(typed.to_owned()));
    }
    // A class other than the unit's (Quatre-Bras' first unit is cavalry).
    let other = if before.units[0].class == "infantry" {
        "cavalry"
    } else {
        "infantry"
    };
    let _ = screen.update(Message::SetClass(other.to_owned()));
    let unit = screen.doc().own().unit(&id).expect("same id").clone();
    assert_eq!(
        (unit.printed.as_deref(), unit.class.as_str()),
        (Some("999"), other)
    );
    let _ = screen.update(Message::Undo);
    let unit = screen.doc().own().unit(&id).expect("same id").clone();
    assert_eq!(unit.class, before.units[0].class, "the class undone alone");
    assert_eq!(unit.printed.as_deref(), Some("999"));
    let _ = screen.update(Message::Undo);
    assert_eq!(screen.doc().own(), &before, "the typing undone in one step");
    assert!(!screen.doc().can_undo());
}
