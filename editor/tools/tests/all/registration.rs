//! Grid registration on the demo scan, against the transform that made it
//! (not the map file's recorded grid).
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stderr)] // the tests report the errors they measure

use berthier_schema::fit::Landmark;
use berthier_schema::{Grid, HexId, Map};
use berthier_tools::palette::Palette;
use berthier_tools::project;
use berthier_tools::registration::{
    Gray, anchor, auto, max_centre_error, piecewise,
};
use berthier_tools::render::{self, scanify};
use berthier_tools::scene;

fn demo() -> (Map, Palette) {
    let (path, map) =
        project::resolve_map(&project::demo_map_path()).expect("demo map");
    let series = project::series_for(&path, &map).expect("demo series");
    (map, Palette::new(Some(&series)))
}

/// The true registration of the demo scan: the printed grid through the
/// scanify transform.
fn truth(map: &Map) -> Grid {
    let (print, size) = render::print_grid(map);
    scanify::demo_transform(size).grid(&print)
}

fn id(s: &str) -> HexId {
    s.parse().expect("id")
}

#[test]
fn auto_registration_recovers_the_demo_grid() {
    let (map, _) = demo();
    let truth = truth(&map);
    let scan = image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8();
    let gray = Gray::from_rgb(&scan);
    let lattice = auto::detect_lattice(&gray).expect("lattice");
    assert_eq!(lattice.orientation, truth.orientation);
    assert!((lattice.radius_px - truth.hex_radius_px).abs() < 0.5);
    // The designer clicks roughly on 0101 (12 px off) and names it.
    let c = truth.center_px(id("0101"));
    let anchor = Landmark {
        hex: id("0101"),
        px: [c[0] + 12.0, c[1] - 9.0],
    };
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let (_, refined) =
        auto::propose(&gray, truth.shift, anchor, &hexes).expect("proposal");
    let err = max_centre_error(&refined.fit.grid, &truth, &hexes);
    eprintln!(
        "auto: {} landmarks, rms {:.3}, max centre error {err:.3} px",
        refined.landmarks.len(),
        refined.rms()
    );
    assert!(err < 1.0, "{err}");
}

#[test]
fn three_clicks_recover_the_demo_grid() {
    let (map, _) = demo();
    let truth = truth(&map);
    // Clicks a designer could make at 4x zoom: within 0.3 px of the centre.
    let marks: Vec<Landmark> = [
        ("0101", [0.3, -0.2]),
        ("1601", [-0.25, 0.3]),
        ("0812", [0.2, 0.25]),
    ]
    .iter()
    .map(|(h, e)| {
        let c = truth.center_px(id(h));
        Landmark {
            hex: id(h),
            px: [c[0] + e[0], c[1] + e[1]],
        }
    })
    .collect();
    let fit =
        berthier_schema::fit::fit_grid(truth.orientation, truth.shift, &marks)
            .expect("fit");
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let err = max_centre_error(&fit.grid, &truth, &hexes);
    eprintln!(
        "three-point: rms {:.3}, max centre error {err:.3} px",
        fit.rms()
    );
    assert!(err < 1.0, "{err}");
}

/// A scan whose scale grows across the sheet (paper stretch): pixel `q` of
/// the result shows `warp^-1(q)` of the demo scan, with
/// `warp(p) = p + (gx * x^2 / 2W, gy * y^2 / 2H)`.
struct Drift {
    a: [f64; 2],
}

impl Drift {
    fn new(size: (u32, u32), gain: [f64; 2]) -> Self {
        Self {
            a: [
                gain[0] / (2.0 * f64::from(size.0)),
                gain[1] / (2.0 * f64::from(size.1)),
            ],
        }
    }

    fn warp(&self, p: [f64; 2]) -> [f64; 2] {
        [
            p[0] + self.a[0] * p[0] * p[0],
            p[1] + self.a[1] * p[1] * p[1],
        ]
    }

    fn unwarp(&self, q: [f64; 2]) -> [f64; 2] {
        let inv =
            |a: f64, v: f64| (-1.0 + (1.0 + 4.0 * a * v).sqrt()) / (2.0 * a);
        [inv(self.a[0], q[0]), inv(self.a[1], q[1])]
    }

    fn apply(&self, img: &image::RgbImage) -> image::RgbImage {
        image::RgbImage::from_fn(img.width(), img.height(), |x, y| {
            let p = self.unwarp([f64::from(x) + 0.5, f64::from(y) + 0.5]);
            let (sx, sy) = (
                (p[0] - 0.5).round().max(0.0) as u32,
                (p[1] - 0.5).round().max(0.0) as u32,
            );
            // Nearest neighbour is enough: the measurement averages profiles.
            *img.get_pixel(sx.min(img.width() - 1), sy.min(img.height() - 1))
        })
    }
}

#[test]
fn piecewise_correction_follows_a_drifting_scan() {
    let (map, _) = demo();
    let truth = truth(&map);
    let scan = image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8();
    let drift = Drift::new(scan.dimensions(), [0.045, 0.035]);
    let gray = Gray::from_rgb(&drift.apply(&scan));
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let true_centre = |h: HexId| drift.warp(truth.center_px(h));
    let c = true_centre(id("0101"));
    let anchor = Landmark {
        hex: id("0101"),
        px: [c[0] - 8.0, c[1] + 6.0],
    };
    let (_, refined) =
        auto::propose(&gray, truth.shift, anchor, &hexes).expect("proposal");
    let worst = |g: &Grid| {
        hexes
            .iter()
            .map(|h| {
                let (p, q) = (g.center_px(*h), true_centre(*h));
                (p[0] - q[0]).hypot(p[1] - q[1])
            })
            .fold(0.0, f64::max)
    };
    let global = worst(&refined.fit.grid);
    let bend =
        berthier_tools::registration::refine_piecewise(&gray, &refined, &hexes);
    let after = worst(&bend.grid);
    eprintln!(
        "drift: global fit off by {global:.2} px; with {} of {} corrections \
         {after:.3} px (RMS {:.2} -> {:.2} px, best gain {:.2} px)",
        bend.kept(),
        bend.candidates,
        bend.rms_before,
        bend.rms_after,
        bend.best_improvement
    );
    assert!(
        global > 1.5,
        "the drift is too weak to test anything: {global}"
    );
    assert!(after < 1.0, "{after}");
    assert!(bend.kept() > 0);
    assert!(bend.rms_after < bend.rms_before / 2.0, "{bend:?}");
}

/// The demo scan has no drift: weighing each correction adds none.
#[test]
fn bending_a_scan_without_drift_adds_no_corrections() {
    let (map, _) = demo();
    let truth = truth(&map);
    let scan = image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8();
    let gray = Gray::from_rgb(&scan);
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let c = truth.center_px(truth.origin_hex);
    let guess = Landmark {
        hex: truth.origin_hex,
        px: [c[0] + 9.0, c[1] - 6.0],
    };
    let (_, refined) =
        auto::propose(&gray, truth.shift, guess, &hexes).expect("proposal");
    let bend =
        berthier_tools::registration::refine_piecewise(&gray, &refined, &hexes);
    eprintln!(
        "no drift: {} of {} kept, best gain {:.3} px, RMS {:.3} -> {:.3}",
        bend.kept(),
        bend.candidates,
        bend.best_improvement,
        bend.rms_before,
        bend.rms_after
    );
    assert_eq!(bend.candidates, hexes.len(), "every hex was weighed");
    assert_eq!(bend.kept(), 0);
    assert!(bend.best_improvement < piecewise::MIN_IMPROVEMENT_PX);
    assert_eq!(bend.rms_before, bend.rms_after);
}

#[test]
fn clicked_landmarks_are_hit_exactly() {
    let (map, _) = demo();
    let truth = truth(&map);
    let marks: Vec<Landmark> = [
        ("0101", [2.0, -1.0]),
        ("1601", [-3.0, 1.5]),
        ("0812", [1.0, 2.5]),
        ("1612", [0.0, -2.0]),
        ("0107", [1.5, 0.5]),
    ]
    .iter()
    .map(|(h, e)| {
        let c = truth.center_px(id(h));
        Landmark {
            hex: id(h),
            px: [c[0] + e[0], c[1] + e[1]],
        }
    })
    .collect();
    let grid = Grid {
        corrections: berthier_tools::registration::piecewise::corrections(
            &truth, &marks,
        ),
        ..truth.clone()
    };
    let miss =
        berthier_tools::registration::piecewise::worst_miss(&grid, &marks);
    assert!(miss < 1e-3, "{miss}");
    // Hexes in between move smoothly: less than the largest click offset.
    let mid = grid.center_px(id("0806"));
    let t = truth.center_px(id("0806"));
    assert!((mid[0] - t[0]).hypot(mid[1] - t[1]) < 3.5);
}

#[test]
fn auto_registration_finds_pointy_turned_hexes() {
    let (mut map, palette) = demo();
    map.grid = Grid {
        orientation: berthier_schema::Orientation::Pointy,
        shift: berthier_schema::Shift::Even,
        origin_px: [70.0, 60.0],
        hex_radius_px: 26.5,
        rotation_deg: -2.5,
        ..Grid::default()
    };
    let layers = [
        scene::Layer::Terrain,
        scene::Layer::Grid,
        scene::Layer::Numbers,
    ];
    let drawn = render::render(&map, &palette, None, &layers);
    // The paper is framed round the map: the grid moves by its offset.
    map.grid.origin_px =
        [0, 1].map(|i| map.grid.origin_px[i] + drawn.offset[i]);
    let img = drawn.image;
    let gray = Gray::from_rgb(&img);
    let lattice = auto::detect_lattice(&gray).expect("lattice");
    assert_eq!(lattice.orientation, map.grid.orientation);
    assert!((lattice.radius_px - 26.5).abs() < 0.3, "{lattice:?}");
    assert!((lattice.rotation_deg + 2.5).abs() < 0.2, "{lattice:?}");
    let c = map.geometry().center_px(id("0305"));
    let anchor = Landmark {
        hex: id("0305"),
        px: [c[0] - 7.0, c[1] + 5.0],
    };
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let (_, refined) =
        auto::propose(&gray, map.grid.shift, anchor, &hexes).expect("proposal");
    let err = max_centre_error(&refined.fit.grid, &map.grid, &hexes);
    assert!(err < 1.0, "{err}");
}

#[test]
fn blank_or_tiny_images_are_refused_without_panic() {
    let blank = Gray::from_rgb(&image::RgbImage::from_pixel(
        300,
        200,
        image::Rgb([240, 235, 220]),
    ));
    assert!(auto::detect_lattice(&blank).is_err());
    let tiny = Gray::from_rgb(&image::RgbImage::new(3, 2));
    assert!(auto::detect_lattice(&tiny).is_err());
    let empty = Gray::from_rgb(&image::RgbImage::new(0, 0));
    assert!(auto::detect_lattice(&empty).is_err());
}

/// The review's case: a starting guess 60 px off (about one column) fits
/// the lattice as well as the right answer, numbered one hex off. The
/// coverage warnings show it, and one read hex renumbers it.
#[test]
fn one_landmark_fixes_a_proposal_numbered_one_hex_off() {
    let (map, _) = demo();
    let truth = truth(&map);
    let scan = image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8();
    let gray = Gray::from_rgb(&scan);
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    // The map's origin hex, guessed at (140, 110) instead of its centre.
    let guess = Landmark {
        hex: truth.origin_hex,
        px: [140.0, 110.0],
    };
    let (_, refined) =
        auto::propose(&gray, truth.shift, guess, &hexes).expect("proposal");
    let proposed = &refined.fit.grid;
    let off = max_centre_error(proposed, &truth, &hexes);
    let coverage = anchor::Coverage::new(
        proposed,
        &hexes,
        &refined.landmarks,
        [gray.width, gray.height],
    );
    eprintln!(
        "60 px off: rms {:.3}, off by {off:.1} px, {:?}",
        refined.rms(),
        coverage.warnings()
    );
    assert!(refined.rms() < 0.5, "the lattice itself fits");
    assert!(off > truth.hex_radius_px, "reproduces the wrong numbering");
    // Here the numbering is a row off: every centre is still on the scan,
    // but the row that lies beyond the printed grid cannot be measured.
    assert!(coverage.measured < coverage.inside, "{coverage:?}");
    assert_eq!(
        coverage.warnings()[0],
        format!(
            "{} of {} hexes of the extent measured",
            coverage.measured, coverage.inside
        )
    );
    // The designer reads 0508 on the scan and clicks near its centre.
    let c = truth.center_px(id("0508"));
    let read = Landmark {
        hex: id("0508"),
        px: [c[0] + 3.0, c[1] - 2.0],
    };
    let anchored = anchor::anchor(proposed, &[read]).expect("anchored");
    let err = max_centre_error(&anchored.grid, &truth, &hexes);
    eprintln!(
        "anchored by {:?}: max centre error {err:.3} px",
        anchored.delta
    );
    assert!(err < 1.0, "{err}");
    assert_ne!(anchored.was, Some(id("0508")), "the numbering moved");
    assert_eq!(anchored.grid.origin_hex, truth.origin_hex);
    // Renumbered, the measured centres all belong to the extent; the row
    // the wrong numbering put off the printed grid was never measured.
    let marks =
        anchor::renumber_marks(proposed, &refined.landmarks, anchored.delta);
    let after = anchor::Coverage::new(
        &anchored.grid,
        &hexes,
        &marks,
        [gray.width, gray.height],
    );
    eprintln!("after anchoring: {:?}", after.warnings());
    assert!(after.outside.is_empty(), "{:?}", after.outside);
    assert_eq!(after.inside, hexes.len());
    assert_eq!(after.measured, refined.landmarks.len());
}

#[test]
fn a_correct_proposal_has_no_coverage_warnings() {
    let (map, _) = demo();
    let truth = truth(&map);
    let scan = image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8();
    let gray = Gray::from_rgb(&scan);
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let c = truth.center_px(truth.origin_hex);
    let guess = Landmark {
        hex: truth.origin_hex,
        px: [c[0] + 9.0, c[1] - 6.0],
    };
    let (_, refined) =
        auto::propose(&gray, truth.shift, guess, &hexes).expect("proposal");
    let coverage = anchor::Coverage::new(
        &refined.fit.grid,
        &hexes,
        &refined.landmarks,
        [gray.width, gray.height],
    );
    assert_eq!(coverage.warnings(), Vec::<String>::new());
    assert_eq!(coverage.measured, hexes.len());
    // Anchoring on a hex it already numbers right changes nothing.
    let read = Landmark {
        hex: id("1207"),
        px: truth.center_px(id("1207")),
    };
    let anchored = anchor::anchor(&refined.fit.grid, &[read]).expect("one");
    assert_eq!(anchored.delta, hexx::Hex::ZERO);
    assert_eq!(anchored.grid.origin_hex, refined.fit.grid.origin_hex);
    let moved = max_centre_error(&anchored.grid, &refined.fit.grid, &hexes);
    assert!(moved < 1e-6, "{moved}");
}

#[test]
fn hexes_off_the_scan_are_named_by_column_and_row() {
    let (map, _) = demo();
    let truth = truth(&map);
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    // A scan cropped just left of column 16's centres and above row 12's.
    let x = truth.center_px(id("1601"))[0].min(truth.center_px(id("1612"))[0]);
    let y = hexes
        .iter()
        .filter(|h| h.row == 12)
        .map(|h| truth.center_px(*h)[1])
        .fold(f64::MAX, f64::min);
    let size = [(x - 5.0) as u32, (y - 5.0) as u32];
    let coverage = anchor::Coverage::new(&truth, &hexes, &[], size);
    let warnings = coverage.warnings();
    assert_eq!(coverage.inside, 15 * 11, "{warnings:?}");
    assert_eq!(
        warnings,
        vec![
            format!("0 of {} hexes of the extent measured", 15 * 11),
            "the grid hangs off the scan: column 16 and row 12 lie outside \
             the image"
                .to_owned(),
        ]
    );
}
