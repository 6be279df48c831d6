//! "Deployed in its historical area" (seed 001 l. 3054): the placement a
//! `Placement::DeploymentOf` stands for, read from the scenario it names.

use super::select::Selector;
use super::{Instruction, Scenario, UnitSet};
use crate::counters::Counters;
use crate::placement::Placement;

/// What `DeploymentOf` asks of the referenced scenario.
#[derive(Debug, Clone, Copy)]
pub struct DeploymentAsk<'a> {
    /// The side of the instruction that holds the placement (its
    /// deployment when `units` is absent).
    pub side: &'a str,
    /// Whose deployment.
    pub units: Option<&'a UnitSet>,
    /// The setup's hexes rather than the instructions' zones.
    pub setup_hexes: bool,
}

/// The placement `ask` stands for in `referenced`: `AnyOf` the placements of
/// its matching instructions, or of `Hex`es its matching placed units stand
/// on; `None` when nothing matches. `counters` tells which units a
/// formation holds.
pub fn deployment_placement(
    referenced: &Scenario,
    ask: DeploymentAsk<'_>,
    counters: Option<&Counters>,
) -> Option<Placement> {
    let sides = referenced
        .sides
        .iter()
        .filter(|s| ask.units.is_some() || s.side == ask.side);
    let mut parts: Vec<Placement> = Vec::new();
    for side in sides {
        if ask.setup_hexes {
            let hexes = side.setup.iter().filter(|p| match ask.units {
                Some(set) => selector(set, counters).unit(&p.unit),
                None => true,
            });
            parts.extend(hexes.map(|p| Placement::Hex(p.hex)));
        } else {
            let matching =
                side.instructions.iter().filter(|i| match ask.units {
                    Some(set) => overlaps(i, set, counters),
                    None => true,
                });
            parts.extend(matching.map(|i| i.placement.clone()));
        }
    }
    parts.dedup();
    (!parts.is_empty()).then_some(Placement::AnyOf(parts))
}

fn selector<'a>(
    set: &'a UnitSet,
    counters: Option<&'a Counters>,
) -> Selector<'a> {
    Selector { set, counters }
}

/// Whether the instruction places any unit of `set`: a unit or formation it
/// names is in `set`, or a unit `set` names is in one of its formations.
fn overlaps(
    i: &Instruction,
    set: &UnitSet,
    counters: Option<&Counters>,
) -> bool {
    let asked = selector(set, counters);
    let placed = selector(&i.units, counters);
    i.units.units.iter().any(|u| asked.unit(u))
        || i.units.formations.iter().any(|f| asked.formation(f))
        || set.units.iter().any(|u| placed.unit(u))
        || set.formations.iter().any(|f| placed.formation(f))
}
