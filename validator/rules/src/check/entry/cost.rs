//! ENT003: a column of reinforcements cannot pay its way onto the map on
//! its turn.
//!
//! What follows is `docs/ENT003.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT003.md")]

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::{Outcome, Simulation};
use crate::check::Finding;
use crate::code::Code;

/// ENT003 for every delayed mover of the simulation.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    for delay in &sim.delays {
        let Some(planned) = plan.get(delay.arrival) else {
            continue;
        };
        let hexes = planned.entry.hexes();
        let at = match hexes {
            [hex] => format!("at {hex}"),
            _ => "at its entry".to_owned(),
        };
        let fate = match delay.outcome {
            Outcome::Entered(t) if t == delay.scheduled => {
                format!("delayed to the formation's next marker on turn {t}")
            }
            Outcome::Entered(t) => format!("delayed to turn {t}"),
            Outcome::Never => "it can never enter there".to_owned(),
            Outcome::AfterGame => format!(
                "still waiting when the game ends (turn {})",
                battle.scenario.turns.count
            ),
        };
        let first = delay.units.first().map_or("", String::as_str);
        let mut finding = Finding::new(
            Code::Ent003,
            planned.unit_pointer(first),
            format!(
                "{} cannot enter {at} on turn {}: {}; {fate}",
                super::unit_names(battle, &delay.units),
                delay.scheduled,
                delay.reason
            ),
        )
        .help(
            "spread the arrival over more turns or entry hexes, or check \
             the movement allowances and the entry hex terrain",
        );
        if let Some(hex) = hexes.first() {
            finding = finding.hex(*hex);
        }
        out.push(finding);
    }
}
