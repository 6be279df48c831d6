//! The VASSAL grid and numbering exported for a Berthier grid, imported
//! back through the module importer, give every hex the same number and
//! centre (within half a pixel).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::document::{Format, parse};
use berthier_schema::hex::Shift;
use berthier_schema::{HexId, Map};
use berthier_tools::vassal::export::{hex_grid, hex_grid_xml};
use berthier_tools::vassal::import::import;

use crate::vassal_common::{PKG, png, zip};

/// Exports `map`'s grid on a board holding its extent, imports it, and
/// checks every hex of the extent.
fn round_trip(map: &Map) -> usize {
    let exported = hex_grid(&map.grid).unwrap();
    let (grid, numbering) = (&exported.grid, &exported.numbering);
    let hexes: Vec<HexId> = map.extent.iter().flat_map(|e| e.hexes()).collect();
    let r = map.grid.hex_radius_px;
    let far = |i: usize| {
        hexes
            .iter()
            .map(|h| map.grid.center_px(*h)[i] + r)
            .fold(0.0, f64::max)
            .ceil() as u32
    };
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Export" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker><{PKG}.Board image="board.png" name="Board">{}</{PKG}.Board></{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#,
        hex_grid_xml(grid, numbering)
    );
    let board = png(far(0), far(1));
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("export.vmod");
    std::fs::write(
        &vmod,
        zip(&[
            ("buildFile.xml", xml.as_bytes()),
            ("images/board.png", &board),
        ]),
    )
    .unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    assert_eq!(report.maps.len(), 1);
    // VASSAL's names are Berthier's numbers: no names table.
    assert!(report.maps[0].names.is_none());
    let back: Map = parse(
        &std::fs::read_to_string(&report.maps[0].map).unwrap(),
        Format::Ron,
    )
    .unwrap();
    assert!(back.numbering.is_none());
    for h in &hexes {
        assert!(
            back.extent.iter().any(|e| e.contains(*h)),
            "{h} missing from the import"
        );
        let (a, b) = (map.grid.center_px(*h), back.grid.center_px(*h));
        assert!(
            (a[0] - b[0]).abs() < 0.5 && (a[1] - b[1]).abs() < 0.5,
            "{h}: {a:?} exported, {b:?} imported"
        );
    }
    hexes.len()
}

#[test]
fn rivoli_grid_round_trips_through_vassal() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/rivoli-1797/rivoli-1797.map.ron"
    );
    let map: Map =
        parse(&std::fs::read_to_string(path).unwrap(), Format::Ron).unwrap();
    assert_eq!(round_trip(&map), 35 * 22);
}

#[test]
fn even_shifted_and_squashed_grids_round_trip() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/rivoli-1797/rivoli-1797.map.ron"
    );
    let mut map: Map =
        parse(&std::fs::read_to_string(path).unwrap(), Format::Ron).unwrap();
    map.grid.shift = Shift::Even;
    map.grid.aspect = 0.9;
    map.grid.origin_px = [60.0, 50.0];
    assert_eq!(round_trip(&map), 35 * 22);
}

#[test]
fn origins_are_rounded_and_rotated_grids_refused() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../maps/rivoli-1797/rivoli-1797.map.ron"
    );
    let mut map: Map =
        parse(&std::fs::read_to_string(path).unwrap(), Format::Ron).unwrap();
    // VASSAL's origin is in whole pixels: the move is reported.
    map.grid.origin_px = [40.25, 40.0];
    let moved = hex_grid(&map.grid).unwrap().moved_px;
    assert!((moved[0] + 0.25).abs() < 1e-9, "{moved:?}");
    // Rivoli's higher (even) columns start 40 - 20√3 px down: 0.36 px.
    map.grid.origin_px = [40.0, 40.0];
    let moved = hex_grid(&map.grid).unwrap().moved_px;
    assert!((moved[1] - (5.0 - (40.0 - 20.0 * 3f64.sqrt()))).abs() < 1e-9);
    map.grid.origin_px = [40.0, 40.0];
    map.grid.rotation_deg = 1.0;
    assert!(
        hex_grid(&map.grid)
            .unwrap_err()
            .to_string()
            .contains("rotated")
    );
}
