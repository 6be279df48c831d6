//! ENT004: friendly units set up on their own side's entry hex get in the
//! way of the reinforcements.
//!
//! ## What it does
//! For each column of the simulation whose every entry hex holds units of
//! the arriving side set up there: where reinforcements force-march (Jours
//! de Gloire: `forced_march_factor`, no `no_forced_march`), those units
//! block the forced march, since a force-marching stack may not enter a
//! hex holding a friendly unit (4.1.3), and the simulation enters the
//! column at its normal allowance instead; where units enter one by one
//! (Vive l'Empereur), the first unit entering must stack legally with
//! them (V.1, checked at every step of the entry). Reported once per
//! arrival, at the setup of the first unit in the way.
//!
//! ## Why
//! The units set up there may move away before the arrival turn, so this
//! is a warning; but a setup that parks a brigade on its own entry road
//! usually means a misread hex number, and it costs the arriving column
//! its forced march.
//!
//! ## Example
//! Rivoli: a French infantry unit set up in 1722, Masséna's entry hex at
//! 9:00.
//!
//! Rulebook: Jours de Gloire 4.1.3 and 5.2 (Empire 4.1.3: "This also
//! applies to stacks of reinforcements"); Vive l'Empereur V.1 and XIII.

use std::collections::BTreeSet;

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of ENT004.
pub const DOC: Rule = Rule {
    summary: "Friendly units set up on their own entry hex",
    what: "For each arriving column whose every entry hex holds units of \
           its own side set up there: where reinforcements force-march \
           (Jours de Gloire), those units block the forced march and the \
           column enters at its normal allowance; where units enter one by \
           one (Vive l'Empereur), the first unit entering must stack \
           legally with them. Reported once per arrival, at the setup of \
           the first unit in the way.",
    why: "The units may move away before the arrival turn, so this is a \
          warning; but a setup on its own entry road is usually a misread \
          hex number, and it costs the arriving column its forced march.",
    example: "setup: [(unit: \"reserve-39\", hex: \"1722\")]   // Masséna \
              enters at 1722 at 9:00",
    rulebook: Some(
        "Jours de Gloire 4.1.3 and 5.2; Vive l'Empereur V.1 and XIII",
    ),
};

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
        let who = super::list(&crowd.occupants, 3);
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
