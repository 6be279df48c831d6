//! Counters to PDF at true size, read by a real PDF reader (poppler's
//! `pdfinfo` and `pdftoppm`): A4 pages, a counter 16 mm square on the page
//! measured in pixels at a known resolution, and each back on the next
//! page mirrored across it, behind its front.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

use berthier_tools::counter_art::pdf::{BLEED_MM, Paper, PdfArgs, run};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// Runs a poppler tool; the test needs it (CI installs poppler-utils).
fn poppler(program: &str, args: &[&str]) -> String {
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!("{program} (Debian's poppler-utils) is needed: {e}")
        });
    assert!(out.status.success(), "{program}: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const DPI: f64 = 100.0;

fn px(mm: f64) -> f64 {
    mm / 25.4 * DPI
}

#[test]
fn counters_print_at_true_size_with_each_back_behind_its_front() {
    let tmp = tempfile::tempdir().unwrap();
    let pdf = tmp.path().join("rivoli.pdf");
    let size = 16.0;
    let args = PdfArgs {
        file: repo("counters/rivoli-1797/rivoli-1797.counters.ron"),
        out: pdf.clone(),
        size_mm: size,
        dpi: 200,
        paper: Paper::A4,
    };
    let report = run(&args).unwrap();
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]);
    assert!(
        info.contains("Page size:       595.276 x 841.89 pts (A4)"),
        "{info}"
    );
    assert!(
        info.contains(&format!("Pages:           {}", report.pages)),
        "{info}"
    );
    let prefix = tmp.path().join("page");
    poppler(
        "pdftoppm",
        &[
            "-r",
            "100",
            "-f",
            "1",
            "-l",
            "2",
            "-png",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let page = |n: u32| {
        image::open(tmp.path().join(format!("page-{n}.png")))
            .unwrap()
            .to_rgb8()
    };
    let (fronts, backs) = (page(1), page(2));
    let height_mm = 297.0;
    let first = &report.placed[0];
    let white = |p: &image::Rgb<u8>| p.0.iter().all(|c| *c > 245);
    // The pixel at `mm` from the page's bottom-left.
    let at = |img: &image::RgbImage, mm: [f64; 2]| {
        *img.get_pixel(px(mm[0]) as u32, px(height_mm - mm[1]) as u32)
    };
    for (img, corner) in [(&fronts, first.front_mm), (&backs, first.back_mm)] {
        // Inside the cut square, by its left edge: the counter's colour
        // (its middle may hold a white symbol); past the bleed: paper.
        let centre = [corner[0] + size / 2.0, corner[1] + size / 2.0];
        let inside = [corner[0] + 0.08 * size, centre[1]];
        assert!(!white(&at(img, inside)), "a counter at {corner:?}");
        let beyond = BLEED_MM + 0.6;
        for mm in [
            [corner[0] - beyond, centre[1]],
            [corner[0] + size + beyond, centre[1]],
            [centre[0], corner[1] - beyond],
            [centre[0], corner[1] + size + beyond],
        ] {
            assert!(white(&at(img, mm)), "paper at {mm:?}: {:?}", at(img, mm));
        }
        // Its coloured square, bleed included, measured along a row.
        let y = px(height_mm - centre[1]) as u32;
        let inked: Vec<u32> = (0..img.width())
            .filter(|x| !white(img.get_pixel(*x, y)))
            .filter(|x| {
                let mm = f64::from(*x) / DPI * 25.4;
                (corner[0] - 2.0..corner[0] + size + 2.0).contains(&mm)
            })
            .collect();
        let span = f64::from(inked.last().unwrap() - inked[0] + 1);
        let want = px(size + 2.0 * BLEED_MM);
        assert!((span - want).abs() <= 1.5, "{span} px, want {want:.1}");
    }
    // Behind its front: mirrored across the page.
    let back_x = 210.0 - first.front_mm[0] - size;
    assert!((first.back_mm[0] - back_x).abs() < 1e-9);
    assert_eq!(first.back_mm[1], first.front_mm[1]);
}
