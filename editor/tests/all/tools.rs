//! Every tool driven through the map screen's messages (what the canvas
//! and panel send), checked on the map data; each gesture is one undo step.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::screen::map::form::{self, Side};
use berthier_editor::screen::map::{Message, panel};
use berthier_schema::Hexside;
use berthier_schema::map::Compass;
use berthier_tools::tool::Tool;
use common::*;
use iced::keyboard::Modifiers;

fn demo() -> (tempfile::TempDir, berthier_editor::screen::map::MapScreen) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let s = screen(&path);
    (dir, s)
}

fn choose(s: &mut berthier_editor::screen::map::MapScreen, m: panel::Message) {
    update(s, Message::Panel(m));
}

#[test]
fn terrain_brush_paints_one_hex_and_undo_restores_it() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Terrain("woods".into()));
    assert!(!s.is_dirty());
    click_hex(&mut s, "0505");
    assert_eq!(terrain(&s, "0505").as_deref(), Some("woods"));
    assert_eq!(terrain(&s, "0504").as_deref(), Some("clear"));
    assert!(s.is_dirty() && s.title().ends_with(" *"), "{}", s.title());
    update(&mut s, Message::Undo);
    assert_eq!(terrain(&s, "0505").as_deref(), Some("clear"));
    assert!(!s.is_dirty(), "undo back to the file clears the mark");
    update(&mut s, Message::Redo);
    assert_eq!(terrain(&s, "0505").as_deref(), Some("woods"));
}

#[test]
fn a_drag_with_a_radius_is_one_step_and_fills_skipped_hexes() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Terrain("marsh".into()));
    choose(&mut s, panel::Message::Radius(1));
    // Jump straight from 0504 to 0508: 0505..0507 are filled in.
    let (a, b) = (centre(&s, "0504"), centre(&s, "0508"));
    stroke(&mut s, &[a, b]);
    for h in ["0504", "0505", "0506", "0507", "0508", "0405", "0606"] {
        assert_eq!(terrain(&s, h).as_deref(), Some("marsh"), "{h}");
    }
    assert_eq!(terrain(&s, "0502").as_deref(), Some("clear"));
    assert_eq!(s.history().depth(), 1);
    update(&mut s, Message::Undo);
    assert_eq!(terrain(&s, "0506").as_deref(), Some("town"));
    assert_eq!(terrain(&s, "0405").as_deref(), Some("clear"));
}

#[test]
fn fill_paints_the_connected_area_of_one_terrain() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Fill));
    choose(&mut s, panel::Message::Terrain("marsh".into()));
    click_hex(&mut s, "0303");
    for h in ["0202", "0203", "0302", "0303", "0304", "0403"] {
        assert_eq!(terrain(&s, h).as_deref(), Some("marsh"), "{h}");
    }
    assert_eq!(terrain(&s, "0201").as_deref(), Some("clear"));
    assert_eq!(terrain(&s, "0305").as_deref(), Some("clear"));
    assert_eq!(s.history().depth(), 1);
}

#[test]
fn hexside_tool_toggles_and_records_the_high_side() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Hexside));
    choose(&mut s, panel::Message::Hexside("slope".into()));
    let grid = s.opened().map.grid.clone();
    let (a, b) = (grid.center_px(hex("0505")), grid.center_px(hex("0506")));
    let near = |t: f64| [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    let side = Hexside::between(hex("0505"), hex("0506")).expect("side");
    let slopes = |s: &berthier_editor::screen::map::MapScreen| {
        s.opened()
            .map
            .hexsides
            .iter()
            .filter(|f| f.at == side && f.feature == "slope")
            .map(|f| f.high)
            .collect::<Vec<_>>()
    };
    let p = at_px(&s, near(0.4));
    stroke(&mut s, &[p]);
    assert_eq!(slopes(&s), vec![Some(hex("0505"))], "press inside 0505");
    // From the other hex: the high side flips, still one slope.
    let p = at_px(&s, near(0.6));
    stroke(&mut s, &[p]);
    assert_eq!(slopes(&s), vec![Some(hex("0506"))]);
    // The identical feature again: removed.
    stroke(&mut s, &[p]);
    assert!(slopes(&s).is_empty());
    update(&mut s, Message::Undo);
    assert_eq!(slopes(&s), vec![Some(hex("0506"))]);
    // A river is not directed.
    choose(&mut s, panel::Message::Hexside("river".into()));
    let p = at_px(&s, near(0.45));
    stroke(&mut s, &[p]);
    let river = s
        .opened()
        .map
        .hexsides
        .iter()
        .find(|f| f.at == side && f.feature == "river")
        .expect("river added");
    assert_eq!(river.high, None);
}

#[test]
fn elevation_brush_sets_the_level() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Elevation));
    choose(&mut s, panel::Message::Level(3));
    click_hex(&mut s, "0705");
    assert_eq!(level(&s, "0705"), Some(3));
    assert_eq!(terrain(&s, "0705").as_deref(), Some("clear"));
    choose(&mut s, panel::Message::Level(120));
    assert_eq!(s.settings().level, 9, "levels are clamped");
}

#[test]
fn road_tool_follows_adjacent_hexes_bridges_rivers_and_extends() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Road));
    choose(&mut s, panel::Message::Road("track".into()));
    let roads_before = s.opened().map.roads.len();
    let points = [centre(&s, "0703"), centre(&s, "0705"), centre(&s, "0805")];
    stroke(&mut s, &points);
    let map = &s.opened().map;
    assert_eq!(map.roads.len(), roads_before + 1);
    let road = map.roads.last().expect("new road");
    let ids: Vec<String> = road.hexes.iter().map(|h| h.to_string()).collect();
    assert_eq!(ids, ["0703", "0704", "0705", "0805"]);
    assert_eq!(road.class, "track");
    let id = road.id.clone();
    // Extending from its end across the river 0805/0905 adds a bridge.
    let points = [centre(&s, "0805"), centre(&s, "0905")];
    stroke(&mut s, &points);
    let map = &s.opened().map;
    assert_eq!(map.roads.len(), roads_before + 1, "extended, not new");
    assert_eq!(map.road(&id).expect("road").hexes.len(), 5);
    let side = Hexside::between(hex("0805"), hex("0905")).expect("side");
    let at_side: Vec<&str> = map
        .hexsides
        .iter()
        .filter(|f| f.at == side)
        .map(|f| f.feature.as_str())
        .collect();
    assert_eq!(at_side, ["river", "bridge"]);
    // One undo takes back the extension and its bridge together.
    update(&mut s, Message::Undo);
    let map = &s.opened().map;
    assert_eq!(map.road(&id).expect("road").hexes.len(), 4);
    assert!(
        !map.hexsides
            .iter()
            .any(|f| f.at == side && f.feature == "bridge")
    );
    // With the ford option, a ford instead.
    choose(&mut s, panel::Message::Ford(true));
    let points = [centre(&s, "0805"), centre(&s, "0905")];
    stroke(&mut s, &points);
    let map = &s.opened().map;
    assert!(
        map.hexsides
            .iter()
            .any(|f| f.at == side && f.feature == "ford")
    );
}

#[test]
fn place_and_entry_point_forms_name_hexes() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Place));
    click_hex(&mut s, "0505");
    update(
        &mut s,
        Message::Form(form::Message::Name("Les Granges".into())),
    );
    update(&mut s, Message::Form(form::Message::Create));
    let place = s
        .opened()
        .map
        .place("les-granges")
        .expect("created")
        .clone();
    assert_eq!(place.name, "Les Granges");
    assert_eq!(place.hexes, vec![hex("0505")]);
    click_hex(&mut s, "0504");
    let target = form::Choice {
        id: place.id.clone(),
        name: place.name.clone(),
    };
    update(&mut s, Message::Form(form::Message::Target(target)));
    update(&mut s, Message::Form(form::Message::AddToTarget));
    let hexes = &s.opened().map.place("les-granges").expect("place").hexes;
    assert_eq!(hexes, &vec![hex("0505"), hex("0504")]);
    update(&mut s, Message::Undo);
    let hexes = &s.opened().map.place("les-granges").expect("place").hexes;
    assert_eq!(hexes.len(), 1);

    choose(&mut s, panel::Message::Tool(Tool::Entry));
    click_hex(&mut s, "0101");
    update(
        &mut s,
        Message::Form(form::Message::Name("Road to Paris".into())),
    );
    update(&mut s, Message::Form(form::Message::Create));
    let entry = s
        .opened()
        .map
        .entry_points
        .iter()
        .find(|e| e.id == "road-to-paris")
        .expect("entry point");
    assert_eq!(entry.hexes, vec![hex("0101")]);
}

#[test]
fn edge_form_adds_and_removes_compass_edges() {
    let (_d, mut s) = demo();
    let before = s.opened().map.edges.len();
    choose(&mut s, panel::Message::Tool(Tool::Edge));
    update(
        &mut s,
        Message::Form(form::Message::Side(Side(Compass::South))),
    );
    update(
        &mut s,
        Message::Form(form::Message::Name("South edge".into())),
    );
    update(&mut s, Message::Form(form::Message::AddEdge));
    let edges = &s.opened().map.edges;
    assert_eq!(edges.len(), before + 1);
    let edge = edges.last().expect("edge");
    assert_eq!(
        (edge.id.as_str(), edge.side),
        ("south-edge", Some(Compass::South))
    );
    let id = edge.id.clone();
    update(&mut s, Message::Form(form::Message::RemoveEdge(id)));
    assert_eq!(s.opened().map.edges.len(), before);
    update(&mut s, Message::Undo);
    assert_eq!(s.opened().map.edges.len(), before + 1);
}

#[test]
fn eraser_clears_terrain_and_with_shift_the_level() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Eraser));
    click_hex(&mut s, "1203");
    assert_eq!(terrain(&s, "1203"), None);
    assert_eq!(level(&s, "1203"), Some(2));
    let p = centre(&s, "1204");
    stroke_with(&mut s, &[p], Modifiers::SHIFT);
    assert_eq!((terrain(&s, "1204"), level(&s, "1204")), (None, None));
    assert!(!s.opened().map.hexes.contains_key(&hex("1204")));
}

#[test]
fn eyedropper_takes_terrain_and_level() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Eyedropper));
    click_hex(&mut s, "1203");
    assert_eq!(s.settings().terrain.as_deref(), Some("clear"));
    assert_eq!(s.settings().level, 2);
    choose(&mut s, panel::Message::Tool(Tool::Eyedropper));
    click_hex(&mut s, "1403");
    assert_eq!(s.settings().terrain.as_deref(), Some("lake"));
    assert_eq!(s.settings().tool, Tool::Terrain);
    assert!(!s.is_dirty(), "picking changes nothing");
}

#[test]
fn clicks_off_the_map_do_nothing() {
    let (_d, mut s) = demo();
    for tool in Tool::ALL {
        choose(&mut s, panel::Message::Tool(tool));
        stroke(
            &mut s,
            &[iced::Point::new(-500.0, -500.0), iced::Point::new(2.0, 2.0)],
        );
    }
    assert!(!s.is_dirty());
}
