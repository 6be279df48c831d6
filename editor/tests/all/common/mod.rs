//! Helpers shared by the editing tests: a copy of the demo map in a
//! temporary folder (so saving never touches the bundled file) and ways to
//! click on hexes; the bundled files and copies of them ([`files`]); the
//! whole app driven through its view ([`ui`]).

#![allow(dead_code)]

// The bundled files and copies of them, shared with the workshop's tests.
#[path = "../../../tools/tests/all/common/files.rs"]
pub mod files;
#[path = "../../../tools/tests/all/common/oob_csv.rs"]
pub mod oob_csv;
pub mod ui;

use std::path::PathBuf;

use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map::{MapScreen, Message};
use berthier_schema::HexId;
use berthier_tools::project;
use iced::{Point, Size, keyboard};

/// The demo map copied into `dir`, its series and scan named by absolute
/// path so it opens the same from there.
pub fn demo_copy(dir: &std::path::Path) -> PathBuf {
    let demo = project::demo_map_path();
    let folder = demo
        .parent()
        .expect("demo folder")
        .canonicalize()
        .expect("abs");
    let text = std::fs::read_to_string(&demo).expect("read demo");
    let series = folder.join("../../schema/series/jours-de-gloire.series.ron");
    let text = text
        .replace(
            "\"../../schema/series/jours-de-gloire.series.ron\"",
            &format!("{:?}", series.display().to_string()),
        )
        .replace(
            "\"demo-scan.png\"",
            &format!(
                "{:?}",
                folder.join("demo-scan.png").display().to_string()
            ),
        );
    let path = dir.join("demo.map.ron");
    std::fs::write(&path, text).expect("write copy");
    path
}

/// A map screen on `path`, sized and fitted like a window's.
pub fn screen(path: &std::path::Path) -> MapScreen {
    let opened = project::open(path).expect("opens");
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    let mut screen = MapScreen::new(opened);
    send(&mut screen, Canvas::Resized(Size::new(1000.0, 800.0)));
    screen
}

/// Sends a message, ignoring its task.
pub fn update(screen: &mut MapScreen, m: Message) {
    let _ = screen.update(m);
}

/// Sends a canvas message.
pub fn send(screen: &mut MapScreen, m: Canvas) {
    update(screen, Message::Canvas(m));
}

/// Parses a hex number.
pub fn hex(s: &str) -> HexId {
    s.parse().expect("hex id")
}

/// Canvas point of a hex centre under the current view.
pub fn centre(screen: &MapScreen, id: &str) -> Point {
    screen
        .viewport()
        .to_screen(screen.opened().map.grid.center_px(hex(id)))
}

/// Canvas point of the scan pixel `px`.
pub fn at_px(screen: &MapScreen, px: [f64; 2]) -> Point {
    screen.viewport().to_screen(px)
}

/// Press at `from`, drag through `through`, release.
pub fn stroke(screen: &mut MapScreen, points: &[Point]) {
    stroke_with(screen, points, keyboard::Modifiers::default());
}

/// [`stroke`] with modifiers held.
pub fn stroke_with(
    screen: &mut MapScreen,
    points: &[Point],
    modifiers: keyboard::Modifiers,
) {
    let Some((first, rest)) = points.split_first() else {
        return;
    };
    send(
        screen,
        Canvas::Press {
            at: *first,
            modifiers,
        },
    );
    for p in rest {
        send(screen, Canvas::Drag(*p));
    }
    send(screen, Canvas::Release);
}

/// A click at a hex centre.
pub fn click_hex(screen: &mut MapScreen, id: &str) {
    let p = centre(screen, id);
    stroke(screen, &[p]);
}

/// Terrain of a hex.
pub fn terrain(screen: &MapScreen, id: &str) -> Option<String> {
    screen
        .opened()
        .map
        .hexes
        .get(&hex(id))
        .and_then(|d| d.terrain.clone())
}

/// Level of a hex.
pub fn level(screen: &MapScreen, id: &str) -> Option<i8> {
    screen
        .opened()
        .map
        .hexes
        .get(&hex(id))
        .and_then(|d| d.level)
}

/// A key press of the character `c` with `modifiers`, as the app's
/// keyboard subscription delivers it.
pub fn key_press(c: &str, modifiers: keyboard::Modifiers) -> keyboard::Event {
    let key = keyboard::Key::Character(c.into());
    keyboard::Event::KeyPressed {
        key: key.clone(),
        modified_key: key,
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: keyboard::Location::Standard,
        modifiers,
        text: None,
        repeat: false,
    }
}
