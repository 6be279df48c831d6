//! The geometric primitives of the placement vocabulary: polygons, sides
//! of lines and of locations, measured on hex centres.

use geo::{Contains, Coord, LineString, Polygon};
use hexx::Hex;

use super::Zone;
use super::ZoneError;
use crate::hex::HexId;
use crate::map::Compass;
use crate::placement::Location;
use crate::zone::Verdict;

impl Zone<'_> {
    /// Inside the polygon of hex centres, or on one of its hex-line sides.
    pub(super) fn in_region(&self, corners: &[HexId], hex: HexId) -> bool {
        let map = self.map;
        let target = map.hex(hex);
        let on_boundary = corners
            .iter()
            .zip(corners.iter().cycle().skip(1))
            .any(|(a, b)| {
                map.hex(*a).line_to(map.hex(*b)).any(|h| h == target)
            });
        let ring: Vec<Coord> =
            corners.iter().map(|h| self.coord(map.hex(*h))).collect();
        let polygon = Polygon::new(LineString::from(ring), vec![]);
        on_boundary || polygon.contains(&self.coord(target))
    }

    /// Position in an unrotated layout, y down, so compass sides are exact.
    pub(super) fn coord(&self, hex: Hex) -> Coord {
        let flat = crate::grid::Grid {
            origin_px: [0.0, 0.0],
            rotation_deg: 0.0,
            corrections: Vec::new(),
            ..self.map.grid.clone()
        };
        let p = flat.fract_to_px(hex.as_vec2());
        Coord { x: p[0], y: p[1] }
    }

    pub(super) fn side_of_line(
        &self,
        line: &[Location],
        side: Compass,
        inclusive: bool,
        hex: HexId,
    ) -> Result<Verdict, ZoneError> {
        let map = self.map;
        let points: Vec<Hex> = line
            .iter()
            .map(|l| self.centre(l).map(|h| map.hex(h)))
            .collect::<Result<_, _>>()?;
        let target = map.hex(hex);
        if points
            .windows(2)
            .any(|w| w[0].line_to(w[1]).any(|h| h == target))
        {
            return Ok(Verdict::from_bool(inclusive));
        }
        let vertical = matches!(side, Compass::North | Compass::South);
        let coords: Vec<Coord> =
            points.iter().map(|h| self.coord(*h)).collect();
        let p = self.coord(target);
        // The line as a function of x (for north/south) or y (east/west),
        // extended flat beyond its ends.
        let mut sorted: Vec<(f64, f64)> =
            coords.iter().map(|c| key(c, vertical)).collect();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (pa, pc) = key(&p, vertical);
        let boundary = interpolate(&sorted, pa);
        Ok(Verdict::from_bool(match side {
            Compass::North | Compass::West => pc < boundary,
            Compass::South | Compass::East => pc > boundary,
        }))
    }
}

fn key(c: &Coord, vertical: bool) -> (f64, f64) {
    if vertical { (c.x, c.y) } else { (c.y, c.x) }
}

/// Piecewise-linear value of the sorted polyline at `at`.
fn interpolate(points: &[(f64, f64)], at: f64) -> f64 {
    let Some(first) = points.first() else {
        return 0.0;
    };
    if at <= first.0 {
        return first.1;
    }
    for w in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if at <= x1 {
            let t = if x1 > x0 { (at - x0) / (x1 - x0) } else { 0.0 };
            return y0 + (y1 - y0) * t;
        }
    }
    points.last().map_or(0.0, |p| p.1)
}

/// Whether `p` lies strictly beyond the profile of `points` toward `side`:
/// in each column (north, south) or row (east, west) of points the one
/// nearest `side` is kept, the kept points are joined by straight lines,
/// and the profile is extended flat beyond its ends.
pub(super) fn beyond(points: &[Coord], side: Compass, p: Coord) -> bool {
    let vertical = matches!(side, Compass::North | Compass::South);
    // North and west compare on smaller values, south and east on larger.
    let toward_small = matches!(side, Compass::North | Compass::West);
    let mut keyed: Vec<(f64, f64)> =
        points.iter().map(|c| key(c, vertical)).collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut profile: Vec<(f64, f64)> = Vec::with_capacity(keyed.len());
    for (at, value) in keyed {
        match profile.last_mut() {
            // Hex centres of one column share their x up to rounding.
            Some(last) if (last.0 - at).abs() < 1e-6 => {
                last.1 = if toward_small {
                    last.1.min(value)
                } else {
                    last.1.max(value)
                };
            }
            _ => profile.push((at, value)),
        }
    }
    let (pa, pc) = key(&p, vertical);
    let boundary = interpolate(&profile, pa);
    if toward_small {
        pc < boundary - 1e-6
    } else {
        pc > boundary + 1e-6
    }
}
