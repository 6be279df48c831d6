//! A scan registered at an angle, turned upright for VASSAL. VASSAL's hex
//! grid has no rotation: its columns run straight down the board. A scan
//! photographed or scanned a few degrees off (Berthier's grid carries the
//! angle, `rotation_deg`) is resampled into the grid's unrotated frame,
//! so the same grid without its angle lies on every printed hex of the
//! new board. The board holds the whole scan: the bounding box of its
//! corners in that frame, the corners outside the scan left white.
//!
//! The grid turns about its `origin_px` (`Geometry::place`): a point `p`
//! of the upright frame shows the scan pixel `o + R(θ)(p − o)`.

use image::{Rgba, RgbaImage};

/// The scan turned upright, and the board pixel of the upright frame's
/// (0, 0), to add to the grid's origin.
pub struct Upright {
    /// The board image.
    pub image: RgbaImage,
    /// Board pixel of frame pixel (0, 0).
    pub offset: [f64; 2],
}

/// `scan`, whose grid is turned `rotation_deg` about `origin`, resampled
/// (bilinear) into the grid's upright frame.
pub fn upright(
    scan: &RgbaImage,
    rotation_deg: f64,
    origin: [f64; 2],
) -> Upright {
    let (s, c) = rotation_deg.to_radians().sin_cos();
    let (w, h) = (f64::from(scan.width()), f64::from(scan.height()));
    // The scan's corners in the upright frame: R(−θ)(q − o) + o.
    let corners = [[0.0, 0.0], [w, 0.0], [0.0, h], [w, h]].map(|q| {
        let (x, y) = (q[0] - origin[0], q[1] - origin[1]);
        [origin[0] + x * c + y * s, origin[1] - x * s + y * c]
    });
    let min = [0, 1].map(|i| {
        corners
            .iter()
            .map(|p| p[i])
            .fold(f64::INFINITY, f64::min)
            .floor()
    });
    let max = [0, 1].map(|i| {
        corners
            .iter()
            .map(|p| p[i])
            .fold(f64::NEG_INFINITY, f64::max)
            .ceil()
    });
    let size = [0, 1].map(|i| (max[i] - min[i]).max(1.0) as u32);
    let image = RgbaImage::from_fn(size[0], size[1], |bx, by| {
        // The pixel's centre in the upright frame, then on the scan.
        let (x, y) = (
            f64::from(bx) + 0.5 + min[0] - origin[0],
            f64::from(by) + 0.5 + min[1] - origin[1],
        );
        let sx = origin[0] + x * c - y * s;
        let sy = origin[1] + x * s + y * c;
        sample(scan, sx - 0.5, sy - 0.5)
    });
    Upright {
        image,
        offset: [-min[0], -min[1]],
    }
}

/// Bilinear sample of `img` at pixel coordinates `(x, y)` (pixel centres
/// at whole numbers); white outside the image.
fn sample(img: &RgbaImage, x: f64, y: f64) -> Rgba<u8> {
    const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    if x < -0.5 || y < -0.5 || x > w as f64 - 0.5 || y > h as f64 - 0.5 {
        return WHITE;
    }
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let at = |dx: i64, dy: i64| {
        let px = (x0 as i64 + dx).clamp(0, w - 1) as u32;
        let py = (y0 as i64 + dy).clamp(0, h - 1) as u32;
        img.get_pixel(px, py).0.map(f64::from)
    };
    let (a, b, cc, d) = (at(0, 0), at(1, 0), at(0, 1), at(1, 1));
    let mut out = [0u8; 4];
    for k in 0..4 {
        let top = a[k] * (1.0 - fx) + b[k] * fx;
        let bottom = cc[k] * (1.0 - fx) + d[k] * fx;
        out[k] =
            (top * (1.0 - fy) + bottom * fy).round().clamp(0.0, 255.0) as u8;
    }
    Rgba(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_of_the_scan_lands_where_the_upright_grid_puts_it() {
        // A red dot at scan pixel (70, 40) on a scan turned 10° about
        // (20, 30).
        let mut scan = RgbaImage::from_pixel(100, 80, Rgba([0, 0, 0, 255]));
        for dy in 0..3 {
            for dx in 0..3 {
                scan.put_pixel(69 + dx, 39 + dy, Rgba([255, 0, 0, 255]));
            }
        }
        let origin = [20.0, 30.0];
        let up = upright(&scan, 10.0, origin);
        // The dot's centre in the upright frame: R(−10°)(q − o) + o.
        let (s, c) = 10f64.to_radians().sin_cos();
        let (x, y) = (70.5 - origin[0], 40.5 - origin[1]);
        let p = [origin[0] + x * c + y * s, origin[1] - x * s + y * c];
        let b = [p[0] + up.offset[0], p[1] + up.offset[1]];
        let px = up.image.get_pixel(b[0] as u32, b[1] as u32);
        assert!(px[0] > 200 && px[1] < 60, "{px:?} at {b:?}");
        // The whole scan is on the board, and the corners beyond it white.
        assert!(up.image.width() > 100 && up.image.height() > 80);
        assert_eq!(*up.image.get_pixel(0, 0), Rgba([255, 255, 255, 255]));
    }
}
