//! SET015: a unit named by two setup instructions of its side.
//!
//! What follows is `docs/SET015.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/SET015.md")]

use std::collections::BTreeMap;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// SET015 for every side's instructions: each later naming of a unit
/// already named by an earlier instruction.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        let mut first: BTreeMap<&str, usize> = BTreeMap::new();
        for (j, instruction) in side.instructions.iter().enumerate() {
            if instruction.option.is_some() {
                continue;
            }
            for (k, unit) in instruction.units.units.iter().enumerate() {
                match first.get(unit.as_str()) {
                    Some(&earlier) if earlier != j => {
                        let at = Pointer::root()
                            .field("sides")
                            .index(i)
                            .field("instructions")
                            .index(j)
                            .field("units")
                            .field("units")
                            .index(k);
                        out.push(
                            Finding::new(
                                Code::Set015,
                                at,
                                format!(
                                    "`{unit}` is also named by instruction \
                                     {earlier} of side `{}`: two set-up lines \
                                     place it",
                                    side.side
                                ),
                            )
                            .help(
                                "keep the unit in one instruction and say in \
                                 the provenance which line the rulebook means",
                            ),
                        );
                    }
                    Some(_) => {}
                    None => {
                        first.insert(unit.as_str(), j);
                    }
                }
            }
        }
    }
    out
}
