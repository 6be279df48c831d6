//! Large-scan benchmark (not a timed test):
//!
//! ```sh
//! cargo bench -p berthier-editor --bench scan                  # 20000×14000
//! BERTHIER_BENCH_SCAN=8000x6000 cargo bench -p berthier-editor --bench scan
//! ```
//!
//! Writes a deterministic scan-like picture as PNG and JPEG into a temp
//! folder, then for each file measures, in one run:
//! (a) the bare decode (`image` with no limits, no tiling);
//! (b) the first usable frame from scratch: header, hash, bounded decode
//!     and the coarse preview turned into an image handle (what the map
//!     draws while the pyramid is written);
//! (d) the pyramid done: (b), then the whole pyramid written to an empty
//!     cache and the tiles of a fit-to-window view (1200×900) read and
//!     turned into image handles;
//! (c) re-opening from the cache: header, hash, manifest, fit-view tiles.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::time::{Duration, Instant};

use berthier_editor::map_canvas::geometry::Viewport;
use berthier_editor::scan_view as view;
use berthier_tools::scan::{Budget, cache, visible};
use iced::widget::image::Handle;
use iced::{Point, Rectangle, Size};
use image::{ImageReader, Rgb, RgbImage};
use rayon::prelude::*;

fn size_from_env() -> (u32, u32) {
    let text = std::env::var("BERTHIER_BENCH_SCAN").unwrap_or_default();
    let parsed = text.split_once('x').and_then(|(w, h)| {
        Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
    });
    match parsed {
        Some((w, h)) if w > 0 && h > 0 => (w, h),
        _ => (20_000, 14_000),
    }
}

/// Paper colour, soft relief shading, a printed hex-like line grid and fine
/// grain: compresses roughly like a real scan.
fn picture(w: u32, h: u32) -> RgbImage {
    let mut raw = vec![0u8; w as usize * h as usize * 3];
    raw.par_chunks_mut(w as usize * 3)
        .enumerate()
        .for_each(|(y, row)| {
            let y = y as u32;
            for (x, px) in row.chunks_exact_mut(3).enumerate() {
                let x = x as u32;
                let relief = ((x as f32 / 700.0).sin()
                    * (y as f32 / 530.0).cos()
                    * 30.0) as i32;
                let line = x % 173 < 2 || (y + x / 2) % 150 < 2;
                let mut seed =
                    x.wrapping_mul(0x9E37_79B9) ^ y.wrapping_mul(0x85EB_CA6B);
                seed ^= seed >> 15;
                seed = seed.wrapping_mul(0x2C1B_3C6D);
                let grain = (seed >> 28) as i32 - 8;
                let base = if line { [60, 50, 40] } else { [225, 215, 185] };
                for (c, v) in px.iter_mut().enumerate() {
                    *v = (base[c] + relief + grain).clamp(0, 255) as u8;
                }
            }
        });
    RgbImage::from_raw(w, h, raw)
        .unwrap_or_else(|| RgbImage::from_pixel(w, h, Rgb([0; 3])))
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// Opens (or builds) the pyramid and makes handles for a fit-to-window
/// view; when it builds, also when the preview's handle was ready.
fn open_and_fit(source: &Path, root: &Path) -> (bool, usize, Option<Instant>) {
    let mut preview_at = None;
    let set = cache::open_or_build_previewed(
        source,
        root,
        &Budget::default(),
        &mut |_| {},
        &mut |p| {
            let (w, h) = p.image.dimensions();
            let _ = Handle::from_rgba(w, h, p.image.into_raw());
            preview_at = Some(Instant::now());
        },
    )
    .expect("pyramid");
    let from_cache = set.from_cache();
    let layout = *set.layout();
    let content = Rectangle::new(
        Point::ORIGIN,
        Size::new(layout.width as f32, layout.height as f32),
    );
    let window = Size::new(1200.0, 900.0);
    let fit = Viewport::fit(content, window);
    let level = visible::level_for_zoom(fit.zoom, layout.levels);
    let keys =
        visible::visible_tiles(&layout, level, fit.visible_scan(window), 1);
    let tiled = view::TiledScan::new(set);
    let handles = tiled.handles(&keys);
    assert_eq!(handles.len(), keys.len(), "every fit-view tile reads");
    (from_cache, keys.len(), preview_at)
}

fn dir_size(path: &Path) -> u64 {
    let Ok(entries) = std::fs::read_dir(path) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => dir_size(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

fn bench(source: &Path, scratch: &Path) {
    let mb = |b: u64| b as f64 / 1e6;
    let name = source.file_name().unwrap_or_default().to_string_lossy();
    let (_, decode) = timed(|| {
        let mut reader = ImageReader::open(source)
            .and_then(ImageReader::with_guessed_format)
            .expect("open");
        reader.no_limits();
        reader.decode().expect("decode")
    });
    let root = scratch.join(format!("cache-{name}"));
    let start = Instant::now();
    let ((built_from_cache, tiles, preview_at), done) =
        timed(|| open_and_fit(source, &root));
    assert!(!built_from_cache, "the first open builds");
    let first = preview_at.expect("a preview when building") - start;
    let ((reused, _, _), reopen) = timed(|| open_and_fit(source, &root));
    assert!(reused, "the second open reads the cache");
    let s = |d: Duration| d.as_secs_f64();
    println!(
        "{name}: file {:.0} MB, tile cache {:.0} MB, fit view {tiles} tiles",
        mb(std::fs::metadata(source).map(|m| m.len()).unwrap_or(0)),
        mb(dir_size(&root)),
    );
    println!("  (a) bare decode          {:8.2} s", s(decode));
    println!(
        "  (b) first frame, no cache {:7.2} s   b/a = {:.2}",
        s(first),
        s(first) / s(decode)
    );
    println!(
        "  (d) pyramid done          {:7.2} s   d/a = {:.2}",
        s(done),
        s(done) / s(decode)
    );
    println!(
        "  (c) re-open from cache   {:8.3} s   c/a = {:.3}",
        s(reopen),
        s(reopen) / s(decode)
    );
}

fn main() {
    let (w, h) = size_from_env();
    let scratch = tempfile::tempdir().expect("temp dir");
    println!(
        "scan benchmark: {w}×{h} px ({:.0} Mpx), {} threads",
        f64::from(w) * f64::from(h) / 1e6,
        rayon::current_num_threads()
    );
    let (img, made) = timed(|| picture(w, h));
    let png = scratch.path().join("scan.png");
    let jpeg = scratch.path().join("scan.jpg");
    let (_, wrote_png) = timed(|| img.save(&png).expect("write png"));
    let (_, wrote_jpeg) = timed(|| {
        let file = std::fs::File::create(&jpeg).expect("create jpeg");
        let mut out = std::io::BufWriter::new(file);
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(&img)
            .expect("write jpeg");
    });
    drop(img);
    println!(
        "generated in {:.1} s, PNG written in {:.1} s, JPEG in {:.1} s",
        made.as_secs_f64(),
        wrote_png.as_secs_f64(),
        wrote_jpeg.as_secs_f64()
    );
    bench(&png, scratch.path());
    bench(&jpeg, scratch.path());
}
