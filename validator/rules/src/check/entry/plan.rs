//! The reinforcement schedule resolved against the battle: each arrival's
//! turn, usable entry hexes and units, with the JSON Pointers findings use.

use berthier_schema::battle::{Battle, OffTrack};
use berthier_schema::counters::Unit;
use berthier_schema::scenario::Arrival;
use berthier_schema::zone::Zone;
use berthier_schema::{HexId, Location};

use crate::pointer::{Pointer, at};

/// What an entry location resolves to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// The passable hexes on the map, in the location's order.
    Hexes(Vec<HexId>),
    /// An unknown id or a hex off the map: the reference pass reports it.
    Unknown,
    /// Known but unusable; the reason (ENT002).
    Broken(String),
}

impl Resolution {
    /// The usable hexes (none unless resolved).
    pub fn hexes(&self) -> &[HexId] {
        match self {
            Self::Hexes(hexes) => hexes,
            _ => &[],
        }
    }
}

/// One scheduled arrival.
pub struct Planned<'a> {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of the arrival in the side's `reinforcements`.
    pub index: usize,
    /// The side id.
    pub side_id: &'a str,
    /// The arrival as written.
    pub arrival: &'a Arrival,
    /// Its turn, or why it is not on the track.
    pub turn: Result<u16, OffTrack>,
    /// Its entry.
    pub entry: Resolution,
    /// Its units, in counters order.
    pub units: Vec<&'a Unit>,
    /// The printed name of the formation it brings, if it names one the
    /// counters define (messages name it, not its id).
    pub formation_name: Option<&'a str>,
    /// The printed name of its side.
    pub side_name: &'a str,
}

impl Planned<'_> {
    /// Pointer to the arrival.
    pub fn pointer(&self) -> Pointer {
        at("sides")
            .index(self.side)
            .field("reinforcements")
            .index(self.index)
    }

    /// Pointer to a unit of the arrival: its id when listed by id, else
    /// the unit set.
    pub fn unit_pointer(&self, unit: &str) -> Pointer {
        match self.arrival.units.units.iter().position(|u| u == unit) {
            Some(i) => self.pointer().field("units").field("units").index(i),
            None => self.pointer().field("units"),
        }
    }
}

/// Every arrival of the scenario, side by side, in schedule order.
pub fn plan<'a>(battle: &Battle<'a>) -> Vec<Planned<'a>> {
    let scenario = battle.scenario;
    let mut planned = Vec::new();
    for (side, s) in scenario.sides.iter().enumerate() {
        for (index, arrival) in s.reinforcements.iter().enumerate() {
            planned.push(Planned {
                side,
                index,
                side_id: &s.side,
                arrival,
                turn: battle.turn_of(&arrival.at),
                entry: arrival
                    .entry
                    .as_ref()
                    .map_or(Resolution::Unknown, |l| resolve(battle, l)),
                units: battle.units_in(&arrival.units),
                formation_name: arrival
                    .formation
                    .as_deref()
                    .and_then(|f| battle.counters.formation(f))
                    .map(|f| f.name.as_str())
                    .filter(|n| !n.is_empty()),
                side_name: battle
                    .counters
                    .sides
                    .iter()
                    .find(|c| c.id == s.side)
                    .map_or(s.side.as_str(), |c| c.name.as_str()),
            });
        }
    }
    planned
}

/// Resolves an entry location to its passable hexes on the map.
pub fn resolve(battle: &Battle<'_>, location: &Location) -> Resolution {
    if !known(battle, location) {
        return Resolution::Unknown;
    }
    let zone = Zone::new(battle.map, battle);
    let hexes = match zone.location_hexes(location) {
        Ok(hexes) => hexes,
        Err(why) => return Resolution::Broken(why.to_string()),
    };
    let mut on_map: Vec<HexId> = Vec::with_capacity(hexes.len());
    for hex in hexes {
        if battle.map.contains(hex) && !on_map.contains(&hex) {
            on_map.push(hex);
        }
    }
    if on_map.is_empty() {
        return Resolution::Unknown;
    }
    let passable: Vec<HexId> = on_map
        .iter()
        .copied()
        .filter(|h| !impassable(battle, *h))
        .collect();
    if passable.is_empty() {
        let list: Vec<String> = on_map.iter().map(HexId::to_string).collect();
        return Resolution::Broken(format!(
            "every hex of it is impassable terrain ({})",
            list.join(", ")
        ));
    }
    Resolution::Hexes(passable)
}

/// Whether every id the location names exists (the reference pass reports
/// the others).
fn known(battle: &Battle<'_>, location: &Location) -> bool {
    let map = battle.map;
    let edge = |id: &str| map.edges.iter().any(|e| e.id == id);
    match location {
        Location::Hex(_) => true,
        Location::Place(id) => map.place(id).is_some(),
        Location::Edge(id) => edge(id),
        Location::Entry(id) => map
            .entry_points
            .iter()
            .find(|e| &e.id == id)
            .is_some_and(|e| {
                !e.hexes.is_empty() || e.edge.as_deref().is_none_or(edge)
            }),
        // Built from others: pass 2 reports those that do not resolve.
        _ => Zone::new(map, battle).location_hexes(location).is_ok(),
    }
}

/// The painted terrain type of a hex, if any.
pub fn terrain<'s>(
    battle: &'s Battle<'_>,
    hex: HexId,
) -> Option<&'s berthier_schema::series::TerrainType> {
    let id = battle.terrain_id(hex)?;
    battle.series.terrain_type(id)
}

/// Whether the hex's terrain is impassable.
pub fn impassable(battle: &Battle<'_>, hex: HexId) -> bool {
    terrain(battle, hex).is_some_and(|t| t.impassable)
}

/// Whether a hex lies on a map edge: one of its six neighbours is not a
/// printed hex of the map.
pub fn on_edge(battle: &Battle<'_>, hex: HexId) -> bool {
    let neighbours = battle.map.neighbours(hex);
    neighbours.len() < 6 || neighbours.iter().any(|n| !battle.map.contains(*n))
}

/// Whether a unit's class is a leader class.
pub fn is_leader(battle: &Battle<'_>, unit: &Unit) -> bool {
    battle.series.class(&unit.class).is_some_and(|c| c.leader)
}
