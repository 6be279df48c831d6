//! Draws scene shapes into a picture: polygon fills and round-capped
//! lines through tiny-skia (anti-aliased, the rasteriser iced's software
//! renderer uses), text through `ab_glyph` with the bundled font. The
//! picture is an opaque RGBA image, which tiny-skia reads in place:
//! premultiplied and straight alpha agree when every pixel is opaque.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use image::{Rgb, RgbaImage};
use tiny_skia::{
    FillRule, LineCap, LineJoin, Paint, PathBuilder, PixmapMut, Stroke,
    Transform,
};

use crate::scene::{Px, Shape};

/// Fira Sans Regular (SIL OFL 1.1, see `assets/FiraSans-OFL.txt`).
pub const FONT_BYTES: &[u8] =
    include_bytes!("../../assets/FiraSans-Regular.ttf");

/// Draws one shape onto `img` (scan pixels = image pixels). `img` must be
/// opaque (see the module docs); it stays so.
pub fn draw(img: &mut RgbaImage, font: &FontRef<'_>, shape: &Shape) {
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
        } => line(img, points, *width, *colour),
        Shape::Text {
            at,
            size,
            text,
            colour,
        } => draw_text(img, font, *at, *size, text, *colour),
    }
}

/// An opaque image with the paper colour.
pub fn paper(width: u32, height: u32) -> RgbaImage {
    let [r, g, b] = PAPER.0;
    RgbaImage::from_pixel(width, height, image::Rgba([r, g, b, 255]))
}

fn blend(img: &mut RgbaImage, x: i64, y: i64, colour: [u8; 3], alpha: f64) {
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
    // Colour channels only: alpha stays 255.
    for (dst, src) in p.0.iter_mut().zip(colour) {
        *dst = (f64::from(*dst) * (1.0 - a) + f64::from(src) * a).round() as u8;
    }
}

/// The path through `points` (closed for a fill), in tiny-skia's `f32`;
/// `None` when it has nothing to draw (fewer than two points).
fn path(points: &[Px], close: bool) -> Option<tiny_skia::Path> {
    let mut it = points.iter().map(|p| (p[0] as f32, p[1] as f32));
    let (x, y) = it.next()?;
    let mut b = PathBuilder::new();
    b.move_to(x, y);
    for (x, y) in it {
        b.line_to(x, y);
    }
    if close {
        b.close();
    }
    b.finish()
}

fn paint(colour: [u8; 3], alpha: f64, anti_alias: bool) -> Paint<'static> {
    let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u8;
    let mut paint = Paint::default();
    paint.set_color_rgba8(colour[0], colour[1], colour[2], a);
    paint.anti_alias = anti_alias;
    paint
}

/// Fills a polygon with opacity `alpha` (even-odd rule), each pixel in or
/// out by its centre. Not anti-aliased on purpose: two hexes sharing an
/// edge would each half-cover its pixels and leave a seam of paper between
/// them; the renderer's supersampling and the grid lines smooth the edges.
pub fn fill_polygon(
    img: &mut RgbaImage,
    points: &[Px],
    colour: [u8; 3],
    alpha: f64,
) {
    let (w, h) = img.dimensions();
    let (Some(mut pixmap), Some(path)) =
        (PixmapMut::from_bytes(img, w, h), path(points, true))
    else {
        return;
    };
    pixmap.fill_path(
        &path,
        &paint(colour, alpha, false),
        FillRule::EvenOdd,
        Transform::identity(),
        None,
    );
}

/// An open polyline `width` wide with round caps and joins, anti-aliased.
pub fn line(img: &mut RgbaImage, points: &[Px], width: f64, colour: [u8; 3]) {
    let (w, h) = img.dimensions();
    let (Some(mut pixmap), Some(path)) =
        (PixmapMut::from_bytes(img, w, h), path(points, false))
    else {
        return;
    };
    let stroke = Stroke {
        width: width as f32,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    pixmap.stroke_path(
        &path,
        &paint(colour, 1.0, true),
        &stroke,
        Transform::identity(),
        None,
    );
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
    img: &mut RgbaImage,
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
    img: &mut RgbaImage,
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
#[allow(
    clippy::expect_used,
    reason = "the bytes are compiled in and a valid TrueType font; every \
              text test draws with it, so a bad file fails them all"
)]
pub fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT_BYTES).expect("bundled Fira Sans is valid")
}

/// Paper colour of the printed demo map.
pub const PAPER: Rgb<u8> = Rgb([0xf3, 0xec, 0xd6]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_leaves_ink_near_its_centre() {
        let mut img = paper(60, 30);
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
