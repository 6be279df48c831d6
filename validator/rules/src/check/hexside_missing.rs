//! TER008: a unit set up in a formation that sits on a hexside (Vive
//! l'Empereur's tirailleurs, IV.6: "place it on an hexside, to cover two
//! hexes", seed 001 l. 289) whose setup entry names no hexside.
//!
//! What follows is `docs/TER008.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/TER008.md")]

use super::common::Setup;
use super::{Finding, Scene};
use crate::code::Code;

/// TER008 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    scene
        .setups
        .iter()
        .filter_map(|s| no_hexside(scene, s))
        .collect()
}

fn no_hexside(scene: &Scene<'_, '_>, s: &Setup<'_>) -> Option<Finding> {
    if s.placed.on_hexside.is_some() {
        return None;
    }
    let posture = s.placed.formation.as_deref()?;
    // An unknown formation id is REF008's.
    let def = scene
        .battle
        .series
        .formations
        .iter()
        .find(|f| f.id == posture && f.covers_two_hexes)?;
    let hex = s.placed.hex;
    let f = Finding::new(
        Code::Ter008,
        s.pointer("formation"),
        format!(
            "{} is set up in hex {hex} in {}, which sits on a hexside and \
             covers two hexes, but names no hexside: the hex it also \
             occupies is unknown and not checked",
            s.label(),
            def.name
        ),
    )
    .hex(hex);
    let help = "give `on_hexside`, the hexside the counter sits on (0-5 \
                clockwise from north)";
    Some(match &def.section {
        Some(section) => f.help(format!("{help}; see {section}")),
        None => f.help(help),
    })
}
