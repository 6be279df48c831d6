//! The findings panel, driven headless through iced_test (run with
//! `ICED_TEST_BACKEND=tiny-skia`): open a copy of the demo (clean), remove
//! the Pont-Vieux bridge with an edit so the Grand chemin crosses La Vere
//! with no bridge, see MAP001 listed by the road's name, click it, and
//! find the view centred on the hex, marked without covering the river;
//! undo clears the finding. An unknown terrain (REF008, an error in CI) is
//! listed; with the series unreadable the checks that need no series still
//! run and a note says which were skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::screen::map::{MapScreen, Message};
use berthier_schema::Hexside;
use berthier_schema::edit::Edit;
use berthier_tools::project;
use iced::{Event, Point, Theme, mouse};
use iced_test::simulator;

const FINDING: &str = "error MAP001 0906: road Grand chemin crosses the \
                       river (La Vere) at hexside 0806/0906 with no bridge \
                       or ford";

const SCENARIOS: &str =
    "Setup, stacking and entry checks run on scenarios (not shown for a map)";

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
    let mark = screen.findings().highlighted().expect("marked");
    assert_eq!(mark.hex, target);
    let side = Hexside::between(common::hex("0806"), target).expect("side");
    assert_eq!(mark.side, Some(side));
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

/// The snapshot of the screen as a tiny-skia image, written in `dir`.
fn snapshot(
    screen: &MapScreen,
    dir: &std::path::Path,
    name: &str,
) -> image::RgbaImage {
    let snap = simulator(screen.view())
        .snapshot(&Theme::Light)
        .expect("snapshot");
    // A first snapshot is written, not compared: read it back.
    assert!(snap.matches_image(dir.join(name)).expect("png"));
    image::open(dir.join(format!("{name}-tiny-skia.png")))
        .expect("snapshot png")
        .into_rgba8()
}

#[test]
fn the_mark_of_a_river_finding_leaves_the_river_visible() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut screen = common::screen(&path);
    hover_canvas(&mut screen);
    remove_the_bridge(&mut screen);
    click(&mut screen, FINDING);
    let marked = snapshot(&screen, dir.path(), "marked");
    // Another finding far away clears the mark; the view stays.
    screen.apply_edit(Edit::Terrain {
        hex: common::hex("0101"),
        to: Some("swamp-forest".into()),
    });
    assert_eq!(screen.findings().highlighted(), None);
    let plain = snapshot(&screen, dir.path(), "plain");
    let red = |p: &image::Rgba<u8>| p[0] > 180 && p[1] < 80 && p[2] < 80;
    let blue = |p: &image::Rgba<u8>| {
        i32::from(p[2]) > i32::from(p[0]) + 60 && p[2] > p[1].saturating_add(20)
    };
    let pairs = || plain.pixels().zip(marked.pixels());
    let marks = pairs().filter(|(a, b)| red(b) && !red(a)).count();
    assert!(marks > 200, "{marks} red pixels mark the finding");
    let covered = pairs().filter(|(a, b)| blue(a) && red(b)).count();
    let river = plain.pixels().filter(|p| blue(p)).count();
    assert!(river > 200, "{river} blue pixels");
    assert_eq!(
        covered, 0,
        "the mark covers {covered} of {river} blue pixels"
    );
}

#[test]
fn unknown_terrain_is_listed_as_in_ci() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut screen = common::screen(&path);
    screen.apply_edit(Edit::Terrain {
        hex: common::hex("0101"),
        to: Some("swamp-forest".into()),
    });
    assert!(shows(&screen, "Map checks: 1 found"));
    assert!(shows(
        &screen,
        "error REF008 0101: terrain `swamp-forest` is not defined by the series"
    ));
    assert!(shows(&screen, SCENARIOS));
}

#[test]
fn without_its_series_the_panel_says_what_was_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let text = std::fs::read_to_string(&path).expect("read");
    let text = text
        .replacen("series: \"", "series: \"missing/", 1)
        .replacen("\"1606\"]),", "\"1606\", \"1706\"]),", 1);
    std::fs::write(&path, text).expect("write");
    let opened = project::open(&path).expect("opens");
    assert!(opened.series.is_none());
    let screen = MapScreen::new(opened);
    let notes = screen.findings().notes();
    let skipped = &notes[0];
    assert!(skipped.starts_with("Series not readable ("), "{skipped}");
    assert!(
        skipped.ends_with(
            "): terrain, hexside, road and entry-edge checks skipped"
        ),
        "{skipped}"
    );
    assert!(shows(&screen, skipped));
    assert!(shows(&screen, SCENARIOS));
    // Hexes off the map need no series; the road is named.
    assert!(shows(&screen, "Map checks: 1 found"));
    assert!(shows(
        &screen,
        "error REF007 1706: Grand chemin: hex 1706 is not on the map demo"
    ));
}

#[test]
fn findings_name_places_edges_and_entry_points() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let text = std::fs::read_to_string(&path).expect("read");
    let text = text
        .replacen(
            "\"0806\", \"0906\"]),",
            "\"0806\", \"0906\", \"1706\"]),",
            1,
        )
        .replacen("side: south)", "side: south, hexes: [\"0199\"])", 1)
        .replacen("hexes: [\"0106\"], road", "hexes: [\"0506\"], road", 1)
        .replacen("edge: \"north\")", "edge: \"nowhere\")", 1);
    std::fs::write(&path, text).expect("write");
    let screen = common::screen(&path);
    for label in [
        "error REF007 1706: Pont-Vieux: hex 1706 is not on the map demo",
        "error REF007 0199: South edge: hex 0199 is not on the map demo",
        "warning MAP003 0506: entry point Grand chemin (west) is not on a \
         map edge: 0506 has no neighbour off the map",
        "error REF006: North edge: edge `nowhere` is not on the map",
    ] {
        assert!(shows(&screen, label), "{label}");
    }
    assert!(shows(&screen, "Map checks: 4 found"));
}
