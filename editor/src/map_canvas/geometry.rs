//! The one place where the model's scan pixels (`[f64; 2]`, y down) meet
//! iced's screen `Point`s. Everything else asks the [`Viewport`].

use iced::{Point, Rectangle, Size, Vector};

/// Smallest and largest zoom (screen pixels per scan pixel).
pub const MIN_ZOOM: f32 = 0.05;
/// See [`MIN_ZOOM`].
pub const MAX_ZOOM: f32 = 8.0;

/// How the scan sits on the canvas: `screen = scan * zoom + offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Viewport {
    /// Canvas position of scan pixel (0, 0).
    pub offset: Vector,
    /// Screen pixels per scan pixel.
    pub zoom: f32,
}

impl Default for Viewport {
    fn default() -> Self {
        Self {
            offset: Vector::ZERO,
            zoom: 1.0,
        }
    }
}

impl Viewport {
    /// Canvas point of a scan pixel.
    pub fn to_screen(&self, px: [f64; 2]) -> Point {
        Point::new(
            px[0] as f32 * self.zoom + self.offset.x,
            px[1] as f32 * self.zoom + self.offset.y,
        )
    }

    /// Scan pixel under a canvas point.
    pub fn to_scan(&self, p: Point) -> [f64; 2] {
        [
            f64::from((p.x - self.offset.x) / self.zoom),
            f64::from((p.y - self.offset.y) / self.zoom),
        ]
    }

    /// Moves the view by a screen delta.
    pub fn pan(&mut self, delta: Vector) {
        self.offset += delta;
    }

    /// Multiplies the zoom by `factor`, keeping the scan pixel under
    /// `anchor` (a canvas point) under it.
    pub fn zoom_at(&mut self, factor: f32, anchor: Point) {
        let before = self.to_scan(anchor);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let after = self.to_screen(before);
        self.offset += anchor - after;
    }

    /// The viewport that shows all of `content` (scan pixels) centred in a
    /// canvas of `canvas` size, with a small margin.
    pub fn fit(content: Rectangle, canvas: Size) -> Self {
        const MARGIN: f32 = 0.97;
        let zoom = (canvas.width / content.width)
            .min(canvas.height / content.height)
            .clamp(MIN_ZOOM, MAX_ZOOM)
            * MARGIN;
        let centre = Point::new(
            content.x + content.width / 2.0,
            content.y + content.height / 2.0,
        );
        let offset = Vector::new(
            canvas.width / 2.0 - centre.x * zoom,
            canvas.height / 2.0 - centre.y * zoom,
        );
        Self { offset, zoom }
    }

    /// The scan-pixel rectangle a canvas of `canvas` size shows.
    pub fn visible_scan(&self, canvas: Size) -> [[f64; 2]; 2] {
        let a = self.to_scan(Point::ORIGIN);
        let b = self.to_scan(Point::new(canvas.width, canvas.height));
        [a, b]
    }
}

/// Whether a scan pixel lies inside `rect` grown by `margin` on every side.
pub fn in_rect(px: [f64; 2], rect: [[f64; 2]; 2], margin: f64) -> bool {
    px[0] >= rect[0][0] - margin
        && px[0] <= rect[1][0] + margin
        && px[1] >= rect[0][1] - margin
        && px[1] <= rect[1][1] + margin
}

/// The bounding rectangle of some scan pixels, as an iced rectangle in
/// scan pixels (for fitting).
pub fn bounds(points: impl IntoIterator<Item = [f64; 2]>) -> Option<Rectangle> {
    let mut it = points.into_iter();
    let first = it.next()?;
    let (mut lo, mut hi) = (first, first);
    for p in it {
        lo = [lo[0].min(p[0]), lo[1].min(p[1])];
        hi = [hi[0].max(p[0]), hi[1].max(p[1])];
    }
    Some(Rectangle::new(
        Point::new(lo[0] as f32, lo[1] as f32),
        Size::new((hi[0] - lo[0]) as f32, (hi[1] - lo[1]) as f32),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zoom_keeps_the_anchor_fixed() {
        let mut v = Viewport {
            offset: Vector::new(13.0, -7.0),
            zoom: 0.8,
        };
        let anchor = Point::new(300.0, 200.0);
        let under = v.to_scan(anchor);
        v.zoom_at(1.25, anchor);
        let back = v.to_screen(under);
        assert!((back.x - anchor.x).abs() < 1e-3, "{back:?}");
        assert!((back.y - anchor.y).abs() < 1e-3, "{back:?}");
        assert!((v.zoom - 1.0).abs() < 1e-6);
    }

    #[test]
    fn fit_centres_the_content() {
        let content = Rectangle::new(Point::ORIGIN, Size::new(200.0, 100.0));
        let v = Viewport::fit(content, Size::new(400.0, 400.0));
        let c = v.to_screen([100.0, 50.0]);
        assert!((c.x - 200.0).abs() < 1e-3 && (c.y - 200.0).abs() < 1e-3);
        assert!((v.zoom - 1.94).abs() < 1e-3);
    }
}
