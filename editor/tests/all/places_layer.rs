//! The places layer draws named map edges and entry points; the suggest
//! screen decodes its scan once.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::map_canvas::layers::{self, EDGE_INK};
use berthier_editor::map_canvas::{self, Layer};
use berthier_editor::screen::suggest::{Message, SuggestScreen};
use berthier_schema::HexId;
use berthier_schema::map::{Compass, MapEdge};
use berthier_tools::project;
use berthier_tools::scene::Shape;

/// Texts and colours; labels written one letter a line (beside east and
/// west edges) read as one line.
fn texts(shapes: &[Shape]) -> Vec<(String, [u8; 3])> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Text { text, colour, .. } => {
                let line: String = text
                    .split('\n')
                    .map(|l| if l.is_empty() { " " } else { l })
                    .collect();
                Some((line, *colour))
            }
            _ => None,
        })
        .collect()
}

/// Edge lines: their two endpoints.
fn edge_lines(shapes: &[Shape]) -> Vec<[[f64; 2]; 2]> {
    shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Line { points, colour, .. }
                if *colour == EDGE_INK && points.len() == 2 =>
            {
                Some([points[0], points[1]])
            }
            _ => None,
        })
        .collect()
}

#[test]
fn named_edges_are_drawn_along_the_map_border_with_their_names() {
    let map = project::open(&project::demo_map_path()).expect("demo").map;
    let shapes = layers::places(&map, &|_| true);
    let names = texts(&shapes);
    for name in ["North edge", "South edge", "East edge", "West edge"] {
        assert!(
            names.contains(&(name.to_owned(), EDGE_INK)),
            "{name}: {names:?}"
        );
    }
    // The entry point on the whole north edge is labelled too.
    assert!(names.iter().any(|(t, _)| *t == "→ North edge"), "{names:?}");
    assert!(names.iter().any(|(t, _)| *t == "→ Grand chemin (west)"));
    let lines = edge_lines(&shapes);
    // Every line is a side of an edge hex with no map hex beyond it.
    let grid = &map.grid;
    for [a, b] in &lines {
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let n = [(b[1] - a[1]) * 0.1, (a[0] - b[0]) * 0.1];
        let on_map = |p: [f64; 2]| {
            grid.hex_at_px(p, None).is_some_and(|h| map.contains(h))
        };
        let sides = [
            on_map([mid[0] + n[0], mid[1] + n[1]]),
            on_map([mid[0] - n[0], mid[1] - n[1]]),
        ];
        assert!(sides[0] != sides[1], "a border side: {a:?} {b:?}");
        let side_len = (a[0] - b[0]).hypot(a[1] - b[1]);
        assert!((side_len - grid.hex_radius_px).abs() < 0.5, "{side_len}");
    }
    // North and south: one side per column (16); east and west: the
    // outer column's sides facing out.
    let north: Vec<_> = map
        .edges
        .iter()
        .filter(|e| e.side == Some(Compass::North))
        .collect();
    let only_north = berthier_schema::Map {
        edges: north.into_iter().cloned().collect(),
        entry_points: Vec::new(),
        ..(*map).clone()
    };
    let north_lines = edge_lines(&layers::places(&only_north, &|_| true));
    assert_eq!(north_lines.len(), 16, "{north_lines:?}");
    let top = grid.center_px("0101".parse().expect("id"))[1];
    for [a, b] in north_lines {
        assert!(a[1].max(b[1]) < top, "above the first row: {a:?} {b:?}");
    }
}

#[test]
fn an_edge_listed_hex_by_hex_is_outlined_where_it_meets_the_border() {
    let mut map = project::open(&project::demo_map_path()).expect("demo").map;
    let hexes: Vec<HexId> = ["0101", "0201"]
        .iter()
        .map(|h| h.parse().expect("id"))
        .collect();
    let m = std::sync::Arc::make_mut(&mut map);
    m.edges = vec![MapEdge {
        id: "corner".to_owned(),
        name: None,
        side: None,
        hexes,
        sheet: None,
    }];
    m.entry_points.clear();
    let shapes = layers::places(m, &|_| true);
    assert!(texts(&shapes).contains(&("corner".to_owned(), EDGE_INK)));
    assert!(edge_lines(&shapes).len() >= 4);
    // The places layer's caches are cleared by edge edits.
    let edit = berthier_schema::edit::Edit::Edge {
        id: "corner".to_owned(),
        to: None,
        at: None,
    };
    assert_eq!(Layer::touched_by(&edit), vec![Layer::Places]);
}

#[test]
fn a_second_terrain_proposal_does_not_read_the_scan_again() {
    let opened = project::open(&project::demo_map_path()).expect("demo");
    let grid = opened.map.grid.clone();
    let mut screen = SuggestScreen::new(opened);
    // The view is the identity until the canvas is sized: canvas points
    // are scan pixels.
    for (terrain, hexes) in
        [("clear", ["0101", "0102"]), ("woods", ["0303", "0304"])]
    {
        let _ = screen.update(Message::Terrain(terrain.to_owned()));
        for h in hexes {
            let c = grid.center_px(h.parse().expect("id"));
            let at = iced::Point::new(c[0] as f32, c[1] as f32);
            let press = map_canvas::Message::Press {
                at,
                modifiers: iced::keyboard::Modifiers::default(),
            };
            let _ = screen.update(Message::Canvas(press));
        }
    }
    assert_eq!(screen.samples().len(), 4);
    let _ = screen.update(Message::PaintedToo(true));
    for round in 1..=2 {
        let job = screen.job().expect("scan");
        let _ = screen.update(Message::Proposed(job()));
        assert!(!screen.proposals().is_empty(), "round {round}");
        assert_eq!(screen.scan_decodes(), 1, "round {round}");
    }
}
