//! A formation's activation markers on the order of battle screen, on a
//! copy of Rivoli's counters: listed on the formation's page, one added
//! and given its code and initiative by typing, its own page with its
//! counter when selected in the tree, one deleted; each one undo step;
//! saved keeping the file's comments.

use berthier_editor::app::{App, Message};
use berthier_editor::screen::oob::{self, activation::Edit};
use berthier_tools::oob::tree::{Item, Kind};

use super::{click, oob as oob_screen, open_app, shows};
use crate::common::files;

fn send(app: &mut App, m: oob::Message) {
    let _ = app.update(Message::Oob(m));
}

fn select(app: &mut App, kind: Kind, id: &str) {
    let id = id.to_owned();
    send(app, oob::Message::Select(Item { kind, id }));
}

#[test]
fn a_marker_is_added_typed_shown_and_deleted_with_undo() {
    let dir = tempfile::tempdir().expect("temp dir");
    files::copy_tree(dir.path(), &["counters", "schema/series"]);
    let path = dir
        .path()
        .join("counters/rivoli-1797/rivoli-1797.counters.ron");
    let original = std::fs::read_to_string(&path).expect("read");
    let mut app = open_app(&path, dir.path());
    let markers = |app: &App| {
        let own = oob_screen(app).doc().own();
        let f = own.formations.iter().find(|f| f.id == "joubert");
        f.expect("Joubert").activation_markers.clone()
    };
    assert_eq!(markers(&app).len(), 2);
    select(&mut app, Kind::Formation, "joubert");
    assert!(shows(&app, "Activation markers: 2"));

    click(&mut app, "Add activation marker");
    let added = markers(&app)[2].id.clone();
    send(
        &mut app,
        oob::Message::Activation(Edit::Initiative(added.clone(), "4".into())),
    );
    send(
        &mut app,
        oob::Message::Activation(Edit::Code(added.clone(), "C".into())),
    );
    assert_eq!(markers(&app)[2].initiative, Some(4));
    assert_eq!(markers(&app)[2].code.as_deref(), Some("C"));
    // A word is not a number: said, nothing changed.
    send(
        &mut app,
        oob::Message::Activation(Edit::Initiative(
            added.clone(),
            "four".into(),
        )),
    );
    assert_eq!(markers(&app)[2].initiative, Some(4));
    assert!(
        oob_screen(&app)
            .notice()
            .is_some_and(|n| n.contains("whole number"))
    );

    // Selected in the tree: its own page, with its counter.
    select(&mut app, Kind::Activation, &added);
    assert!(shows(&app, "Activation marker of Joubert"));
    assert!(oob_screen(&app).counter_of(&added).is_some());
    send(
        &mut app,
        oob::Message::Activation(Edit::Delete("joubert-am2".into())),
    );
    assert_eq!(markers(&app).len(), 2);
    click(&mut app, "Undo");
    assert_eq!(markers(&app).len(), 3, "one step");
    click(&mut app, "Redo");

    click(&mut app, "Save");
    let saved = std::fs::read_to_string(&path).expect("saved");
    let format = berthier_schema::Format::Ron;
    assert!(berthier_schema::preserve::keeps_comments(
        &original, &saved, format
    ));
    assert!(saved.contains(&format!("id: \"{added}\"")), "{saved}");
    assert!(!saved.contains("joubert-am2"));
}
