//! The zoom pyramid: level 0 is the scan cut into tiles; each level above
//! is the level below halved with a 2×2 box filter (a mipmap). Tiles are
//! built in parallel a row at a time, and only the halved copies of the
//! level below are kept in memory (a quarter of it), never a whole level.

use image::{DynamicImage, RgbaImage, imageops};
use rayon::prelude::*;

use super::{Layout, Progress, ScanError, Stage, TileKey};

/// Halves an image with a 2×2 box filter, rounding to nearest; an odd last
/// row or column is averaged with itself.
pub fn half(img: &RgbaImage) -> RgbaImage {
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 {
        return img.clone();
    }
    let (hw, hh) = (w.div_ceil(2), h.div_ceil(2));
    let (w, h) = (w as usize, h as usize);
    let src = img.as_raw();
    let stride = w * 4;
    let mut out = vec![0u8; hw as usize * hh as usize * 4];
    for (oy, row) in out.chunks_exact_mut(hw as usize * 4).enumerate() {
        let r0 = &src[2 * oy * stride..][..stride];
        let r1 = &src[(2 * oy + 1).min(h - 1) * stride..][..stride];
        for (ox, px) in row.chunks_exact_mut(4).enumerate() {
            let x0 = 2 * ox * 4;
            let x1 = (2 * ox + 1).min(w - 1) * 4;
            for (c, out) in px.iter_mut().enumerate() {
                let sum = u16::from(r0[x0 + c])
                    + u16::from(r0[x1 + c])
                    + u16::from(r1[x0 + c])
                    + u16::from(r1[x1 + c]);
                *out = ((sum + 2) / 4) as u8;
            }
        }
    }
    RgbaImage::from_raw(hw, hh, out).unwrap_or_else(|| RgbaImage::new(hw, hh))
}

/// A level-0 tile, cut from the decoded scan.
fn cut(src: &DynamicImage, layout: &Layout, key: TileKey) -> RgbaImage {
    let (x, y, w, h) = layout.tile_rect(key);
    src.crop_imm(x, y, w, h).into_rgba8()
}

/// A tile above level 0, from the halved tiles of the level below
/// (`below` row by row, `below_grid` columns and rows).
fn assemble(
    below: &[RgbaImage],
    below_grid: (u32, u32),
    layout: &Layout,
    key: TileKey,
) -> RgbaImage {
    let (_, _, w, h) = layout.tile_rect(key);
    let mut out = RgbaImage::new(w, h);
    let step = i64::from(layout.tile / 2);
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let (bx, by) = (2 * key.x + dx, 2 * key.y + dy);
        if bx >= below_grid.0 || by >= below_grid.1 {
            continue;
        }
        let index = (by * below_grid.0 + bx) as usize;
        if let Some(part) = below.get(index) {
            imageops::replace(
                &mut out,
                part,
                i64::from(dx) * step,
                i64::from(dy) * step,
            );
        }
    }
    out
}

/// Builds every tile of `layout` from `src` and hands each to `sink` (which
/// may run on several threads at once). `progress` hears after every row
/// of tiles; the first error from `sink` stops the build.
pub fn build<S>(
    src: &DynamicImage,
    layout: &Layout,
    sink: &S,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), ScanError>
where
    S: Fn(TileKey, &RgbaImage) -> Result<(), ScanError> + Sync,
{
    let total = layout.total_tiles();
    let mut done = 0;
    let report = |done| Progress {
        stage: Stage::Tiling,
        done,
        total,
    };
    progress(report(0));
    let mut below: Vec<RgbaImage> = Vec::new();
    let mut below_grid = (0, 0);
    for level in 0..layout.levels {
        let grid = layout.grid(level);
        let top = level + 1 == layout.levels;
        let mut halves = Vec::with_capacity((grid.0 * grid.1) as usize);
        for y in 0..grid.1 {
            let row = (0..grid.0)
                .into_par_iter()
                .map(|x| {
                    let key = TileKey { level, x, y };
                    let tile = if level == 0 {
                        cut(src, layout, key)
                    } else {
                        assemble(&below, below_grid, layout, key)
                    };
                    sink(key, &tile)?;
                    Ok(if top {
                        RgbaImage::new(0, 0)
                    } else {
                        half(&tile)
                    })
                })
                .collect::<Result<Vec<_>, ScanError>>()?;
            halves.extend(row);
            done += u64::from(grid.0);
            progress(report(done));
        }
        below = halves;
        below_grid = grid;
    }
    Ok(())
}
