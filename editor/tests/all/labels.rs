//! Readable labels: one hex number per hex over a scan (the printed one),
//! outlines for places of several hexes, rings that mark painted hexes over
//! a scan, marks inside the hex edge so hexsides stay visible, and one
//! label where a place and an entry point say the same name.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::map_canvas::Layer;
use berthier_schema::document::parse;
use berthier_schema::{Format, Map};
use berthier_tools::palette::Palette;
use berthier_tools::scene::{self, Shape, marks};
use common::*;

fn bundled(name: &str) -> Map {
    let path = format!(
        "{}/../maps/{name}/{name}.map.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    parse(&std::fs::read_to_string(path).expect("map"), Format::Ron)
        .expect("parses")
}

#[test]
fn over_a_scan_only_the_printed_numbers_show_until_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let with_scan = screen(&demo_copy(dir.path()));
    assert!(with_scan.opened().map.scan.is_some());
    assert!(!with_scan.visible().get(Layer::Numbers));
    assert!(
        with_scan.visible().get(Layer::Scan)
            && with_scan.visible().get(Layer::Places)
    );
    let rivoli = Map {
        scan: None,
        ..bundled("rivoli-1797")
    };
    let path = dir.path().join("rivoli.map.ron");
    let series = format!(
        "{}/../schema/series/jours-de-gloire.series.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = berthier_schema::document::to_text(
        &Map { series, ..rivoli },
        Format::Ron,
    )
    .expect("text");
    std::fs::write(&path, text).expect("write");
    let without = screen(&path);
    assert!(
        without.visible().get(Layer::Numbers),
        "a map with no scan shows its numbers"
    );
}

#[test]
fn a_place_of_several_hexes_is_outlined_along_its_border() {
    let map = bundled("demo");
    let wood = map.place("bois-noir").expect("Bois Noir").clone();
    let pairs = wood
        .hexes
        .iter()
        .enumerate()
        .flat_map(|(i, a)| wood.hexes[i + 1..].iter().map(move |b| (*a, *b)))
        .filter(|(a, b)| map.grid.adjacent(*a, *b))
        .count();
    assert!(pairs > 0);
    let only_wood = Map {
        places: vec![wood.clone()],
        ..map.clone()
    };
    let lines = marks::place_outlines(&only_wood, &|_| true);
    assert_eq!(lines.len(), 6 * wood.hexes.len() - 2 * pairs);
    let single = Map {
        places: vec![map.place("moulins").expect("one hex").clone()],
        ..map
    };
    assert!(marks::place_outlines(&single, &|_| true).is_empty());
}

#[test]
fn painted_hexes_get_a_ring_inside_their_edge() {
    let map = bundled("demo");
    let palette = Palette::default();
    let rings = marks::painted_rings(&map, &palette, &|_| true);
    assert_eq!(rings.len(), map.hexes.len());
    let r = map.grid.hex_radius_px;
    for (shape, (hex, _)) in rings.iter().zip(&map.hexes) {
        let Shape::Line { points, .. } = shape else {
            panic!("a ring")
        };
        let c = map.geometry().center_px(*hex);
        for p in points {
            let d = (p[0] - c[0]).hypot(p[1] - c[1]);
            assert!(
                d < r * (1.0 - marks::INSET / 2.0) && d > r * 0.5,
                "{hex}: {d}"
            );
        }
    }
}

#[test]
fn hover_and_brush_marks_sit_inside_the_hex_edge() {
    let map = bundled("demo");
    let hex = "0505".parse().expect("hex");
    let ring = marks::inset_ring(&map, hex);
    assert_eq!(ring.len(), 7);
    assert_eq!(ring[0], ring[6]);
    let c = map.geometry().center_px(hex);
    let corners = map.geometry().corners_px(hex);
    for (p, q) in ring.iter().zip(corners.iter()) {
        let (dp, dq) = (
            (p[0] - c[0]).hypot(p[1] - c[1]),
            (q[0] - c[0]).hypot(q[1] - c[1]),
        );
        assert!((dp - dq * (1.0 - marks::INSET)).abs() < 1e-9);
    }
}

#[test]
fn a_place_named_by_its_entry_point_gets_one_label() {
    let map = bundled("rivoli-1797");
    let palette = Palette::default();
    let names: Vec<String> =
        scene::shapes(&map, &palette, scene::Layer::Names, &|_| true)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text),
                _ => None,
            })
            .collect();
    assert!(!names.contains(&"Verona road".to_owned()), "{names:?}");
    assert!(names.contains(&"Mont Pipolo".to_owned()), "{names:?}");
}
