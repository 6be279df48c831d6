//! Scans of any size: a bounded decode, a zoom pyramid of 512 px tiles, and
//! an on-disk tile cache keyed by the scan file's content hash.
//!
//! iced could draw a 12000×9000 image whole, but without mipmaps it aliases
//! when zoomed out and a 20000×14000 scan would cost gigabytes of textures.
//! So a large scan is decoded once (in the background), cut into tiles at
//! every power-of-two reduction, and written under the cache directory; the
//! map view then draws only the visible tiles of the level matching the
//! zoom ([`visible`]). Re-opening the same file reads the cached tiles lazily
//! and never decodes the scan again.

pub mod cache;
pub mod decode;
pub mod drawn;
pub mod preview;
pub mod prune;
pub mod pyramid;
pub mod visible;

use std::fmt;
use std::path::{Path, PathBuf};

pub use cache::TileSet;
pub use decode::Budget;
pub use drawn::{DrawCache, Pixels, Tiles};
pub use preview::Preview;

/// Side of a full tile in pixels. 512×512 RGBA is 1 MiB, below the size
/// that iced's wgpu backend (the editor's) uploads asynchronously, so tiles
/// never pop in.
pub const TILE: u32 = 512;

/// Why a scan could not be shown. Small and `Clone` so it can travel in
/// messages; it always names the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScanError {
    /// The file (or a cache file) could not be read or written.
    Io {
        /// The file at fault.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// The header claims more pixels than the budget allows; nothing was
    /// allocated for it.
    TooLarge {
        /// The scan.
        path: PathBuf,
        /// Claimed width in pixels.
        width: u32,
        /// Claimed height in pixels.
        height: u32,
        /// The budget it exceeds.
        budget: Budget,
    },
    /// Not a readable PNG, JPEG or TIFF, or the decoder hit its limits.
    Decode {
        /// The scan.
        path: PathBuf,
        /// The decoder's message.
        message: String,
    },
    /// The background work stopped on a bug (a panic).
    Failed {
        /// The scan.
        path: PathBuf,
        /// "tiling the scan failed: <panic message>".
        message: String,
    },
}

impl ScanError {
    /// The file at fault.
    pub fn path(&self) -> &Path {
        match self {
            Self::Io { path, .. }
            | Self::TooLarge { path, .. }
            | Self::Decode { path, .. }
            | Self::Failed { path, .. } => path,
        }
    }

    /// What is wrong, without the file name.
    pub fn reason(&self) -> String {
        match self {
            Self::Io { message, .. }
            | Self::Decode { message, .. }
            | Self::Failed { message, .. } => message.clone(),
            Self::TooLarge {
                width,
                height,
                budget,
                ..
            } => format!(
                "the image header claims {width}×{height} px ({:.0} Mpx); \
                 the editor opens scans up to {} px a side and {:.0} Mpx, \
                 so it was not decoded",
                *width as f64 * *height as f64 / 1e6,
                budget.max_side,
                budget.max_pixels as f64 / 1e6,
            ),
        }
    }

    pub(crate) fn io(path: &Path, e: impl fmt::Display) -> Self {
        Self::Io {
            path: path.to_owned(),
            message: e.to_string(),
        }
    }
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path().display(), self.reason())
    }
}

impl std::error::Error for ScanError {}

/// What the background build is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Hashing the file and looking for cached tiles.
    Reading,
    /// Decoding the whole scan.
    Decoding,
    /// Cutting and writing tiles.
    Tiling,
}

/// Progress of opening a tiled scan: `done` of `total` tiles written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// What is happening.
    pub stage: Stage,
    /// Tiles written so far.
    pub done: u64,
    /// Tiles in the whole pyramid.
    pub total: u64,
}

impl Progress {
    /// Whole percent done, 0–100.
    pub fn percent(&self) -> u32 {
        if self.total == 0 {
            return 0;
        }
        (self.done.min(self.total) * 100 / self.total) as u32
    }

    /// Status-bar text.
    pub fn label(&self) -> String {
        match self.stage {
            Stage::Reading => "Reading scan…".to_owned(),
            Stage::Decoding => "Decoding scan…".to_owned(),
            Stage::Tiling => {
                format!("Building scan tiles: {}%", self.percent())
            }
        }
    }
}

/// One tile: `level` 0 is full resolution, each level above halves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileKey {
    /// Pyramid level.
    pub level: u8,
    /// Column.
    pub x: u32,
    /// Row.
    pub y: u32,
}

/// The shape of a pyramid: scan size, tile size and number of levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Scan width in pixels.
    pub width: u32,
    /// Scan height in pixels.
    pub height: u32,
    /// Tile side in pixels.
    pub tile: u32,
    /// Levels, the last one a single tile.
    pub levels: u8,
}

impl Layout {
    /// The pyramid for a `width`×`height` scan with `tile` px tiles: levels
    /// until the whole scan fits in one tile. `tile` is rounded up to an
    /// even number (two halved tiles make one tile of the level above).
    pub fn new(width: u32, height: u32, tile: u32) -> Self {
        let tile = tile.max(2).next_multiple_of(2);
        let (mut w, mut h, mut levels) = (width.max(1), height.max(1), 1);
        while w > tile || h > tile {
            w = w.div_ceil(2);
            h = h.div_ceil(2);
            levels += 1;
        }
        Self {
            width,
            height,
            tile,
            levels,
        }
    }

    /// Size of a level in its own pixels (each level rounds up).
    pub fn level_size(&self, level: u8) -> (u32, u32) {
        let (mut w, mut h) = (self.width.max(1), self.height.max(1));
        for _ in 0..level {
            w = w.div_ceil(2);
            h = h.div_ceil(2);
        }
        (w, h)
    }

    /// Columns and rows of tiles in a level.
    pub fn grid(&self, level: u8) -> (u32, u32) {
        let (w, h) = self.level_size(level);
        (w.div_ceil(self.tile), h.div_ceil(self.tile))
    }

    /// A tile's rectangle `(x, y, w, h)` in its level's pixels.
    pub fn tile_rect(&self, key: TileKey) -> (u32, u32, u32, u32) {
        let (w, h) = self.level_size(key.level);
        let (x, y) = (key.x * self.tile, key.y * self.tile);
        (
            x,
            y,
            self.tile.min(w.saturating_sub(x)),
            self.tile.min(h.saturating_sub(y)),
        )
    }

    /// Tiles in all levels.
    pub fn total_tiles(&self) -> u64 {
        (0..self.levels)
            .map(|l| {
                let (nx, ny) = self.grid(l);
                u64::from(nx) * u64::from(ny)
            })
            .sum()
    }

    /// Every tile of a level, row by row.
    pub fn keys(&self, level: u8) -> impl Iterator<Item = TileKey> {
        let (nx, ny) = self.grid(level);
        (0..ny).flat_map(move |y| (0..nx).map(move |x| TileKey { level, x, y }))
    }
}
