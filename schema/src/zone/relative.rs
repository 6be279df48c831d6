//! Placements measured from a whole location or from other units: the
//! side of a place or stream, a band between two places, a region whose
//! corners are places, adjacency to any unit of a formation.

use geo::Coord;

use super::ZoneError;
use super::geometry::beyond;
use super::{Verdict, Zone};
use crate::hex::HexId;
use crate::map::Compass;
use crate::placement::{Location, Placement};

impl Zone<'_> {
    /// `SideOf`, `Band`, `RegionOf` and `AdjacentToAnyUnitOf`.
    pub(super) fn evaluate_relative(
        &self,
        placement: &Placement,
        unit: &str,
        hex: HexId,
    ) -> Result<Verdict, ZoneError> {
        let map = self.map;
        Ok(Verdict::from_bool(match placement {
            Placement::SideOf {
                of,
                side,
                inclusive,
            } => self.side_of(of, *side, *inclusive, hex)?,
            Placement::Band { a, b, width } => {
                let line = self.band_line(a, b)?;
                let target = map.hex(hex);
                line.iter().any(|h| {
                    h.unsigned_distance_to(target) <= u32::from(*width)
                })
            }
            Placement::RegionOf(corners) => {
                let corners: Vec<HexId> = corners
                    .iter()
                    .map(|c| self.centre(c))
                    .collect::<Result<_, _>>()?;
                self.in_region(&corners, hex)
            }
            Placement::AdjacentToAnyUnitOf(formation) => self
                .lookup
                .formation_hexes(Some(formation), unit)
                .iter()
                .any(|h| map.distance(*h, hex) == 1),
            other => {
                return Err(ZoneError::NotRelative(format!("{other:?}")));
            }
        }))
    }

    /// Whether `hex` lies beyond the whole location toward `side`.
    fn side_of(
        &self,
        of: &Location,
        side: Compass,
        inclusive: bool,
        hex: HexId,
    ) -> Result<bool, ZoneError> {
        let map = self.map;
        let points: Vec<Coord> = match of {
            // A stream's side is measured from its hexsides' midpoints: the
            // hexes along it lie on one side or the other.
            Location::Hexsides(name) => (self.hexside_pairs(name)?.iter())
                .map(|[a, b]| {
                    let (a, b) =
                        (self.coord(map.hex(*a)), self.coord(map.hex(*b)));
                    Coord {
                        x: (a.x + b.x) / 2.0,
                        y: (a.y + b.y) / 2.0,
                    }
                })
                .collect(),
            _ => {
                let hexes = self.location_hexes(of)?;
                if hexes.contains(&hex) {
                    return Ok(inclusive);
                }
                (hexes.iter()).map(|h| self.coord(map.hex(*h))).collect()
            }
        };
        Ok(beyond(&points, side, self.coord(map.hex(hex))))
    }

    /// The straight hex line joining the two nearest hexes of `a` and `b`.
    fn band_line(
        &self,
        a: &Location,
        b: &Location,
    ) -> Result<Vec<hexx::Hex>, ZoneError> {
        let map = self.map;
        let (a, b) = (self.location_hexes(a)?, self.location_hexes(b)?);
        let pairs = a.iter().flat_map(|x| b.iter().map(move |y| (*x, *y)));
        let (x, y) = pairs
            .min_by_key(|(x, y)| map.distance(*x, *y))
            .ok_or(ZoneError::EmptyBandEnd)?;
        Ok(map.hex(x).line_to(map.hex(y)).collect())
    }
}
