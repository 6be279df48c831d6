//! A sheet scanned apart from the others (its own `scan` and `grid`) is
//! opened with the map and placed where its registration puts its hexes
//! on the map's grid; a sheet scan that cannot be read is a warning, and
//! the sheet shows on the map's scan.

use berthier_tools::project;
use image::{Rgba, RgbaImage};

const MAP: &str = r#"(
    kind: map, format_version: 2, id: "two", name: "Two sheets",
    series: "none.series.ron",
    grid: (shift: odd, origin_hex: "W0101", origin_px: (40.0, 40.0), hex_radius_px: 30.0),
    extent: [(cols: (1, 6), rows: (1, 5), sheet: 'W'), (cols: (1, 6), rows: (1, 5), sheet: 'E')],
    sheets: [
        (letter: 'W'),
        (letter: 'E', offset: (6, 0), scan: "SCAN",
         grid: (shift: odd, origin_hex: "E0101", origin_px: (20.0, 20.0), hex_radius_px: 15.0)),
    ],
)"#;

fn open_with(scan: &str) -> project::OpenedMap {
    let dir = tempfile::tempdir().expect("dir");
    RgbaImage::from_pixel(200, 150, Rgba([200, 190, 170, 255]))
        .save(dir.path().join("east.png"))
        .expect("png");
    let path = dir.path().join("two.map.ron");
    std::fs::write(&path, MAP.replace("SCAN", scan)).expect("map");
    project::open(&path).expect("opens")
}

#[test]
fn a_sheet_scan_is_placed_by_its_own_registration() {
    let opened = open_with("east.png");
    assert_eq!(opened.sheet_scans.len(), 1);
    let east = &opened.sheet_scans[0];
    assert_eq!(east.letter, 'E');
    assert_eq!((east.scan.width, east.scan.height), (200, 150));
    // Its hexes are half the map's size: drawn twice as large.
    assert!((east.place.scale - 2.0).abs() < 1e-6, "{:?}", east.place);
    // Its E0101, at (20, 20) on its own scan, falls on the map's E0101
    // as the map's grid places the sheet.
    let map_e0101 = opened.map.geometry().center_px("E0101".parse().unwrap());
    let [x, y] = east.place.to_map([20.0, 20.0]);
    assert!((x - map_e0101[0]).abs() < 1e-3 && (y - map_e0101[1]).abs() < 1e-3);
    assert!(!opened.warnings.iter().any(|w| w.starts_with("sheet ")));
}

#[test]
fn an_unreadable_sheet_scan_is_a_warning() {
    let opened = open_with("missing.png");
    assert!(opened.sheet_scans.is_empty());
    assert!(
        opened
            .warnings
            .iter()
            .any(|w| w.starts_with("sheet E scan: ")),
        "{:?}",
        opened.warnings
    );
}
