//! Several boards of one VASSAL map (its board picker's rows and columns)
//! become one Berthier map in sheets whose hexes sit where VASSAL puts
//! them on the whole map; boards that do not line up stay separate maps.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::document::{Format, parse};
use berthier_schema::scenario::Scenario;
use berthier_schema::{HexId, Map};
use berthier_tools::vassal::import::import;

use crate::vassal_common::{PKG, palette, piece_39e, png, png_filled, zip};

/// North (col 0, row 0), East (col 1, row 0) and South (col 0, row 1),
/// each 400 x 300 px, grids 50 x 58; South's `y0` is `south_y0`.
fn module(south_y0: i32) -> Vec<u8> {
    let board = |name: &str, x0: i32, y0: i32| {
        format!(
            r#"<{PKG}.Board image="{name}.png" name="{name}">
  <{PKG}.board.HexGrid dx="50" dy="58" x0="{x0}" y0="{y0}">
    <{PKG}.board.mapgrid.HexGridNumbering hOff="1" vOff="1" stagger="false"/>
  </{PKG}.board.HexGrid>
</{PKG}.Board>"#
        )
    };
    let stack = format!(
        r#"<VASSAL.build.module.map.SetupStack name="S" owningBoard="South" x="128" y="100"><VASSAL.build.widget.PieceSlot entryName="39e">{}</VASSAL.build.widget.PieceSlot></VASSAL.build.module.map.SetupStack>"#,
        piece_39e()
    );
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Three Boards" version="1.0">
{}
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>
      <setup>Main MapBoardPicker	North	0	0	East	1	0	South	0	1</setup>
      {}{}{}
    </{PKG}.BoardPicker>
    {stack}
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#,
        palette(),
        board("North", 25, 29),
        board("East", 25, 29),
        board("South", 25, south_y0),
    );
    let b = png(400, 300);
    let c = png_filled(20, 20, [1, 2, 3]);
    zip(&[
        ("buildFile.xml", xml.as_bytes()),
        ("images/North.png", &b),
        ("images/East.png", &b),
        ("images/South.png", &b),
        ("images/fr-39.png", &c),
        ("images/fr-39-back.png", &c),
        ("images/marker.png", &c),
    ])
}

/// VASSAL's documented centre of raw cell (c, r) of a 50 x 58 grid at
/// (x0, y0) on a board placed at `at` on the map (manual "Hex Grid";
/// boards placed as `Map.getLocation` lays them out).
fn vassal_centre(x0: i32, y0: i32, at: [f64; 2], c: i32, r: i32) -> [f64; 2] {
    let half = if c.rem_euclid(2) == 1 { 29.0 } else { 0.0 };
    [
        at[0] + f64::from(x0) + f64::from(c) * 50.0,
        at[1] + f64::from(y0) + f64::from(r) * 58.0 + half,
    ]
}

#[test]
fn boards_in_rows_and_columns_become_sheets_on_vassal_centres() {
    // 300 + 19 = 319 = 29 + 5 x 58: South's rows continue North's.
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module(19)).unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    assert_eq!(report.maps.len(), 1, "{:?}", report.notes);
    let text = std::fs::read_to_string(&report.maps[0].map).unwrap();
    let map: Map = parse(&text, Format::Ron).unwrap();
    let letters: Vec<(char, Option<&str>, Option<&str>)> = map
        .sheets
        .iter()
        .map(|s| (s.letter, s.name.as_deref(), s.scan.as_deref()))
        .collect();
    assert_eq!(
        letters,
        [
            ('A', Some("North"), Some("north.png")),
            ('B', Some("East"), Some("east.png")),
            ('C', Some("South"), Some("south.png")),
        ]
    );
    let boards = [
        (b'A', 29, [0.0, 0.0]),
        (b'B', 29, [400.0, 0.0]),
        (b'C', 19, [0.0, 300.0]),
    ];
    let geometry = map.geometry();
    let mut checked = 0;
    for (letter, y0, at) in boards {
        // Raw cells (c, r) with centres on a 400 x 300 board, numbered
        // column c + 1, row r + 1 (hOff = vOff = 1, no stagger).
        for c in 0..8 {
            for r in 0..5 {
                let want = vassal_centre(25, y0, at, c, r);
                let local = [want[0] - at[0], want[1] - at[1]];
                if local[1] >= 300.0 {
                    continue;
                }
                let id = HexId {
                    sheet: Some(letter),
                    col: u16::try_from(c + 1).unwrap(),
                    row: u16::try_from(r + 1).unwrap(),
                };
                let got = geometry.center_px(id);
                assert!(
                    (got[0] - want[0]).abs() < 0.5
                        && (got[1] - want[1]).abs() < 0.5,
                    "{id}: {got:?} vs VASSAL {want:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
    // The stack on South at (128, 100) snaps to raw cell (2, 1): South's
    // column 3, row 2, sheet C.
    let sc: Scenario = parse(
        &std::fs::read_to_string(&report.scenarios[0]).unwrap(),
        Format::Ron,
    )
    .unwrap();
    assert_eq!(sc.map, "main-map.map.ron");
    let placed = &sc.sides[0].setup[0];
    assert_eq!(placed.hex.to_string(), "C0302");
}

#[test]
fn boards_that_do_not_line_up_stay_separate_maps() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module(0)).unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    assert_eq!(report.maps.len(), 3);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("do not line up as one lattice")),
        "{:?}",
        report.notes
    );
}
