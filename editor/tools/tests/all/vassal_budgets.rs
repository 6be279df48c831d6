//! `import-vassal` on hostile modules of a few hundred bytes: each is
//! refused with a clear error within its budget (no 4 GiB allocation, no
//! minutes of work, no gigabytes written, no panic), and no import leaves
//! its hidden staging folder behind (the reliability probe's cases).

use std::io::{Cursor, Write};
use std::path::Path;

use berthier_tools::vassal::import::{ImportError, import};
use zip::write::SimpleFileOptions;

use crate::vassal_common;
use vassal_common::{PKG, png};

/// A module whose one map holds `boards`, with `images` (stored, not
/// deflated, so that a test can rewrite a declared size in place).
fn module(boards: &str, images: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Hostile" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>{boards}</{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#
    );
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored);
    w.start_file("buildFile.xml", opts).expect("start");
    w.write_all(xml.as_bytes()).expect("write");
    for (name, bytes) in images {
        w.start_file(format!("images/{name}"), opts).expect("start");
        w.write_all(bytes).expect("write");
    }
    w.finish().expect("finish").into_inner()
}

/// Imports `bytes` as a module into `dir/out`; the error, and what was
/// left in `dir` besides the module (nothing, on failure).
fn import_bytes(dir: &Path, bytes: &[u8]) -> (ImportError, Vec<String>) {
    let path = dir.join("m.vmod");
    std::fs::write(&path, bytes).expect("module");
    let started = std::time::Instant::now();
    let Err(e) = import(&path, &dir.join("out")) else {
        panic!("imported");
    };
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    let left: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "m.vmod")
        .collect();
    (e, left)
}

fn grid_board(width: u32, grid: &str) -> String {
    format!(
        r#"<{PKG}.Board name="B" width="{width}" height="3000">{grid}</{PKG}.Board>"#
    )
}

#[test]
fn a_hundredth_of_a_pixel_grid_is_refused_before_any_hex_is_made() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grid = format!(r#"<{PKG}.board.HexGrid dx="0.01" dy="64"/>"#);
    let (e, left) =
        import_bytes(dir.path(), &module(&grid_board(4000, &grid), &[]));
    assert!(e.to_string().contains("hexes on the board"), "{e}");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn an_offset_of_two_billion_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grid = format!(
        r#"<{PKG}.board.HexGrid dx="50" dy="58"><{PKG}.board.mapgrid.HexGridNumbering hOff="2147483647"/></{PKG}.board.HexGrid>"#
    );
    let (e, left) =
        import_bytes(dir.path(), &module(&grid_board(400, &grid), &[]));
    assert!(e.to_string().contains("hOff=\"2147483647\""), "{e}");
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_zone_of_two_hundred_thousand_points_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let points: Vec<String> = (0..200_000)
        .map(|i| format!("{},{}", i % 400, i % 300))
        .collect();
    let zoned = format!(
        r#"<{PKG}.board.ZonedGrid><{PKG}.board.HexGrid dx="50" dy="58"/><{PKG}.board.mapgrid.Zone name="Town" path="{}"><{PKG}.board.HexGrid dx="26" dy="30"/></{PKG}.board.mapgrid.Zone></{PKG}.board.ZonedGrid>"#,
        points.join(";")
    );
    let (e, left) =
        import_bytes(dir.path(), &module(&grid_board(400, &zoned), &[]));
    let e = e.to_string();
    assert!(e.contains("200000 points") && e.contains("Town"), "{e}");
    assert!(
        e.len() < 300,
        "the message quotes the outline: {} bytes",
        e.len()
    );
    assert!(left.is_empty(), "{left:?}");
}

/// Eight boards on one image: the image is written once, not eight times
/// (a 511 MiB image wrote 4.29 GB).
#[test]
fn boards_sharing_one_image_share_one_scan() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grid = format!(r#"<{PKG}.board.HexGrid dx="50" dy="58"/>"#);
    let boards: String = (0..8)
        .map(|k| {
            format!(r#"<{PKG}.Board image="one.png" name="B{k}">{grid}</{PKG}.Board>"#)
        })
        .collect();
    let path = dir.path().join("m.vmod");
    std::fs::write(&path, module(&boards, &[("one.png", png(300, 200))]))
        .expect("module");
    let report = import(&path, &dir.path().join("out")).expect("imports");
    assert_eq!(report.maps.len(), 8);
    let images: Vec<_> = std::fs::read_dir(dir.path().join("out"))
        .expect("out")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    assert_eq!(images.len(), 1, "{images:?}");
    for map in &report.maps {
        assert_eq!(map.scan.as_deref(), Some(images[0].as_path()));
    }
}

/// A staging folder an aborted import left (its process gone) is removed
/// by the next import into the same folder, even one that fails.
#[test]
fn a_staging_folder_left_by_a_dead_import_is_removed() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Process ids stop well below this on Linux (pid_max <= 2^22).
    let stale = dir.path().join(".out.importing-99999999");
    std::fs::create_dir(&stale).expect("stale");
    std::fs::write(stale.join("x.png"), b"half").expect("file");
    let grid = format!(r#"<{PKG}.board.HexGrid dx="0.01" dy="64"/>"#);
    let (_, left) =
        import_bytes(dir.path(), &module(&grid_board(4000, &grid), &[]));
    assert!(left.is_empty(), "{left:?}");
}

/// An image entry whose declared size is smaller than its data: refused,
/// not copied out cut short.
#[test]
fn an_entry_larger_than_its_declared_size_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grid = format!(r#"<{PKG}.board.HexGrid dx="50" dy="58"/>"#);
    let board =
        format!(r#"<{PKG}.Board image="a.png" name="A">{grid}</{PKG}.Board>"#);
    let image = png(300, 200);
    let mut bytes = module(&board, &[("a.png", image.clone())]);
    let real = u32::try_from(image.len()).expect("small");
    let smaller = real - 16;
    declare_size(&mut bytes, "images/a.png", real, smaller);
    let (e, left) = import_bytes(dir.path(), &bytes);
    assert!(e.to_string().contains("declared"), "{e}");
    assert!(left.is_empty(), "{left:?}");
}

/// Rewrites the uncompressed size `from` of entry `name` to `to`, in its
/// local header (offset 22) and its central directory record (24).
fn declare_size(zip: &mut [u8], name: &str, from: u32, to: u32) {
    let mut done = 0;
    for (signature, name_at, size_at) in
        [(0x0403_4b50u32, 30, 22), (0x0201_4b50, 46, 24)]
    {
        let sig = signature.to_le_bytes();
        for i in 0..zip.len().saturating_sub(name_at + name.len()) {
            let here = &zip[i..];
            if here.starts_with(&sig)
                && here[name_at..].starts_with(name.as_bytes())
                && here[size_at..size_at + 4] == from.to_le_bytes()
            {
                zip[i + size_at..i + size_at + 4]
                    .copy_from_slice(&to.to_le_bytes());
                done += 1;
            }
        }
    }
    assert_eq!(done, 2, "both headers rewritten");
}

/// `export-vassal` on the Rivoli map widened to four billion hexes: the
/// loader refuses the map at its extent, at once (it ran out of memory).
#[test]
fn exporting_a_map_of_four_billion_hexes_is_refused_at_once() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let alone = tmp.path().join("alone");
    std::fs::create_dir(&alone).expect("mkdir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(
        repo.join("maps/rivoli-1797/rivoli-1797.map.ron"),
    )
    .expect("rivoli");
    let wide = text.replacen(
        "extent: [(cols: (1, 35), rows: (1, 22))]",
        "extent: [(cols: (0, 65535), rows: (0, 65535))]",
        1,
    );
    assert_ne!(wide, text);
    std::fs::write(alone.join("rivoli-1797.map.ron"), wide).expect("write");
    let vmod = tmp.path().join("map.vmod");
    let started = std::time::Instant::now();
    let e = berthier_tools::vassal::export::battle::export(&alone, &vmod)
        .expect_err("refused");
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert!(e.to_string().contains("cannot be printed"), "{e}");
    assert!(!vmod.exists());
}

/// A grid origin at i32's end: refused as an attribute, not an overflow
/// in the cell arithmetic.
#[test]
fn an_origin_at_the_end_of_the_integers_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let grid =
        format!(r#"<{PKG}.board.HexGrid dx="50" dy="58" x0="-2147483648"/>"#);
    let (e, left) =
        import_bytes(dir.path(), &module(&grid_board(400, &grid), &[]));
    assert!(e.to_string().contains("x0=\"-2147483648\""), "{e}");
    assert!(left.is_empty(), "{left:?}");
}
