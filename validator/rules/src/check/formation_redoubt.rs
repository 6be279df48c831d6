//! TER006: formations the series bans from redoubt hexes (Canope's
//! square) are not set up in one.
//!
//! What follows is `docs/TER006.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/TER006.md")]

use super::{Finding, Scene};
use crate::code::Code;

/// TER006 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for s in &scene.setups {
        let Some(posture) = s.placed.formation.as_deref() else {
            continue;
        };
        let Some(def) = b.series.formations.iter().find(|f| f.id == posture)
        else {
            continue;
        };
        let hex = s.placed.hex;
        let in_redoubt =
            b.map.hexes.get(&hex).is_some_and(|h| h.redoubt.is_some());
        if !def.not_in_redoubt || !in_redoubt {
            continue;
        }
        let f = Finding::new(
            Code::Ter006,
            s.pointer("formation"),
            format!(
                "{} is set up in {} in hex {hex}, a redoubt; {} may not be \
                 placed in a redoubt hex",
                s.label(),
                def.name,
                def.name
            ),
        )
        .hex(hex);
        out.push(match &def.section {
            Some(section) => f.help(format!("see {section}")),
            None => f,
        });
    }
    out
}
