//! Headless window tests through iced_test (run with
//! `ICED_TEST_BACKEND=tiny-skia`): they find text, never compare snapshots.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use berthier_editor::app::{App, Message, Screen};
use iced::{Event, Point, mouse};
use iced_test::simulator;

/// Moves the cursor to `at`, feeding the resulting messages back.
fn hover(app: &mut App, at: Point) {
    let moved = Event::Mouse(mouse::Event::CursorMoved { position: at });
    // A fresh canvas first reports its size (which fits the map), so the
    // second move is the one that hovers.
    let messages: Vec<Message> = {
        let mut ui = simulator(app.view());
        ui.point_at(at);
        ui.simulate([moved.clone(), moved]);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

#[test]
fn demo_opens_and_shows_its_status() {
    // The demo as a start with no file opens it: copied into a data
    // folder (a temporary one here, not the user's).
    let data = tempfile::tempdir().expect("temp dir");
    let recent = berthier_tools::recent::Recent::at(None);
    let mut app = App::demo_in(Some(data.path()), recent);
    assert!(matches!(app.screen(), Screen::Map(_)));
    simulator(app.view())
        .find("Zoom: 100%")
        .expect("zoom before fit");
    hover(&mut app, Point::new(512.0, 400.0));
    let Screen::Map(map) = app.screen() else {
        panic!("map screen");
    };
    let [hex, terrain, zoom] = map.status();
    assert!(hex.starts_with("Hex: ") && hex != "Hex: -", "{hex}");
    assert!(terrain.starts_with("Terrain: "), "{terrain}");
    let mut ui = simulator(app.view());
    ui.find(hex.as_str()).expect("hex in the status bar");
    ui.find(terrain.as_str())
        .expect("terrain in the status bar");
    ui.find(zoom.as_str()).expect("zoom in the status bar");
    ui.find("Fit to window").expect("toolbar");
}

fn broken_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("berthier-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn broken_file_shows_the_error_screen() {
    let path = broken_file(
        "broken.map.ron",
        "(\n    kind: map,\n    format_version: 1,\n    id: 42,\n)\n",
    );
    let app = App::open(Some(&path));
    let Screen::Error(screen) = app.screen() else {
        panic!("expected the error screen");
    };
    let e = screen.error();
    assert_eq!((e.line, e.file.clone()), (4, path.clone()), "{e}");
    let mut ui = simulator(app.view());
    ui.find("Cannot open this file").expect("heading");
    ui.find(screen.location().as_str()).expect("file:line:col");
    assert!(screen.location().ends_with(&format!(":4:{}", e.column)));
    ui.find(e.message.as_str()).expect("message");
}

#[test]
fn missing_file_and_wrong_kind_are_errors_too() {
    let app = App::open(Some(std::path::Path::new("/nonexistent/x.map.ron")));
    assert!(matches!(app.screen(), Screen::Error(_)));
    let series = broken_file(
        "s.series.ron",
        "(kind: series, format_version: 1, id: \"s\", name: \"S\")",
    );
    let app = App::open(Some(&series));
    let Screen::Error(screen) = app.screen() else {
        panic!("a series is not a map");
    };
    assert!(
        screen.error().message.contains("not series"),
        "{}",
        screen.error().message
    );
}
