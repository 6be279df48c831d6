//! Which hexes a setup instruction allows: the placement vocabulary
//! evaluated on a map. The validator checks setups with it; the editor
//! shades setup zones with it.

use std::cell::RefCell;

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

/// Why a placement cannot be decided: something it names is not there.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ZoneError {
    /// No place with this id.
    #[error("no place `{0}` on the map")]
    NoPlace(String),
    /// No map edge with this id.
    #[error("no edge `{0}` on the map")]
    NoEdge(String),
    /// No entry point with this id.
    #[error("no entry point `{0}` on the map")]
    NoEntry(String),
    /// An entry point with neither hexes nor an edge.
    #[error("entry point `{0}` has no hexes")]
    EntryWithoutHexes(String),
    /// A location that resolves to no hex.
    #[error("{0} has no hexes")]
    Empty(Location),
    /// A unit named by the placement is not in the setup.
    #[error("unit `{0}` is not set up")]
    NotSetUp(String),
    /// No road with this id.
    #[error("no road `{0}` on the map")]
    NoRoad(String),
    /// A road with no hexes.
    #[error("road `{0}` has no hexes")]
    EmptyRoad(String),
    /// No unit of a formation is set up.
    #[error("no unit of formation `{0}` is set up")]
    FormationNotSetUp(String),
    /// No hexside feature has this name.
    #[error("no hexside named `{0}` on the map")]
    NoHexside(String),
    /// Two roads that share no hex.
    #[error("roads `{0}` and `{1}` share no hex")]
    NoCrossing(String, String),
    /// A location moved off the map.
    #[error("{0} is off the map")]
    OffMap(Location),
    /// A placement read as relative that is not.
    #[error("{0} is not a relative placement")]
    NotRelative(String),
    /// A part of a location that cannot be decided hex by hex.
    #[error("{0}")]
    Undecided(String),
    /// A square outside the division of the map.
    #[error(
        "square ({column}, {row}) is not one of the {columns} x {rows} squares"
    )]
    NoSquare {
        /// Column asked.
        column: u8,
        /// Row asked.
        row: u8,
        /// Columns of squares.
        columns: u8,
        /// Rows of squares.
        rows: u8,
    },
    /// A band whose end names no hex.
    #[error("a band end has no hexes")]
    EmptyBandEnd,
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

/// No unit is set up anywhere: for locations and placements that do not
/// depend on a setup (a map's places and roads, a transfer's ends, a
/// scenario's feature states), read before or without one.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSetup;

impl SetupLookup for NoSetup {
    fn unit_hex(&self, _: &str) -> Option<HexId> {
        None
    }

    fn formation_hexes(&self, _: Option<&str>, _: &str) -> Vec<HexId> {
        Vec::new()
    }
}

/// Evaluates placements on one map.
pub struct Zone<'a> {
    map: &'a Map,
    lookup: &'a dyn SetupLookup,
    /// The hexes of each location already resolved, by location: a
    /// placement is evaluated once per hex of the map (`hexes_allowing`)
    /// and once per unit, and resolving a road stretch or a crossing each
    /// time was most of the repository's validation. Both the map and the
    /// lookup are fixed for this evaluator's life, so a location's hexes
    /// are too. A list: a scenario names few locations.
    memo: RefCell<Vec<(Location, Hexes)>>,
    /// The same for the road stretches of `Placement::OnRoad`, by road and
    /// ends (compared in place: no key built per hex).
    stretches: RefCell<Vec<(String, Location, Location, Hexes)>>,
}

/// A location's hexes, or why it cannot be found.
type Hexes = Result<Vec<HexId>, ZoneError>;

impl<'a> Zone<'a> {
    /// An evaluator over `map`, with other units found through `lookup`.
    pub fn new(map: &'a Map, lookup: &'a dyn SetupLookup) -> Self {
        Self {
            map,
            lookup,
            memo: RefCell::default(),
            stretches: RefCell::default(),
        }
    }

    /// The representative hex of a location (a place's first hex).
    fn centre(&self, location: &Location) -> Result<HexId, ZoneError> {
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
            Err(reason) => Verdict::Unknown(reason.to_string()),
        }
    }

    fn evaluate(
        &self,
        placement: &Placement,
        unit: &str,
        hex: HexId,
    ) -> Result<Verdict, ZoneError> {
        let map = self.map;
        let near = |loc: &Location, n: u32| -> Result<Verdict, ZoneError> {
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
                let stretch = self.stretch(road, from, to)?;
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
            Placement::DeploymentOf { scenario, .. } => {
                Verdict::Unknown(format!(
                    "where {scenario} deploys them: that scenario could not \
                     be read, or deploys none of these units"
                ))
            }
        })
    }

    fn unit_hex(&self, unit: &str) -> Result<HexId, ZoneError> {
        self.lookup
            .unit_hex(unit)
            .ok_or_else(|| ZoneError::NotSetUp(unit.to_owned()))
    }

    /// `all`: every part must hold; otherwise any part.
    fn combine(
        &self,
        parts: &[Placement],
        unit: &str,
        hex: HexId,
        all: bool,
    ) -> Result<Verdict, ZoneError> {
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
