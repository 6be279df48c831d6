//! The findings panel, driven headless through iced_test (run with
//! `ICED_TEST_BACKEND=tiny-skia`): open a copy of the demo (clean), remove
//! the Pont-Vieux bridge with an edit so the Grand chemin crosses La Vere
//! with no bridge, see MAP001 listed, click it, and find the view centred
//! on the hex with that hex outlined; undo clears the finding.

mod common;

use berthier_editor::screen::map::{MapScreen, Message};
use berthier_schema::edit::Edit;
use iced::{Event, Point, mouse};
use iced_test::simulator;

const FINDING: &str = "error MAP001 0906: road `grand-chemin` crosses the \
                       river (La Vere) at hexside 0806/0906 with no bridge \
                       or ford";

/// Clicks the element showing `label` and feeds the messages back.
fn click(screen: &mut MapScreen, label: &str) {
    let messages: Vec<Message> = {
        let mut ui = simulator(screen.view());
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
        ui.into_messages().collect()
    };
    for m in messages {
        common::update(screen, m);
    }
}

/// Moves the cursor over the canvas, which then reports its real size
/// (the panels beside it take part of the window).
fn hover_canvas(screen: &mut MapScreen) {
    let at = Point::new(500.0, 400.0);
    let messages: Vec<Message> = {
        let mut ui = simulator(screen.view());
        ui.point_at(at);
        let moved = Event::Mouse(mouse::Event::CursorMoved { position: at });
        let _ = ui.simulate([moved.clone(), moved]);
        ui.into_messages().collect()
    };
    for m in messages {
        common::update(screen, m);
    }
}

fn shows(screen: &MapScreen, label: &str) -> bool {
    simulator(screen.view()).find(label).is_ok()
}

fn remove_the_bridge(screen: &mut MapScreen) {
    let bridge = screen
        .opened()
        .map
        .hexsides
        .iter()
        .find(|f| f.feature == "bridge")
        .cloned()
        .expect("the demo's bridge");
    screen.apply_edit(Edit::Hexside {
        feature: bridge,
        present: false,
        at: None,
    });
}

#[test]
fn clicking_a_finding_centres_its_hex() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut screen = common::screen(&path);
    hover_canvas(&mut screen);
    let size = screen.canvas_size().expect("canvas size");
    assert!(size.width < 600.0, "the canvas's own size: {size:?}");
    assert!(shows(&screen, "Map checks: no problems found"));

    remove_the_bridge(&mut screen);
    assert!(shows(&screen, "Map checks: 1 found"));
    assert!(shows(&screen, FINDING));
    assert_eq!(screen.findings().highlighted(), None);

    click(&mut screen, FINDING);
    let target = common::hex("0906");
    assert_eq!(screen.findings().highlighted(), Some(target));
    let view = screen.viewport();
    let middle = Point::new(size.width / 2.0, size.height / 2.0);
    let map = &screen.opened().map;
    assert_eq!(map.grid.hex_at_px(view.to_scan(middle), None), Some(target));
    let radius = map.grid.hex_radius_px as f32 * view.zoom;
    assert!(radius >= 39.0, "hex radius on screen {radius}");

    common::update(&mut screen, Message::Undo);
    assert!(shows(&screen, "Map checks: no problems found"));
    assert_eq!(screen.findings().highlighted(), None);
}
