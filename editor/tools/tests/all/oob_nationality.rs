//! A side's nationalities edited in a real counters file: added with an
//! id of its own, renamed keeping the id, deleted only when no unit has
//! it, each one undo step undone exactly.

use std::path::Path;

use berthier_tools::oob::{OobDoc, nationality};

fn quatre_bras() -> OobDoc {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    OobDoc::open(&path).expect("opens")
}

#[test]
fn a_nationality_is_added_renamed_and_deleted_with_undo() {
    let mut doc = quatre_bras();
    let before = doc.own().clone();
    let side = before.sides[1].clone();
    let used = side.nationalities.first().expect("a nationality").clone();

    let (edit, id) =
        nationality::add(&doc, &side.id, &used.name).expect("own side");
    doc.apply(edit, None);
    assert_ne!(id, used.id, "a fresh id beside the one named alike");
    let added = |doc: &OobDoc| {
        doc.own().sides[1]
            .nationalities
            .iter()
            .find(|n| n.id == id)
            .map(|n| n.name.clone())
    };
    assert_eq!(added(&doc).as_deref(), Some(used.name.as_str()));

    let edit = nationality::rename(&doc, &side.id, &id, "Hanoverian militia")
        .expect("there");
    doc.apply(edit, None);
    assert_eq!(added(&doc).as_deref(), Some("Hanoverian militia"));

    // The units' nationality cannot go; the new one, which no unit has, can.
    let refused = nationality::delete(&doc, &side.id, &used.id);
    let in_use = refused.expect_err("units have it");
    assert_eq!(
        in_use.units,
        nationality::units_with(&doc, &side.id, &used.id)
    );
    assert!(in_use.units > 0);
    let edit = nationality::delete(&doc, &side.id, &id)
        .expect("no unit has it")
        .expect("there");
    doc.apply(edit, None);
    assert_eq!(added(&doc), None);

    for _ in 0..3 {
        assert!(doc.undo());
    }
    assert_eq!(doc.own(), &before);
}
