//! The tilesets of an exported map: one hexagonal tile per terrain (and
//! one for hexes with no terrain painted), one per elevation level, each
//! drawn in the series' colours as one PNG strip.

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Transform};

use crate::palette::Rgb;

/// One tile: what it stands for and its colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// The value of the tile's property (a terrain id, a level).
    pub value: String,
    /// Fill colour.
    pub colour: Rgb,
}

/// A strip of hexagonal tiles, one per value.
#[derive(Debug, Clone, PartialEq)]
pub struct Tileset {
    /// Tiled's tileset name and the tiles' property name.
    pub name: &'static str,
    /// The tiles, in id order.
    pub tiles: Vec<Tile>,
}

impl Tileset {
    /// The tile id (0-based) of a value.
    pub fn id(&self, value: &str) -> Option<u32> {
        let i = self.tiles.iter().position(|t| t.value == value)?;
        u32::try_from(i).ok()
    }

    /// The strip as PNG bytes: tiles of `[w, h]` side by side, each a
    /// filled hexagon (flat-topped when `flat`) with a darker outline.
    pub fn png(&self, [w, h]: [u32; 2], flat: bool) -> Result<Vec<u8>, String> {
        let count = u32::try_from(self.tiles.len().max(1))
            .map_err(|e| e.to_string())?;
        let mut pixmap = Pixmap::new(w * count, h)
            .ok_or_else(|| format!("no {w}x{h} tileset of {count} tiles"))?;
        for (i, tile) in self.tiles.iter().enumerate() {
            let left =
                f32::from(u16::try_from(i).unwrap_or(u16::MAX)) * w as f32;
            let Some(path) = hexagon(left, w as f32, h as f32, flat) else {
                continue;
            };
            let [r, g, b] = tile.colour;
            let mut paint = Paint::default();
            paint.set_color(Color::from_rgba8(r, g, b, 255));
            paint.anti_alias = true;
            pixmap.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        let rgba: Vec<u8> = (pixmap.pixels().iter())
            .flat_map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue(), c.alpha()]
            })
            .collect();
        let image = image::RgbaImage::from_raw(w * count, h, rgba)
            .ok_or("tileset pixels do not fill the image")?;
        let mut png = std::io::Cursor::new(Vec::new());
        image
            .write_to(&mut png, image::ImageFormat::Png)
            .map_err(|e| e.to_string())?;
        Ok(png.into_inner())
    }
}

/// The hexagon filling a `w` x `h` tile whose left edge is at `left`.
fn hexagon(left: f32, w: f32, h: f32, flat: bool) -> Option<tiny_skia::Path> {
    let corners: [(f32, f32); 6] = if flat {
        [
            (0.25, 0.0),
            (0.75, 0.0),
            (1.0, 0.5),
            (0.75, 1.0),
            (0.25, 1.0),
            (0.0, 0.5),
        ]
    } else {
        [
            (0.5, 0.0),
            (1.0, 0.25),
            (1.0, 0.75),
            (0.5, 1.0),
            (0.0, 0.75),
            (0.0, 0.25),
        ]
    };
    let mut pb = PathBuilder::new();
    for (k, (x, y)) in corners.iter().enumerate() {
        let (px, py) = (left + x * w, y * h);
        if k == 0 {
            pb.move_to(px, py);
        } else {
            pb.line_to(px, py);
        }
    }
    pb.close();
    pb.finish()
}

/// Grey levels for elevations: the lowest lightest.
pub fn level_colour(level: i8, lowest: i8, highest: i8) -> Rgb {
    let span = f32::from(highest) - f32::from(lowest);
    let t = if span > 0.0 {
        (f32::from(level) - f32::from(lowest)) / span
    } else {
        0.0
    };
    let v = (230.0 - t * 150.0).round().clamp(0.0, 255.0) as u8;
    [v, v, v]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strip_has_one_filled_hexagon_per_tile() {
        let set = Tileset {
            name: "terrain",
            tiles: vec![
                Tile {
                    value: "clear".into(),
                    colour: [200, 220, 150],
                },
                Tile {
                    value: "woods".into(),
                    colour: [40, 120, 40],
                },
            ],
        };
        let png = set.png([60, 52], true).unwrap();
        let img = image::load_from_memory(&png).unwrap().into_rgba8();
        assert_eq!(img.dimensions(), (120, 52));
        assert_eq!(img.get_pixel(30, 26).0, [200, 220, 150, 255]);
        assert_eq!(img.get_pixel(90, 26).0, [40, 120, 40, 255]);
        // A flat-topped hexagon leaves its tile's corners empty.
        assert_eq!(img.get_pixel(1, 1).0[3], 0);
        assert_eq!(set.id("woods"), Some(1));
        assert_eq!(set.id("marsh"), None);
    }
}
