//! Which tiles of a pyramid a view needs: the level for a zoom, the tiles
//! a rectangle of the scan covers, and where a tile lies on the scan.

use super::{Layout, TileKey};

/// The level to draw at `zoom` screen px per scan px: the coarsest one
/// still at least 1 screen px per level px, i.e. `floor(log2(1 / zoom))`,
/// clamped to the pyramid.
pub fn level_for_zoom(zoom: f32, levels: u8) -> u8 {
    if !zoom.is_finite() || zoom <= 0.0 || levels == 0 {
        return 0;
    }
    let level = (1.0 / zoom).log2().floor();
    level.clamp(0.0, f32::from(levels - 1)) as u8
}

/// The tiles of `level` that intersect `rect` (scan px, corners as given
/// by `Viewport::visible_scan`), grown by `margin` tiles on every side.
pub fn visible_tiles(
    layout: &Layout,
    level: u8,
    rect: [[f64; 2]; 2],
    margin: u32,
) -> Vec<TileKey> {
    let level = level.min(layout.levels.saturating_sub(1));
    let span = f64::from(layout.tile) * f64::from(1u32 << level);
    let (nx, ny) = layout.grid(level);
    let range = |lo: f64, hi: f64, n: u32| {
        let first = (lo.min(hi) / span).floor() - f64::from(margin);
        let last = (lo.max(hi) / span).ceil() + f64::from(margin);
        let first = first.clamp(0.0, f64::from(n)) as u32;
        let last = last.clamp(0.0, f64::from(n)) as u32;
        first..last
    };
    let xs = range(rect[0][0], rect[1][0], nx);
    let ys = range(rect[0][1], rect[1][1], ny);
    ys.flat_map(|y| xs.clone().map(move |x| TileKey { level, x, y }))
        .collect()
}

/// Where a tile lies on the scan, in scan px: `(x, y, w, h)`.
pub fn tile_on_scan(layout: &Layout, key: TileKey) -> [f64; 4] {
    let (x, y, w, h) = layout.tile_rect(key);
    let s = f64::from(1u32 << key.level);
    let scan = |v: u32| f64::from(v) * s;
    // The last row or column of a level may stand for less than `s` scan
    // px per level px (levels round up); clamp to the scan.
    let right = scan(x + w).min(f64::from(layout.width));
    let bottom = scan(y + h).min(f64::from(layout.height));
    [scan(x), scan(y), right - scan(x), bottom - scan(y)]
}
