//! Picking an arrival's entry on the Timeline's small map, on Quatre-Bras
//! 1: armed by "Pick entry on map", a click on the map gives the arrival
//! the entry point, place, edge or hex there; one undo step; saved
//! keeping comments and read back.

use berthier_editor::screen::timeline::location_at;
use berthier_schema::{HexId, Location};
use berthier_tools::timeline::TimelineDoc;
use iced::mouse;

use super::{click, copy_of, root, shows, timeline, timeline_app, with_ui};

fn entry(app: &berthier_editor::app::App) -> Option<Location> {
    timeline(app).doc().scenario().sides[1].reinforcements[2]
        .entry
        .clone()
}

/// Clicks the small map (the image beside the findings) on `hex`.
fn click_map(app: &mut berthier_editor::app::App, hex: HexId) {
    // The map panel: 420 wide at the right of the 1280-wide window, 300
    // high at the bottom of the 720-high page.
    let panel = iced::Rectangle::new(
        iced::Point::new(1280.0 - 420.0, 720.0 - 300.0),
        iced::Size::new(420.0, 300.0),
    );
    let inside = timeline(app)
        .minimap_point(hex, panel.size())
        .expect("the map loaded");
    let at = iced::Point::new(panel.x + inside.x, panel.y + inside.y);
    with_ui(app, |ui| {
        ui.point_at(at);
        let _ = ui.simulate([
            iced::Event::Mouse(mouse::Event::CursorMoved { position: at }),
            iced::Event::Mouse(mouse::Event::ButtonPressed(
                mouse::Button::Left,
            )),
            iced::Event::Mouse(mouse::Event::ButtonReleased(
                mouse::Button::Left,
            )),
        ]);
    });
}

#[test]
fn an_entry_picked_on_the_map_is_undone_then_saved_and_read_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bundled =
        root().join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let path = copy_of(&bundled, dir.path());
    let original = std::fs::read_to_string(&path).expect("read");
    let mut app = timeline_app(&path, dir.path());
    let before = entry(&app);
    click(&mut app, "Netherlands cavalry 84");
    click(&mut app, "Pick entry on map");
    assert!(timeline(&app).picking_entry());
    // Another entry point of the map than the one it has.
    let map = timeline(&app).doc().map.clone().expect("map");
    let (hex, id) = map
        .entry_points
        .iter()
        .find(|e| Some(Location::Entry(e.id.clone())) != before)
        .and_then(|e| e.hexes.first().map(|h| (*h, e.id.clone())))
        .expect("a second entry point with a hex");
    // The details name it as the map prints it, not by its id.
    let name = map
        .entry_points
        .iter()
        .find(|e| e.id == id)
        .map(|e| e.name.clone())
        .expect("the entry point");
    assert_ne!(name, id);
    assert_eq!(location_at(&map, hex), Location::Entry(id.clone()));
    click_map(&mut app, hex);
    assert_eq!(entry(&app), Some(Location::Entry(id.clone())));
    assert!(!timeline(&app).picking_entry(), "one pick, then disarmed");
    assert!(shows(&app, &format!("Enters by entry point {name}")));
    click(&mut app, "Undo");
    assert_eq!(entry(&app), before);
    assert!(!timeline(&app).is_dirty());
    click(&mut app, "Redo");
    click(&mut app, "Save");
    let saved = std::fs::read_to_string(&path).expect("read");
    let fmt = berthier_schema::Format::Ron;
    assert!(berthier_schema::preserve::keeps_comments(
        &original, &saved, fmt
    ));
    let changed = original
        .lines()
        .zip(saved.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 1);
    let reread = TimelineDoc::open(&path).expect("reopens");
    let got = &reread.scenario().sides[1].reinforcements[2].entry;
    assert_eq!(got, &Some(Location::Entry(id)));
}

/// An edge given by its compass side (as every bundled map gives them)
/// lists no hexes: a click on one of its hexes still gives the edge, not
/// the bare hex.
#[test]
fn a_click_on_a_compass_edge_gives_the_edge() {
    let text = std::fs::read_to_string(
        root().join("maps/rivoli-1797/rivoli-1797.map.ron"),
    )
    .expect("rivoli");
    let Ok(berthier_schema::Document::Map(map)) =
        berthier_schema::load_document(&text, berthier_schema::Format::Ron)
    else {
        panic!("a map");
    };
    let east = map.edges.iter().find(|e| e.id == "east").expect("east");
    assert!(east.hexes.is_empty(), "given by its side");
    // Not a corner (on another edge too), and no place or entry point.
    let named = |h: &HexId| {
        map.entry_points.iter().any(|e| e.hexes.contains(h))
            || map.places.iter().any(|p| p.hexes.contains(h))
            || map
                .edges
                .iter()
                .any(|e| e.id != "east" && map.edge_hexes(e).contains(h))
    };
    let hex = map
        .edge_hexes(east)
        .into_iter()
        .find(|h| !named(h))
        .expect("an east hex with no name of its own");
    assert_eq!(location_at(&map, hex), Location::Edge("east".into()));
}
