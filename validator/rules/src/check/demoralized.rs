//! OOB008: formations that start the game demoralized by the state of
//! their units on the map.
//!
//! What follows is `docs/OOB008.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB008.md")]

use std::collections::BTreeMap;

use super::common::Setup;
use super::{Finding, Scene};
use crate::code::Code;

/// OOB008 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let Some(rule) = &b.series.demoralization else {
        return Vec::new();
    };
    let (num, den) = (rule.share_num, rule.share_den);
    if den == 0 {
        return Vec::new();
    }
    // Formation id to its counted setup entries on the map, in document
    // order.
    let mut by_formation: BTreeMap<&str, Vec<&Setup<'_>>> = BTreeMap::new();
    for s in &scene.setups {
        let Some(unit) = s.unit else { continue };
        let Some(formation) = unit.formation.as_deref() else {
            continue;
        };
        if rule.classes.contains(&unit.class) {
            by_formation.entry(formation).or_default().push(s);
        }
    }
    let mut out = Vec::new();
    for (formation, entries) in by_formation {
        let hit: Vec<&&Setup<'_>> = entries
            .iter()
            .filter(|s| rule.states.contains(&b.state_of(s.placed)))
            .collect();
        let (hit_n, all_n) = (hit.len(), entries.len());
        if hit_n == 0 || hit_n * usize::from(den) < usize::from(num) * all_n {
            continue;
        }
        let name = b
            .counters
            .formation(formation)
            .map_or(formation, |f| f.name.as_str());
        let labels: Vec<String> = hit.iter().map(|s| s.label()).collect();
        let effect = rule
            .effect
            .as_deref()
            .map_or(String::new(), |e| format!(" ({e})"));
        let first = hit[0];
        let mut f = Finding::new(
            Code::Oob008,
            first.pointer("state"),
            format!(
                "formation {name} starts demoralized{effect}: {hit_n} of its \
                 {all_n} {} on the map are {} ({})",
                rule.classes.join("/"),
                rule.states.join(" or "),
                crate::words::list(&labels, 4)
            ),
        )
        .hex(first.placed.hex);
        let help = "check the units' states, or say in the scenario's \
                    special rules that the formation starts demoralized";
        f = match &rule.section {
            Some(section) => f.help(format!("{help} (see {section})")),
            None => f.help(help),
        };
        out.push(f);
    }
    out
}
