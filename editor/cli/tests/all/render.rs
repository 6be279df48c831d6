//! The render subcommand and the demo scan: output pixels and the grid
//! registration, checked against the transform that made the scan.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::{HexId, Map};
use berthier_tools::palette::Palette;
use berthier_tools::project;
use berthier_tools::render::{self, RenderArgs, scanify};
use berthier_tools::scene::Layer;
use image::RgbImage;

fn demo() -> (Map, Palette) {
    let (path, map) =
        project::resolve_map(&project::demo_map_path()).expect("demo map");
    let series = project::series_for(&path, &map).expect("demo series loads");
    (map, Palette::new(Some(&series)))
}

fn interior(map: &Map) -> impl Iterator<Item = HexId> + '_ {
    berthier_tools::scene::all_hexes(map)
        .filter(|h| (2..=15).contains(&h.col) && (2..=11).contains(&h.row))
}

#[test]
fn demo_registration_matches_the_scan_transform() {
    let (map, _) = demo();
    let (print, size) = render::print_grid(&map);
    let t = scanify::demo_transform(size);
    let mut worst = 0.0f64;
    for h in berthier_tools::scene::all_hexes(&map) {
        let expected = t.apply(print.center_px(h));
        let recorded = map.geometry().center_px(h);
        worst = worst
            .max((expected[0] - recorded[0]).hypot(expected[1] - recorded[1]));
    }
    assert!(
        worst < 1.0,
        "grid centres off the printed centres by {worst:.3} px"
    );
}

/// Luminance at a fractional pixel position (bilinear).
fn lum_at(img: &RgbImage, p: [f64; 2]) -> f64 {
    let (x, y) = (p[0] - 0.5, p[1] - 0.5);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let at = |dx: u32, dy: u32| {
        let px = img.get_pixel(x0 as u32 + dx, y0 as u32 + dy).0;
        px.iter().map(|v| f64::from(*v)).sum::<f64>() / 3.0
    };
    let top = at(0, 0) * (1.0 - fx) + at(1, 0) * fx;
    let bottom = at(0, 1) * (1.0 - fx) + at(1, 1) * fx;
    top * (1.0 - fy) + bottom * fy
}

/// Where the printed line crosses the normal through `mid`: the centroid
/// of darkness along the normal, as a signed distance from `mid`.
fn line_offset(img: &RgbImage, mid: [f64; 2], normal: [f64; 2]) -> f64 {
    let samples: Vec<(f64, f64)> = (-24..=24)
        .map(|i| {
            let t = f64::from(i) * 0.25;
            (
                t,
                lum_at(img, [mid[0] + normal[0] * t, mid[1] + normal[1] * t]),
            )
        })
        .collect();
    // Paper brightness from both ends of the profile (grain is smooth).
    let ends = samples.iter().take(4).chain(samples.iter().rev().take(4));
    let paper = ends.map(|s| s.1).sum::<f64>() / 8.0;
    let (mut st, mut sw) = (0.0, 0.0);
    for (t, lum) in samples {
        let w = (paper - lum).max(0.0);
        (st, sw) = (st + t * w, sw + w);
    }
    st / sw
}

/// Offset of the printed hex centre from `hex`'s recorded centre: opposite
/// hexsides are found along their normals (at their midpoints, away from
/// junctions), and each pair's mean shift gives the offset along it.
fn printed_centre_offset(img: &RgbImage, map: &Map, hex: HexId) -> [f64; 2] {
    let c = map.geometry().center_px(hex);
    let corners = map.geometry().corners_px(hex);
    let mut o = [0.0; 2];
    for k in 0..3 {
        let mid = |i: usize| {
            let (a, b) = (corners[i % 6], corners[(i + 1) % 6]);
            [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0]
        };
        let (m, opposite) = (mid(k), mid(k + 3));
        let len = (m[0] - c[0]).hypot(m[1] - c[1]);
        let n = [(m[0] - c[0]) / len, (m[1] - c[1]) / len];
        let along = (line_offset(img, m, n)
            - line_offset(img, opposite, [-n[0], -n[1]]))
            / 2.0;
        // Three normals 60 degrees apart: least squares is 2/3 of the sum.
        o = [
            o[0] + along * n[0] * 2.0 / 3.0,
            o[1] + along * n[1] * 2.0 / 3.0,
        ];
    }
    o
}

#[test]
fn printed_hex_centres_in_the_scan_sit_on_the_recorded_grid() {
    let (map, palette) = demo();
    // Grid lines only, so no number or road crosses a measured hexside.
    let (scan, _) = render::scan_of(&map, &palette, &[Layer::Grid], 7);
    let mut worst = 0.0f64;
    for h in interior(&map) {
        let o = printed_centre_offset(&scan, &map, h);
        worst = worst.max(o[0].hypot(o[1]));
    }
    assert!(
        worst < 1.0,
        "printed centres off the recorded grid by {worst:.3} px"
    );
}

#[test]
fn the_centre_measurement_sees_a_one_pixel_error() {
    let (mut map, palette) = demo();
    let (scan, _) = render::scan_of(&map, &palette, &[Layer::Grid], 7);
    map.grid.origin_px[0] += 1.5;
    let o = printed_centre_offset(&scan, &map, "0707".parse().expect("id"));
    assert!((o[0] + 1.5).abs() < 0.3 && o[1].abs() < 0.3, "{o:?}");
}

#[test]
fn committed_demo_scan_is_what_the_renderer_makes() {
    let (map, palette) = demo();
    let layers = [
        Layer::Terrain,
        Layer::Hexsides,
        Layer::Roads,
        Layer::Grid,
        Layer::Numbers,
        Layer::Names,
    ];
    let (fresh, _) =
        render::scan_of(&map, &palette, &layers, render::DEMO_SEED);
    let committed = image::open(render::demo_scan_path())
        .expect("demo scan")
        .into_rgb8();
    assert_eq!(committed.dimensions(), fresh.dimensions());
    assert!(
        committed == fresh,
        "maps/demo/demo-scan.png is stale: regenerate it (see editor/README.md)"
    );
    let bytes = std::fs::metadata(render::demo_scan_path())
        .expect("size")
        .len();
    assert!(bytes < 1_500_000, "{bytes} bytes");
}

/// The demo rendered with `layers`, and the image pixel of its scan pixel
/// (0, 0).
fn render_to_temp(layers: &str) -> (RgbImage, [f64; 2]) {
    let out = std::env::temp_dir().join(format!(
        "berthier-render-{}-{layers}.png",
        std::process::id()
    ));
    let args = berthier_tools_cli::render::parse_args(&[
        project::demo_map_path().display().to_string(),
        "--out".into(),
        out.display().to_string(),
        "--layers".into(),
        layers.into(),
    ])
    .expect("args");
    let report = render::run(&args).expect("render runs");
    let img = image::open(&out).expect("png written").into_rgb8();
    assert_eq!(report.size, [img.width(), img.height()]);
    std::fs::remove_file(&out).expect("clean up");
    (img, report.offset)
}

fn close(a: [u8; 3], b: [u8; 3], tolerance: i32) -> bool {
    a.iter()
        .zip(b)
        .all(|(x, y)| (i32::from(*x) - i32::from(y)).abs() <= tolerance)
}

#[test]
fn render_paints_series_colours_at_hex_centres() {
    let (map, palette) = demo();
    let (img, offset) = render_to_temp("terrain");
    for (hex, terrain) in [
        ("1403", "lake"),
        ("0303", "woods"),
        ("0506", "town"),
        ("0808", "clear"),
    ] {
        let id: HexId = hex.parse().expect("id");
        assert_eq!(map.hexes[&id].terrain.as_deref(), Some(terrain));
        let c = map.geometry().center_px(id);
        let (x, y) = (c[0] + offset[0], c[1] + offset[1]);
        let got = img.get_pixel(x as u32, y as u32).0;
        assert!(close(got, palette.terrain(terrain), 2), "{hex}: {got:?}");
    }
}

#[test]
fn render_over_the_scan_keeps_its_size_and_draws_lines_on_hexsides() {
    let (map, _) = demo();
    let (img, offset) = render_to_temp("scan,grid");
    assert_eq!(offset, [0.0, 0.0], "over a scan, its own pixels");
    let scan = image::open(render::demo_scan_path()).expect("scan");
    assert_eq!(img.dimensions(), (scan.width(), scan.height()));
    let id: HexId = "0808".parse().expect("id");
    let corners = map.geometry().corners_px(id);
    let mid = [
        (corners[0][0] + corners[1][0]) / 2.0,
        (corners[0][1] + corners[1][1]) / 2.0,
    ];
    let line = img.get_pixel(mid[0] as u32, mid[1] as u32).0;
    assert!(
        line.iter().all(|v| *v < 120),
        "no grid line at {mid:?}: {line:?}"
    );
}

#[test]
fn bad_arguments_are_explained() {
    let err = |args: &[&str]| {
        berthier_tools_cli::render::parse_args(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
        .expect_err("bad")
        .to_string()
    };
    assert!(err(&["m.map.ron"]).contains("--out"));
    assert!(
        err(&["m.map.ron", "--out", "x.png", "--layers", "grid,hills"])
            .contains("hills")
    );
    assert!(err(&["--out", "x.png"]).contains("FILE"));
    let ok = berthier_tools_cli::render::parse_args(&[
        "m.map.ron".into(),
        "-o".into(),
        "x.png".into(),
        "--scanify".into(),
    ])
    .expect("ok");
    assert_eq!(
        ok,
        RenderArgs {
            input: "m.map.ron".into(),
            out: "x.png".into(),
            layers: None,
            scanify: true
        }
    );
}

#[test]
fn usage_lists_every_layer_on_a_line_of_its_own() {
    let usage = render::usage();
    for layer in Layer::ALL {
        let lines: Vec<&str> = usage
            .lines()
            .filter(|l| l.split_whitespace().next() == Some(layer.name()))
            .collect();
        assert_eq!(lines.len(), 1, "{}: {lines:?}", layer.name());
        assert!(lines[0].contains(layer.about()), "{}", lines[0]);
    }
    for name in ["elevation", "entries", "edges", "names", "grid"] {
        assert!(Layer::from_name(name).is_some(), "no layer {name}");
    }
}

/// Runs the real binary; its exit code, stdout and stderr.
fn binary(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_berthier-tools"))
        .args(args)
        .output()
        .expect("binary runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn help_and_bad_arguments_show_the_layers() {
    let usage = render::usage();
    for help in [&["--help"][..], &["render", "--help"], &["render", "-h"]] {
        let (code, out, _) = binary(help);
        assert_eq!(code, Some(0), "{help:?}");
        assert!(out.contains(&usage), "{help:?}: {out}");
    }
    let (_, out, _) = binary(&["--help"]);
    assert!(out.contains("Usage: berthier-tools <COMMAND>"), "{out}");
    let (_, out, _) = binary(&["render", "--help"]);
    assert!(
        out.contains("berthier-tools render") && out.contains("--scanify"),
        "{out}"
    );
    let (code, _, err) = binary(&["render", "m.map.ron", "--bogus"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--bogus") && err.contains(&usage), "{err}");
    let (code, _, err) =
        binary(&["render", "m.map.ron", "--out", "x.png", "--layers", "hills"]);
    assert_eq!(code, Some(2));
    let first = err.lines().next().unwrap_or_default();
    assert!(first.contains("`hills`"), "{first}");
    for layer in Layer::ALL {
        assert!(first.contains(layer.name()), "{first}");
    }
}

#[test]
fn scanify_without_layers_still_makes_the_committed_demo_scan() {
    // The default layers grew editor marks (elevation, edges, entries);
    // `--scanify` keeps printing what a printed map shows.
    let out = std::env::temp_dir()
        .join(format!("berthier-scanify-{}.png", std::process::id()));
    let args = berthier_tools_cli::render::parse_args(&[
        project::demo_map_path().display().to_string(),
        "--out".into(),
        out.display().to_string(),
        "--scanify".into(),
    ])
    .expect("args");
    render::run(&args).expect("scanify runs");
    let fresh = image::open(&out).expect("png written").into_rgb8();
    std::fs::remove_file(&out).expect("clean up");
    let committed = image::open(render::demo_scan_path())
        .expect("demo scan")
        .into_rgb8();
    assert!(committed == fresh, "--scanify's default layers changed");
}
