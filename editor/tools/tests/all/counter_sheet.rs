//! The print-and-play counter sheet: every bundled counters file draws,
//! each counter shows its nationality, its formation band, the series'
//! band on its back and its arm's symbol turned with the side; bad files
//! are named with line:col.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_tools::counter_art::sheet::{self, Cell, Layout, SheetArgs};
use berthier_tools::counter_art::{Art, UNKNOWN};
use berthier_tools::palette::parse_hex;
use image::RgbaImage;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bundled() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("counters"))
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|f| f.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".counters.ron"))
        .collect();
    files.sort();
    files
}

fn pixel(img: &RgbaImage, at: [u32; 2], share: [f64; 2], c: u32) -> [u8; 3] {
    let x = at[0] + (share[0] * f64::from(c)) as u32;
    let y = at[1] + (share[1] * f64::from(c)) as u32;
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

fn cell<'a>(layout: &'a Layout, unit: &str) -> &'a Cell {
    layout.cells.iter().find(|c| c.unit == unit).unwrap()
}

#[test]
fn every_bundled_counters_file_draws_one_counter_per_unit() {
    let files = bundled();
    assert!(files.len() >= 5, "{files:?}");
    for file in files {
        let (counters, series) = sheet::load(&file).unwrap();
        let (img, layout) = sheet::render(&counters, &series, 40, 6).unwrap();
        assert_eq!([img.width(), img.height()], layout.size);
        // One counter per unit and per activation marker, each once.
        let markers: usize = counters
            .formations
            .iter()
            .map(|f| f.activation_markers.len())
            .sum();
        let expected = counters.units.len() + markers;
        assert_eq!(layout.cells.len(), expected, "{file:?}");
        let mut ids: Vec<&str> =
            layout.cells.iter().map(|c| c.unit.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), expected, "a counter drawn twice");
        // Each front is left of the fold, each back right of it, on the
        // same row, mirrored.
        for c in &layout.cells {
            assert!(f64::from(c.front[0] + 40) < layout.fold);
            assert!(f64::from(c.back[0]) > layout.fold);
            assert_eq!(c.front[1], c.back[1]);
        }
    }
}

/// A Rivoli counters file with one formation band given, under the
/// bundled Jours de Gloire series.
fn rivoli_with_band(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(
        root().join("counters/rivoli-1797/rivoli-1797.counters.ron"),
    )
    .unwrap()
    .replace(
        "(id: \"joubert\", name: \"Joubert\", side: \"french\", level: \"division\", parent: \"french-army\",",
        "(id: \"joubert\", name: \"Joubert\", side: \"french\", level: \"division\", parent: \"french-army\", colour: \"#aa2200\",",
    )
    .replace(
        "../../schema/series/",
        &format!("{}/schema/series/", root().display()),
    );
    assert!(text.contains("#aa2200"));
    let path = dir.join("rivoli.counters.ron");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_counter_shows_nationality_band_and_the_white_disordered_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = rivoli_with_band(dir.path());
    let (counters, series) = sheet::load(&file).unwrap();
    let c = 60;
    let (img, layout) = sheet::render(&counters, &series, c, 5).unwrap();
    let art = series.counter_art.as_ref().unwrap();
    let french = parse_hex(&art.nationality_colours["french"]).unwrap();
    let white =
        parse_hex(art.side("disordered").unwrap().band.as_ref().unwrap())
            .unwrap();
    let lebley = cell(&layout, "lebley-1");
    // Band (top, left of the name) and background (left edge, middle row).
    assert_eq!(
        pixel(&img, lebley.front, [0.06, 0.1], c),
        [0xaa, 0x22, 0x00]
    );
    assert_eq!(pixel(&img, lebley.front, [0.06, 0.45], c), french);
    assert_eq!(pixel(&img, lebley.back, [0.06, 0.1], c), white);
    assert_eq!(pixel(&img, lebley.back, [0.06, 0.45], c), french);
    // The commander has one rated side: his back is white-banded too.
    let bonaparte = cell(&layout, "bonaparte");
    assert_ne!(pixel(&img, bonaparte.front, [0.06, 0.1], c), white);
    assert_eq!(pixel(&img, bonaparte.back, [0.06, 0.1], c), white);
    // Joubert's activation markers follow his units, in his band, the
    // back without the code.
    let am = cell(&layout, "joubert-am1");
    assert_eq!(am.marker_of.as_deref(), Some("joubert"));
    assert!(am.front[1] >= lebley.front[1]);
    assert_eq!(pixel(&img, am.front, [0.06, 0.1], c), [0xaa, 0x22, 0x00]);
    assert_eq!(pixel(&img, am.back, [0.06, 0.1], c), [0xaa, 0x22, 0x00]);
    // Pixels in the middle that are not the background: the code's ink.
    let inked = |at: [u32; 2]| {
        let range = |k: f64| (f64::from(c) * k) as u32;
        (at[1] + range(0.45)..at[1] + range(0.67))
            .flat_map(|y| {
                (at[0] + range(0.4)..at[0] + range(0.6)).map(move |x| (x, y))
            })
            .filter(|&(x, y)| {
                let p = img.get_pixel(x, y).0;
                (0..3).map(|i| p[i].abs_diff(french[i]) as u32).sum::<u32>()
                    > 90
            })
            .count()
    };
    assert!(inked(am.front) > 10, "no code printed");
    assert_eq!(inked(am.back), 0, "a code on the back");
    // Groups follow the command tree: the army's commander, then Reserve,
    // then Joubert; every unit of a group on the rows under its heading.
    let names: Vec<&str> =
        layout.headers.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names[..3],
        ["Armée d'Italie (Bonaparte)", "Reserve", "Joubert"]
    );
    let joubert_top = layout.headers[2].1[1];
    assert!(f64::from(lebley.front[1]) > joubert_top);
}

/// Bounding box of the ink in the centre of a face (the symbol).
fn symbol_box(img: &RgbaImage, at: [u32; 2], c: u32, ink: [u8; 3]) -> [u32; 2] {
    let (mut lo, mut hi) = ([u32::MAX; 2], [0u32; 2]);
    let range = |k: f64| (f64::from(c) * k) as u32;
    for y in at[1] + range(0.38)..at[1] + range(0.74) {
        for x in at[0] + range(0.3)..at[0] + range(0.7) {
            let p = img.get_pixel(x, y).0;
            if [p[0], p[1], p[2]] == ink {
                lo = [lo[0].min(x), lo[1].min(y)];
                hi = [hi[0].max(x), hi[1].max(y)];
            }
        }
    }
    assert!(hi[0] > lo[0], "no symbol ink");
    [hi[0] - lo[0], hi[1] - lo[1]]
}

#[test]
fn a_vive_l_empereur_counter_turns_its_symbol_on_the_column_side() {
    let file =
        root().join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    let (counters, series) = sheet::load(&file).unwrap();
    let c = 80;
    let (img, layout) = sheet::render(&counters, &series, c, 6).unwrap();
    let unit = counters.unit("fr-045").unwrap();
    let counter = Art::new(&counters, &series).counter(unit);
    // Line is the front, read across; column the back, read upright
    // (001 l. 115), with the column side's five ratings all unknown.
    assert_eq!(
        (counter.front.side.as_str(), counter.back.side.as_str()),
        ("line", "column")
    );
    assert_eq!(counter.back.ratings.len(), 5);
    assert!(counter.back.ratings.iter().all(|r| r.text == UNKNOWN));
    let at = cell(&layout, "fr-045");
    let ink = berthier_tools::counter_art::ink_on(counter.front.background);
    let [w, h] = symbol_box(&img, at.front, c, ink);
    assert!(w > h, "line side symbol {w}x{h}");
    let [w, h] = symbol_box(&img, at.back, c, ink);
    assert!(h > w, "column side symbol {w}x{h}");
    // A known rating is printed, not "?": the artillery's 2 steps.
    let art = Art::new(&counters, &series);
    let battery = art.counter(counters.unit("fr-064").unwrap());
    let steps = battery.front.ratings.iter().find(|r| r.rating == "steps");
    assert_eq!(steps.map(|r| r.text.as_str()), Some("2"));
}

#[test]
fn a_missing_or_malformed_file_is_named_with_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let args = |file: PathBuf| SheetArgs {
        file,
        out: dir.path().join("sheet.png"),
        size_mm: 16.0,
        dpi: 150,
        columns: 6,
    };
    let missing = dir.path().join("none.counters.ron");
    let e = sheet::run(&args(missing)).unwrap_err().to_string();
    assert!(e.contains("none.counters.ron"), "{e}");
    let bad = dir.path().join("bad.counters.ron");
    std::fs::write(
        &bad,
        "(\n    kind: counters,\n    format_version: 2,\n    id: 12,\n)\n",
    )
    .unwrap();
    let e = sheet::run(&args(bad)).unwrap_err().to_string();
    assert!(e.contains("bad.counters.ron") && e.contains("4:"), "{e}");
    assert!(!dir.path().join("sheet.png").exists());
    let e = sheet::counter_px(16.0, 0).unwrap_err().to_string();
    assert!(e.contains("0 dpi"), "{e}");
}
