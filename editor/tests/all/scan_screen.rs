//! A map with a large scan: it opens at once with the scan pending, the
//! status bar shows the tiling progress, and once the pyramid is ready the
//! scan layer draws its tiles (checked in a tiny-skia snapshot).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::scan_view::{self as view, Event};
use berthier_editor::screen::map::{MapScreen, Message};
use berthier_tools::project::{self, ScanImage};
use berthier_tools::scan::{Budget, Progress, Stage};
use iced::futures::{StreamExt, executor::block_on};
use iced::{Size, Theme};
use iced_test::simulator;
use image::{Rgba, RgbaImage};

const RED: [u8; 4] = [230, 20, 20, 255];

/// The demo map copied next to a 4600×3400 plain red scan (over the
/// 4096 px a side drawn whole).
fn big_scan_map(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(project::demo_map_path()).expect("demo");
    let map = dir.join("big.map.ron");
    std::fs::write(&map, text).expect("write map");
    RgbaImage::from_pixel(4600, 3400, Rgba(RED))
        .save(dir.join("demo-scan.png"))
        .expect("write scan");
    map
}

fn send(screen: &mut MapScreen, m: Message) {
    let (_task, event) = screen.update(m);
    assert!(event.is_none());
}

#[test]
fn a_large_scan_is_tiled_in_the_background_with_progress() {
    let dir = tempfile::tempdir().expect("temp dir");
    let opened = project::open(&big_scan_map(dir.path())).expect("opens");
    let scan = opened.scan.clone().expect("scan");
    assert_eq!((scan.width, scan.height), (4600, 3400));
    assert!(matches!(scan.image, ScanImage::Pending));
    let mut screen = MapScreen::new(opened);
    send(
        &mut screen,
        Message::Canvas(Canvas::Resized(Size::new(1000.0, 700.0))),
    );
    assert!(
        screen.viewport().zoom < 0.25,
        "fits the scan, not the hexes"
    );

    let halfway = Progress {
        stage: Stage::Tiling,
        done: 37,
        total: 100,
    };
    send(&mut screen, Message::Scan(Event::Progress(halfway)));
    assert_eq!(
        screen.scan_status().as_deref(),
        Some("Building scan tiles: 37%")
    );
    simulator(screen.view())
        .find("Building scan tiles: 37%")
        .expect("status bar");

    let events: Vec<Event> = block_on(
        view::open_in_background(
            &scan.path,
            dir.path().join("cache"),
            Budget::default(),
        )
        .collect(),
    );
    assert!(events.len() >= 3, "{events:?}");
    let (done, steps) = events.split_last().expect("events");
    for e in steps {
        send(&mut screen, Message::Scan(e.clone()));
    }
    // Decoded, the tiles still being written: the preview is drawn.
    assert!(matches!(
        screen.opened().scan.as_ref().map(|s| &s.image),
        Some(ScanImage::Preview(_))
    ));
    assert!(red_share(&screen, dir.path(), "preview") > 0.2);
    send(&mut screen, Message::Scan(done.clone()));
    assert_eq!(screen.scan_status(), None);
    let Some(ScanImage::Tiled(tiled)) =
        screen.opened().scan.as_ref().map(|s| &s.image)
    else {
        panic!("tiled: {:?}", screen.opened().warnings);
    };
    assert_eq!(tiled.set.layout().levels, 5);

    // The fitted view draws level 2 (zoom about 0.2) in red.
    assert!(red_share(&screen, dir.path(), "tiled") > 0.2);
    let kept = view::tiled(tiled).expect("tile handles").kept();
    assert!(kept > 0 && kept <= 12, "{kept}");
}

/// The share of the screen's pixels drawn in the scan's red.
fn red_share(screen: &MapScreen, dir: &std::path::Path, name: &str) -> f64 {
    let snap = simulator(screen.view())
        .snapshot(&Theme::Light)
        .expect("snapshot");
    // A first snapshot is written, not compared: read it back.
    assert!(snap.matches_image(dir.join(name)).expect("png"));
    let shot = image::open(dir.join(format!("{name}-tiny-skia.png")))
        .expect("snapshot png")
        .into_rgba8();
    let red = shot
        .pixels()
        .filter(|p| p[0] > 200 && p[1] < 60 && p[2] < 60)
        .count();
    red as f64 / shot.pixels().len() as f64
}

#[test]
fn a_panic_while_tiling_ends_in_a_warning_not_a_stuck_progress_bar() {
    let dir = tempfile::tempdir().expect("temp dir");
    let opened = project::open(&big_scan_map(dir.path())).expect("opens");
    let path = opened.scan.clone().expect("scan").path;
    let mut screen = MapScreen::new(opened);
    let events: Vec<Event> = block_on(
        view::tile_in_background(&path, |report| {
            report(Progress {
                stage: Stage::Tiling,
                done: 37,
                total: 100,
            });
            panic!("tile 3 out of range");
        })
        .collect(),
    );
    assert_eq!(events.len(), 2, "{events:?}");
    let mut events = events.into_iter();
    send(&mut screen, Message::Scan(events.next().expect("progress")));
    assert_eq!(
        screen.scan_status().as_deref(),
        Some("Building scan tiles: 37%")
    );
    send(&mut screen, Message::Scan(events.next().expect("done")));
    assert_eq!(screen.scan_status(), None, "progress cleared");
    let warnings = &screen.opened().warnings;
    assert!(
        warnings.iter().any(|w| w.starts_with("scan: ")
            && w.ends_with(": tiling the scan failed: tile 3 out of range")),
        "{warnings:?}"
    );
}

#[test]
fn a_scan_over_budget_warns_and_the_map_still_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = big_scan_map(dir.path());
    // A PNG signature and a valid IHDR claiming 100000×100000, an empty IDAT.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend(100_000u32.to_be_bytes());
    png.extend(100_000u32.to_be_bytes());
    png.extend([8, 6, 0, 0, 0]);
    png.extend(0xa852_0bc8_u32.to_be_bytes()); // the chunk's CRC
    png.extend(b"\0\0\0\0IDAT\x35\xaf\x06\x1e"); // an empty IDAT
    std::fs::write(dir.path().join("demo-scan.png"), png).expect("write");
    let opened = project::open(&map).expect("opens");
    assert!(opened.scan.is_none());
    let warning = opened.warnings.iter().find(|w| w.starts_with("scan:"));
    let warning = warning.expect("a scan warning");
    assert!(warning.contains("100000×100000"), "{warning}");
}
