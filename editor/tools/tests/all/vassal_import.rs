//! Importing a VASSAL module writes one Berthier map per board grid whose
//! hexes sit on VASSAL's centres, or nothing at all.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Cursor, Write};
use std::path::Path;

use berthier_schema::document::{Format, parse};
use berthier_schema::{HexId, Map};
use berthier_tools::vassal::grid::HexGrid;
use berthier_tools::vassal::import::{ImportError, import};
use berthier_tools::vassal::numbering::{Kind, Numbering};
use zip::write::SimpleFileOptions;

use crate::vassal_common;
use vassal_common::{PKG, png};

fn write_module(path: &Path, boards: &str, images: &[(&str, Vec<u8>)]) {
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Two Banks" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>{boards}</{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#
    );
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default();
    w.start_file("buildFile.xml", opts).expect("start");
    w.write_all(xml.as_bytes()).expect("write");
    for (name, bytes) in images {
        w.start_file(format!("images/{name}"), opts).expect("start");
        w.write_all(bytes).expect("write");
    }
    let bytes = w.finish().expect("finish").into_inner();
    std::fs::write(path, bytes).expect("module");
}

const WEST: (f64, f64, i32, i32) = (50.5, 58.0, 25, 29);
const EAST: (f64, f64, i32, i32) = (48.0, 55.4, 0, 27);
const TOWN: (f64, f64, i32, i32) = (26.0, 30.0, 12, 15);

fn boards() -> String {
    let (dx, dy, x0, y0) = WEST;
    let (ex, ey, ex0, ey0) = EAST;
    let (tx, ty, tx0, ty0) = TOWN;
    format!(
        r#"<{PKG}.Board image="west.png" name="West Bank">
  <{PKG}.board.HexGrid dx="{dx}" dy="{dy}" x0="{x0}" y0="{y0}" sideways="true">
    <{PKG}.board.mapgrid.HexGridNumbering first="H" sep="" hType="A" hLeading="0" hOff="0" vType="N" vLeading="1" vOff="1" stagger="false"/>
  </{PKG}.board.HexGrid>
</{PKG}.Board>
<{PKG}.Board image="east.jpg" name="East">
  <{PKG}.board.ZonedGrid>
    <{PKG}.board.HexGrid dx="{ex}" dy="{ey}" x0="{ex0}" y0="{ey0}">
      <{PKG}.board.mapgrid.HexGridNumbering hOff="1" vOff="1" stagger="true"/>
    </{PKG}.board.HexGrid>
    <{PKG}.board.mapgrid.Zone name="Town" path="100,100;300,100;300,250;100,250">
      <{PKG}.board.HexGrid dx="{tx}" dy="{ty}" x0="{tx0}" y0="{ty0}"/>
    </{PKG}.board.mapgrid.Zone>
  </{PKG}.board.ZonedGrid>
</{PKG}.Board>
<{PKG}.Board name="Blank" width="300" height="200">
  <{PKG}.board.SquareGrid dx="20" dy="20"/>
</{PKG}.Board>"#
    )
}

/// VASSAL's documented centre of raw cell (`c`, `r`) (manual "Hex Grid").
fn vassal_centre(
    g: (f64, f64, i32, i32),
    sideways: bool,
    c: i32,
    r: i32,
) -> [f64; 2] {
    let (dx, dy, x0, y0) = g;
    let x = f64::from(x0) + f64::from(c) * dx;
    let half = if c.rem_euclid(2) == 1 { dy / 2.0 } else { 0.0 };
    let y = f64::from(y0) + f64::from(r) * dy + half;
    if sideways { [y, x] } else { [x, y] }
}

/// Every hex of the written map: the VASSAL cell a piece dropped on its
/// Berthier centre snaps to has its documented centre within 0.5 px.
fn check_map(
    dir: &Path,
    file: &str,
    g: (f64, f64, i32, i32),
    sideways: bool,
) -> (Map, usize) {
    let text = std::fs::read_to_string(dir.join(file)).expect("map file");
    assert!(
        text.contains("// TODO(modder): a VASSAL module holds no series"),
        "{text}"
    );
    let map: Map = parse(&text, Format::Ron).expect("map parses");
    assert_eq!(map.series, "series.ron");
    let scan = map.scan.as_deref().expect("scan");
    assert!(dir.join(scan).is_file(), "{scan}");
    let vassal = HexGrid {
        dx: g.0,
        dy: g.1,
        x0: g.2,
        y0: g.3,
        sideways,
        ..HexGrid::default()
    };
    let mut n = 0;
    for hex in map.extent.iter().flat_map(|e| e.hexes()) {
        let c = map.geometry().center_px(hex);
        let cell = vassal.cell_at([c[0].round() as i32, c[1].round() as i32]);
        let want = vassal_centre(g, sideways, cell.col, cell.row);
        let off = (c[0] - want[0]).hypot(c[1] - want[1]);
        assert!(off < 0.5, "{file} {hex}: {c:?} vs {want:?}");
        n += 1;
    }
    (map, n)
}

/// Every hex of sheet `letter`: its centre on the sheet's scan (by the
/// sheet's own registration) is VASSAL's documented centre of the cell a
/// piece dropped there snaps to, within 0.5 px. Returns the centres.
fn check_sheet(
    dir: &Path,
    map: &Map,
    letter: char,
    g: (f64, f64, i32, i32),
    sideways: bool,
) -> Vec<[f64; 2]> {
    let sheet = map.sheets.iter().find(|s| s.letter == letter).unwrap();
    let scan = sheet.scan.as_deref().expect("sheet scan");
    assert!(dir.join(scan).is_file(), "{scan}");
    let grid = sheet.grid.as_ref().expect("sheet grid");
    let vassal = HexGrid {
        dx: g.0,
        dy: g.1,
        x0: g.2,
        y0: g.3,
        sideways,
        ..HexGrid::default()
    };
    let hexes = map
        .extent
        .iter()
        .filter(|e| e.sheet == Some(letter))
        .flat_map(|e| e.hexes());
    let mut centres = Vec::new();
    for hex in hexes {
        let c = grid.center_px(hex);
        let cell = vassal.cell_at([c[0].round() as i32, c[1].round() as i32]);
        let want = vassal_centre(g, sideways, cell.col, cell.row);
        let off = (c[0] - want[0]).hypot(c[1] - want[1]);
        assert!(off < 0.5, "sheet {letter} {hex}: {c:?} vs {want:?}");
        centres.push(c);
    }
    assert!(!centres.is_empty(), "sheet {letter} has no hexes");
    centres
}

#[test]
fn imports_every_board_grid_as_a_map() {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("two-banks.vmod");
    write_module(
        &vmod,
        &boards(),
        &[("west.png", png(600, 500)), ("east.jpg", png(400, 300))],
    );
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).expect("import");
    assert_eq!(report.skipped, vec!["Blank".to_owned()]);
    assert_eq!(
        report.notes,
        ["Blank: SquareGrid is not a hex grid: not imported"]
    );
    let files: Vec<String> = report
        .maps
        .iter()
        .map(|m| {
            m.map
                .file_name()
                .expect("name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    // The zoned board is one map in sheets.
    assert_eq!(files, ["west-bank.map.ron", "east.map.ron"]);
    assert!(
        report
            .maps
            .iter()
            .all(|m| m.map.starts_with(&out) && m.map.is_file())
    );

    let (west, n) = check_map(&out, "west-bank.map.ron", WEST, true);
    assert_eq!(n, report.maps[0].hexes);
    assert_eq!(west.scan.as_deref(), Some("west-bank.png"));
    // Alphabetic names are printed by the map's own numbering (no side
    // table), and are VASSAL's.
    assert!(report.maps[0].names.is_none());
    assert!(west.numbering.is_some());
    let names: Vec<(HexId, String)> = west
        .extent
        .iter()
        .flat_map(|e| e.hexes())
        .map(|h| (h, west.label(h)))
        .collect();
    assert_eq!(names.len(), n);
    assert!(names.iter().all(|(h, l)| west.read_label(l) == Some(*h)));
    let numbering = Numbering {
        h_type: Kind::Alphabetic,
        h_leading: 0,
        h_off: 0,
        stagger: false,
        ..Numbering::default()
    };
    let vassal = HexGrid {
        dx: WEST.0,
        dy: WEST.1,
        x0: WEST.2,
        y0: WEST.3,
        sideways: true,
        ..HexGrid::default()
    };
    for (hex, name) in &names {
        let c = west.grid.center_px(*hex);
        let p = [c[0].round() as i32, c[1].round() as i32];
        let snapped = vassal.snap_center(vassal.cell_at(p));
        assert_eq!(
            &numbering.label_at(&vassal, [600, 500], snapped),
            name,
            "{hex}"
        );
    }

    // The zoned board: sheet A is the background grid (numeric,
    // staggered: no table), stopping at the zone; sheet B the Town zone's
    // own grid, holding only the hexes whose centres lie in the zone. Both
    // registered on the board image, every centre VASSAL's.
    assert!(report.maps[1].names.is_none());
    let text = std::fs::read_to_string(out.join("east.map.ron")).unwrap();
    let east: Map = parse(&text, Format::Ron).expect("map parses");
    assert_eq!(east.sheets.len(), 2);
    let a = check_sheet(&out, &east, 'A', EAST, false);
    let b = check_sheet(&out, &east, 'B', TOWN, false);
    assert_eq!(a.len() + b.len(), report.maps[1].hexes);
    assert_eq!(east.sheets[1].name.as_deref(), Some("Town"));
    assert!((20..=60).contains(&b.len()), "{}", b.len());
    let inside = |c: [f64; 2]| {
        (100.0..=300.0).contains(&c[0]) && (100.0..=250.0).contains(&c[1])
    };
    assert!(b.iter().all(|c| inside(*c)));
    assert!(a.iter().all(|c| !inside(*c)));
    // Side by side on the map, not overlapping.
    let geometry = east.geometry();
    let on_map = |l: char| -> Vec<HexId> {
        east.extent
            .iter()
            .filter(|e| e.sheet == Some(l))
            .flat_map(|e| e.hexes())
            .collect()
    };
    let (ha, hb) = (on_map('A'), on_map('B'));
    let max_a = ha
        .iter()
        .map(|h| geometry.center_px(*h)[0])
        .fold(f64::MIN, f64::max);
    let min_b = hb
        .iter()
        .map(|h| geometry.center_px(*h)[0])
        .fold(f64::MAX, f64::min);
    assert!(min_b > max_a, "{min_b} <= {max_a}");
    // Nothing else was left beside the output.
    let beside: Vec<_> = std::fs::read_dir(tmp.path()).expect("dir").collect();
    assert_eq!(beside.len(), 2, "{beside:?}");
}

#[test]
fn the_series_stub_is_marked_and_writes_no_zone_as_terrain() {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("two-banks.vmod");
    write_module(
        &vmod,
        &boards(),
        &[("west.png", png(600, 500)), ("east.jpg", png(400, 300))],
    );
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).expect("import");
    assert_eq!(report.series, out.join("series.ron"));
    // No pieces: no counters, no scenario, and a stub all the same.
    assert!(report.counters.is_none() && report.scenarios.is_empty());
    let text = std::fs::read_to_string(&report.series).expect("series");
    assert!(text.starts_with("// TODO(modder)"), "{text}");
    let series: berthier_schema::Series =
        parse(&text, Format::Ron).expect("a series file");
    // The zone `Town` has a grid of its own: a sheet of the map, never a
    // terrain type.
    assert!(series.terrain.is_empty(), "{:?}", series.terrain);
    assert!(series.unit_classes.is_empty() && series.ratings.is_empty());
    assert!(series.name.contains("complete it"));
    assert!(series.stub, "the mark berthier-validate warns of");
}

#[test]
fn a_bad_module_writes_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("broken.vmod");
    // The second board's image is missing: the first must not be written.
    write_module(&vmod, &boards(), &[("west.png", png(600, 500))]);
    let out = tmp.path().join("out");
    let err = import(&vmod, &out).expect_err("missing image");
    assert!(err.to_string().contains("east.jpg"), "{err}");
    assert!(!out.exists());
    let beside: Vec<_> = std::fs::read_dir(tmp.path()).expect("dir").collect();
    assert_eq!(beside.len(), 1, "{beside:?}");

    let not_zip = tmp.path().join("text.vmod");
    std::fs::write(&not_zip, "hello").expect("write");
    let err = import(&not_zip, &out).expect_err("not a zip");
    assert!(err.to_string().contains("not a zip"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_non_empty_output_folder_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("m.vmod");
    write_module(
        &vmod,
        &boards(),
        &[("west.png", png(600, 500)), ("east.jpg", png(400, 300))],
    );
    let out = tmp.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    std::fs::write(out.join("keep.txt"), "mine").expect("write");
    let err = import(&vmod, &out).expect_err("exists");
    assert!(matches!(err, ImportError::OutExists(_)), "{err}");
    assert_eq!(
        std::fs::read_to_string(out.join("keep.txt")).expect("kept"),
        "mine"
    );
}
