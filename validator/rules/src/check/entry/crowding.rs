//! ENT004: friendly units set up on their own side's entry hex get in the
//! way of the reinforcements.
//!
//! What follows is `docs/ENT004.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT004.md")]

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::at;

/// ENT004 for every crowded entry of the simulation.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    let mut seen = BTreeSet::new();
    for crowd in &sim.crowding {
        let Some(planned) = plan.get(crowd.arrival) else {
            continue;
        };
        if !seen.insert(crowd.arrival) {
            continue;
        }
        let first = crowd.occupants.first().map_or("", String::as_str);
        let pointer = battle.scenario.sides[planned.side]
            .setup
            .iter()
            .position(|p| p.unit == first)
            .map_or_else(
                || planned.pointer(),
                |i| at("sides").index(planned.side).field("setup").index(i),
            );
        let who = super::unit_names(battle, &crowd.occupants);
        let block = if crowd.occupants.len() == 1 {
            "blocks"
        } else {
            "block"
        };
        let (message, help) = match &crowd.stacking {
            None => (
                format!(
                    "{who}, set up in entry hex {}, {block} the forced \
                     march of {} (turn {}): a force-marching stack may not \
                     enter a hex holding a friendly unit",
                    crowd.hex,
                    super::arrival_name(planned),
                    crowd.turn
                ),
                "set them up off the entry hex, or move them away before \
                 the reinforcements arrive",
            ),
            Some(broken) => (
                format!(
                    "{who}, set up in entry hex {}, cannot stack with the \
                     first unit of {} (turn {}): {broken}",
                    crowd.hex,
                    super::arrival_name(planned),
                    crowd.turn
                ),
                "set them up off the entry hex",
            ),
        };
        out.push(
            Finding::new(Code::Ent004, pointer, message)
                .hex(crowd.hex)
                .help(help),
        );
    }
}
