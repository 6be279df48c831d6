//! Terrain suggested from the scan's colours: the designer marks a few
//! sample hexes per terrain type, every other hex is classified by its
//! colour (nearest class in CIE Lab), with a confidence, and hexes that
//! are partly water are flagged for the designer (Canope counts a hex
//! more than half water as water; a machine should not decide 50/50).

use berthier_schema::edit::Edit;
use berthier_schema::{Geometry, Grid, HexId};
use geo::Intersects;
use image::RgbImage;

/// A hex the designer says is of a terrain type.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The hex.
    pub hex: HexId,
    /// Its terrain type id.
    pub terrain: String,
}

/// What the editor proposes for one hex.
#[derive(Debug, Clone, PartialEq)]
pub struct Proposal {
    /// The hex.
    pub hex: HexId,
    /// Proposed terrain type id.
    pub terrain: String,
    /// 0 (a coin toss between two types) to 1 (nothing else is close).
    pub confidence: f64,
    /// Share of the hex's pixels nearest a water type's colour.
    pub water_share: f64,
    /// Partly water: the designer must decide.
    pub half_water: bool,
}

/// Water shares flagged for the designer (a majority rule is unsafe near
/// one half: colours are measured on a shrunk hex, and prints blur).
pub const HALF_WATER: std::ops::RangeInclusive<f64> = 0.3..=0.7;

/// Colour of one hex: robust (median) Lab and the spread around it.
#[derive(Debug, Clone, PartialEq)]
struct HexColour {
    median: [f64; 3],
    spread: [f64; 3],
    pixels: Vec<[f64; 3]>,
}

/// Pixels of `hex` away from its printed lines (a hex shrunk to 70 %)
/// and its printed number, in Lab; `None` when too few are on the scan.
fn hex_colour(
    img: &RgbImage,
    geometry: &Geometry<'_>,
    hex: HexId,
) -> Option<HexColour> {
    const SHRINK: f64 = 0.7;
    let grid = geometry.grid();
    let c = geometry.center_px(hex);
    let r = grid.hex_radius_px * grid.aspect.max(1.0);
    let poly = outline(geometry.corners_px(hex).map(|k| {
        [c[0] + (k[0] - c[0]) * SHRINK, c[1] + (k[1] - c[1]) * SHRINK]
    }));
    let num = number_position(geometry, hex);
    let (nw, nh) = (0.4 * grid.hex_radius_px, 0.2 * grid.hex_radius_px);
    let (x0, x1) = (
        (c[0] - r).floor().max(0.0),
        (c[0] + r).ceil().min(f64::from(img.width())),
    );
    let (y0, y1) = (
        (c[1] - r).floor().max(0.0),
        (c[1] + r).ceil().min(f64::from(img.height())),
    );
    let mut pixels = Vec::new();
    let mut y = y0;
    while y < y1 {
        let mut x = x0;
        while x < x1 {
            let p = [x + 0.5, y + 0.5];
            let in_number =
                (p[0] - num[0]).abs() < nw && (p[1] - num[1]).abs() < nh;
            // On the outline counts: `intersects`, not `contains`.
            if !in_number && poly.intersects(&geo::coord! { x: p[0], y: p[1] })
            {
                pixels.push(lab(img.get_pixel(x as u32, y as u32).0));
            }
            x += 1.0;
        }
        y += 1.0;
    }
    if pixels.len() < 12 {
        return None;
    }
    let median =
        std::array::from_fn(|i| median_of(pixels.iter().map(|p| p[i])));
    let spread = std::array::from_fn(|i| {
        median_of(pixels.iter().map(|p| (p[i] - median[i]).abs()))
    });
    Some(HexColour {
        median,
        spread,
        pixels,
    })
}

/// Where the printed number sits (as `scene::number_position` draws it:
/// 62 % of the way from the centre to the top hexside).
fn number_position(geometry: &Geometry<'_>, hex: HexId) -> [f64; 2] {
    let c = geometry.center_px(hex);
    let mut corners = geometry.corners_px(hex);
    corners.sort_by(|a, b| a[1].total_cmp(&b[1]));
    let top = [
        (corners[0][0] + corners[1][0]) / 2.0,
        (corners[0][1] + corners[1][1]) / 2.0,
    ];
    [c[0] + (top[0] - c[0]) * 0.62, c[1] + (top[1] - c[1]) * 0.62]
}

fn median_of(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// The polygon through `corners`, for geo's point tests.
fn outline(corners: [[f64; 2]; 6]) -> geo::Polygon {
    let ring: Vec<geo::Coord> = corners
        .iter()
        .map(|k| geo::coord! { x: k[0], y: k[1] })
        .collect();
    geo::Polygon::new(geo::LineString::new(ring), Vec::new())
}

/// sRGB to CIE Lab (D65): distances in Lab follow perceived difference,
/// so "a bit darker green" stays closer to green than to brown.
pub fn lab(rgb: [u8; 3]) -> [f64; 3] {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = rgb.map(lin);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

fn dist(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2))
        .sqrt()
}

/// A terrain type learnt from its samples.
struct Class {
    terrain: String,
    median: [f64; 3],
    spread: [f64; 3],
    water: bool,
}

fn classes(
    img: &RgbImage,
    geometry: &Geometry<'_>,
    samples: &[Sample],
    water: &[String],
) -> Vec<Class> {
    let mut out: Vec<(String, Vec<HexColour>)> = Vec::new();
    for s in samples {
        let Some(colour) = hex_colour(img, geometry, s.hex) else {
            continue;
        };
        match out.iter_mut().find(|(t, _)| *t == s.terrain) {
            Some((_, v)) => v.push(colour),
            None => out.push((s.terrain.clone(), vec![colour])),
        }
    }
    out.into_iter()
        .map(|(terrain, colours)| {
            let n = colours.len() as f64;
            let mean = |f: &dyn Fn(&HexColour) -> [f64; 3]| -> [f64; 3] {
                std::array::from_fn(|i| {
                    colours.iter().map(|c| f(c)[i]).sum::<f64>() / n
                })
            };
            Class {
                water: water.contains(&terrain),
                median: mean(&|c| c.median),
                spread: mean(&|c| c.spread),
                terrain,
            }
        })
        .collect()
}

/// Proposes a terrain for each of `hexes` from the designer's `samples`.
/// `water` names the terrain types that count as water (sea, lake).
/// Hexes off the scan, and every hex when no sample could be read, get
/// no proposal.
pub fn propose(
    img: &RgbImage,
    grid: &Grid,
    hexes: &[HexId],
    samples: &[Sample],
    water: &[String],
) -> Vec<Proposal> {
    // Worked out once: the grid may carry corrections.
    let geometry = grid.geometry();
    let classes = classes(img, &geometry, samples, water);
    if classes.is_empty() {
        return Vec::new();
    }
    hexes
        .iter()
        .filter_map(|&hex| {
            let colour = hex_colour(img, &geometry, hex)?;
            // Spread counts a little: woods and a textured orchard can share
            // a mean colour but not its variation.
            let d = |k: &Class| {
                dist(&colour.median, &k.median)
                    + 0.5 * dist(&colour.spread, &k.spread)
            };
            let mut ranked: Vec<(f64, &Class)> =
                classes.iter().map(|k| (d(k), k)).collect();
            ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (d1, best) = ranked[0];
            let confidence = match ranked.get(1) {
                Some((d2, _)) if d1 + d2 > 0.0 => (d2 - d1) / (d2 + d1),
                _ => 1.0,
            };
            let water_share = water_share(&colour.pixels, &classes);
            Some(Proposal {
                hex,
                terrain: best.terrain.clone(),
                confidence,
                water_share,
                half_water: HALF_WATER.contains(&water_share),
            })
        })
        .collect()
}

/// Share of pixels whose nearest class colour is a water type.
fn water_share(pixels: &[[f64; 3]], classes: &[Class]) -> f64 {
    if !classes.iter().any(|k| k.water) || pixels.is_empty() {
        return 0.0;
    }
    let wet = pixels
        .iter()
        .filter(|p| {
            classes
                .iter()
                .min_by(|a, b| {
                    dist(p, &a.median).total_cmp(&dist(p, &b.median))
                })
                .is_some_and(|k| k.water)
        })
        .count();
    wet as f64 / pixels.len() as f64
}

/// One undo step painting the accepted proposals.
pub fn accept<'a>(proposals: impl IntoIterator<Item = &'a Proposal>) -> Edit {
    Edit::Batch(
        proposals
            .into_iter()
            .map(|p| Edit::Terrain {
                hex: p.hex,
                to: Some(p.terrain.clone()),
            })
            .collect(),
    )
}

/// Terrain types a series treats as water: those nobody may enter whose id
/// or name says sea, lake or water (a cliff is impassable but dry).
pub fn water_types(series: &berthier_schema::Series) -> Vec<String> {
    series
        .terrain
        .iter()
        .filter(|t| {
            let text = format!("{} {}", t.id, t.name).to_lowercase();
            t.impassable
                && ["sea", "lake", "water", "mer", "lac", "étang"]
                    .iter()
                    .any(|w| text.contains(w))
        })
        .map(|t| t.id.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_on_the_outline_are_sampled() {
        let hex = outline([
            [0.5, 10.5],
            [5.5, 0.5],
            [15.5, 0.5],
            [20.5, 10.5],
            [15.5, 20.5],
            [5.5, 20.5],
        ]);
        let at = |x: f64, y: f64| hex.intersects(&geo::coord! { x: x, y: y });
        assert!(at(10.5, 0.5), "top edge");
        assert!(at(10.5, 20.5), "bottom edge");
        assert!(at(20.5, 10.5), "right vertex");
        assert!(at(3.0, 5.5), "upper-left slant");
        assert!(at(10.5, 10.5), "centre");
        assert!(!at(1.5, 1.5), "outside the slant");
    }
}
