//! Which hexes a setup instruction allows: the placement vocabulary
//! evaluated on a map. The validator checks setups with it; the editor
//! shades setup zones with it.

use crate::hex::HexId;
use crate::map::Map;
use crate::placement::{Location, Placement};

mod geometry;
mod location;
mod relative;

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

    /// The representative hex of a location (a place's first hex).
    fn centre(&self, location: &Location) -> Result<HexId, String> {
        Ok(self.location_hexes(location)?[0])
    }

    /// Every hex of the map where `unit` may stand under `placement`, or
    /// why that cannot be decided (the first unknown verdict).
    pub fn hexes_allowing(
        &self,
        placement: &Placement,
        unit: &str,
    ) -> Result<Vec<HexId>, String> {
        let mut allowed = Vec::new();
        for hex in self.map.extent.iter().flat_map(|e| e.hexes()) {
            match self.allows(placement, unit, hex) {
                Verdict::Yes => allowed.push(hex),
                Verdict::No => {}
                Verdict::Unknown(why) => return Err(why),
            }
        }
        Ok(allowed)
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
        let grid = &self.map.grid;
        let near = |loc: &Location, n: u32| -> Result<Verdict, String> {
            let hexes = self.location_hexes(loc)?;
            Ok(Verdict::from_bool(
                hexes.iter().any(|h| grid.distance(*h, hex) <= n),
            ))
        };
        Ok(match placement {
            Placement::Hex(h) => Verdict::from_bool(*h == hex),
            Placement::HexOrAdjacent(h) => {
                Verdict::from_bool(grid.distance(*h, hex) <= 1)
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
                    stretch.iter().any(|h| grid.distance(*h, hex) <= reach),
                )
            }
            Placement::HalfwayBetween { a, b, radius } => {
                let (a, b) = (
                    grid.to_hex(self.centre(a)?),
                    grid.to_hex(self.centre(b)?),
                );
                let middle = a.lerp(b, 0.5);
                Verdict::from_bool(
                    middle.unsigned_distance_to(grid.to_hex(hex))
                        <= u32::from(*radius),
                )
            }
            Placement::LineBetween { a, b } => {
                let (a, b) = (
                    grid.to_hex(self.centre(a)?),
                    grid.to_hex(self.centre(b)?),
                );
                let target = grid.to_hex(hex);
                Verdict::from_bool(a.line_to(b).any(|h| h == target))
            }
            Placement::StackedWith(other) => {
                let there = self.unit_hex(other)?;
                Verdict::from_bool(there == hex)
            }
            Placement::AdjacentTo(other) => {
                let there = self.unit_hex(other)?;
                Verdict::from_bool(grid.distance(there, hex) == 1)
            }
            Placement::WithAnyUnitOf(formation) => Verdict::from_bool(
                self.lookup
                    .formation_hexes(formation.as_deref(), unit)
                    .contains(&hex),
            ),
            Placement::SideOf { .. }
            | Placement::Band { .. }
            | Placement::RegionOf(_)
            | Placement::AdjacentToAnyUnitOf(_) => {
                self.evaluate_relative(placement, unit, hex)?
            }
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
}
