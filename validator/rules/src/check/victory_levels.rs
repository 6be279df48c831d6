//! VIC003: bands of victory levels that are empty, overlap or are out of
//! order.
//!
//! What follows is `docs/VIC003.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/VIC003.md")]

use berthier_schema::battle::Battle;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// VIC003 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    bands(scene.battle)
}

fn bands(b: &Battle<'_>) -> Vec<Finding> {
    let Some(levels) = &b.scenario.victory_levels else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut previous_max: Option<Option<u16>> = None;
    for (i, band) in levels.by_difference.iter().enumerate() {
        let p = Pointer::root()
            .field("victory_levels")
            .field("by_difference")
            .index(i);
        if band.max.is_some_and(|max| max < band.min) {
            out.push(Finding::new(
                Code::Vic003,
                p.field("max"),
                format!(
                    "the band {}-{} is empty",
                    band.min,
                    band.max.unwrap_or_default()
                ),
            ));
        }
        match previous_max {
            Some(None) => out.push(Finding::new(
                Code::Vic003,
                p.clone(),
                "a band follows a band with no upper limit".to_owned(),
            )),
            Some(Some(max)) if band.min <= max => out.push(
                Finding::new(
                    Code::Vic003,
                    p.field("min"),
                    format!(
                        "the band from {} overlaps the band before it (up \
                         to {max})",
                        band.min
                    ),
                )
                .help(
                    "list the bands lowest first, each starting above the last",
                ),
            ),
            _ => {}
        }
        previous_max = Some(band.max);
    }
    out
}
