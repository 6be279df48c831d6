//! MAP002: a slope's high hex is not the lower one.
//! MAP004: a level change has a slope between the two hexes.
//!
//! ## What it does
//! Compares the painted `level` of hexes with the slopes between them (a
//! directed hexside type named as a slope or ridge; redoubts and walls
//! are directed too, but their `high` is the inner hex). MAP002
//! (warning) reports a slope whose `high` hex has a lower level than the
//! other hex. MAP004 (information) reports a hex higher than a painted
//! neighbour with no slope on the hexside between them, once per higher
//! hex. Hexes without a level are not compared. A slope between equal
//! levels is allowed: Canope's dunes are slopes without a level change.
//!
//! ## Why
//! Slopes mark level changes, and combat modifiers depend on the
//! difference of level; a slope drawn the wrong way round, or a level
//! painted on the wrong hex, changes who fights uphill.
//!
//! ## Example
//! `(at: "0101/0102", feature: "slope", high: "0102")` with 0101 at
//! level 1 and 0102 at level 0 (MAP002); 0102 at level 1 next to 0202 at
//! level 0 with no slope between them (MAP004).
//!
//! Rulebook: Jours de Gloire 7.4.1, 9.1, Terrain Effects Chart note `*`;
//! Canope 4.3 (slopes between equal levels); Vive l'Empereur §VI.2.

use berthier_schema::map::Map;
use berthier_schema::{HexId, Hexside};

use super::{Finding, Sides, is_slope};
use crate::code::{Code, Rule};
use crate::pointer::at;

/// Documentation of MAP002.
pub const DOC_SLOPE: Rule = Rule {
    summary: "Slope whose high hex has the lower level",
    what: "Reports a slope (a directed hexside type named as a slope or \
           ridge) whose `high` hex has a lower painted level than the hex \
           on the other side. Slopes between equal levels are allowed \
           (Canope's dunes); hexes without a level are not compared.",
    why: "Slopes mark level changes, and fire and shock modifiers depend \
          on which side is higher: a slope drawn the wrong way round, or a \
          level painted on the wrong hex, turns the fight around.",
    example: "(at: \"0101/0102\", feature: \"slope\", high: \"0102\")   // \
              0101 is level 1, 0102 level 0",
    rulebook: Some(
        "Jours de Gloire 7.4.1, 9.1, Terrain Effects Chart note *; Canope \
         4.3; Vive l'Empereur §VI.2",
    ),
};

/// Documentation of MAP004.
pub const DOC_LEVEL: Rule = Rule {
    summary: "Level change between hexes with no slope between them",
    what: "Reports, once per higher hex, a hex whose painted level is \
           above a painted neighbour's with no slope on the hexside between \
           them. Hexes without a level are not compared.",
    why: "Slopes mark level changes on the printed map; a level change \
          with no slope is often a level painted one hex too far, or a \
          slope not yet drawn. Some maps print levels with no slopes, so it \
          is only information.",
    example: "\"0102\": (terrain: \"clear\", level: 1), \"0202\": (terrain: \
              \"clear\", level: 0)   // no slope on 0102/0202",
    rulebook: Some("Jours de Gloire 7.4.1, Terrain Effects Chart note *"),
};

/// MAP002 and MAP004 for `map`.
pub fn check(map: &Map, sides: &Sides<'_>) -> Vec<Finding> {
    let mut out = wrong_way(map, sides);
    out.extend(unmarked(map, sides));
    out
}

fn level(map: &Map, hex: HexId) -> Option<i8> {
    map.hexes.get(&hex)?.level
}

/// MAP002: slopes whose high hex is lower.
fn wrong_way(map: &Map, sides: &Sides<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, feature) in map.hexsides.iter().enumerate() {
        let slope = sides
            .on(feature.at)
            .iter()
            .any(|(j, _, t)| *j == i && is_slope(t));
        let Some(high) = feature.high.filter(|_| slope) else {
            continue; // REF015 when a directed feature lacks it
        };
        let Some(low) = feature.at.other(high) else {
            continue;
        };
        let (Some(h), Some(l)) = (level(map, high), level(map, low)) else {
            continue;
        };
        if h >= l {
            continue;
        }
        out.push(
            Finding::new(
                Code::Map002,
                at("hexsides").index(i),
                format!(
                    "{} {} has its high side on {high} (level {h}), but \
                     {low} is level {l}",
                    feature.feature, feature.at
                ),
            )
            .hex(high)
            .side(feature.at)
            .help(format!(
                "make {low} the high hex, or check the levels of {high} and \
                 {low}"
            )),
        );
    }
    out
}

/// MAP004: higher hexes with no slope towards a lower painted neighbour.
fn unmarked(map: &Map, sides: &Sides<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (hex, data) in &map.hexes {
        let Some(here) = data.level else { continue };
        let lower: Vec<String> = map
            .grid
            .neighbours(*hex)
            .into_iter()
            .filter(|n| level(map, *n).is_some_and(|l| l < here))
            .filter(|n| !has_slope(sides, *hex, *n))
            .map(|n| n.to_string())
            .collect();
        if lower.is_empty() {
            continue;
        }
        out.push(
            Finding::new(
                Code::Map004,
                at("hexes").key(hex).field("level"),
                format!(
                    "hex {hex} (level {here}) is higher than {} with no \
                     slope between them",
                    super::super::common::list(&lower, 4)
                ),
            )
            .hex(*hex)
            .help("draw the slopes, or check the levels"),
        );
    }
    out
}

fn has_slope(sides: &Sides<'_>, a: HexId, b: HexId) -> bool {
    Hexside::between(a, b)
        .is_ok_and(|s| sides.on(s).iter().any(|(_, _, t)| is_slope(t)))
}
