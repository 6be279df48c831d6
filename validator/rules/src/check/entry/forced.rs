//! ENT022: a column of reinforcements that force-marched where the series
//! denies it with an enemy unit near the entry hex (Jours de Gloire 5.2,
//! seed 000 l. 333), on a turn whose enemy positions the setup does not
//! give, and that needed it: reported as not checked.
//!
//! What follows is `docs/ENT022.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../../docs/ENT022.md")]

use berthier_schema::battle::Battle;

use super::plan::Planned;
use super::sim::Simulation;
use crate::check::Finding;
use crate::code::Code;

/// ENT022 for every column the simulation let force-march unchecked.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    sim: &Simulation<'_>,
    out: &mut Vec<Finding>,
) {
    for record in &sim.forced_unchecked {
        let Some(planned) = plan.get(record.arrival) else {
            continue;
        };
        let first = record.units.first().map_or("", String::as_str);
        let hexes = planned.entry.hexes();
        let at = match hexes {
            [hex] => format!("entry hex {hex}"),
            _ => "entry hexes".to_owned(),
        };
        let section = battle
            .series
            .entry
            .as_ref()
            .and_then(|e| e.section.as_deref())
            .unwrap_or("the series' entry rules");
        let mut finding = Finding::new(
            Code::Ent022,
            planned.unit_pointer(first),
            format!(
                "forced march not checked for {} on turn {}: it is denied \
                 when an enemy unit is {} hexes or less from the {at} as \
                 the column arrives, and where the enemy stands after the \
                 first turn is not known from the setup; without it {} \
                 could not pay their way in at that activation",
                super::arrival_name(planned),
                record.turn,
                record.radius,
                super::unit_names(battle, &record.units)
            ),
        )
        .help(format!(
            "the simulation let the column force-march (the owner's \
             favour); check by hand whether the enemy can be near the \
             entry on that turn; see {section}"
        ));
        if let Some(hex) = hexes.first() {
            finding = finding.hex(*hex);
        }
        out.push(finding);
    }
}
