//! TER001, TER002, TER004: may this unit stand in this hex's terrain?
//!
//! ## What it does
//! TER001: a unit set up in an impassable hex (sea, lake). TER002: a unit
//! set up in terrain its class may not enter (movement cost `NotAllowed`
//! for the class it moves as), unless a road runs through the hex and the
//! class may use it (Vive l'Empereur: artillery only on a road in forest,
//! brush or marsh; no cavalry or artillery in a fortified farm). TER004
//! (information): the terrain under a setup hex is not painted, so
//! TER001-TER003 could not be checked there; when the map has no painted
//! terrain at all, one finding per scenario says so. A hex off the map is
//! REF007 (pass 2), not repeated here.
//!
//! ## Why
//! A unit cannot be set up where it could never move.
//!
//! ## Example
//! An artillery unit set up in a forest hex with no road.
//!
//! Rulebook: Jours de Gloire 4.3.2 (impassable hexes); Vive l'Empereur
//! §IV.11, §VI.7, special rule 2 (fortified farms).

use berthier_schema::battle::Battle;
use berthier_schema::series::{Cost, Purpose};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::{Code, Rule};

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[
    (
        Code::Ter001,
        Rule {
            summary: "Unit set up in an impassable hex",
            what: "Reports a unit set up in a hex whose painted terrain is \
                   impassable (sea, lake). A hex off the map is REF007.",
            why: "No unit may ever enter an impassable hex.",
            example: "(unit: \"b1\", hex: \"0305\")   // 0305 is lake",
            rulebook: Some(
                "Jours de Gloire 4.3.2; the series' terrain `impassable`",
            ),
        },
    ),
    (
        Code::Ter002,
        Rule {
            summary: "Unit class may not be in this terrain",
            what: "Reports a unit set up in terrain whose movement cost for \
                   the class it moves as is `NotAllowed`, unless a road \
                   through the hex lets that class in.",
            why: "A unit cannot be set up where it could never move: \
                  artillery in a forest off the road, cavalry or artillery \
                  in a fortified farm.",
            example: "(unit: \"art-1\", hex: \"0102\")   // forest, no road",
            rulebook: Some(
                "the series' Terrain Effects Chart; Vive l'Empereur \
                 §IV.11, §VI.7, special rule 2",
            ),
        },
    ),
    (
        Code::Ter004,
        Rule {
            summary: "Terrain under a setup hex is not painted",
            what: "Information: the map does not say what terrain a setup \
                   hex holds, so the terrain rules (TER001-TER003) were not \
                   checked there. When the map has no painted terrain, one \
                   finding per scenario says so.",
            why: "Unknown terrain must give neither a false pass nor a \
                  false failure.",
            example: "hexes: {}   // nothing painted yet",
            rulebook: None,
        },
    ),
];

/// TER001, TER002 and TER004 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let setups = &scene.setups;
    let painted = b.map.hexes.values().any(|h| h.terrain.is_some());
    if !painted {
        return if setups.is_empty() {
            Vec::new()
        } else {
            vec![unpainted_map(b, setups.len())]
        };
    }
    let mut out = Vec::new();
    for s in setups {
        let hex = s.placed.hex;
        if common::terrain_id(b, hex).is_none() {
            out.push(
                Finding::new(
                    Code::Ter004,
                    s.pointer("hex"),
                    format!(
                        "terrain of hex {hex} is not painted: terrain rules \
                         not checked for {}",
                        s.label()
                    ),
                )
                .hex(hex),
            );
            continue;
        }
        out.extend(in_terrain(b, s));
    }
    out
}

fn unpainted_map(b: &Battle<'_>, units: usize) -> Finding {
    Finding::new(
        Code::Ter004,
        "/map",
        format!(
            "the map `{}` has no painted terrain: terrain rules \
             (TER001-TER003) not checked for the {} set up",
            b.map.id,
            common::plural(units, "unit")
        ),
    )
    .help("paint the map's terrain in the editor")
}

fn in_terrain(b: &Battle<'_>, s: &Setup<'_>) -> Option<Finding> {
    let hex = s.placed.hex;
    let terrain = common::terrain(b, hex)?;
    if terrain.impassable {
        return Some(
            Finding::new(
                Code::Ter001,
                s.pointer("hex"),
                format!(
                    "{} is set up in hex {hex}, which is {} (impassable)",
                    s.label(),
                    terrain.name
                ),
            )
            .hex(hex),
        );
    }
    let class = s.unit?.class_for(Purpose::Movement);
    if terrain.movement.get(class) != Some(&Cost::NotAllowed)
        || road_lets_in(b, hex, class)
    {
        return None;
    }
    let section = terrain.section.as_deref().unwrap_or("the terrain chart");
    Some(
        Finding::new(
            Code::Ter002,
            s.pointer("hex"),
            format!(
                "{} ({class}) is set up in hex {hex}, {}, where {class} may \
                 not go",
                s.label(),
                terrain.name
            ),
        )
        .hex(hex)
        .help(format!("see {section}")),
    )
}

/// Whether a road through `hex` lets `class` move there.
fn road_lets_in(
    b: &Battle<'_>,
    hex: berthier_schema::HexId,
    class: &str,
) -> bool {
    b.map
        .roads
        .iter()
        .filter(|r| r.hexes.contains(&hex))
        .any(|r| {
            b.series
                .road_types
                .iter()
                .find(|t| t.id == r.class)
                .is_none_or(|t| {
                    t.movement.get(class) != Some(&Cost::NotAllowed)
                })
        })
}
