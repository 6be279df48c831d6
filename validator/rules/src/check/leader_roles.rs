//! OOB010: a leader's role that contradicts itself.
//!
//! What follows is `docs/OOB010.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/OOB010.md")]

use berthier_schema::scenario::LeaderRole;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// OOB010 for one scenario, side by side.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, side) in scene.battle.scenario.sides.iter().enumerate() {
        let base = Pointer::root().field("sides").index(i).field("leaders");
        for (j, role) in side.leaders.iter().enumerate() {
            let p = base.index(j);
            if role.unlimited_orders && role.orders_per_turn.is_some() {
                out.push(
                    Finding::new(
                        Code::Oob010,
                        p.field("orders_per_turn"),
                        format!(
                            "`{}` has unlimited orders and {} orders per turn",
                            role.unit,
                            role.orders_per_turn.unwrap_or_default()
                        ),
                    )
                    .help("keep one: `unlimited_orders` or `orders_per_turn`"),
                );
            }
            if let Some(k) = first_unscoped_twin(&side.leaders, j) {
                out.push(
                    Finding::new(
                        Code::Oob010,
                        p.clone(),
                        format!(
                            "`{}` has two roles that hold at once (this one \
                             and `leaders[{k}]`)",
                            role.unit
                        ),
                    )
                    .help(
                        "say when each holds: `until` on one, `from` on \
                         the other",
                    ),
                );
            }
        }
    }
    out
}

/// An earlier role of the same leader when neither says when it holds.
fn first_unscoped_twin(roles: &[LeaderRole], j: usize) -> Option<usize> {
    let unscoped = |r: &LeaderRole| r.until.is_none() && r.from.is_none();
    let role = &roles[j];
    if !unscoped(role) {
        return None;
    }
    (roles[..j].iter()).position(|r| r.unit == role.unit && unscoped(r))
}
