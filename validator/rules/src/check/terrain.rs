//! TER001, TER002, TER004: may this unit stand in this hex's terrain?
//!
//! What follows is `docs/TER001.md`, `docs/TER002.md` and `docs/TER004.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/TER001.md")]
#![doc = include_str!("../../docs/TER002.md")]
#![doc = include_str!("../../docs/TER004.md")]

use berthier_schema::battle::Battle;
use berthier_schema::series::{Cost, Purpose, TerrainType};

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;

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
        // One lookup per unit: the setup rules' busiest.
        let Some(id) = common::terrain_id(b, hex) else {
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
        };
        out.extend(in_terrain(b, s, b.series.terrain_type(id)));
        out.extend(second_hex_unpainted(b, s));
    }
    out
}

/// TER004 for the hex across the hexside of a unit covering two hexes
/// (VLE tirailleurs, IV.6, seed 001 l. 289) when that hex is not painted:
/// TER007 cannot judge its terrain.
fn second_hex_unpainted(b: &Battle<'_>, s: &Setup<'_>) -> Option<Finding> {
    let hexside = s.placed.on_hexside?;
    let posture = s.placed.formation.as_deref()?;
    let def = b.series.formations.iter().find(|f| f.id == posture)?;
    let other = b.map.grid.across(s.placed.hex, hexside)?;
    if !def.covers_two_hexes
        || !b.map.contains(other)
        || common::terrain_id(b, other).is_some()
    {
        return None;
    }
    Some(
        Finding::new(
            Code::Ter004,
            s.pointer("on_hexside"),
            format!(
                "terrain of hex {other}, the second hex {} covers, is not \
                 painted: terrain rules (TER007) not checked there",
                s.label()
            ),
        )
        .hex(other),
    )
}

/// TER004 for a unit whose class has no printed cost in its hex's
/// terrain: whether it may stand there (TER002) is not known.
fn cost_unknown(s: &Setup<'_>, terrain: &TerrainType, class: &str) -> Finding {
    Finding::new(
        Code::Ter004,
        s.pointer("hex"),
        format!(
            "{} ({class}) in hex {}, {}: the series prints no cost of {} for \
             {class}, so whether it may be there (TER002) is not checked",
            s.label(),
            s.placed.hex,
            terrain.name,
            terrain.name
        ),
    )
    .hex(s.placed.hex)
    .help("give the cost in the series if the rulebook prints it")
}

fn unpainted_map(b: &Battle<'_>, units: usize) -> Finding {
    Finding::new(
        Code::Ter004,
        "/map",
        format!(
            "the map {} has no painted terrain: terrain rules \
             (TER001-TER003, TER007, STK005) not checked for the {} set up",
            if b.map.name.is_empty() {
                &b.map.id
            } else {
                &b.map.name
            },
            crate::words::plural(units, "unit")
        ),
    )
    .help("paint the map's terrain in the editor")
}

/// `terrain`: the series terrain type painted on the unit's hex (`None`
/// when the series does not know it: pass 2 reports that).
fn in_terrain(
    b: &Battle<'_>,
    s: &Setup<'_>,
    terrain: Option<&TerrainType>,
) -> Option<Finding> {
    let hex = s.placed.hex;
    let terrain = terrain?;
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
    match terrain.movement.get(class) {
        Some(Cost::NotAllowed) => {}
        // An unknown cost might be a prohibition; one a road lifts
        // anyway is no question. Leaders, which the terrain charts do
        // not cost, go with their units.
        Some(Cost::Unknown) | None
            if road_letting_in(b, hex, class).is_none()
                && !common::is_leader(b, s.unit) =>
        {
            return Some(cost_unknown(s, terrain, class));
        }
        _ => return None,
    }
    // A road lets the class in ("except through a road", VLE IV.11,
    // seed 001 l. 373) unless the series says no road lifts this
    // prohibition (VLE special rule 2, fortified farms, l. 3162).
    let road = road_letting_in(b, hex, class);
    let even_on_road = terrain.barred_even_on_road(class);
    if road.is_some() && !even_on_road {
        return None;
    }
    let section = terrain.section.as_deref().unwrap_or("the terrain chart");
    let on_road = match road {
        Some(name) if even_on_road => {
            format!(", even on the road ({name}) through it")
        }
        _ => String::new(),
    };
    Some(
        Finding::new(
            Code::Ter002,
            s.pointer("hex"),
            format!(
                "{} ({class}) is set up in hex {hex}, {}, where {class} may \
                 not go{on_road}",
                s.label(),
                terrain.name
            ),
        )
        .hex(hex)
        .help(format!("see {section}")),
    )
}

/// The name of a road through `hex` along which `class` may move (its
/// road class does not bar it), if any.
fn road_letting_in<'m>(
    b: &'m Battle<'_>,
    hex: berthier_schema::HexId,
    class: &str,
) -> Option<&'m str> {
    b.map
        .roads
        .iter()
        .filter(|r| r.hexes.contains(&hex))
        .find(|r| {
            b.series
                .road_types
                .iter()
                .find(|t| t.id == r.class)
                .is_none_or(|t| {
                    t.movement.get(class) != Some(&Cost::NotAllowed)
                })
        })
        .map(|r| r.name.as_deref().unwrap_or(r.id.as_str()))
}
