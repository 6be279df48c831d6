//! TER003: the tactical formation a unit is set up in must be allowed in
//! its terrain and at setup, and where the series makes a formation
//! mandatory, the unit must be in it.
//!
//! ## What it does
//! For each unit set up with a `formation`: the formation must be allowed
//! at setup (`allowed_at_setup`: Vive l'Empereur's cavalry line exists
//! only during a charge) and, when it lists `only_in` terrain, the hex
//! must be one of those (squares only in clear terrain; Vive l'Empereur
//! squares, skirmishers and unlimbered artillery only in clear, farm or
//! difficult terrain). Where a formation of the unit's class is
//! `mandatory_in` the hex's terrain (general order in town, castle, brush,
//! forest, fortified farm; limbered artillery in town; cavalry column in
//! the open), the unit must be in one of them. Exceptions: units not in
//! the series' default state (disorganized units keep no formation), and,
//! on a road hex, units in a formation that faces a hexside (column,
//! limbered) may "stay in column on the road" (§VI.7). Unpainted terrain
//! is TER004.
//!
//! ## Why
//! A setup in a formation the terrain forbids cannot be laid out.
//!
//! ## Example
//! An infantry unit in line in a town hex (Vive l'Empereur: general order
//! is mandatory there).
//!
//! Rulebook: Jours de Gloire 4.2; Vive l'Empereur §IV.3, §IV.4, §IV.6,
//! §IV.7, §IV.8, §IV.9, §IV.11, §IV.12, §VI.6, §VI.7, special rule 2.

use berthier_schema::battle::Battle;
use berthier_schema::series::{FacingKind, FormationDef};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::{Code, Rule};

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[(
    Code::Ter003,
    Rule {
        summary: "Formation not allowed here, or mandatory formation missing",
        what: "Reports a unit set up in a formation the series does not \
               allow at setup (cavalry line) or in this terrain (`only_in`: \
               squares in clear terrain only), and a unit of a class for \
               which the terrain makes a formation mandatory (`mandatory_in`: \
               general order in town or forest, limbered artillery in town, \
               cavalry column in the open) but which is not in it. Units not \
               in the default state, and units in column or limbered on a \
               road hex, are exempt from mandatory formations.",
        why: "The formation rules hold from the first turn; a setup that \
              breaks them cannot be laid out.",
        example: "(unit: \"fr-045\", hex: \"1921\", formation: \"line\")   \
                  // 1921 is town",
        rulebook: Some(
            "Jours de Gloire 4.2; Vive l'Empereur §IV.3-§IV.12, §VI.6, \
             §VI.7, special rule 2",
        ),
    },
)];

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
