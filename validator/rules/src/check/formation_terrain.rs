//! TER003: the tactical formation a unit is set up in must be allowed in
//! its terrain and at setup, and where the series makes a formation
//! mandatory, the unit must be in it.
//!
//! What follows is `docs/TER003.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/TER003.md")]

use berthier_schema::battle::Battle;
use berthier_schema::series::{FacingKind, FormationDef};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

/// TER003 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    scene
        .setups
        .iter()
        .filter_map(|s| formation_here(b, s))
        .collect()
}

fn formation_here(b: &Battle<'_>, s: &Setup<'_>) -> Option<Finding> {
    let hex = s.placed.hex;
    let posture = s.placed.formation.as_deref();
    let def =
        posture.and_then(|p| b.series.formations.iter().find(|f| f.id == p));
    let finding = |message: String, section: Option<&str>| {
        let f = Finding::new(Code::Ter003, s.pointer("formation"), message)
            .hex(hex);
        match section {
            Some(section) => f.help(format!("see {section}")),
            None => f,
        }
    };
    if let Some(def) = def
        && !def.allowed_at_setup
    {
        return Some(finding(
            format!(
                "{} is set up in {}, which the series does not allow at setup",
                s.label(),
                def.name
            ),
            def.section.as_deref(),
        ));
    }
    let terrain = common::terrain(b, hex)?;
    if let Some(def) = def
        && !def.only_in.is_empty()
        && !def.only_in.contains(&terrain.id)
    {
        return Some(finding(
            format!(
                "{} is in {} in hex {hex}, {}; {} is allowed only in {}",
                s.label(),
                def.name,
                terrain.name,
                def.name,
                def.only_in.join(", ")
            ),
            def.section.as_deref(),
        ));
    }
    let unit = s.unit?;
    let mandatory: Vec<&FormationDef> = b
        .series
        .formations
        .iter()
        .filter(|f| f.classes.contains(&unit.class))
        .filter(|f| f.mandatory_in.contains(&terrain.id))
        .collect();
    if mandatory.is_empty()
        || posture.is_some_and(|p| mandatory.iter().any(|f| f.id == p))
    {
        return None;
    }
    let state = b.state_of(s.placed);
    if common::default_state(b).is_some_and(|d| d != state) {
        return None;
    }
    if def.is_some_and(|d| d.facing == FacingKind::Hexside)
        && common::on_road(b, hex)
    {
        return None;
    }
    let names: Vec<&str> = mandatory.iter().map(|f| f.name.as_str()).collect();
    let current = def.map_or("no formation".to_owned(), |d| d.name.clone());
    Some(finding(
        format!(
            "{} ({}) in hex {hex}, {}, must be in {}, not {current}",
            s.label(),
            unit.class,
            terrain.name,
            names.join(" or ")
        ),
        mandatory[0].section.as_deref(),
    ))
}
