//! Display colours for terrain, hexside and road ids: the series' own
//! `colour` where it gives one, else a built-in guess by id, so a map still
//! shows while its series is missing or being written.

use std::collections::HashMap;

use berthier_schema::Series;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Colours by id.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    terrain: HashMap<String, Rgb>,
    hexside: HashMap<String, Rgb>,
    road: HashMap<String, Rgb>,
}

/// Colour of anything the palette does not know.
pub const UNKNOWN: Rgb = [0xc8, 0xc8, 0xc8];

impl Palette {
    /// Colours from `series` (if any) over the built-in defaults.
    pub fn new(series: Option<&Series>) -> Self {
        let mut palette = Self::default();
        let Some(series) = series else {
            return palette;
        };
        let take =
            |map: &mut HashMap<String, Rgb>, id: &str, c: &Option<String>| {
                if let Some(rgb) = c.as_deref().and_then(parse_hex) {
                    map.insert(id.to_owned(), rgb);
                }
            };
        for t in &series.terrain {
            take(&mut palette.terrain, &t.id, &t.colour);
        }
        for t in &series.hexside_types {
            take(&mut palette.hexside, &t.id, &t.colour);
        }
        for t in &series.road_types {
            take(&mut palette.road, &t.id, &t.colour);
        }
        palette
    }

    /// Fill colour of a terrain.
    pub fn terrain(&self, id: &str) -> Rgb {
        self.terrain
            .get(id)
            .copied()
            .unwrap_or_else(|| default_terrain(id))
    }

    /// Stroke colour of a hexside feature.
    pub fn hexside(&self, id: &str) -> Rgb {
        self.hexside
            .get(id)
            .copied()
            .unwrap_or_else(|| default_hexside(id))
    }

    /// Stroke colour of a road class.
    pub fn road(&self, id: &str) -> Rgb {
        self.road
            .get(id)
            .copied()
            .unwrap_or_else(|| default_road(id))
    }
}

/// Reads `#rrggbb`.
pub fn parse_hex(text: &str) -> Option<Rgb> {
    let digits = text.strip_prefix('#')?;
    if digits.len() != 6 {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn default_terrain(id: &str) -> Rgb {
    match id {
        "clear" => [0xe4, 0xe6, 0xb8],
        "difficult" => [0xc9, 0xb8, 0x8a],
        "orchard" => [0xb5, 0xd3, 0x8a],
        "woods" | "forest" => [0x6f, 0x9a, 0x5a],
        "marsh" => [0x9c, 0xc3, 0xb0],
        "town" => [0xb0, 0x6a, 0x5a],
        "village" => [0xd0, 0x9a, 0x80],
        "sea" => [0x5d, 0x8f, 0xc9],
        "lake" => [0x7f, 0xb2, 0xe0],
        _ => UNKNOWN,
    }
}

fn default_hexside(id: &str) -> Rgb {
    match id {
        "river" => [0x1f, 0x5f, 0xbf],
        "stream" => [0x4a, 0x8c, 0xd8],
        "slope" => [0x8a, 0x5a, 0x2b],
        "steep_slope" => [0x5c, 0x34, 0x14],
        "bridge" => [0x30, 0x30, 0x30],
        "ford" => [0x9a, 0xd0, 0xf0],
        "redoubt" | "fortification" => [0x80, 0x10, 0x10],
        _ => [0x40, 0x40, 0x40],
    }
}

fn default_road(id: &str) -> Rgb {
    match id {
        "road" => [0x8b, 0x3a, 0x1a],
        "track" => [0x9a, 0x7a, 0x50],
        _ => [0x60, 0x50, 0x40],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_hex_colours() {
        assert_eq!(parse_hex("#d8e4a0"), Some([0xd8, 0xe4, 0xa0]));
        assert_eq!(parse_hex("d8e4a0"), None);
        assert_eq!(parse_hex("#d8e4"), None);
    }
}
