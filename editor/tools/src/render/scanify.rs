//! Makes a clean rendering look scanned: a slight rotation and scale, a
//! little blur, paper grain. The transform is kept so the grid registration
//! of the result can be computed exactly, not guessed.

use berthier_schema::Grid;
use image::{Rgb, RgbImage};

use super::raster::PAPER;

/// A similarity transform from print pixels to scan pixels:
/// `scan = centre_out + shift + scale * rot(degrees) * (print - centre_in)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScanTransform {
    /// Clockwise rotation on the scan (y down), in degrees.
    pub degrees: f64,
    /// Scan pixels per print pixel.
    pub scale: f64,
    /// Extra offset in scan pixels (the sheet not centred on the glass).
    pub shift: [f64; 2],
    /// Print image size.
    pub input: [u32; 2],
    /// Scan image size.
    pub output: [u32; 2],
}

/// The demo's scan: printed at twice its scan resolution (for anti-aliased
/// edges), then turned 0.6 degrees, as a sheet never lies square on glass.
pub fn demo_transform(input: [u32; 2]) -> ScanTransform {
    let scale = 0.5;
    ScanTransform {
        degrees: 0.6,
        scale,
        shift: [6.25, -4.5],
        input,
        output: input.map(|v| (f64::from(v) * scale).round() as u32),
    }
}

impl ScanTransform {
    fn centres(&self) -> ([f64; 2], [f64; 2]) {
        let half = |v: [u32; 2]| [f64::from(v[0]) / 2.0, f64::from(v[1]) / 2.0];
        (half(self.input), half(self.output))
    }

    /// Scan pixel of a print pixel.
    pub fn apply(&self, p: [f64; 2]) -> [f64; 2] {
        let (ci, co) = self.centres();
        let (s, c) = self.degrees.to_radians().sin_cos();
        let (x, y) = ((p[0] - ci[0]) * self.scale, (p[1] - ci[1]) * self.scale);
        [
            co[0] + self.shift[0] + x * c - y * s,
            co[1] + self.shift[1] + x * s + y * c,
        ]
    }

    /// Print pixel of a scan pixel.
    pub fn invert(&self, q: [f64; 2]) -> [f64; 2] {
        let (ci, co) = self.centres();
        let (s, c) = self.degrees.to_radians().sin_cos();
        let (x, y) =
            (q[0] - co[0] - self.shift[0], q[1] - co[1] - self.shift[1]);
        [
            ci[0] + (x * c + y * s) / self.scale,
            ci[1] + (-x * s + y * c) / self.scale,
        ]
    }

    /// The registration of the printed grid `print` on the scan.
    pub fn grid(&self, print: &Grid) -> Grid {
        Grid {
            origin_px: self.apply(print.origin_px),
            hex_radius_px: print.hex_radius_px * self.scale,
            rotation_deg: print.rotation_deg + self.degrees,
            ..print.clone()
        }
    }

    /// Resamples `print` through the transform (bilinear; outside the sheet
    /// is paper).
    pub fn resample(&self, print: &RgbImage) -> RgbImage {
        let mut out =
            RgbImage::from_pixel(self.output[0], self.output[1], PAPER);
        for (x, y, px) in out.enumerate_pixels_mut() {
            let p = self.invert([f64::from(x) + 0.5, f64::from(y) + 0.5]);
            if let Some(c) = bilinear(print, p[0] - 0.5, p[1] - 0.5) {
                *px = c;
            }
        }
        out
    }
}

fn bilinear(img: &RgbImage, x: f64, y: f64) -> Option<Rgb<u8>> {
    let (x0, y0) = (x.floor(), y.floor());
    if x0 < 0.0 || y0 < 0.0 {
        return None;
    }
    let (ix, iy) = (x0 as u32, y0 as u32);
    if ix + 1 >= img.width() || iy + 1 >= img.height() {
        return None;
    }
    let (fx, fy) = (x - x0, y - y0);
    let at = |dx, dy| img.get_pixel(ix + dx, iy + dy).0.map(f64::from);
    let (a, b, c, d) = (at(0, 0), at(1, 0), at(0, 1), at(1, 1));
    let mut out = [0u8; 3];
    for i in 0..3 {
        let top = a[i] + (b[i] - a[i]) * fx;
        let bottom = c[i] + (d[i] - c[i]) * fx;
        out[i] = (top + (bottom - top) * fy).round() as u8;
    }
    Some(Rgb(out))
}

/// A small deterministic generator (SplitMix64), so the demo scan is the
/// same bytes on every machine without a `rand` dependency.
pub struct SplitMix(u64);

impl SplitMix {
    /// Seeded.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// Uniform in [-1, 1).
    pub fn next_signed(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }
}

/// Slight blur, then paper grain: a coarse lattice of brightness changes
/// (the paper) and a faint per-pixel grain (the sensor). Coarse grain keeps
/// the PNG small; per-pixel noise would not compress.
pub fn age(img: &RgbImage, seed: u64) -> RgbImage {
    const CELL: u32 = 24;
    let mut out = image::imageops::blur(img, 0.6);
    let mut rng = SplitMix::new(seed);
    let (cw, ch) = (out.width() / CELL + 2, out.height() / CELL + 2);
    let lattice: Vec<f64> =
        (0..cw * ch).map(|_| rng.next_signed() * 7.0).collect();
    let at = |cx: u32, cy: u32| lattice[(cy * cw + cx) as usize];
    for (x, y, px) in out.enumerate_pixels_mut() {
        let (gx, gy) = (
            f64::from(x) / f64::from(CELL),
            f64::from(y) / f64::from(CELL),
        );
        let (cx, cy) = (gx as u32, gy as u32);
        let (fx, fy) = (gx.fract(), gy.fract());
        let top = at(cx, cy) + (at(cx + 1, cy) - at(cx, cy)) * fx;
        let bottom =
            at(cx, cy + 1) + (at(cx + 1, cy + 1) - at(cx, cy + 1)) * fx;
        let fine = if rng.next_signed() > 0.9 {
            rng.next_signed() * 6.0
        } else {
            0.0
        };
        let delta = top + (bottom - top) * fy + fine;
        for v in &mut px.0 {
            *v = (f64::from(*v) + delta).round().clamp(0.0, 255.0) as u8;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invert_undoes_apply() {
        let t = demo_transform([2000, 1600]);
        let p = [123.4, 987.6];
        let back = t.invert(t.apply(p));
        assert!((back[0] - p[0]).abs() < 1e-9 && (back[1] - p[1]).abs() < 1e-9);
    }
}
