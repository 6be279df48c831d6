//! The real UI driven headless through iced_test (run with
//! `ICED_TEST_BACKEND=tiny-skia`): open a copy of the demo, paint a hex
//! with simulated mouse events, undo, redo, save, reopen and compare; pick
//! every tool by its button; fill in the place form by typing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::path::Path;

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::map::{MapScreen, form};
use berthier_tools::recent::Recent;
use berthier_tools::tool::Tool;
use iced::keyboard::Modifiers;
use iced::{Event, Point, Vector, mouse};
use iced_test::{Simulator, selector, simulator};

/// Runs `f` on a fresh simulator of the app's view and feeds the messages
/// it produced back to the app.
fn with_ui(app: &mut App, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

fn map(app: &App) -> &MapScreen {
    match app.screen() {
        Screen::Map(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("another screen"),
    }
}

fn moved(at: Point) -> Event {
    Event::Mouse(mouse::Event::CursorMoved { position: at })
}

/// Hovers a window point; returns where the canvas sits in the window.
fn canvas_offset(app: &mut App) -> Vector {
    let at = Point::new(640.0, 420.0);
    // A fresh canvas first reports its size (which fits the map).
    with_ui(app, |ui| {
        ui.point_at(at);
        ui.simulate([moved(at), moved(at)]);
    });
    let inside = map(app).hover().expect("cursor over the canvas");
    at - inside
}

/// Window point of a hex centre.
fn hex_in_window(app: &App, offset: Vector, id: &str) -> Point {
    common::centre(map(app), id) + offset
}

/// A left click at a window point on the canvas.
fn click_at(app: &mut App, at: Point) {
    with_ui(app, |ui| {
        ui.point_at(at);
        ui.simulate([
            moved(at),
            Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)),
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)),
        ]);
    });
}

fn click(app: &mut App, label: &str) {
    with_ui(app, |ui| {
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
    });
}

fn ctrl(app: &mut App, c: &str, shift: bool) {
    let mut modifiers = Modifiers::CTRL;
    if shift {
        modifiers |= Modifiers::SHIFT;
    }
    let _ = app.update(Message::Key(common::key_press(c, modifiers)));
}

fn open(path: &Path, config: &Path) -> App {
    App::with_recent(Some(path), Recent::at(Some(config.to_owned())))
}

#[test]
fn paint_undo_redo_save_reload() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let config = dir.path().join("config");
    let mut app = open(&path, &config);
    assert_eq!(app.title(), "Combat de la Vere (demo) — demo.map.ron");
    let offset = canvas_offset(&mut app);

    click(&mut app, "Terrain brush");
    click(&mut app, "Woods");
    let target = hex_in_window(&app, offset, "0505");
    click_at(&mut app, target);
    assert_eq!(common::terrain(map(&app), "0505").as_deref(), Some("woods"));
    assert!(app.title().ends_with(" *"), "{}", app.title());

    click(&mut app, "Undo");
    assert_eq!(common::terrain(map(&app), "0505").as_deref(), Some("clear"));
    assert!(!app.title().ends_with(" *"));
    ctrl(&mut app, "Z", true);
    assert_eq!(common::terrain(map(&app), "0505").as_deref(), Some("woods"));
    ctrl(&mut app, "z", false);
    ctrl(&mut app, "y", false);
    assert_eq!(common::terrain(map(&app), "0505").as_deref(), Some("woods"));

    click(&mut app, "Save");
    assert!(!app.title().ends_with(" *"), "{}", app.title());
    let (_, on_disk) =
        berthier_tools::project::resolve_map(&path).expect("saved file");
    let h0505 = common::hex("0505");
    let painted = on_disk.hexes.get(&h0505).and_then(|d| d.terrain.clone());
    assert_eq!(painted.as_deref(), Some("woods"));
    let saved = map(&app).opened().map.clone();
    // Only the changed field was rewritten: the author's comments stay.
    let text = std::fs::read_to_string(&path).expect("saved text");
    assert!(
        text.starts_with("// The bundled demo battle"),
        "{text:.200}"
    );

    let reopened = open(&path, &config);
    assert_eq!(map(&reopened).opened().map, saved);
    assert!(map(&reopened).opened().warnings.is_empty());
    let recent = Recent::at(Some(config));
    let canonical = path.canonicalize().expect("canonical");
    assert_eq!(recent.files().first(), Some(&canonical));
}

#[test]
fn ctrl_s_saves_and_a_json_copy_reads_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = open(&path, &dir.path().join("config"));
    let offset = canvas_offset(&mut app);
    click(&mut app, "Eraser");
    let at = hex_in_window(&app, offset, "0101");
    click_at(&mut app, at);
    ctrl(&mut app, "s", false);
    let (_, on_disk) =
        berthier_tools::project::resolve_map(&path).expect("saved");
    let h0101 = common::hex("0101");
    let data = on_disk.hexes.get(&h0101).expect("0101 keeps its level");
    assert_eq!((data.terrain.as_deref(), data.level), (None, Some(0)));
    // Save As (the dialog's answer fed in directly) to JSON in a subfolder:
    // the series path is rewritten relative to the new place.
    let sub = dir.path().join("sub");
    std::fs::create_dir_all(&sub).expect("sub");
    let json = sub.join("copy.map.json");
    let _ = app.update(Message::Map(
        berthier_editor::screen::map::Message::SaveTo(Some(json.clone())),
    ));
    assert!(app.title().ends_with("copy.map.json"), "{}", app.title());
    let reopened = open(&json, &dir.path().join("config"));
    assert_eq!(
        map(&reopened).opened().map.hexes,
        map(&app).opened().map.hexes
    );
    assert!(map(&reopened).opened().warnings.is_empty());
}

#[test]
fn every_tool_button_selects_its_tool() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = open(&path, &dir.path().join("config"));
    for tool in Tool::ALL {
        click(&mut app, tool.label());
        assert_eq!(map(&app).settings().tool, tool);
    }
    // Tool options show for their tool.
    click(&mut app, "Road / track");
    with_ui(&mut app, |ui| {
        ui.find("Ford instead of bridge").expect("ford option");
        ui.find("Track / Trail")
            .expect("road types from the series");
    });
    click(&mut app, "Hexside");
    click(&mut app, "Steep slope");
    assert_eq!(map(&app).settings().hexside.as_deref(), Some("steep_slope"));
    click(&mut app, "Elevation brush");
    click(&mut app, "Level +");
    assert_eq!(map(&app).settings().level, 2);
}

#[test]
fn place_form_by_typing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = open(&path, &dir.path().join("config"));
    let offset = canvas_offset(&mut app);
    click(&mut app, "Place");
    let at = hex_in_window(&app, offset, "0709");
    click_at(&mut app, at);
    with_ui(&mut app, |ui| {
        ui.find("Hex 0709").expect("form for the clicked hex");
        ui.click(selector::id(form::PLACE_NAME))
            .expect("name field");
        let _ = ui.typewrite("Moulin");
    });
    click(&mut app, "Create");
    let place = map(&app)
        .opened()
        .map
        .place("moulin")
        .expect("place")
        .clone();
    assert_eq!(
        (place.name.as_str(), place.hexes[0].to_string()),
        ("Moulin", "0709".into())
    );
}

#[test]
fn layer_checkboxes_hide_layers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = open(&path, &dir.path().join("config"));
    for label in [
        "Scan",
        "Grid",
        "Numbers",
        "Terrain",
        "Hexsides",
        "Elevation",
        "Roads",
        "Places",
    ] {
        click(&mut app, label);
    }
    // All hidden now: the view still builds and the map is untouched.
    let _ = simulator(app.view());
    assert!(!map(&app).is_dirty());
}

#[test]
fn a_file_opened_from_the_dialog_is_fitted_to_the_window() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let config = dir.path().join("config");
    let mut app = open(&path, &config);
    let _ = canvas_offset(&mut app);
    let fitted = map(&app).viewport();
    assert!(fitted.zoom != 1.0, "the first map is fitted");
    // The canvas widget stays in place and reports no new size: the new
    // screen must fit with the size the old one knew.
    let _ = app.update(berthier_editor::app::Message::OpenPicked(Some(path)));
    assert_eq!(map(&app).viewport().zoom, fitted.zoom);
}
