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
    /// The unit's formation in this scenario, attachments applied
    /// ([`Battle::formation_of`]).
    pub formation: Option<&'a str>,
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

    /// The unit's printed name (its id when it has none).
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

/// How messages name a unit: its printed name, as people know it ("18e
/// Ligne"); its id only when the counters give no name.
pub fn label(id: &str, unit: Option<&Unit>) -> String {
    match unit {
        Some(u) if !u.name.is_empty() => u.name.clone(),
        _ => id.to_owned(),
    }
}

/// Every setup entry, per side (the scenario's `sides`), in document
/// order, each unit looked up once.
pub fn entries<'a>(b: &Battle<'a>) -> Vec<Vec<Setup<'a>>> {
    let counters = b.counters;
    b.scenario
        .sides
        .iter()
        .enumerate()
        .map(|(side, s)| {
            s.setup
                .iter()
                .enumerate()
                .map(move |(index, placed)| Setup {
                    side,
                    index,
                    placed,
                    unit: counters.unit(&placed.unit),
                    formation: b.formation_of(&placed.unit),
                })
                .collect()
        })
        .collect()
}

/// Every setup entry on a printed hex of the map (entries off the map are
/// REF007 findings of pass 2), in document order, out of [`entries`].
pub fn setups<'a>(
    b: &Battle<'a>,
    entries: &[Vec<Setup<'a>>],
) -> Vec<Setup<'a>> {
    entries
        .iter()
        .flatten()
        .filter(|s| b.map.contains(s.placed.hex))
        .copied()
        .collect()
}

/// The setup entries sorted by hex, each hex's in stack order (`stack`,
/// then document order), and each hex with the range of its entries.
pub fn stacks<'a>(
    setups: &[Setup<'a>],
) -> (Vec<Setup<'a>>, Vec<(HexId, usize, usize)>) {
    // Sorted as (hex, stack, document order) packed into integers: an
    // unstable sort of small keys gives the stable order of the entries
    // at a fraction of the cost of a stable sort comparing `HexId`s.
    let mut keys: Vec<(u64, usize)> = setups
        .iter()
        .enumerate()
        .map(|(i, s)| (stack_key(s.placed), i))
        .collect();
    keys.sort_unstable();
    let sorted: Vec<Setup<'a>> = keys.iter().map(|(_, i)| setups[*i]).collect();
    let mut hexes: Vec<(HexId, usize, usize)> = Vec::new();
    for (i, s) in sorted.iter().enumerate() {
        match hexes.last_mut() {
            Some((hex, _, to)) if *hex == s.placed.hex => *to = i + 1,
            _ => hexes.push((s.placed.hex, i, i + 1)),
        }
    }
    (sorted, hexes)
}

/// An entry's place in [`stacks`]' order as one integer, ordered as
/// `(hex, stack)` are (`HexId` orders by sheet, `None` first, then column,
/// then row; an entry without `stack` goes last).
fn stack_key(placed: &Placed) -> u64 {
    let hex = placed.hex;
    let sheet = hex.sheet.map_or(0, |s| u64::from(s) + 1);
    (sheet << 40)
        | (u64::from(hex.col) << 24)
        | (u64::from(hex.row) << 8)
        | u64::from(placed.stack.unwrap_or(u8::MAX))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(hex: HexId, stack: Option<u8>) -> Placed {
        Placed {
            unit: String::new(),
            hex,
            facing: None,
            formation: None,
            state: None,
            stack,
            on_hexside: None,
        }
    }

    proptest::proptest! {
        /// The packed keys give the order the stable sort by (hex,
        /// stack) gave: hexes in `HexId` order, each stack by `stack`
        /// (unset last), then document order.
        #[test]
        fn stacks_keep_the_stable_order_by_hex_and_stack(
            spots in proptest::collection::vec(
                (
                    proptest::option::of(b'A'..=b'C'),
                    0u16..3,
                    0u16..3,
                    proptest::option::of(0u8..3),
                ),
                0..40,
            ),
        ) {
            let all: Vec<Placed> = spots
                .iter()
                .map(|(sheet, col, row, stack)| {
                    let hex = HexId { sheet: *sheet, col: *col, row: *row };
                    placed(hex, *stack)
                })
                .collect();
            let setups: Vec<Setup<'_>> = all
                .iter()
                .enumerate()
                .map(|(index, placed)| Setup {
                    side: 0,
                    index,
                    placed,
                    unit: None,
                    formation: None,
                })
                .collect();
            let mut want = setups.clone();
            want.sort_by_key(|s| {
                (s.placed.hex, s.placed.stack.unwrap_or(u8::MAX))
            });
            let (sorted, hexes) = stacks(&setups);
            let order = |v: &[Setup<'_>]| -> Vec<usize> {
                v.iter().map(|s| s.index).collect()
            };
            proptest::prop_assert_eq!(order(&sorted), order(&want));
            let mut from = 0;
            for (hex, start, end) in &hexes {
                proptest::prop_assert_eq!(*start, from);
                proptest::prop_assert!(start < end);
                for s in &sorted[*start..*end] {
                    proptest::prop_assert_eq!(s.placed.hex, *hex);
                }
                from = *end;
            }
            proptest::prop_assert_eq!(from, sorted.len());
        }
    }
}
