//! The Properties form (one undo step, checked fields) and Save As asking
//! for the copy's own id and name.

use berthier_editor::map_form::Bound;
use berthier_editor::screen::map::properties::{CopyMessage, Message as Props};

use super::*;

fn props(app: &mut App, m: Props) {
    send(app, map::Message::Properties(m));
}

#[test]
fn properties_apply_as_one_step_and_undo_restores_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Properties…");
    assert!(shows(&mut app, "Map properties"));
    props(&mut app, Props::Name("Rivoli, 14 janvier 1797".into()));
    props(&mut app, Props::Id("rivoli".into()));
    props(&mut app, Props::Scale("300 m".into()));
    props(&mut app, Props::Extent(Bound::LastCol, "36".into()));
    click(&mut app, "Apply");
    assert!(!shows(&mut app, "Map properties"), "the form closes");
    let map = &map_of(&app).opened().map;
    assert_eq!(map.name, "Rivoli, 14 janvier 1797");
    assert_eq!(map.id, "rivoli");
    assert_eq!(map.scale.as_deref(), Some("300 m"));
    assert_eq!(map.extent[0].cols, [1, 36]);
    assert_eq!(map_of(&app).history().depth(), 1, "one undo step");

    click(&mut app, "Undo");
    let map = &map_of(&app).opened().map;
    assert_eq!(map.name, "Rivoli 1797");
    assert_eq!(map.id, "rivoli-1797");
    assert_eq!(map.scale.as_deref(), Some("about 300 m per hex"));
    assert_eq!(map.extent[0].cols, [1, 35]);
    assert!(!map_of(&app).is_dirty());
}

#[test]
fn wrong_properties_are_named_and_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Properties…");
    props(&mut app, Props::Extent(Bound::LastRow, "0".into()));
    props(&mut app, Props::Series("../nowhere.series.ron".into()));
    props(&mut app, Props::Name("  ".into()));
    click(&mut app, "Apply");
    assert!(shows(&mut app, "last row must be ≥ first"));
    assert!(shows(&mut app, "no series file at ../nowhere.series.ron"));
    assert!(shows(&mut app, "type the map's name"));
    assert!(!map_of(&app).is_dirty());
    // A series picked with the dialog is written relative to the map.
    let series = dir.path().join("schema/series/jours-de-gloire.series.ron");
    props(&mut app, Props::SeriesPicked(Some(series)));
    props(&mut app, Props::Extent(Bound::LastRow, "22".into()));
    props(&mut app, Props::Name("Rivoli".into()));
    click(&mut app, "Apply");
    let map = &map_of(&app).opened().map;
    assert_eq!(map.series, "../../schema/series/jours-de-gloire.series.ron");
    assert_eq!(map.name, "Rivoli");
    click(&mut app, "Properties…");
    click(&mut app, "Cancel");
    assert!(!shows(&mut app, "Map properties"));
}

#[test]
fn save_as_asks_for_the_copys_id_and_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "Save as…");
    assert!(shows(&mut app, "Save a copy: give it its own id and name."));
    // An empty id is refused before the dialog opens.
    send(
        &mut app,
        map::Message::SaveCopy(CopyMessage::Id(String::new())),
    );
    click(&mut app, "Choose file…");
    assert!(shows(&mut app, "type an id, e.g. rivoli-1797"));
    send(
        &mut app,
        map::Message::SaveCopy(CopyMessage::Id("rivoli-1797-copy".into())),
    );
    click(&mut app, "Choose file…");
    // The dialog answers.
    let copy = dir.path().join("maps/copy.map.ron");
    send(&mut app, map::Message::SaveTo(Some(copy.clone())));
    let saved = read_map(&copy);
    assert_eq!(saved.id, "rivoli-1797-copy");
    assert_eq!(saved.name, "Rivoli 1797 (copy)");
    assert_eq!(saved.series, "../schema/series/jours-de-gloire.series.ron");
    assert_eq!(read_map(&rivoli).id, "rivoli-1797", "the original kept");
    assert_eq!(map_of(&app).opened().path, copy);
    assert!(!map_of(&app).is_dirty());
    // Undoing the rename keeps the series path right for the new folder.
    click(&mut app, "Undo");
    let map = &map_of(&app).opened().map;
    assert_eq!(map.id, "rivoli-1797");
    assert_eq!(map.series, "../schema/series/jours-de-gloire.series.ron");
}
