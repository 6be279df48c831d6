//! Model-level tests of the map screen: messages in, state out, no window.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map::{MapScreen, Message};
use berthier_schema::HexId;
use berthier_tools::project;
use iced::{Point, Size, Vector};

fn demo() -> MapScreen {
    let opened = project::open(&project::demo_map_path()).expect("demo opens");
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    let mut screen = MapScreen::new(opened);
    send(&mut screen, Canvas::Resized(Size::new(1000.0, 800.0)));
    screen
}

fn send(screen: &mut MapScreen, m: Canvas) {
    let (_task, event) = screen.update(Message::Canvas(m));
    assert!(event.is_none());
}

/// Canvas point of a hex centre under the current view.
fn centre_on_screen(screen: &MapScreen, hex: &str) -> Point {
    let id: HexId = hex.parse().expect("hex id");
    screen
        .viewport()
        .to_screen(screen.opened().map.geometry().center_px(id))
}

#[test]
fn first_size_fits_the_scan_in_the_canvas() {
    let screen = demo();
    let v = screen.viewport();
    let scan = screen.opened().scan.as_ref().expect("demo has a scan");
    let (w, h) = (scan.width as f32 * v.zoom, scan.height as f32 * v.zoom);
    assert!(w <= 1000.0 && h <= 800.0, "{w}x{h}");
    assert!(w > 900.0 || h > 700.0, "fit leaves too much room: {w}x{h}");
    let top_left = v.to_screen([0.0, 0.0]);
    assert!(
        (top_left.x - (1000.0 - w) / 2.0).abs() < 0.5,
        "{top_left:?}"
    );
}

#[test]
fn pan_moves_the_map_by_the_drag() {
    let mut screen = demo();
    let before = centre_on_screen(&screen, "0505");
    send(&mut screen, Canvas::Pan(Vector::new(40.0, -25.0)));
    let after = centre_on_screen(&screen, "0505");
    assert!((after.x - before.x - 40.0).abs() < 1e-3);
    assert!((after.y - before.y + 25.0).abs() < 1e-3);
}

#[test]
fn wheel_zoom_keeps_the_hex_under_the_cursor() {
    let mut screen = demo();
    let anchor = centre_on_screen(&screen, "1207");
    send(&mut screen, Canvas::Hover(Some(anchor)));
    let zoom = screen.viewport().zoom;
    for _ in 0..3 {
        send(
            &mut screen,
            Canvas::Zoom {
                factor: 1.2,
                anchor,
            },
        );
    }
    assert!((screen.viewport().zoom / zoom - 1.728).abs() < 1e-3);
    let after = centre_on_screen(&screen, "1207");
    assert!(after.distance(anchor) < 0.01, "{after:?} vs {anchor:?}");
    assert_eq!(screen.status()[0], "Hex: 1207");
}

#[test]
fn fit_to_window_undoes_pan_and_zoom() {
    let mut screen = demo();
    let fitted = screen.viewport();
    send(&mut screen, Canvas::Pan(Vector::new(300.0, 100.0)));
    send(
        &mut screen,
        Canvas::Zoom {
            factor: 3.0,
            anchor: Point::new(10.0, 10.0),
        },
    );
    assert_ne!(screen.viewport(), fitted);
    let _ = screen.update(Message::FitToWindow);
    assert_eq!(screen.viewport(), fitted);
}

#[test]
fn status_bar_names_hex_terrain_and_zoom() {
    let mut screen = demo();
    let lake = centre_on_screen(&screen, "1403");
    send(&mut screen, Canvas::Hover(Some(lake)));
    let [hex, terrain, zoom] = screen.status();
    assert_eq!(hex, "Hex: 1403");
    assert_eq!(terrain, "Terrain: lake");
    let expected = format!("Zoom: {:.0}%", screen.viewport().zoom * 100.0);
    assert_eq!(zoom, expected);
    send(&mut screen, Canvas::Hover(Some(Point::new(2.0, 2.0))));
    assert_eq!(screen.status()[0], "Hex: -");
}

#[test]
fn status_bar_names_a_hex_as_the_map_prints_it() {
    // A map numbered letter-number: grid position 0404 is printed "D4".
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps/ashcombe-1812/ashcombe-1812.map.ron");
    let opened = project::open(&path).expect("opens");
    let mut screen = MapScreen::new(opened);
    send(&mut screen, Canvas::Resized(Size::new(1000.0, 800.0)));
    let at = centre_on_screen(&screen, "0404");
    send(&mut screen, Canvas::Hover(Some(at)));
    assert_eq!(screen.status()[0], "Hex: D4 (0404)");
}
