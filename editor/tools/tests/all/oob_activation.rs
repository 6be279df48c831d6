//! A formation's activation markers edited in a counters file on disk:
//! added with an id of their own, code and initiative set, deleted; each
//! one undo step; saved keeping the file's comment, and read back.

use berthier_tools::oob::{OobDoc, activation};

#[test]
fn markers_are_added_set_deleted_and_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("vere.counters.ron");
    std::fs::write(
        &path,
        "// Combat de la Vère: the order of battle.\n(kind: counters, \
         format_version: 2, id: \"vere\", name: \"Vère\",\n series: \
         \"jours-de-gloire@1\", sides: [(id: \"fr\", name: \"Français\")],\n \
         formations: [(id: \"pire\", name: \"Brigade Piré\", side: \"fr\", \
         level: \"brigade\")])\n",
    )
    .expect("write");
    let mut doc = OobDoc::open(&path).expect("opens");
    let markers =
        |doc: &OobDoc| doc.own().formations[0].activation_markers.clone();

    let (e, id) = activation::add(&doc, "pire").expect("own formation");
    doc.apply(e, None);
    assert_eq!(id, "pire-1");
    let (e, second) = activation::add(&doc, "pire").expect("own formation");
    doc.apply(e, None);
    assert_ne!(second, id, "a fresh id");
    assert_eq!(markers(&doc).len(), 2);

    doc.apply(
        activation::set_code(&doc, &id, Some("C".into())).expect("there"),
        None,
    );
    doc.apply(
        activation::set_initiative(&doc, &id, Some(3)).expect("there"),
        None,
    );
    assert!(
        activation::set_initiative(&doc, &id, Some(3)).is_none(),
        "no change"
    );
    assert_eq!(markers(&doc)[0].code.as_deref(), Some("C"));
    assert_eq!(markers(&doc)[0].initiative, Some(3));
    doc.apply(activation::delete(&doc, &second).expect("there"), None);
    assert_eq!(markers(&doc).len(), 1);
    assert_eq!(
        activation::formation_of(&doc, &id).map(|f| f.name.as_str()),
        Some("Brigade Piré")
    );

    assert!(doc.undo());
    assert_eq!(markers(&doc).len(), 2, "the deletion undone");
    assert!(doc.redo());
    doc.save().expect("saved");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.starts_with("// Combat de la Vère"), "{text}");
    let reread = OobDoc::open(&path).expect("reopens");
    let m = &reread.own().formations[0].activation_markers;
    assert_eq!(m.len(), 1);
    assert_eq!(
        (m[0].code.as_deref(), m[0].initiative),
        (Some("C"), Some(3))
    );
}
