//! MAP002: a slope's high hex is not the lower one.
//! MAP004: a level change has a slope between the two hexes.
//!
//! What follows is `docs/MAP002.md` and `docs/MAP004.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../../docs/MAP002.md")]
#![doc = include_str!("../../../docs/MAP004.md")]

use berthier_schema::map::Map;
use berthier_schema::{HexId, Hexside};

use super::{Finding, Sides, is_slope};
use crate::code::Code;
use crate::pointer::at;

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
                    crate::words::list(&lower, 4)
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
