//! The New order of battle form: from a map, a counters file on the map's
//! series is written with the name and id typed, opens on the order of
//! battle screen where its first side is added, and reads back; a field's
//! problem goes as soon as the field is corrected; Cancel leaves the map.

use berthier_editor::app::{Message, Screen};
use berthier_editor::map_form::Field;
use berthier_editor::screen::new_oob::Message as Form;
use berthier_schema::{Document, Format};

use super::*;

fn on_form(
    app: &App,
) -> Option<&berthier_editor::screen::new_oob::NewOobScreen> {
    match app.screen() {
        Screen::NewOob(form, _) => Some(form),
        _ => None,
    }
}

fn form(app: &mut App, m: Form) {
    let _ = app.update(Message::NewOob(m));
}

#[test]
fn a_new_order_of_battle_is_written_on_the_maps_series_and_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New order of battle…");
    assert!(on_form(&app).is_some());
    assert!(shows(&mut app, "New order of battle"));

    // Nothing typed: the name is asked for; typing it clears the problem.
    click(&mut app, "Create order of battle");
    let form_now = on_form(&app).expect("still on the form");
    assert!(form_now.problem(Field::Name).is_some());
    form(&mut app, Form::Name("Combat de la Vère 1809".into()));
    assert_eq!(on_form(&app).expect("form").problem(Field::Name), None);
    assert!(shows(&mut app, "combat-de-la-vere-1809"));

    click(&mut app, "Create order of battle");
    let file = rivoli.with_file_name("combat-de-la-vere-1809.counters.ron");
    let Screen::Oob(screen) = app.screen() else {
        panic!("the order of battle screen");
    };
    assert_eq!(screen.doc().path(), file);
    let text = std::fs::read_to_string(&file).expect("written");
    let Ok(Document::Counters(c)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    assert_eq!(c.name, "Combat de la Vère 1809");
    // The map's series, written as the map writes it (relative to the file).
    let map_text = std::fs::read_to_string(&rivoli).expect("map");
    assert!(
        map_text.contains(&format!("series: {:?}", c.series)),
        "{}",
        c.series
    );
    assert!(screen.doc().series.is_some(), "{:?}", screen.doc().warnings);

    click(&mut app, "Add side");
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(text.starts_with("// Combat de la Vère 1809: the order of battle"));
    let Ok(Document::Counters(c)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    assert_eq!(c.sides.len(), 1, "{text}");
}

#[test]
fn cancel_leaves_the_map_and_an_existing_file_is_asked_about() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New order of battle…");
    click(&mut app, "Cancel");
    assert!(matches!(app.screen(), Screen::Map(_)));

    let taken = rivoli.with_file_name("taken.counters.ron");
    std::fs::write(&taken, "// mine\n").expect("existing");
    click(&mut app, "New order of battle…");
    form(&mut app, Form::Name("Taken".into()));
    click(&mut app, "Create order of battle");
    assert!(shows(&mut app, "taken.counters.ron already exists."));
    click(&mut app, "Keep it");
    assert_eq!(std::fs::read_to_string(&taken).expect("kept"), "// mine\n");
    assert!(on_form(&app).is_some());
}
