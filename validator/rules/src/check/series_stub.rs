//! REF046: a series marked `stub: true`, each part it still lacks.
//!
//! What follows is `docs/REF046.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/REF046.md")]

use berthier_schema::series::Series;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// The arm a stub writes for a class the module does not place in one.
const UNKNOWN_ARM: &str = "unknown";

/// REF046 on `s`, its parts read from `all`, its effective series (a stub
/// extending a finished series lacks nothing the base has).
pub fn check(s: &Series, all: &Series) -> Vec<Finding> {
    if !s.stub {
        return Vec::new();
    }
    let mark = at("stub");
    let missing = missing_parts(all);
    if missing.is_empty() {
        return vec![
            Finding::new(
                Code::Ref046,
                mark,
                "the series is marked a stub but lacks no part this check \
                 knows of",
            )
            .help("remove `stub: true` once its rules are complete"),
        ];
    }
    missing
        .into_iter()
        .map(|part| {
            Finding::new(
                Code::Ref046,
                mark.clone(),
                format!("series stub: {part}"),
            )
            .help(
                "complete the series (schema/series/README.md), then \
                     remove `stub: true`",
            )
        })
        .collect()
}

/// One sentence per missing part.
fn missing_parts(all: &Series) -> Vec<String> {
    let mut parts = Vec::new();
    let unarmed: Vec<String> = all
        .unit_classes
        .iter()
        .filter(|c| c.arm == UNKNOWN_ARM)
        .map(|c| format!("`{}`", c.id))
        .collect();
    if !unarmed.is_empty() {
        parts.push(format!(
            "the arm of {} is not written (`unknown`): {}",
            crate::words::plural(unarmed.len(), "unit class"),
            crate::words::list(&unarmed, 6)
        ));
    }
    if all.terrain.iter().all(|t| t.movement.is_empty()) {
        parts.push("no terrain type has movement costs".to_owned());
    }
    if all.stacking.is_none() {
        parts.push("no stacking rules".to_owned());
    }
    parts
}
