//! ENT003: a column of reinforcements cannot pay its way onto the map on
//! its turn.
//!
//! ## What it does
//! Plays the schedule turn by turn. The units due at one entry on one turn
//! (with any still waiting from earlier turns) form a column. In Jours de
//! Gloire they enter by stacks (formed first-fit under the series'
//! stacking rules) and the k-th stack pays k times the entry hex cost
//! against its movement allowance, doubled by forced march unless the
//! arrival says `no_forced_march` (5.2, 4.1.3); in Vive l'Empereur each
//! further unit on a road entry has one movement point fewer (XIII). The
//! owner orders the column to let in as many as possible, and a column
//! through an entry of several hexes splits among them. Whatever cannot
//! pay is delayed as the series' `entry.delay` says (Jours de Gloire: the
//! formation's next marker, which can be the second one the same turn;
//! Empire: its first marker next turn; Vive l'Empereur: next turn) and
//! reported with the turn it finally enters, or that it cannot enter in
//! the game.
//!
//! Unknown movement allowances or entry costs count as enough: the rule
//! reports only what no column order could let in. The entry hex costs its
//! terrain rate in Jours de Gloire (seed-jdg F18: whether a road crossing
//! the edge gives the road rate is not said) and the road rate on a road
//! entry in Vive l'Empereur.
//!
//! ## Why
//! A schedule that cannot be met makes the arrival turn printed in the
//! scenario a fiction; designers want to know which units really arrive
//! late.
//!
//! ## Example
//! Ten counters entering at one clear hex (2 MP) with 5 MP, forced march:
//! "stack 6 pays 6×2 = 12 MP > 10 MP (forced march 2×5)".
//!
//! Rulebook: Jours de Gloire 5.2, Empire 5.2.2, 4.1.3; Vive l'Empereur
//! XIII.

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::{Outcome, Simulation};
use crate::check::Finding;
use crate::code::{Code, Rule};

/// Documentation of ENT003.
pub const DOC: Rule = Rule {
    summary: "Reinforcements cannot all enter on their turn",
    what: "Plays the schedule turn by turn: the units due at one entry form \
           a column; in Jours de Gloire the k-th stack pays k times the \
           entry hex cost against its movement allowance (doubled by forced \
           march unless `no_forced_march`), in Vive l'Empereur each further \
           unit on a road entry has one movement point fewer. The owner \
           orders the column to let in as many as possible. What cannot pay \
           is delayed as the series' `entry.delay` says and reported with \
           the turn it finally enters. Unknown allowances and costs count \
           as enough.",
    why: "A schedule that cannot be met makes the printed arrival turn a \
          fiction; designers want to know which units really arrive late.",
    example: "ten counters (5 MP) entering at one clear hex (2 MP), forced \
              march: stack 6 pays 6×2 = 12 MP > 10 MP (forced march 2×5)",
    rulebook: Some(
        "Jours de Gloire 5.2, Empire 5.2.2 and 4.1.3; Vive l'Empereur XIII",
    ),
};

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
                super::list(&delay.units, 3),
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
