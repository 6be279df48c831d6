//! The editor's history over the model's edits: grouping a gesture into
//! one step, undo/redo order, no-op edits, and the saved-position marker.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::edit::Edit;
use berthier_schema::{HexId, Map};
use berthier_tools::history::{History, leaf_edits};
use berthier_tools::project;

fn demo() -> Map {
    project::resolve_map(&project::demo_map_path())
        .expect("demo")
        .1
}

fn paint(hex: &str, t: &str) -> Edit {
    Edit::Terrain {
        hex: hex.parse::<HexId>().expect("hex"),
        to: Some(t.to_owned()),
    }
}

fn terrain<'a>(map: &'a Map, hex: &str) -> Option<&'a str> {
    let id: HexId = hex.parse().expect("hex");
    map.hexes.get(&id).and_then(|d| d.terrain.as_deref())
}

#[test]
fn a_gesture_is_one_step_undone_in_reverse() {
    let mut map = demo();
    let original = map.clone();
    let mut h = History::new();
    // The same hex twice in one stroke: undo must restore the first value.
    assert!(h.apply(paint("0505", "woods"), &mut map));
    assert!(h.apply(paint("0505", "marsh"), &mut map));
    assert!(h.apply(paint("0506", "marsh"), &mut map));
    assert!(h.is_dirty() && h.can_undo());
    assert!(h.commit());
    assert_eq!(h.depth(), 1);
    let step = h.undo(&mut map).expect("undo").clone();
    assert_eq!(map, original);
    assert_eq!(leaf_edits(&step).len(), 3);
    h.redo(&mut map).expect("redo");
    assert_eq!(terrain(&map, "0505"), Some("marsh"));
    assert_eq!(terrain(&map, "0506"), Some("marsh"));
    assert!(h.undo(&mut map).is_some());
    assert!(h.undo(&mut map).is_none(), "nothing more to undo");
    assert_eq!(map, original);
}

#[test]
fn no_op_edits_record_nothing() {
    let mut map = demo();
    let mut h = History::new();
    assert!(!h.apply(paint("0505", "clear"), &mut map));
    assert!(!h.commit());
    assert_eq!(h.depth(), 0);
    assert!(!h.is_dirty());
    let same_road = Edit::Road {
        id: map.roads[0].id.clone(),
        to: Some(map.roads[0].clone()),
        at: None,
    };
    assert!(!h.apply(same_road, &mut map));
    let no_road = Edit::Road {
        id: "nowhere".into(),
        to: None,
        at: None,
    };
    assert!(!h.apply(no_road, &mut map));
    assert!(!h.commit());
    assert_eq!(h.depth(), 0);
}

#[test]
fn undoing_to_the_saved_state_is_clean() {
    let mut map = demo();
    let mut h = History::new();
    h.apply(paint("0505", "woods"), &mut map);
    h.commit();
    h.mark_saved();
    assert!(!h.is_dirty());
    h.apply(paint("0506", "woods"), &mut map);
    h.commit();
    assert!(h.is_dirty());
    h.undo(&mut map);
    assert!(!h.is_dirty(), "back at the save");
    h.undo(&mut map);
    assert!(h.is_dirty(), "before the save");
    h.redo(&mut map);
    assert!(!h.is_dirty());
    // A new edit after undoing past the save: the saved state is gone.
    h.undo(&mut map);
    h.apply(paint("0101", "marsh"), &mut map);
    h.commit();
    assert!(!h.can_redo());
    h.undo(&mut map);
    assert!(h.is_dirty(), "this state was never saved");
}

#[test]
fn an_edge_edit_is_one_step() {
    let mut map = demo();
    let before = map.edges.clone();
    let mut h = History::new();
    let edge = berthier_schema::map::MapEdge {
        id: "x".into(),
        name: None,
        side: Some(berthier_schema::map::Compass::West),
        hexes: Vec::new(),
        sheet: None,
    };
    let mut edges = before.clone();
    edges.push(edge.clone());
    let add = Edit::Edge {
        id: "x".into(),
        to: Some(edge),
        at: None,
    };
    h.apply_step(add, &mut map);
    assert_eq!(map.edges, edges);
    h.undo(&mut map);
    assert_eq!(map.edges, before);
    h.redo(&mut map);
    assert_eq!(map.edges, edges);
}

#[test]
fn an_open_gesture_is_committed_before_undo() {
    let mut map = demo();
    let mut h = History::new();
    h.apply(paint("0505", "woods"), &mut map);
    // No commit: undo closes the gesture first, then undoes it.
    h.undo(&mut map);
    assert_eq!(terrain(&map, "0505"), Some("clear"));
    assert!(!h.is_dirty());
}
