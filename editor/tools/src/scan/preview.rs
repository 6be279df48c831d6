//! The coarse preview shown while a large scan's pyramid is being built:
//! the decoded scan reduced by a power of two (box filter, in parallel
//! bands) until it fits [`PREVIEW_SIDE`], drawn stretched over the whole
//! scan. It costs a small fraction of the decode, so the map is usable
//! right after decoding instead of after every tile is written.

use image::{DynamicImage, RgbaImage};
use rayon::prelude::*;

/// Largest side of a preview in pixels: one 2048 px texture, about 16 MB.
pub const PREVIEW_SIDE: u32 = 2048;

/// A reduced copy of a scan, to draw over the scan's full size.
#[derive(Debug, Clone)]
pub struct Preview {
    /// The reduced pixels.
    pub image: RgbaImage,
    /// How many scan pixels one preview pixel stands for, a side.
    pub factor: u32,
}

/// The power-of-two factor that brings `width`×`height` within `side`.
pub fn factor_for(width: u32, height: u32, side: u32) -> u32 {
    let mut factor = 1u32;
    while width.div_ceil(factor) > side || height.div_ceil(factor) > side {
        factor *= 2;
    }
    factor
}

/// The preview of `src`: every `factor`×`factor` block averaged (blocks at
/// the right and bottom edges average the pixels they have).
pub fn preview(src: &DynamicImage) -> Preview {
    let factor = factor_for(src.width(), src.height(), PREVIEW_SIDE);
    let image = match src {
        DynamicImage::ImageRgb8(img) => {
            reduce(img.as_raw(), src.width(), src.height(), 3, factor)
        }
        DynamicImage::ImageRgba8(img) => {
            reduce(img.as_raw(), src.width(), src.height(), 4, factor)
        }
        DynamicImage::ImageLuma8(img) => {
            reduce(img.as_raw(), src.width(), src.height(), 1, factor)
        }
        // Rarer pixel formats (16-bit, grey with alpha): the image crate's
        // own reduction, single-threaded.
        other => {
            let (w, h) =
                (src.width().div_ceil(factor), src.height().div_ceil(factor));
            other.thumbnail_exact(w, h).into_rgba8()
        }
    };
    Preview { image, factor }
}

/// Box-reduces 8-bit pixels of `channels` channels (1, 3 or 4) to RGBA.
fn reduce(
    raw: &[u8],
    width: u32,
    height: u32,
    channels: usize,
    factor: u32,
) -> RgbaImage {
    let (ow, oh) = (width.div_ceil(factor), height.div_ceil(factor));
    let (w, f) = (width as usize, factor as usize);
    let stride = w * channels;
    let mut out = vec![0u8; ow as usize * oh as usize * 4];
    out.par_chunks_mut(ow as usize * 4)
        .enumerate()
        .for_each(|(oy, row)| {
            let rows = (oy * f)..((oy + 1) * f).min(height as usize);
            let mut sums = vec![[0u32; 4]; ow as usize];
            for y in rows.clone() {
                let line = &raw[y * stride..][..stride];
                for (x, px) in line.chunks_exact(channels).enumerate() {
                    let sum = &mut sums[x / f];
                    match channels {
                        1 => add(sum, [px[0], px[0], px[0], 255]),
                        3 => add(sum, [px[0], px[1], px[2], 255]),
                        _ => add(sum, [px[0], px[1], px[2], px[3]]),
                    }
                }
            }
            for (ox, (px, sum)) in
                row.chunks_exact_mut(4).zip(&sums).enumerate()
            {
                let cols = f.min(w - ox * f) as u32;
                let count = cols * rows.len() as u32;
                for (c, out) in px.iter_mut().enumerate() {
                    *out = ((sum[c] + count / 2) / count.max(1)) as u8;
                }
            }
        });
    RgbaImage::from_raw(ow, oh, out).unwrap_or_else(|| RgbaImage::new(ow, oh))
}

fn add(sum: &mut [u32; 4], px: [u8; 4]) {
    for (s, v) in sum.iter_mut().zip(px) {
        *s += u32::from(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    #[test]
    fn a_large_scan_is_reduced_by_a_power_of_two_within_the_side() {
        assert_eq!(factor_for(20_000, 14_000, PREVIEW_SIDE), 16);
        assert_eq!(factor_for(2048, 100, PREVIEW_SIDE), 1);
        assert_eq!(factor_for(2049, 100, PREVIEW_SIDE), 2);
    }

    #[test]
    fn blocks_are_averaged_and_edge_blocks_use_what_they_have() {
        // 5×3 RGB at factor 4 (forced by a small side): two columns of
        // blocks, the second one pixel wide.
        let mut img = RgbImage::from_pixel(5, 3, Rgb([10, 20, 30]));
        img.put_pixel(0, 0, Rgb([50, 20, 30]));
        img.put_pixel(4, 1, Rgb([200, 0, 0]));
        let out = reduce(img.as_raw(), 5, 3, 3, 4);
        assert_eq!(out.dimensions(), (2, 1));
        // (50 + 11×10) / 12 = 13.3
        assert_eq!(out.get_pixel(0, 0).0, [13, 20, 30, 255]);
        // (10 + 200 + 10) / 3
        assert_eq!(out.get_pixel(1, 0).0, [73, 13, 20, 255]);
    }

    #[test]
    fn the_preview_of_a_scan_fits_and_keeps_its_colour() {
        let img = DynamicImage::ImageRgb8(RgbImage::from_pixel(
            4100,
            10,
            Rgb([200, 100, 50]),
        ));
        let p = preview(&img);
        assert_eq!(p.factor, 4);
        assert_eq!(p.image.dimensions(), (1025, 3));
        assert!(p.image.pixels().all(|px| px.0 == [200, 100, 50, 255]));
    }
}
