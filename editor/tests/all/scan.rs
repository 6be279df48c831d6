//! Large scans: bounded decoding, the tile pyramid, the on-disk cache,
//! level choice and tile culling.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use berthier_editor::scan_view::{self as view, Event};
use berthier_tools::scan::visible;
use berthier_tools::scan::{
    Budget, Layout, Progress, ScanError, Stage, TILE, TileKey, cache, decode,
    pyramid,
};
use image::{DynamicImage, Rgba, RgbaImage};

/// A deterministic test picture with detail in every channel.
fn pattern(w: u32, h: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let v = x.wrapping_mul(7) ^ y.wrapping_mul(13);
        Rgba([(x % 251) as u8, (y % 241) as u8, (v % 256) as u8, 255])
    })
}

fn save_png(dir: &Path, name: &str, img: &RgbaImage) -> PathBuf {
    let path = dir.join(name);
    img.save(&path).expect("save test png");
    path
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend((data.len() as u32).to_be_bytes());
    let mut body = kind.to_vec();
    body.extend(data);
    out.extend(&body);
    out.extend(crc32(&body).to_be_bytes());
}

/// A PNG whose (valid) IHDR claims `w`×`h` RGBA, followed by a bogus IDAT.
fn lying_png(w: u32, h: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(w.to_be_bytes());
    ihdr.extend(h.to_be_bytes());
    ihdr.extend([8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", b"not zlib data at all");
    chunk(&mut out, b"IEND", b"");
    out
}

/// A little-endian baseline TIFF whose IFD claims `w`×`h` grey pixels.
fn lying_tiff(w: u32, h: u32) -> Vec<u8> {
    let mut out = b"II*\0".to_vec();
    out.extend(8u32.to_le_bytes());
    // (tag, type, value): type 3 = SHORT, 4 = LONG.
    let entries: [(u16, u16, u32); 9] = [
        (256, 4, w),
        (257, 4, h),
        (258, 3, 8),
        (259, 3, 1),
        (262, 3, 1),
        (273, 4, 8 + 2 + 9 * 12 + 4),
        (277, 3, 1),
        (278, 4, h),
        (279, 4, 16),
    ];
    out.extend((entries.len() as u16).to_le_bytes());
    for (tag, kind, value) in entries {
        out.extend(tag.to_le_bytes());
        out.extend(kind.to_le_bytes());
        out.extend(1u32.to_le_bytes());
        if kind == 3 {
            out.extend((value as u16).to_le_bytes());
            out.extend([0, 0]);
        } else {
            out.extend(value.to_le_bytes());
        }
    }
    out.extend(0u32.to_le_bytes());
    out.extend([0u8; 16]);
    out
}

fn assert_refused(path: &Path) {
    let budget = Budget::default();
    for result in [
        decode::probe(path, &budget).map(|_| ()),
        decode::decode(path, &budget).map(|_| ()),
    ] {
        let e = result.expect_err("a 100000×100000 header is refused");
        assert!(
            matches!(
                e,
                ScanError::TooLarge {
                    width: 100_000,
                    height: 100_000,
                    ..
                }
            ),
            "{e:?}"
        );
        let text = e.to_string();
        assert!(text.contains("100000×100000"), "{text}");
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("32768 px a side"), "{text}");
    }
}

#[test]
fn a_png_header_claiming_100000_square_is_refused_before_decoding() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.png");
    std::fs::write(&path, lying_png(100_000, 100_000)).expect("write");
    assert_refused(&path);
}

#[test]
fn a_tiff_header_claiming_100000_square_is_refused_before_decoding() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("huge.tif");
    std::fs::write(&path, lying_tiff(100_000, 100_000)).expect("write");
    assert_refused(&path);
}

#[test]
fn a_lying_header_within_budget_fails_cleanly_in_the_decoder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("liar.png");
    std::fs::write(&path, lying_png(3000, 2000)).expect("write");
    assert_eq!(decode::probe(&path, &Budget::default()), Ok((3000, 2000)));
    let e = decode::decode(&path, &Budget::default()).expect_err("bogus");
    assert!(matches!(e, ScanError::Decode { .. }), "{e:?}");
    let small = Budget {
        max_side: 1000,
        max_pixels: 1_000_000,
    };
    let e = decode::probe(&path, &small).expect_err("over a small budget");
    assert!(matches!(e, ScanError::TooLarge { .. }), "{e:?}");
}

#[test]
fn not_an_image_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("notes.dat");
    std::fs::write(&path, "just text").expect("write");
    let e = decode::probe(&path, &Budget::default()).expect_err("text");
    assert!(e.to_string().contains("not a PNG, JPEG or TIFF"), "{e}");
    // With an image extension the format comes from the name and the
    // decoder says what is wrong.
    let named = dir.path().join("notes.png");
    std::fs::write(&named, "just text").expect("write");
    let e = decode::probe(&named, &Budget::default()).expect_err("text");
    assert!(matches!(e, ScanError::Decode { .. }), "{e:?}");
    assert!(e.to_string().contains("notes.png"), "{e}");
    let missing = dir.path().join("missing.png");
    let e = decode::probe(&missing, &Budget::default()).expect_err("missing");
    assert!(matches!(e, ScanError::Io { .. }), "{e:?}");
}

#[test]
fn half_averages_two_by_two_blocks_and_repeats_odd_edges() {
    let img = RgbaImage::from_fn(3, 3, |x, y| {
        let v = (y * 3 + x) as u8 * 10;
        Rgba([v, 255 - v, 0, 255])
    });
    let h = pyramid::half(&img);
    assert_eq!(h.dimensions(), (2, 2));
    // (0 + 10 + 30 + 40) / 4 = 20; last column (20, 20, 50, 50) -> 35.
    assert_eq!(h.get_pixel(0, 0)[0], 20);
    assert_eq!(h.get_pixel(1, 0)[0], 35);
    // Bottom right is pixel 80 alone.
    assert_eq!(h.get_pixel(1, 1)[0], 80);
    assert_eq!(h.get_pixel(1, 1)[1], 175);
}

type Tiles = HashMap<TileKey, RgbaImage>;

fn build_in_memory(
    img: &RgbaImage,
    tile: u32,
) -> (Layout, Tiles, Vec<Progress>) {
    let (w, h) = img.dimensions();
    let layout = Layout::new(w, h, tile);
    let tiles = Mutex::new(HashMap::new());
    let sink = |k: TileKey, t: &RgbaImage| {
        tiles.lock().expect("lock").insert(k, t.clone());
        Ok(())
    };
    let mut seen = Vec::new();
    let src = DynamicImage::ImageRgba8(img.clone());
    pyramid::build(&src, &layout, &sink, &mut |p| seen.push(p)).expect("build");
    (layout, tiles.into_inner().expect("lock"), seen)
}

fn reassemble(layout: &Layout, tiles: &Tiles, level: u8) -> RgbaImage {
    let (w, h) = layout.level_size(level);
    let mut out = RgbaImage::new(w, h);
    for key in layout.keys(level) {
        let (x, y, tw, th) = layout.tile_rect(key);
        let tile = &tiles[&key];
        assert_eq!(tile.dimensions(), (tw, th), "{key:?}");
        image::imageops::replace(&mut out, tile, x.into(), y.into());
    }
    out
}

#[test]
fn pyramid_levels_halve_until_one_tile_and_reassemble() {
    let img = pattern(37, 23);
    let (layout, tiles, progress) = build_in_memory(&img, 8);
    assert_eq!(layout.levels, 4);
    let sizes: Vec<_> = (0..4).map(|l| layout.level_size(l)).collect();
    assert_eq!(sizes, [(37, 23), (19, 12), (10, 6), (5, 3)]);
    assert_eq!(tiles.len() as u64, layout.total_tiles());
    assert_eq!(layout.grid(0), (5, 3));
    assert_eq!(layout.grid(3), (1, 1));
    // Level 0 is the picture itself.
    assert_eq!(reassemble(&layout, &tiles, 0), img);
    // Each level is the box-filtered level below.
    for level in 1..layout.levels {
        let below = reassemble(&layout, &tiles, level - 1);
        assert_eq!(
            reassemble(&layout, &tiles, level),
            pyramid::half(&below),
            "level {level}"
        );
    }
    let last = progress.last().expect("progress");
    assert_eq!(
        (last.done, last.total),
        (layout.total_tiles(), layout.total_tiles())
    );
    assert_eq!(last.stage, Stage::Tiling);
    assert_eq!(last.percent(), 100);
    assert!(progress.windows(2).all(|w| w[0].done <= w[1].done));
}

#[test]
fn pyramid_keeps_the_mean_colour() {
    let img = RgbaImage::from_fn(64, 32, |x, _| {
        Rgba([if x % 2 == 0 { 0 } else { 200 }, 50, 0, 255])
    });
    let (layout, tiles, _) = build_in_memory(&img, 16);
    let top = &tiles[&TileKey {
        level: layout.levels - 1,
        x: 0,
        y: 0,
    }];
    assert!(top.pixels().all(|p| p.0 == [100, 50, 0, 255]), "{top:?}");
}

#[test]
fn level_follows_the_zoom() {
    let cases = [
        (8.0, 0),
        (1.0, 0),
        (0.9, 0),
        (0.5, 1),
        (0.3, 1),
        (0.25, 2),
        (0.06, 4),
        (0.001, 6),
        (f32::NAN, 0),
        (0.0, 0),
    ];
    for (zoom, level) in cases {
        assert_eq!(visible::level_for_zoom(zoom, 7), level, "zoom {zoom}");
    }
}

#[test]
fn only_tiles_near_the_view_are_drawn() {
    let layout = Layout::new(20_000, 14_000, TILE);
    assert_eq!(layout.levels, 7);
    let keys = |level, rect, margin| {
        visible::visible_tiles(&layout, level, rect, margin)
    };
    let corner = [[0.0, 0.0], [1000.0, 800.0]];
    assert_eq!(keys(0, corner, 0).len(), 4);
    assert_eq!(keys(0, corner, 1).len(), 9);
    // A view in the middle at level 2 (4 scan px per level px).
    let middle = [[8000.0, 6000.0], [12_000.0, 9000.0]];
    let got = keys(2, middle, 0);
    assert!(got.iter().all(|k| k.level == 2));
    let xs: Vec<u32> = got.iter().map(|k| k.x).collect();
    assert_eq!((xs.iter().min(), xs.iter().max()), (Some(&3), Some(&5)));
    // Fit to a window: the whole scan at level 4 is 3×2 tiles.
    let whole = [[-500.0, -300.0], [20_500.0, 14_300.0]];
    assert_eq!(keys(4, whole, 1).len(), 6);
    assert!(keys(0, [[-5000.0, -5000.0], [-2000.0, -2000.0]], 1).is_empty());
    // The last tile of a level is clamped to the scan.
    let last = TileKey {
        level: 6,
        x: 0,
        y: 0,
    };
    assert_eq!(
        visible::tile_on_scan(&layout, last),
        [0.0, 0.0, 20_000.0, 14_000.0]
    );
}

struct Built {
    _dir: tempfile::TempDir,
    root: PathBuf,
    source: PathBuf,
    img: RgbaImage,
}

fn scan_file(w: u32, h: u32) -> Built {
    let dir = tempfile::tempdir().expect("temp dir");
    let img = pattern(w, h);
    let source = save_png(dir.path(), "scan.png", &img);
    Built {
        root: dir.path().join("cache"),
        source,
        img,
        _dir: dir,
    }
}

fn open(b: &Built, seen: &mut Vec<Progress>) -> cache::TileSet {
    cache::open_or_build(&b.source, &b.root, &Budget::default(), &mut |p| {
        seen.push(p)
    })
    .expect("open")
}

fn mtimes(set: &cache::TileSet) -> Vec<std::time::SystemTime> {
    let layout = *set.layout();
    let paths: Vec<PathBuf> = (0..layout.levels)
        .flat_map(|l| layout.keys(l))
        .map(|k| set.tile_path(k))
        .collect();
    paths
        .iter()
        .map(|p| {
            std::fs::metadata(p)
                .and_then(|m| m.modified())
                .expect("mtime")
        })
        .collect()
}

#[test]
fn the_cache_is_reused_on_reopen_without_rewriting() {
    let b = scan_file(1100, 700);
    let mut seen = Vec::new();
    let first = open(&b, &mut seen);
    assert!(!first.from_cache());
    assert_eq!(first.layout().levels, 3);
    assert!(first.dir().starts_with(&b.root));
    assert!(seen.iter().any(|p| p.stage == Stage::Decoding));
    let last = seen.last().expect("progress");
    assert_eq!(last.done, last.total);
    let before = mtimes(&first);

    let mut again = Vec::new();
    let second = open(&b, &mut again);
    assert!(second.from_cache());
    assert_eq!(second.dir(), first.dir());
    assert!(again.iter().all(|p| p.stage == Stage::Reading), "{again:?}");
    assert_eq!(mtimes(&second), before, "no tile is rewritten");
    assert_eq!(
        second.format(),
        cache::TileFormat::Png,
        "the scan has alpha"
    );
    // Level 0 tiles read back are the scan's pixels.
    let key = TileKey {
        level: 0,
        x: 2,
        y: 1,
    };
    let tile = second.load(key).expect("tile");
    let (x, y, w, h) = second.layout().tile_rect(key);
    assert_eq!(
        tile,
        image::imageops::crop_imm(&b.img, x, y, w, h).to_image()
    );
}

#[test]
fn a_corrupt_tile_or_manifest_is_rebuilt() {
    let b = scan_file(1100, 700);
    let first = open(&b, &mut Vec::new());
    let key = TileKey {
        level: 1,
        x: 1,
        y: 0,
    };
    let good = first.load(key).expect("tile");
    std::fs::write(first.tile_path(key), b"garbage").expect("corrupt");
    // Reading it fails without a panic and forgets the pyramid.
    assert!(first.load(key).is_err());
    assert!(!first.manifest_path().exists());
    let rebuilt = open(&b, &mut Vec::new());
    assert!(!rebuilt.from_cache());
    assert_eq!(rebuilt.load(key).expect("tile"), good);

    std::fs::write(rebuilt.manifest_path(), "berthier-tiles 1\nwidth x")
        .expect("w");
    assert!(!open(&b, &mut Vec::new()).from_cache());
    std::fs::write(rebuilt.tile_path(key), b"").expect("truncate");
    assert!(!open(&b, &mut Vec::new()).from_cache());
    assert!(open(&b, &mut Vec::new()).from_cache());
}

#[test]
fn tile_handles_are_kept_in_a_bounded_lru() {
    let b = scan_file(1100, 700);
    let tiled = view::TiledScan::new(open(&b, &mut Vec::new()));
    let layout = *tiled.tiles().layout();
    let all: Vec<TileKey> =
        (0..layout.levels).flat_map(|l| layout.keys(l)).collect();
    let got = tiled.handles(&all);
    assert_eq!(got.len(), all.len());
    assert_eq!(tiled.kept(), all.len());
    // Asking again hands out the same handles (no re-read, same texture).
    let again = tiled.handles(&all[..2]);
    assert_eq!(again[0].1.id(), got[0].1.id());
}

#[test]
fn background_opening_reports_progress_then_the_tiles() {
    use iced::futures::{StreamExt, executor::block_on};
    let b = scan_file(1100, 700);
    let events: Vec<Event> = block_on(
        view::open_in_background(&b.source, b.root.clone(), Budget::default())
            .collect(),
    );
    let (last, progress) = events.split_last().expect("events");
    let Event::Done(path, Ok(tiled)) = last else {
        panic!("{last:?}");
    };
    assert_eq!(path, &b.source);
    assert_eq!(tiled.set.layout().levels, 3);
    let percents: Vec<u32> = progress
        .iter()
        .filter_map(|e| match e {
            Event::Progress(p) if p.stage == Stage::Tiling => Some(p.percent()),
            _ => None,
        })
        .collect();
    assert_eq!(percents.last(), Some(&100));
    assert!(percents.windows(2).all(|w| w[0] < w[1]), "{percents:?}");
}

#[test]
fn an_opaque_scan_shows_a_preview_first_and_is_tiled_as_jpeg() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rgb = image::DynamicImage::ImageRgba8(pattern(1100, 700)).to_rgb8();
    let source = dir.path().join("scan.png");
    rgb.save(&source).expect("save");
    let root = dir.path().join("cache");
    let mut order = Vec::new();
    let set = {
        let order = std::cell::RefCell::new(&mut order);
        cache::open_or_build_previewed(
            &source,
            &root,
            &Budget::default(),
            &mut |p| order.borrow_mut().push(format!("{:?}", p.stage)),
            &mut |p| {
                let size = p.image.dimensions();
                order.borrow_mut().push(format!("preview {size:?}"))
            },
        )
        .expect("open")
    };
    // The preview comes after decoding and before any tile is written;
    // 1100 px fit the preview's side, so it is the scan itself.
    let at = order.iter().position(|s| s.starts_with("preview"));
    assert_eq!(order[at.expect("a preview")], "preview (1100, 700)");
    assert_eq!(order[at.expect("a preview") - 1], "Decoding", "{order:?}");
    assert_eq!(order[at.expect("a preview") + 1], "Tiling", "{order:?}");
    assert_eq!(set.format(), cache::TileFormat::Jpeg);
    let key = TileKey {
        level: 0,
        x: 1,
        y: 1,
    };
    assert!(set.tile_path(key).to_string_lossy().ends_with("1_1.jpg"));
    // JPEG is lossy: the tile stays close to the scan's pixels.
    let tile = set.load(key).expect("tile");
    let (x, y, w, h) = set.layout().tile_rect(key);
    let want = image::imageops::crop_imm(&rgb, x, y, w, h).to_image();
    let diff: u64 = tile
        .pixels()
        .zip(want.pixels())
        .map(|(a, b)| (0..3).map(|c| a[c].abs_diff(b[c]) as u64).sum::<u64>())
        .sum();
    let mean = diff as f64 / (3.0 * f64::from(w * h));
    assert!(mean < 12.0, "mean difference {mean}");
}
