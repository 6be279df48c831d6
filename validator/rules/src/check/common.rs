//! What several rules read off a [`Battle`]: the setup entries with their
//! JSON Pointers, the stacks per hex, terrain and roads under a hex.

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::map::HexsideFeature;
use berthier_schema::scenario::Placed;
use berthier_schema::series::TerrainType;
use berthier_schema::{HexId, Hexside};

use crate::pointer::{Pointer, at};

/// One setup entry: which side list and index it is, the entry, its unit.
#[derive(Clone, Copy)]
pub struct Setup<'a> {
    /// Index in the scenario's `sides`.
    pub side: usize,
    /// Index in that side's `setup`.
    pub index: usize,
    /// The entry.
    pub placed: &'a Placed,
    /// Its unit (`None` for an unknown id, which pass 2 reports).
    pub unit: Option<&'a Unit>,
}

impl Setup<'_> {
    /// Pointer to a field of this entry.
    pub fn pointer(&self, field: &str) -> Pointer {
        at("sides")
            .index(self.side)
            .field("setup")
            .index(self.index)
            .field(field)
    }

    /// The unit id and, when it says more, its printed name.
    pub fn label(&self) -> String {
        label(self.placed.unit.as_str(), self.unit)
    }
}

impl<'a> Setup<'a> {
    /// The side id of the unit (by the counters file).
    pub fn unit_side(&self) -> Option<&'a str> {
        self.unit.map(|u| u.side.as_str())
    }
}

/// `id` or `id (Name)`.
pub fn label(id: &str, unit: Option<&Unit>) -> String {
    match unit {
        Some(u) if !u.name.is_empty() && u.name != id => {
            format!("{id} ({})", u.name)
        }
        _ => id.to_owned(),
    }
}

/// Every setup entry on a printed hex of the map (entries off the map are
/// REF007 findings of pass 2), in document order.
pub fn setups<'a>(b: &Battle<'a>) -> Vec<Setup<'a>> {
    let counters = b.counters;
    b.scenario
        .sides
        .iter()
        .enumerate()
        .flat_map(|(side, s)| {
            s.setup
                .iter()
                .enumerate()
                .map(move |(index, placed)| Setup {
                    side,
                    index,
                    placed,
                    unit: counters.unit(&placed.unit),
                })
        })
        .filter(|s| b.map.contains(s.placed.hex))
        .collect()
}

/// The setup entries per hex, in hex order, each stack in stack order
/// (`stack`, then document order).
pub fn stacks<'a>(setups: &[Setup<'a>]) -> Vec<(HexId, Vec<Setup<'a>>)> {
    let mut sorted: Vec<Setup<'a>> = setups.to_vec();
    // Stable: document order within a hex and a `stack` value.
    sorted.sort_by_key(|s| (s.placed.hex, s.placed.stack.unwrap_or(u8::MAX)));
    let mut hexes: Vec<(HexId, Vec<Setup<'a>>)> = Vec::new();
    for s in sorted {
        match hexes.last_mut() {
            Some((hex, stack)) if *hex == s.placed.hex => stack.push(s),
            _ => hexes.push((s.placed.hex, vec![s])),
        }
    }
    hexes
}

/// Whether the unit's class is a leader class of the series.
pub fn is_leader(b: &Battle<'_>, unit: Option<&Unit>) -> bool {
    unit.and_then(|u| b.series.class(&u.class))
        .is_some_and(|c| c.leader)
}

/// The painted terrain id of a hex, if painted.
pub fn terrain_id<'a>(b: &Battle<'a>, hex: HexId) -> Option<&'a str> {
    b.terrain_id(hex)
}

/// The series terrain type painted on a hex (`None` when unpainted or
/// unknown to the series, which pass 2 reports).
pub fn terrain<'b>(b: &'b Battle<'_>, hex: HexId) -> Option<&'b TerrainType> {
    b.series.terrain_type(terrain_id(b, hex)?)
}

/// The features painted on the hexside between two adjacent hexes.
pub fn hexside_features<'a>(
    b: &Battle<'a>,
    one: HexId,
    other: HexId,
) -> Vec<&'a HexsideFeature> {
    let Ok(side) = Hexside::between(one, other) else {
        return Vec::new();
    };
    b.map.hexsides.iter().filter(|f| f.at == side).collect()
}

/// The impassable feature on the hexside between two adjacent hexes,
/// unless a crossing feature (bridge, ford) on the same hexside lets
/// units over.
pub fn impassable_between<'a>(
    b: &Battle<'a>,
    one: HexId,
    other: HexId,
) -> Option<&'a str> {
    let features = hexside_features(b, one, other);
    let kind = |f: &HexsideFeature| b.series.hexside_type(&f.feature);
    if features.iter().any(|f| kind(f).is_some_and(|t| t.crossing)) {
        return None;
    }
    features
        .iter()
        .find(|f| kind(f).is_some_and(|t| t.impassable))
        .map(|f| f.feature.as_str())
}

/// Whether any road of the map runs through the hex.
pub fn on_road(b: &Battle<'_>, hex: HexId) -> bool {
    b.map.roads.iter().any(|r| r.hexes.contains(&hex))
}

/// Whether a hex is on the map's edge (has a neighbour that is not a
/// printed hex).
pub fn on_edge(b: &Battle<'_>, hex: HexId) -> bool {
    let neighbours = b.map.neighbours(hex);
    neighbours.len() < 6 || neighbours.iter().any(|n| !b.map.contains(*n))
}

/// The id of the series' default state (good order).
pub fn default_state<'b>(b: &'b Battle<'_>) -> Option<&'b str> {
    b.series
        .states
        .iter()
        .find(|s| s.default)
        .map(|s| s.id.as_str())
}

/// The sides present in a stack, in stack order.
pub fn sides<'a>(stack: &[Setup<'a>]) -> Vec<&'a str> {
    let mut sides: Vec<&str> = Vec::new();
    for side in stack.iter().filter_map(Setup::unit_side) {
        if !sides.contains(&side) {
            sides.push(side);
        }
    }
    sides
}
