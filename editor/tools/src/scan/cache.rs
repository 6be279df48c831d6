//! The on-disk tile cache: `<root>/<hash>/L<level>/<x>_<y>.jpg` (or `.png`
//! for a scan with transparency) plus a `manifest` written last, where
//! `<hash>` is the xxh3-128 of the scan file's bytes. Opaque scans are
//! tiled as JPEG (quality 90): a fraction of an RGBA PNG's size and
//! faster to write, and a display cache need not be lossless, the scan
//! itself being left untouched. A pyramid is valid when its manifest parses, matches the
//! scan's header and format version, and every tile file is there; anything
//! else is rebuilt. Every file is written to a temporary name and renamed,
//! so a crash never leaves a half-written tile under its real name.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::{
    DynamicImage, ExtendedColorType, ImageEncoder, ImageError, ImageFormat,
    ImageReader,
};
use image::{Limits, RgbaImage};
use xxhash_rust::xxh3::Xxh3;

use super::preview::Preview;
use super::{Budget, Layout, Progress, ScanError, Stage, TILE, TileKey};
use crate::folders::Folder;

/// Bumped whenever the tile files or manifest change meaning.
pub const FORMAT_VERSION: u32 = 2;

/// JPEG quality of opaque tiles: no visible loss at 100% zoom on printed
/// maps, a tenth of the RGBA PNG's size.
const JPEG_QUALITY: u8 = 90;

/// How a pyramid's tiles are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileFormat {
    /// JPEG: opaque scans.
    Jpeg,
    /// PNG (RGBA): scans with transparency, which JPEG cannot keep.
    Png,
}

impl TileFormat {
    /// The format for tiles of `image`.
    pub fn for_image(image: &DynamicImage) -> Self {
        match image.color().has_alpha() {
            true => Self::Png,
            false => Self::Jpeg,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Jpeg => "jpeg",
            Self::Png => "png",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Self::Jpeg => "jpg",
            Self::Png => "png",
        }
    }

    fn image_format(self) -> ImageFormat {
        match self {
            Self::Jpeg => ImageFormat::Jpeg,
            Self::Png => ImageFormat::Png,
        }
    }
}

const MANIFEST: &str = "manifest";
const MAGIC: &str = "berthier-tiles";

/// Where pyramids live: `$BERTHIER_CACHE_DIR` if set, else `tiles` under
/// the platform's cache folder (`$XDG_CACHE_HOME/berthier/tiles` or
/// `~/.cache/berthier/tiles` on Linux, `~/Library/Caches/berthier/tiles` on
/// macOS, `%LOCALAPPDATA%\berthier\cache\tiles` on Windows; see
/// [`crate::folders`]), else `berthier/tiles` under the temporary folder.
pub fn default_root() -> PathBuf {
    let var = |name: &str| std::env::var_os(name);
    if let Some(dir) = var(Folder::Cache.variable()).filter(|v| !v.is_empty()) {
        return PathBuf::from(dir);
    }
    Folder::Cache
        .dir_from(|_| None)
        .unwrap_or_else(|| std::env::temp_dir().join("berthier"))
        .join("tiles")
}

/// The cache key of a file: xxh3-128 of its bytes, as 32 hex digits.
pub fn hash_file(path: &Path) -> Result<String, ScanError> {
    let mut file = File::open(path).map_err(|e| ScanError::io(path, e))?;
    let mut hasher = Xxh3::new();
    let mut buf = vec![0; 1 << 20];
    loop {
        let n = file.read(&mut buf).map_err(|e| ScanError::io(path, e))?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(format!("{:032x}", hasher.digest128()))
}

/// A pyramid on disk, ready to read tiles from.
#[derive(Debug, Clone)]
pub struct TileSet {
    dir: PathBuf,
    layout: Layout,
    format: TileFormat,
    from_cache: bool,
}

impl TileSet {
    /// Its shape.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Its folder (`<root>/<hash>`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Whether it was found in the cache rather than built.
    pub fn from_cache(&self) -> bool {
        self.from_cache
    }

    /// How its tiles are stored.
    pub fn format(&self) -> TileFormat {
        self.format
    }

    /// The file of a tile.
    pub fn tile_path(&self, key: TileKey) -> PathBuf {
        tile_path(&self.dir, key, self.format)
    }

    /// The manifest file.
    pub fn manifest_path(&self) -> PathBuf {
        self.dir.join(MANIFEST)
    }

    /// Reads one tile. A tile that is missing, unreadable or the wrong
    /// size invalidates the pyramid, so the next open rebuilds it.
    pub fn load(&self, key: TileKey) -> Result<RgbaImage, ScanError> {
        let path = self.tile_path(key);
        let loaded = read_tile(&path, self.layout.tile, self.format);
        let (_, _, w, h) = self.layout.tile_rect(key);
        let checked = loaded.and_then(|img| {
            if img.dimensions() == (w, h) {
                Ok(img)
            } else {
                Err(ScanError::Decode {
                    path: path.clone(),
                    message: format!(
                        "cached tile is {:?}, expected {w}×{h}",
                        img.dimensions()
                    ),
                })
            }
        });
        if checked.is_err() {
            self.invalidate();
        }
        checked
    }

    /// Forgets the pyramid: removes its manifest so it is rebuilt.
    pub fn invalidate(&self) {
        let _ = fs::remove_file(self.manifest_path());
    }
}

fn tile_path(dir: &Path, key: TileKey, format: TileFormat) -> PathBuf {
    dir.join(format!("L{}", key.level)).join(format!(
        "{}_{}.{}",
        key.x,
        key.y,
        format.extension()
    ))
}

fn read_tile(
    path: &Path,
    tile: u32,
    format: TileFormat,
) -> Result<RgbaImage, ScanError> {
    let mut reader =
        ImageReader::open(path).map_err(|e| ScanError::io(path, e))?;
    reader.set_format(format.image_format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(tile);
    limits.max_image_height = Some(tile);
    reader.limits(limits);
    reader
        .decode()
        .map(image::DynamicImage::into_rgba8)
        .map_err(|e| ScanError::Decode {
            path: path.to_owned(),
            message: e.to_string(),
        })
}

/// Writes a file under a temporary name, then renames it into place.
/// `write`'s error is the image crate's, which also carries plain I/O
/// errors (shown as they are).
fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<(), ImageError>,
) -> Result<(), ScanError> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_extension(format!("tmp-{}-{n}", std::process::id()));
    let result = File::create(&tmp)
        .map_err(ImageError::IoError)
        .and_then(|file| {
            let mut out = BufWriter::new(file);
            write(&mut out)?;
            out.flush().map_err(ImageError::IoError)
        })
        .and_then(|()| fs::rename(&tmp, path).map_err(ImageError::IoError));
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        ScanError::Io {
            path: path.to_owned(),
            message: e.to_string(),
        }
    })
}

/// Writes one tile: JPEG without its (opaque) alpha, or a fast-compressed
/// PNG.
pub fn write_tile(
    dir: &Path,
    key: TileKey,
    tile: &RgbaImage,
    format: TileFormat,
) -> Result<(), ScanError> {
    let path = tile_path(dir, key, format);
    let (w, h) = tile.dimensions();
    write_atomic(&path, |out| match format {
        TileFormat::Png => PngEncoder::new(out).write_image(
            tile.as_raw(),
            w,
            h,
            ExtendedColorType::Rgba8,
        ),
        TileFormat::Jpeg => {
            let rgb: Vec<u8> = tile
                .as_raw()
                .chunks_exact(4)
                .flat_map(|px| [px[0], px[1], px[2]])
                .collect();
            JpegEncoder::new_with_quality(out, JPEG_QUALITY).write_image(
                &rgb,
                w,
                h,
                ExtendedColorType::Rgb8,
            )
        }
    })
}

fn manifest_text(layout: &Layout, format: TileFormat) -> String {
    format!(
        "{MAGIC} {FORMAT_VERSION}\nwidth {}\nheight {}\ntile {}\nlevels {}\nformat {}\n",
        layout.width,
        layout.height,
        layout.tile,
        layout.levels,
        format.name()
    )
}

/// Reads a manifest; `None` when missing, from another format version, or
/// not what `manifest_text` writes.
fn read_manifest(dir: &Path) -> Option<(Layout, TileFormat)> {
    let text = fs::read_to_string(dir.join(MANIFEST)).ok()?;
    let mut lines = text.lines();
    if lines.next()? != format!("{MAGIC} {FORMAT_VERSION}") {
        return None;
    }
    let mut field = |name: &str| -> Option<u32> {
        let (key, value) = lines.next()?.split_once(' ')?;
        (key == name).then(|| value.parse().ok())?
    };
    let (width, height) = (field("width")?, field("height")?);
    let (tile, levels) = (field("tile")?, field("levels")?);
    let format = match lines.next()? {
        "format jpeg" => TileFormat::Jpeg,
        "format png" => TileFormat::Png,
        _ => return None,
    };
    let layout = Layout::new(width, height, tile);
    (u32::from(layout.levels) == levels && layout.tile == tile)
        .then_some((layout, format))
}

/// The cached pyramid in `dir` if it is whole and matches the scan's size.
fn cached(dir: &Path, size: (u32, u32)) -> Option<(Layout, TileFormat)> {
    let (layout, format) = read_manifest(dir)?;
    if (layout.width, layout.height) != size {
        return None;
    }
    let whole = (0..layout.levels).flat_map(|l| layout.keys(l)).all(|k| {
        fs::metadata(tile_path(dir, k, format))
            .is_ok_and(|m| m.is_file() && m.len() > 0)
    });
    whole.then_some((layout, format))
}

/// Opens the pyramid of `source` from the cache under `root`, or decodes
/// the scan (within `budget`) and builds it there. `progress` hears about
/// each stage and every row of tiles.
pub fn open_or_build(
    source: &Path,
    root: &Path,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
) -> Result<TileSet, ScanError> {
    open_or_build_previewed(source, root, budget, progress, &mut |_| {})
}

/// [`open_or_build`], handing `preview` a coarse copy of the scan as soon
/// as it is decoded, before the pyramid is written (not when the pyramid
/// comes from the cache: its tiles then read at once). A successful open
/// marks the pyramid as just used, for [`super::prune`].
pub fn open_or_build_previewed(
    source: &Path,
    root: &Path,
    budget: &Budget,
    progress: &mut dyn FnMut(Progress),
    preview: &mut dyn FnMut(Preview),
) -> Result<TileSet, ScanError> {
    let stage = |stage| Progress {
        stage,
        done: 0,
        total: 0,
    };
    progress(stage(Stage::Reading));
    let size = super::decode::probe(source, budget)?;
    let dir = root.join(hash_file(source)?);
    if let Some((layout, format)) = cached(&dir, size) {
        super::prune::touch(&dir.join(MANIFEST));
        return Ok(TileSet {
            dir,
            layout,
            format,
            from_cache: true,
        });
    }
    let _ = fs::remove_file(dir.join(MANIFEST));
    progress(stage(Stage::Decoding));
    let image = super::decode::decode(source, budget)?;
    preview(super::preview::preview(&image));
    let layout = Layout::new(image.width(), image.height(), TILE);
    let format = TileFormat::for_image(&image);
    for level in 0..layout.levels {
        let folder = dir.join(format!("L{level}"));
        fs::create_dir_all(&folder).map_err(|e| ScanError::io(&folder, e))?;
    }
    let sink = |key, tile: &RgbaImage| write_tile(&dir, key, tile, format);
    super::pyramid::build(&image, &layout, &sink, progress)?;
    drop(image);
    let text = manifest_text(&layout, format);
    write_atomic(&dir.join(MANIFEST), |out| {
        out.write_all(text.as_bytes()).map_err(ImageError::IoError)
    })?;
    Ok(TileSet {
        dir,
        layout,
        format,
        from_cache: false,
    })
}

/// The manifest's file name in a pyramid's folder.
pub(crate) const MANIFEST_FILE: &str = MANIFEST;
