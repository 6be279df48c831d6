//! Which hexes a setup instruction allows: the placement vocabulary
//! evaluated on a map. The validator checks setups with it; the editor
//! shades setup zones with it.

use geo::{Contains, Coord, LineString, Polygon};
use hexx::Hex;

use crate::hex::HexId;
use crate::map::{Compass, Map};
use crate::placement::{Location, Placement};

/// The answer for one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The hex satisfies the placement.
    Yes,
    /// It does not.
    No,
    /// It cannot be decided (an unresolved reference, an unstructured
    /// instruction); the reason says why.
    Unknown(String),
}

impl Verdict {
    fn from_bool(b: bool) -> Self {
        if b { Self::Yes } else { Self::No }
    }
}

/// What a placement needs besides the map: where other units stand.
pub trait SetupLookup {
    /// The hex of a unit in the setup being checked.
    fn unit_hex(&self, unit: &str) -> Option<HexId>;
    /// The hexes holding units of `formation` (any unit when `None`),
    /// other than `except`.
    fn formation_hexes(
        &self,
        formation: Option<&str>,
        except: &str,
    ) -> Vec<HexId>;
}

/// Evaluates placements on one map.
pub struct Zone<'a> {
    map: &'a Map,
    lookup: &'a dyn SetupLookup,
}

impl<'a> Zone<'a> {
    /// An evaluator over `map`, with other units found through `lookup`.
    pub fn new(map: &'a Map, lookup: &'a dyn SetupLookup) -> Self {
        Self { map, lookup }
    }

    /// The hexes of a location, or why it cannot be found.
    pub fn location_hexes(
        &self,
        location: &Location,
    ) -> Result<Vec<HexId>, String> {
        let map = self.map;
        match location {
            Location::Hex(h) => Ok(vec![*h]),
            Location::Place(id) => map
                .place(id)
                .map(|p| p.hexes.clone())
                .ok_or_else(|| format!("no place `{id}` on the map")),
            Location::Edge(id) => map
                .edges
                .iter()
                .find(|e| &e.id == id)
                .map(|e| map.edge_hexes(e))
                .ok_or_else(|| format!("no edge `{id}` on the map")),
            Location::Entry(id) => {
                let entry =
                    map.entry_points.iter().find(|e| &e.id == id).ok_or_else(
                        || format!("no entry point `{id}` on the map"),
                    )?;
                if !entry.hexes.is_empty() {
                    return Ok(entry.hexes.clone());
                }
                match &entry.edge {
                    Some(edge) => {
                        self.location_hexes(&Location::Edge(edge.clone()))
                    }
                    None => Err(format!("entry point `{id}` has no hexes")),
                }
            }
        }
        .and_then(|hexes| {
            if hexes.is_empty() {
                Err(format!("{location:?} has no hexes"))
            } else {
                Ok(hexes)
            }
        })
    }

    /// The representative hex of a location (a place's first hex).
    fn centre(&self, location: &Location) -> Result<HexId, String> {
        Ok(self.location_hexes(location)?[0])
    }

    /// Whether `unit` standing on `hex` satisfies `placement`.
    pub fn allows(
        &self,
        placement: &Placement,
        unit: &str,
        hex: HexId,
    ) -> Verdict {
        if !self.map.contains(hex) {
            return Verdict::No;
        }
        match self.evaluate(placement, unit, hex) {
            Ok(v) => v,
            Err(reason) => Verdict::Unknown(reason),
        }
    }

    fn evaluate(
        &self,
        placement: &Placement,
        unit: &str,
        hex: HexId,
    ) -> Result<Verdict, String> {
        let map = self.map;
        let near = |loc: &Location, n: u32| -> Result<Verdict, String> {
            let hexes = self.location_hexes(loc)?;
            Ok(Verdict::from_bool(
                hexes.iter().any(|h| map.distance(*h, hex) <= n),
            ))
        };
        Ok(match placement {
            Placement::Hex(h) => Verdict::from_bool(*h == hex),
            Placement::HexOrAdjacent(h) => {
                Verdict::from_bool(map.distance(*h, hex) <= 1)
            }
            Placement::At(loc) => near(loc, 0)?,
            Placement::Within { of, hexes } => near(of, u32::from(*hexes))?,
            Placement::Region(corners) => {
                Verdict::from_bool(self.in_region(corners, hex))
            }
            Placement::SideOfLine {
                line,
                side,
                inclusive,
            } => self.side_of_line(line, *side, *inclusive, hex)?,
            Placement::OnRoad {
                road,
                from,
                to,
                or_adjacent,
            } => {
                let stretch = self.road_stretch(road, from, to)?;
                let reach = u32::from(*or_adjacent);
                Verdict::from_bool(
                    stretch.iter().any(|h| map.distance(*h, hex) <= reach),
                )
            }
            Placement::HalfwayBetween { a, b, radius } => {
                let (a, b) =
                    (map.hex(self.centre(a)?), map.hex(self.centre(b)?));
                let middle = a.lerp(b, 0.5);
                Verdict::from_bool(
                    middle.unsigned_distance_to(map.hex(hex))
                        <= u32::from(*radius),
                )
            }
            Placement::LineBetween { a, b } => {
                let (a, b) =
                    (map.hex(self.centre(a)?), map.hex(self.centre(b)?));
                let target = map.hex(hex);
                Verdict::from_bool(a.line_to(b).any(|h| h == target))
            }
            Placement::StackedWith(other) => {
                let there = self.unit_hex(other)?;
                Verdict::from_bool(there == hex)
            }
            Placement::AdjacentTo(other) => {
                let there = self.unit_hex(other)?;
                Verdict::from_bool(map.distance(there, hex) == 1)
            }
            Placement::WithAnyUnitOf(formation) => Verdict::from_bool(
                self.lookup
                    .formation_hexes(formation.as_deref(), unit)
                    .contains(&hex),
            ),
            Placement::Anywhere => Verdict::Yes,
            Placement::All(parts) => self.combine(parts, unit, hex, true)?,
            Placement::AnyOf(parts) => self.combine(parts, unit, hex, false)?,
            Placement::Not(inner) => match self.evaluate(inner, unit, hex)? {
                Verdict::Yes => Verdict::No,
                Verdict::No => Verdict::Yes,
                unknown => unknown,
            },
            Placement::Unstructured(text) => {
                Verdict::Unknown(format!("instruction not structured: {text}"))
            }
        })
    }

    fn unit_hex(&self, unit: &str) -> Result<HexId, String> {
        self.lookup
            .unit_hex(unit)
            .ok_or_else(|| format!("unit `{unit}` is not set up"))
    }

    /// `all`: every part must hold; otherwise any part.
    fn combine(
        &self,
        parts: &[Placement],
        unit: &str,
        hex: HexId,
        all: bool,
    ) -> Result<Verdict, String> {
        let mut unknown = None;
        for part in parts {
            match self.evaluate(part, unit, hex)? {
                Verdict::Yes if !all => return Ok(Verdict::Yes),
                Verdict::No if all => return Ok(Verdict::No),
                Verdict::Unknown(why) => unknown = Some(why),
                _ => {}
            }
        }
        Ok(match unknown {
            Some(why) => Verdict::Unknown(why),
            None => Verdict::from_bool(all),
        })
    }

    /// Inside the polygon of hex centres, or on one of its hex-line sides.
    fn in_region(&self, corners: &[HexId], hex: HexId) -> bool {
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
    fn coord(&self, hex: Hex) -> Coord {
        let flat = crate::grid::Grid {
            origin_px: [0.0, 0.0],
            rotation_deg: 0.0,
            corrections: Vec::new(),
            ..self.map.grid.clone()
        };
        let p = flat.fract_to_px(hex.as_vec2());
        Coord { x: p[0], y: p[1] }
    }

    fn side_of_line(
        &self,
        line: &[Location],
        side: Compass,
        inclusive: bool,
        hex: HexId,
    ) -> Result<Verdict, String> {
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

    /// The road hexes between the hexes nearest `from` and `to`.
    fn road_stretch(
        &self,
        road: &str,
        from: &Location,
        to: &Location,
    ) -> Result<Vec<HexId>, String> {
        let map = self.map;
        let road = self
            .map
            .road(road)
            .ok_or_else(|| format!("no road `{road}` on the map"))?;
        let nearest = |loc: &Location| -> Result<usize, String> {
            let targets = self.location_hexes(loc)?;
            road.hexes
                .iter()
                .enumerate()
                .min_by_key(|(_, h)| {
                    targets.iter().map(|t| map.distance(**h, *t)).min()
                })
                .map(|(i, _)| i)
                .ok_or_else(|| format!("road `{}` has no hexes", road.id))
        };
        let (a, b) = (nearest(from)?, nearest(to)?);
        let (lo, hi) = (a.min(b), a.max(b));
        Ok(road.hexes[lo..=hi].to_vec())
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
