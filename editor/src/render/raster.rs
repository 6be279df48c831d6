//! A tiny software rasteriser for scene shapes: polygon fills, round-capped
//! lines with coverage anti-aliasing, and text through `ab_glyph`. Enough
//! for a map print; not a general 2D library.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage};

use crate::scene::{Px, Shape};

/// Fira Sans Regular (SIL OFL 1.1, see `assets/FiraSans-OFL.txt`).
pub const FONT_BYTES: &[u8] =
    include_bytes!("../../assets/FiraSans-Regular.ttf");

/// Draws one shape onto `img` (scan pixels = image pixels).
pub fn draw(img: &mut RgbImage, font: &FontRef<'_>, shape: &Shape) {
    match shape {
        Shape::Fill {
            points,
            colour,
            alpha,
        } => fill_polygon(img, points, *colour, *alpha),
        Shape::Line {
            points,
            width,
            colour,
        } => {
            for pair in points.windows(2) {
                line(img, pair[0], pair[1], *width, *colour);
            }
        }
        Shape::Text {
            at,
            size,
            text,
            colour,
        } => draw_text(img, font, *at, *size, text, *colour),
    }
}

fn blend(img: &mut RgbImage, x: i64, y: i64, colour: [u8; 3], alpha: f64) {
    if x < 0 || y < 0 || alpha <= 0.0 {
        return;
    }
    let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
        return;
    };
    if x >= img.width() || y >= img.height() {
        return;
    }
    let a = alpha.min(1.0);
    let p = img.get_pixel_mut(x, y);
    for (dst, src) in p.0.iter_mut().zip(colour) {
        *dst = (f64::from(*dst) * (1.0 - a) + f64::from(src) * a).round() as u8;
    }
}

/// Integer pixel range covering `lo..hi` (scan pixels), clamped to `max`.
fn span(lo: f64, hi: f64, max: u32) -> std::ops::Range<i64> {
    let a = (lo.floor() as i64).max(0);
    let b = (hi.ceil() as i64 + 1).min(i64::from(max));
    a..b
}

/// Fills a polygon with opacity `alpha`, sampling each pixel centre
/// (even-odd rule). Hard edges are fine: grid lines and blur cover them.
pub fn fill_polygon(
    img: &mut RgbImage,
    points: &[Px],
    colour: [u8; 3],
    alpha: f64,
) {
    let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
    for p in points {
        lo = [lo[0].min(p[0]), lo[1].min(p[1])];
        hi = [hi[0].max(p[0]), hi[1].max(p[1])];
    }
    for y in span(lo[1], hi[1], img.height()) {
        for x in span(lo[0], hi[0], img.width()) {
            if inside(points, [x as f64 + 0.5, y as f64 + 0.5]) {
                blend(img, x, y, colour, alpha);
            }
        }
    }
}

fn inside(poly: &[Px], p: Px) -> bool {
    let mut odd = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            odd = !odd;
        }
        j = i;
    }
    odd
}

/// A round-capped segment; each pixel's coverage comes from its distance
/// to the segment, which anti-aliases the edges.
pub fn line(img: &mut RgbImage, a: Px, b: Px, width: f64, colour: [u8; 3]) {
    let half = width / 2.0;
    let pad = half + 1.0;
    let xs = span(a[0].min(b[0]) - pad, a[0].max(b[0]) + pad, img.width());
    for y in span(a[1].min(b[1]) - pad, a[1].max(b[1]) + pad, img.height()) {
        for x in xs.clone() {
            let d = distance_to_segment([x as f64 + 0.5, y as f64 + 0.5], a, b);
            blend(img, x, y, colour, (half + 0.5 - d).clamp(0.0, 1.0));
        }
    }
}

fn distance_to_segment(p: Px, a: Px, b: Px) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy)
}

/// Line spacing of multi-line text, in ems (iced's default, so a label
/// written one letter a line is as tall here as in the window).
const LINE_HEIGHT: f64 = 1.3;

/// Each line of `text` centred on `at` (the block of lines centred
/// vertically), `size` pixels to the em: where each line's middle goes and
/// its width.
fn layout_lines<'t>(
    font: &FontRef<'_>,
    at: Px,
    size: f64,
    text: &'t str,
) -> Vec<(&'t str, Px, f64)> {
    let scaled = font.as_scaled(PxScale::from(size as f32));
    let lines: Vec<&str> = text.split('\n').collect();
    let first = at[1] - (lines.len() - 1) as f64 * LINE_HEIGHT * size / 2.0;
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| {
            let width: f32 = line
                .chars()
                .map(|c| scaled.h_advance(font.glyph_id(c)))
                .sum();
            let y = first + i as f64 * LINE_HEIGHT * size;
            (line, [at[0], y], f64::from(width))
        })
        .collect()
}

/// The box `draw_text` may ink (each line's advance width, from the
/// font's ascent to its descent), as its top-left and bottom-right corners.
pub fn text_box(font: &FontRef<'_>, at: Px, size: f64, text: &str) -> [Px; 2] {
    let scaled = font.as_scaled(PxScale::from(size as f32));
    let (ascent, descent) =
        (f64::from(scaled.ascent()), f64::from(scaled.descent()));
    let (mut lo, mut hi) = (at, at);
    for (_, mid, width) in layout_lines(font, at, size, text) {
        let baseline = mid[1] + ascent * f64::from(CAP) / 2.0;
        lo = [
            lo[0].min(mid[0] - width / 2.0),
            lo[1].min(baseline - ascent),
        ];
        hi = [
            hi[0].max(mid[0] + width / 2.0),
            hi[1].max(baseline - descent),
        ];
    }
    [lo, hi]
}

/// Cap height as a share of the ascent: text is centred on its capitals
/// (and digits), not on the full ascent-descent box.
const CAP: f32 = 0.7;

/// Text centred on `at`, `size` pixels to the em; `\n` starts a new line.
pub fn draw_text(
    img: &mut RgbImage,
    font: &FontRef<'_>,
    at: Px,
    size: f64,
    text: &str,
    colour: [u8; 3],
) {
    for line in layout_lines(font, at, size, text) {
        draw_line_of_text(img, font, size, line, colour);
    }
}

fn draw_line_of_text(
    img: &mut RgbImage,
    font: &FontRef<'_>,
    size: f64,
    (text, at, width): (&str, Px, f64),
    colour: [u8; 3],
) {
    let scale = PxScale::from(size as f32);
    let scaled = font.as_scaled(scale);
    let cap = scaled.ascent() * CAP;
    // The width was summed in f32: halving it there keeps single-line text
    // on exactly the pixels it always had (the demo scan is compared
    // byte for byte).
    let mut x = at[0] as f32 - width as f32 / 2.0;
    let baseline = at[1] as f32 + cap / 2.0;
    for c in text.chars() {
        let id = font.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, point(x, baseline));
        x += scaled.h_advance(id);
        let Some(outlined) = font.outline_glyph(glyph) else {
            continue;
        };
        let b = outlined.px_bounds();
        outlined.draw(|gx, gy, cov| {
            let px = i64::from(gx) + b.min.x as i64;
            let py = i64::from(gy) + b.min.y as i64;
            blend(img, px, py, colour, f64::from(cov));
        });
    }
}

/// The box a shape inks into, as its top-left and bottom-right corners
/// (lines with half their width around them).
pub fn shape_box(font: &FontRef<'_>, shape: &Shape) -> [Px; 2] {
    let points_box = |points: &[Px], pad: f64| {
        let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
        for p in points {
            lo = [lo[0].min(p[0] - pad), lo[1].min(p[1] - pad)];
            hi = [hi[0].max(p[0] + pad), hi[1].max(p[1] + pad)];
        }
        [lo, hi]
    };
    match shape {
        Shape::Fill { points, .. } => points_box(points, 0.0),
        Shape::Line { points, width, .. } => points_box(points, width / 2.0),
        Shape::Text { at, size, text, .. } => text_box(font, *at, *size, text),
    }
}

/// The bundled font.
pub fn font() -> FontRef<'static> {
    // The bytes are compiled in and known to be a valid TrueType font.
    FontRef::try_from_slice(FONT_BYTES).expect("bundled Fira Sans is valid")
}

/// Paper colour of the printed demo map.
pub const PAPER: Rgb<u8> = Rgb([0xf3, 0xec, 0xd6]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_leaves_ink_near_its_centre() {
        let mut img = RgbImage::from_pixel(60, 30, PAPER);
        draw_text(&mut img, &font(), [30.0, 15.0], 16.0, "0412", [0, 0, 0]);
        let dark: Vec<(u32, u32)> = img
            .enumerate_pixels()
            .filter(|(_, _, p)| p.0[0] < 100)
            .map(|(x, y, _)| (x, y))
            .collect();
        assert!(dark.len() > 40, "only {} dark pixels", dark.len());
        let cy = dark.iter().map(|p| f64::from(p.1)).sum::<f64>()
            / dark.len() as f64;
        assert!((cy - 15.0).abs() < 2.5, "text centre row {cy}");
    }
}
