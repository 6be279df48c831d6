//! A map registered on a scan turned a few degrees exports to VASSAL with
//! the scan turned upright: imported back, every hex's centre on the new
//! board shows the mark drawn at that hex's centre on the original scan.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::document::{Format, parse};
use berthier_schema::{HexId, Map};
use berthier_tools::vassal::export::battle::export;
use berthier_tools::vassal::import::import;
use image::{Rgba, RgbaImage};

const MAP: &str = r#"(
    kind: map,
    format_version: 2,
    id: "tilted",
    name: "Tilted field",
    series: "jours-de-gloire@1",
    scan: "scan.png",
    grid: (
        shift: odd,
        origin_hex: "0101",
        origin_px: (90.0, 70.0),
        hex_radius_px: 30.0,
        rotation_deg: 7.0,
    ),
    extent: [(cols: (1, 6), rows: (1, 5))],
)"#;

/// A colour of its own for each hex.
fn colour(h: HexId) -> Rgba<u8> {
    Rgba([40 * h.col as u8, 45 * h.row as u8, 200, 255])
}

/// The scan: a disk of its hex's colour at every hex centre.
fn scan(map: &Map) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(420, 380, Rgba([255, 255, 255, 255]));
    for h in map.extent.iter().flat_map(|e| e.hexes()) {
        let c = map.grid.center_px(h);
        for y in -6i32..=6 {
            for x in -6i32..=6 {
                if x * x + y * y <= 36 {
                    let (px, py) = (c[0] as i32 + x, c[1] as i32 + y);
                    img.put_pixel(px as u32, py as u32, colour(h));
                }
            }
        }
    }
    img
}

#[test]
fn a_tilted_scan_is_turned_upright_and_every_hex_keeps_its_mark() {
    let tmp = tempfile::tempdir().unwrap();
    let map_path = tmp.path().join("tilted.map.ron");
    std::fs::write(&map_path, MAP).unwrap();
    let map: Map = parse(MAP, Format::Ron).unwrap();
    scan(&map).save(tmp.path().join("scan.png")).unwrap();

    let vmod = tmp.path().join("tilted.vmod");
    let report = export(&map_path, &vmod).expect("a tilted scan exports");
    assert!(
        report.notes.iter().any(|n| n.contains("turned upright")),
        "{:?}",
        report.notes
    );
    let back = import(&vmod, &tmp.path().join("back")).unwrap();
    let got: Map = parse(
        &std::fs::read_to_string(&back.maps[0].map).unwrap(),
        Format::Ron,
    )
    .unwrap();
    assert_eq!(got.grid.rotation_deg, 0.0, "VASSAL's grid has no angle");
    let board_path = berthier_schema::pack::beside(
        &back.maps[0].map,
        got.scan.as_deref().expect("the board is the scan"),
    );
    let board = image::open(board_path).unwrap().to_rgba8();
    let mut wrong = Vec::new();
    for h in map.extent.iter().flat_map(|e| e.hexes()) {
        let c = got.grid.center_px(h);
        let px = board.get_pixel(c[0].round() as u32, c[1].round() as u32);
        let want = colour(h);
        let off = (0..3).map(|k| px[k].abs_diff(want[k])).max().unwrap();
        if off > 12 {
            wrong.push((h.to_string(), *px, want));
        }
    }
    assert!(wrong.is_empty(), "hexes off their marks: {wrong:?}");
}
