//! The menu bar through the app's view: a title opens its menu with the
//! shortcuts beside the items, Edit > Undo takes back a painted hex, a
//! click beside the menu or Escape closes it, Help > About shows the
//! version, Battle > Timeline goes from a scenario's Setup to its
//! timeline, and items that do not apply to the screen are not offered.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::map::{self, panel};
use berthier_editor::screen::menu::{self, Action, Menu};
use iced::keyboard;

use crate::common::ui::{click, named_key, open_app, shows, with_ui};
use crate::common::{self, demo_copy};

fn paint(app: &mut App, hex: &str) {
    let send = |app: &mut App, m: map::Message| {
        let _ = app.update(Message::Map(m));
    };
    send(
        app,
        map::Message::Panel(panel::Message::Terrain("woods".into())),
    );
    let Screen::Map(s) = app.screen() else {
        panic!("the map")
    };
    let at = common::centre(s, hex);
    let press = berthier_editor::map_canvas::Message::Press {
        at,
        modifiers: keyboard::Modifiers::empty(),
    };
    send(app, map::Message::Canvas(press));
    send(
        app,
        map::Message::Canvas(berthier_editor::map_canvas::Message::Release),
    );
}

fn terrain(app: &App, hex: &str) -> Option<String> {
    let Screen::Map(s) = app.screen() else {
        panic!("the map")
    };
    common::terrain(s, hex)
}

#[test]
fn edit_undo_from_the_menu_and_the_menu_closes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let mut app = open_app(&path, dir.path());
    let _ = app.update(Message::Map(map::Message::Canvas(
        berthier_editor::map_canvas::Message::Resized(iced::Size::new(
            900.0, 600.0,
        )),
    )));
    let before = terrain(&app, "0505");
    paint(&mut app, "0505");
    assert_eq!(terrain(&app, "0505").as_deref(), Some("woods"));

    click(&mut app, "File");
    assert_eq!(app.menu_bar().open(), Some(Menu::File));
    assert!(shows(&app, "New order of battle…") && shows(&app, "Ctrl+Shift+S"));
    // A click beside the menu closes it.
    with_ui(&mut app, |ui| {
        let at = iced::Point::new(900.0, 500.0);
        ui.point_at(at);
        let _ = ui.simulate([
            iced::Event::Mouse(iced::mouse::Event::CursorMoved {
                position: at,
            }),
            iced::Event::Mouse(iced::mouse::Event::ButtonPressed(
                iced::mouse::Button::Left,
            )),
            iced::Event::Mouse(iced::mouse::Event::ButtonReleased(
                iced::mouse::Button::Left,
            )),
        ]);
    });
    assert_eq!(app.menu_bar().open(), None);

    click(&mut app, "Edit");
    click(&mut app, "Ctrl+Z");
    assert_eq!(terrain(&app, "0505"), before, "undone from the menu");
    assert_eq!(app.menu_bar().open(), None, "an item closes its menu");

    click(&mut app, "View");
    // With a menu open, pointing at another title opens that one.
    let _ = app.update(Message::Menu(menu::Message::Point(Menu::Battle)));
    assert_eq!(app.menu_bar().open(), Some(Menu::Battle));
    let escape = named_key(keyboard::key::Named::Escape);
    let _ = app.update(Message::Key(escape));
    assert_eq!(app.menu_bar().open(), None, "Escape closes it");

    click(&mut app, "Help");
    click(&mut app, "About Berthier");
    assert!(shows(
        &app,
        &format!("Editor {}", env!("CARGO_PKG_VERSION"))
    ));
    click(&mut app, "Close");
    assert!(!shows(&app, "About Berthier"));
}

#[test]
fn battle_timeline_from_setup_and_items_that_do_not_apply_are_not_offered() {
    let dir = tempfile::tempdir().expect("temp dir");
    crate::setup::copy_tree(dir.path());
    let path = dir
        .path()
        .join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let mut app = crate::setup::open_setup(&path, dir.path());
    assert!(!app.can(Action::FitToWindow), "no map screen");
    assert!(!app.can(Action::SaveAs));
    assert!(app.can(Action::Timeline) && app.can(Action::Undo));
    click(&mut app, "Battle");
    click(&mut app, "Timeline");
    assert!(matches!(app.screen(), Screen::Timeline(_)), "the timeline");
    assert!(app.can(Action::Setup));
}

#[test]
fn file_export_writes_each_kind_from_the_document_shown() {
    use berthier_editor::app::{Export, ExportKind, WorkStatus, export_now};
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("p");
    let pack = berthier_validator::init::NewPack::new(
        root.clone(),
        Some("jours-de-gloire@1"),
        true,
    )
    .expect("a pack");
    berthier_validator::init::write_pack(&pack).expect("init");
    let scenario = root.join("scenarios/example/example.scenario.ron");
    let mut app = open_app(&scenario, dir.path());
    for action in [
        Action::ExportPng,
        Action::ExportCounterSheet,
        Action::ExportVassal,
        Action::ExportTiled,
    ] {
        assert!(app.can(action), "{action:?} offered on the battle's map");
    }
    click(&mut app, "File");
    assert!(shows(&app, "Export VASSAL module…"));
    let _ = app.update(Message::Menu(menu::Message::Close));

    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).expect("out");
    for (kind, file) in [
        (ExportKind::MapPng, "example.png"),
        (ExportKind::CounterSheet, "example-counters.png"),
        (ExportKind::VassalModule, "example.vmod"),
        (ExportKind::TiledMap, "example.tmx"),
    ] {
        let source = app.export_source(kind).expect("a source");
        let path = out.join(file);
        let mut steps = Vec::new();
        let done = export_now(kind, &source, &path, &mut |s| steps.push(s));
        let said = done.expect("exported");
        assert!(said.starts_with("Wrote "), "{said}");
        assert!(path.is_file(), "{kind:?}: {}", path.display());
        // The bar says it, until dismissed.
        let _ = app.update(Message::Export(Export::Done(Ok(said.clone()))));
        assert_eq!(app.work_status(), Some(&WorkStatus::Ended(said)));
    }
    click(&mut app, "Dismiss");
    assert_eq!(app.work_status(), None);
    // An export that cannot be written says why.
    let source = app.export_source(ExportKind::MapPng).expect("map");
    let nowhere = dir.path().join("no/such/folder/x.png");
    let e = export_now(ExportKind::MapPng, &source, &nowhere, &mut |_| {})
        .expect_err("no folder");
    let _ = app.update(Message::Export(Export::Done(Err(e))));
    let Some(WorkStatus::Ended(s)) = app.work_status() else {
        panic!("the bar");
    };
    assert!(s.starts_with("Export failed: "), "{s}");
}
