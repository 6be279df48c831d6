//! `render` on maps without a scan (Rivoli, Ligny): the image holds every
//! hex of the extent and every edge name wholly; the default layers draw
//! map edges and entry points in the editor's colours; `--layers` picks
//! them; elevation is shaded as the editor shades it; grid corrections
//! are drawn at full size.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::{HexId, Map};
use berthier_tools::palette::Palette;
use berthier_tools::render::{self, Step, raster};
use berthier_tools::scene::{self, Layer, Shape, places};
use image::RgbImage;

fn map_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../maps/{name}/{name}.map.ron"))
}

/// What `render_file` gives: the image, the map, the offset the report
/// gives and the steps reported.
type Rendered = (RgbImage, Map, [f64; 2], Vec<Step>);

/// Renders the map file `path` through the subcommand, with `layers` or
/// the defaults.
fn render_file(path: &Path, layers: Option<&str>) -> Rendered {
    let (_, map) = berthier_tools::project::resolve_map(path).expect("map");
    let out = std::env::temp_dir().join(format!(
        "berthier-layers-{}-{}-{}.png",
        std::process::id(),
        map.id,
        layers.unwrap_or("default")
    ));
    let mut argv = vec![
        path.display().to_string(),
        "--out".into(),
        out.display().to_string(),
    ];
    if let Some(list) = layers {
        argv.extend(["--layers".into(), list.to_owned()]);
    }
    let args = berthier_tools_cli::render::parse_args(&argv).expect("args");
    let mut steps = Vec::new();
    let report = render::run_with_progress(&args, &mut |s| steps.push(s))
        .expect("render runs");
    let img = image::open(&out).expect("png written").into_rgb8();
    std::fs::remove_file(&out).expect("clean up");
    assert_eq!(report.size, [img.width(), img.height()]);
    (img, map, report.offset, steps)
}

fn id(s: &str) -> HexId {
    s.parse().expect("hex id")
}

fn lum(img: &RgbImage, p: [f64; 2]) -> f64 {
    let px = img.get_pixel(p[0] as u32, p[1] as u32).0;
    px.iter().map(|v| f64::from(*v)).sum::<f64>() / 3.0
}

fn near(px: [u8; 3], colour: [u8; 3], tolerance: i32) -> bool {
    px.iter()
        .zip(colour)
        .all(|(a, b)| (i32::from(*a) - i32::from(b)).abs() <= tolerance)
}

/// Every corner of every extent hex, `inset` or more inside the image.
fn assert_hexes_inside(img: &RgbImage, map: &Map, offset: [f64; 2]) {
    let inset = 0.5 * map.grid.hex_radius_px;
    let size = [f64::from(img.width()), f64::from(img.height())];
    for h in scene::all_hexes(map) {
        for c in map.geometry().corners_px(h) {
            let p = [c[0] + offset[0], c[1] + offset[1]];
            assert!(
                (0..2).all(|i| p[i] >= inset && p[i] <= size[i] - inset),
                "a corner of {h} at {p:?} is not inside {size:?} by {inset}"
            );
        }
    }
}

/// Every edge name's box inside the image.
fn assert_edge_names_inside(img: &RgbImage, map: &Map, offset: [f64; 2]) {
    let font = raster::font();
    let palette = Palette::default();
    let size = [f64::from(img.width()), f64::from(img.height())];
    for shape in scene::shapes(map, &palette, Layer::Edges, &|_| true) {
        let Shape::Text {
            at, size: em, text, ..
        } = shape
        else {
            continue;
        };
        let [lo, hi] = raster::text_box(&font, at, em, &text);
        for i in 0..2 {
            assert!(
                lo[i] + offset[i] >= 0.0 && hi[i] + offset[i] <= size[i],
                "edge name {text:?} at {at:?} is cut off"
            );
        }
    }
}

/// 0201 (half a hex above row 01 of the odd columns) of the first sheet
/// is drawn whole: the middle of its top side is inked, and so is its
/// number.
fn assert_0201_drawn(img: &RgbImage, map: &Map, offset: [f64; 2]) {
    let hex = HexId {
        sheet: map.extent[0].sheet.and_then(|c| u8::try_from(c).ok()),
        ..id("0201")
    };
    let mut corners = map.geometry().corners_px(hex);
    corners.sort_by(|a, b| a[1].total_cmp(&b[1]));
    let top = [
        (corners[0][0] + corners[1][0]) / 2.0 + offset[0],
        (corners[0][1] + corners[1][1]) / 2.0 + offset[1],
    ];
    let darkest = (-2..=2)
        .map(|dy| lum(img, [top[0], top[1] + f64::from(dy)]))
        .fold(f64::MAX, f64::min);
    assert!(darkest < 150.0, "no outline on 0201's top side: {darkest}");
    let n = scene::number_position(map, hex);
    let r = map.grid.hex_radius_px;
    let mut ink = 0;
    for dy in (-(0.15 * r) as i32)..=((0.15 * r) as i32) {
        for dx in (-(0.4 * r) as i32)..=((0.4 * r) as i32) {
            let p = [
                n[0] + offset[0] + f64::from(dx),
                n[1] + offset[1] + f64::from(dy),
            ];
            ink += usize::from(lum(img, p) < 190.0);
        }
    }
    assert!(ink > 20, "0201's number is not drawn ({ink} dark pixels)");
}

/// The north (`axis` 1) or west (`axis` 0) edge's name is drawn outside
/// the map: purple ink (blue well above green, which neither paper, grid
/// ink nor entry green has) beyond the outermost hex corner on that side
/// and the border line drawn along it.
fn assert_edge_name_beyond(
    img: &RgbImage,
    map: &Map,
    offset: [f64; 2],
    axis: usize,
) {
    let outermost = scene::all_hexes(map)
        .flat_map(|h| map.geometry().corners_px(h))
        .map(|c| c[axis])
        .fold(f64::MAX, f64::min);
    let limit = outermost + offset[axis] - 0.12 * map.grid.hex_radius_px;
    let purple = img
        .enumerate_pixels()
        .filter(|(x, y, p)| {
            let at = if axis == 0 { *x } else { *y };
            f64::from(at) < limit && i32::from(p.0[2]) - i32::from(p.0[1]) > 30
        })
        .count();
    assert!(purple > 10, "no edge name beyond axis {axis} ({purple} px)");
}

/// The colour at the middle of side `k` of `hex`'s ring shrunk to `shrink`
/// of its size about its centre (1.0: the hex outline).
fn side_colour(
    img: &RgbImage,
    map: &Map,
    offset: [f64; 2],
    (hex, k, shrink): (&str, usize, f64),
) -> [u8; 3] {
    let c = map.geometry().center_px(id(hex));
    let k6 = map.geometry().corners_px(id(hex));
    let (a, b) = (k6[k], k6[(k + 1) % 6]);
    let p = [0, 1]
        .map(|i| c[i] + ((a[i] + b[i]) / 2.0 - c[i]) * shrink + offset[i]);
    img.get_pixel(p[0] as u32, p[1] as u32).0
}

/// The index of `hex`'s side whose middle is highest on the image.
fn top_side(map: &Map, hex: &str) -> usize {
    let k = map.geometry().corners_px(id(hex));
    (0..6)
        .min_by(|i, j| {
            let y = |s: usize| k[s][1] + k[(s + 1) % 6][1];
            y(*i).total_cmp(&y(*j))
        })
        .expect("six sides")
}

#[test]
fn rivoli_is_framed_whole_with_its_edges_and_entries() {
    let (img, map, offset, steps) = render_file(&map_path("rivoli-1797"), None);
    // 770 hexes: drawn in a few seconds, with no progress lines.
    assert!(scene::all_hexes(&map).count() < render::BIG_MAP_HEXES);
    assert_eq!(steps, []);
    assert!(map.scan.is_none(), "Rivoli has no scan: framed on paper");
    assert_hexes_inside(&img, &map, offset);
    assert_edge_names_inside(&img, &map, offset);
    assert_0201_drawn(&img, &map, offset);
    assert_edge_name_beyond(&img, &map, offset, 0);
    assert_edge_name_beyond(&img, &map, offset, 1);
    // The default layers include edges (0201's top side is on the north
    // edge) and entries (0901 is an entry hex, ringed at 0.8 of its size).
    let side =
        side_colour(&img, &map, offset, ("0201", top_side(&map, "0201"), 1.0));
    assert!(near(side, places::EDGE_INK, 40), "0201 top side {side:?}");
    let ring = side_colour(&img, &map, offset, ("0901", 0, 0.8));
    assert!(
        near(ring, places::ENTRY_INK, 40),
        "0901 entry ring {ring:?}"
    );
}

#[test]
fn layers_not_asked_for_are_not_drawn() {
    let (img, map, offset, _) =
        render_file(&map_path("rivoli-1797"), Some("grid,numbers"));
    // Framed whole whatever the layers.
    assert_hexes_inside(&img, &map, offset);
    assert_0201_drawn(&img, &map, offset);
    let marked = img
        .pixels()
        .filter(|p| {
            near(p.0, places::EDGE_INK, 40) || near(p.0, places::ENTRY_INK, 40)
        })
        .count();
    assert_eq!(marked, 0, "edge or entry ink without those layers");
}

#[test]
fn elevation_is_shaded_as_in_the_editor() {
    let demo = berthier_tools::project::demo_map_path();
    let (img, map, offset, _) = render_file(&demo, Some("terrain,elevation"));
    let (path, _) = berthier_tools::project::resolve_map(&demo).expect("map");
    let series = berthier_tools::project::series_for(&path, &map);
    let clear = Palette::new(series.as_ref()).terrain("clear");
    // Level 1 is a 16% wash of brown ink, level 2 twice that; level 0 none.
    for (hex, level, alpha) in
        [("0808", 0, 0.0), ("1102", 1, 0.16), ("1203", 2, 0.32)]
    {
        let data = &map.hexes[&id(hex)];
        assert_eq!(
            (data.terrain.as_deref(), data.level),
            (Some("clear"), Some(level))
        );
        let want = [0, 1, 2].map(|i| {
            let (paper, ink) =
                (f64::from(clear[i]), f64::from(scene::HIGH_INK[i]));
            (paper * (1.0 - alpha) + ink * alpha).round() as u8
        });
        let c = map.geometry().center_px(id(hex));
        let got = img
            .get_pixel((c[0] + offset[0]) as u32, (c[1] + offset[1]) as u32)
            .0;
        assert!(near(got, want, 3), "{hex}: {got:?}, want {want:?}");
    }
}

#[test]
fn ligny_is_framed_whole_with_its_edge_names() {
    let (img, map, offset, steps) = render_file(&map_path("ligny-1815"), None);
    // A big map reports each layer drawn (the scan is not one: Ligny has
    // none), then the reduction and the write.
    assert!(scene::all_hexes(&map).count() >= render::BIG_MAP_HEXES);
    let drawn = &Layer::ALL[1..];
    let mut want: Vec<Step> = drawn
        .iter()
        .enumerate()
        .map(|(i, &layer)| Step::Layer {
            layer,
            index: i + 1,
            count: drawn.len(),
        })
        .collect();
    want.extend([Step::Reducing, Step::Writing]);
    assert_eq!(steps, want);
    assert_hexes_inside(&img, &map, offset);
    assert_edge_names_inside(&img, &map, offset);
    assert_0201_drawn(&img, &map, offset);
    assert_edge_name_beyond(&img, &map, offset, 0);
    assert_edge_name_beyond(&img, &map, offset, 1);
}

#[test]
fn grid_corrections_are_drawn_where_the_grid_puts_them() {
    let demo = berthier_tools::project::demo_map_path();
    let (_, mut map) =
        berthier_tools::project::resolve_map(&demo).expect("map");
    // One measured offset moves the whole grid by it. The supersampled
    // drawing must move it by the same scan pixels (it once halved them).
    map.grid.corrections = vec![berthier_schema::correction::Correction {
        hex: id("0808"),
        offset_px: [9.0, -7.0],
    }];
    let drawn = render::render(&map, &Palette::default(), None, &[Layer::Grid]);
    let img = &drawn.image;
    for k in 0..6 {
        let corners = map.geometry().corners_px(id("0808"));
        let (a, b) = (corners[k], corners[(k + 1) % 6]);
        let mid = [0, 1].map(|i| (a[i] + b[i]) / 2.0 + drawn.offset[i]);
        let darkest = (-1..=1)
            .flat_map(|dy| (-1..=1).map(move |dx| (dx, dy)))
            .map(|(dx, dy)| {
                lum(img, [mid[0] + f64::from(dx), mid[1] + f64::from(dy)])
            })
            .fold(f64::MAX, f64::min);
        assert!(darkest < 150.0, "side {k} of 0808 not at {mid:?}");
    }
}

/// Ligny's two sheets meet along a drawn seam: one thick line per
/// hexside between a West and an East hex, each between a W28 and an E01
/// hex; a map without sheets has none.
#[test]
fn ligny_sheets_are_drawn_with_their_seam() {
    let (_, ligny) =
        berthier_tools::project::resolve_map(&map_path("ligny-1815"))
            .expect("map");
    let seams = scene::seams::seams(&ligny, &|_| true);
    // 38 rows: each W28 hex touches one or two E01 hexes (75 hexsides).
    assert_eq!(seams.len(), 2 * 38 - 1);
    let placed = ligny.geometry();
    let west = placed.center_px(id("W2810"));
    let east = placed.center_px(id("E0110"));
    for shape in &seams {
        let Shape::Line { points, .. } = shape else {
            panic!("a seam is a line");
        };
        // Every seam point lies between the two sheets' seam columns.
        assert!(points.iter().all(|p| p[0] > west[0] && p[0] < east[0]));
    }
    let (_, rivoli) =
        berthier_tools::project::resolve_map(&map_path("rivoli-1797"))
            .expect("map");
    assert!(scene::seams::seams(&rivoli, &|_| true).is_empty());
}
