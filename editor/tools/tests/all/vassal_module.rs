//! Reading VASSAL modules built here from VASSAL's reference manual (Board,
//! Hex Grid, Grid Numbering, Multi-Zoned Grid): boards, images, grids,
//! zones, and a clear error for each kind of bad module.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Cursor, Write};

use berthier_tools::vassal::module::{Limits, read};
use berthier_tools::vassal::numbering::Kind;
use zip::write::SimpleFileOptions;

use crate::vassal_common;
use vassal_common::{PKG, png};

/// A zip of `entries` (name, bytes), deflated.
fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        w.start_file(*name, opts).expect("start");
        w.write_all(bytes).expect("write");
    }
    w.finish().expect("finish").into_inner()
}

/// A build file with one map holding `boards` (Board elements' XML).
fn build_file(boards: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<VASSAL.launch.BasicModule name="Test Battle" version="1.0" VassalVersion="3.7.0">
  <VASSAL.build.module.Map mapName="Main Map" allowMultiple="false">
    <{PKG}.BoardPicker addColumnText="Add column" boardPrompt="Select board">
{boards}
    </{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#
    )
}

fn hex_grid(attrs: &str, numbering: &str) -> String {
    format!(
        r#"<{PKG}.board.HexGrid color="0,0,0" cornersLegal="false" dotsVisible="false" edgesLegal="true" snapTo="true" visible="false" {attrs}>{numbering}</{PKG}.board.HexGrid>"#
    )
}

fn numbering(attrs: &str) -> String {
    format!(
        r#"<{PKG}.board.mapgrid.HexGridNumbering color="0,0,0" fontSize="9" hDrawOff="0" locationFormat="$gridLocation$" rotateText="0" vDrawOff="0" visible="true" {attrs}/>"#
    )
}

fn module(boards: &str, images: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let xml = build_file(boards);
    let mut entries: Vec<(String, Vec<u8>)> = vec![
        ("buildFile.xml".into(), xml.into_bytes()),
        ("moduledata".into(), b"<data version=\"1\"/>".to_vec()),
    ];
    for (name, bytes) in images {
        entries.push((format!("images/{name}"), bytes.clone()));
    }
    let refs: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    zip(&refs)
}

#[test]
fn reads_boards_grids_numbering_and_zones() {
    let west = format!(
        r#"<{PKG}.Board image="west.png" name="West" reversible="false">{}</{PKG}.Board>"#,
        hex_grid(
            r#"dx="50.5" dy="58.0" x0="25" y0="29" sideways="true""#,
            &numbering(
                r#"first="H" sep="-" hType="A" hLeading="0" hOff="0" hDescend="false" vType="N" vLeading="1" vOff="1" vDescend="false" stagger="false""#
            )
        )
    );
    let east = format!(
        r#"<{PKG}.Board image="east.png" name="East">
  <{PKG}.board.ZonedGrid>
    {}
    <{PKG}.board.mapgrid.Zone name="Town" path="10,10;200,10;200,150;10,150" useParentGrid="false" locationFormat="$gridLocation$">
      {}
    </{PKG}.board.mapgrid.Zone>
    <{PKG}.board.mapgrid.Zone name="Sea" path="0,0;5,5;0,5" useParentGrid="true"/>
    <{PKG}.board.mapgrid.Zone name="Track" path="0,200;300,200;300,240;0,240">
      <{PKG}.board.SquareGrid dx="20" dy="20"/>
    </{PKG}.board.mapgrid.Zone>
  </{PKG}.board.ZonedGrid>
</{PKG}.Board>"#,
        hex_grid(r#"dx="48.0" dy="55.4" x0="0" y0="27""#, ""),
        hex_grid(r#"dy="30.0" x0="12" y0="15""#, &numbering(r#"hOff="3""#)),
    );
    let blank =
        format!(r#"<{PKG}.Board name="Blank" width="640" height="480"/>"#);
    let bytes = module(
        &format!("{west}\n{east}\n{blank}"),
        &[("west.png", png(400, 300)), ("east.png", png(320, 240))],
    );
    let m = read(Cursor::new(bytes), Limits::default()).expect("module");
    assert_eq!(m.name, "Test Battle");
    assert_eq!(m.build_file, "buildFile.xml");
    let b = &m.boards;
    assert_eq!(b.len(), 3);
    assert_eq!(
        (b[0].map.as_str(), b[0].name.as_str()),
        ("Main Map", "West")
    );
    assert_eq!(b[0].image.as_deref(), Some("images/west.png"));
    assert_eq!(b[0].size, [400, 300]);
    let g = &b[0].grids[0];
    assert!(g.zone.is_none());
    assert_eq!(
        (g.grid.dx, g.grid.dy, g.grid.x0, g.grid.y0),
        (50.5, 58.0, 25, 29)
    );
    assert!(g.grid.sideways && g.grid.edges_legal && !g.grid.corners_legal);
    let n = g.numbering.as_ref().expect("numbering");
    assert_eq!((n.h_type, n.v_type), (Kind::Alphabetic, Kind::Numeric));
    assert_eq!(
        (n.h_off, n.v_off, n.h_leading, n.sep.as_str()),
        (0, 1, 0, "-")
    );
    assert!(!n.stagger && n.horizontal_first);

    assert_eq!(b[1].size, [320, 240]);
    assert_eq!(b[1].grids.len(), 2, "background and the Town zone's grid");
    assert!(b[1].grids[0].zone.is_none() && b[1].grids[0].numbering.is_none());
    let town = &b[1].grids[1];
    let zone = town.zone.as_ref().expect("zone");
    assert_eq!(zone.name, "Town");
    assert_eq!(zone.path, vec![[10, 10], [200, 10], [200, 150], [10, 150]]);
    // No dx: the width follows the height, √3/2 of it.
    assert!((town.grid.dx - 30.0 * 3f64.sqrt() / 2.0).abs() < 1e-9);
    let tn = town.numbering.as_ref().expect("zone numbering");
    // VASSAL's defaults for the attributes not written.
    assert_eq!((tn.h_off, tn.v_off, tn.h_leading), (3, 1, 1));
    assert!(tn.stagger);

    assert!(b[0].notes.is_empty());
    assert_eq!(
        b[1].notes,
        ["SquareGrid in zone `Track` is not a hex grid: not imported"]
    );
    assert_eq!(b[2].image, None);
    assert_eq!(b[2].size, [640, 480]);
    assert!(b[2].grids.is_empty());
}

#[test]
fn reads_a_legacy_build_file() {
    let xml = build_file(&format!(
        r#"<{PKG}.Board image="m.png" name="Map">{}</{PKG}.Board>"#,
        hex_grid(
            r#"dx="40" dy="46" x0="0" y0="23""#,
            &format!("<{PKG}.board.mapgrid.ObliqueHexGridNumbering/>")
        )
    ));
    let bytes = zip(&[
        ("buildFile", xml.as_bytes()),
        ("images/m.png", &png(100, 80)),
    ]);
    let m = read(Cursor::new(bytes), Limits::default()).expect("legacy");
    assert_eq!(m.build_file, "buildFile");
    assert_eq!(m.boards[0].size, [100, 80]);
    // Oblique numbering is not read, and says so.
    assert!(m.boards[0].grids[0].numbering.is_none());
    assert_eq!(
        m.boards[0].notes,
        [
            "ObliqueHexGridNumbering is not read: its hexes are numbered from 0101"
        ]
    );
}

fn error(bytes: Vec<u8>, limits: Limits) -> String {
    match read(Cursor::new(bytes), limits) {
        Ok(_) => panic!("read a bad module"),
        Err(e) => format!("{e:?} | {e}"),
    }
}

#[test]
fn not_a_zip() {
    let e = error(b"<VASSAL.launch.BasicModule/>".to_vec(), Limits::default());
    assert!(e.starts_with("NotZip") && e.contains("not a zip"), "{e}");
}

#[test]
fn no_build_file() {
    let e = error(zip(&[("moduledata", b"<data/>")]), Limits::default());
    assert!(
        e.starts_with("NoBuildFile") && e.contains("buildFile.xml"),
        "{e}"
    );
}

#[test]
fn missing_image() {
    let board = format!(r#"<{PKG}.Board image="gone.png" name="North"/>"#);
    let e = error(module(&board, &[]), Limits::default());
    assert!(e.starts_with("MissingImage"), "{e}");
    assert!(
        e.contains("`North`") && e.contains("images/gone.png"),
        "{e}"
    );
}

#[test]
fn zero_size_grid() {
    let board = format!(
        r#"<{PKG}.Board image="m.png" name="Flat">{}</{PKG}.Board>"#,
        hex_grid(r#"dx="0.0" dy="0.0" x0="0" y0="0""#, "")
    );
    let e = error(module(&board, &[("m.png", png(50, 50))]), Limits::default());
    assert!(
        e.starts_with("ZeroSizeGrid") && e.contains("size zero"),
        "{e}"
    );
}

#[test]
fn entries_that_escape_the_folder() {
    let xml = build_file("");
    for bad in [
        "../../etc/evil.png",
        "images/../../evil.png",
        "/tmp/evil.png",
    ] {
        let bytes = zip(&[("buildFile.xml", xml.as_bytes()), (bad, b"x")]);
        let e = error(bytes, Limits::default());
        assert!(
            e.starts_with("UnsafeEntry") && e.contains(bad),
            "{bad}: {e}"
        );
    }
}

#[test]
fn zip_bombs_are_refused_before_inflating() {
    // 8 MiB of zeros deflate to a few KiB; the declared size gives it away.
    let zeros = vec![0u8; 8 << 20];
    let board = format!(r#"<{PKG}.Board image="big.png" name="Big"/>"#);
    let bytes = module(&board, &[("big.png", zeros)]);
    assert!(bytes.len() < 100_000, "{}", bytes.len());
    let limits = Limits {
        entry_bytes: 1 << 20,
        total_bytes: 64 << 20,
    };
    let e = error(bytes.clone(), limits);
    assert!(
        e.starts_with("TooLarge {") && e.contains("images/big.png"),
        "{e}"
    );
    assert!(e.contains("8388608") && e.contains("1048576"), "{e}");
    let total = Limits {
        entry_bytes: 16 << 20,
        total_bytes: 4 << 20,
    };
    let e = error(bytes, total);
    assert!(e.starts_with("TooLargeTotal"), "{e}");
}

/// GIF and SVG boards are read for their size, and flagged: Berthier's
/// scans are PNG, JPEG or TIFF.
#[test]
fn gif_and_svg_boards() {
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&640u16.to_le_bytes());
    gif.extend_from_slice(&480u16.to_le_bytes());
    gif.extend_from_slice(&[0; 16]);
    let svg = br#"<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800px" height="600" viewBox="0 0 10 10"/>"#;
    let view_box =
        br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 768"/>"#;
    let boards = format!(
        r#"<{PKG}.Board image="a.gif" name="A"/><{PKG}.Board image="b.svg" name="B"/><{PKG}.Board image="c.svg" name="C"/>"#
    );
    let bytes = module(
        &boards,
        &[
            ("a.gif", gif),
            ("b.svg", svg.to_vec()),
            ("c.svg", view_box.to_vec()),
        ],
    );
    let m = read(Cursor::new(bytes), Limits::default()).expect("module");
    let sizes: Vec<[u32; 2]> = m.boards.iter().map(|b| b.size).collect();
    assert_eq!(sizes, [[640, 480], [800, 600], [1024, 768]]);
    assert!(
        m.boards[0].notes[0].contains("is GIF"),
        "{:?}",
        m.boards[0].notes
    );
    assert!(
        m.boards[1].notes[0].contains("is SVG"),
        "{:?}",
        m.boards[1].notes
    );
}
