//! VIC004: a held location whose exceptions leave nothing of it, or name
//! no hex of it ("Sombreffe (but the Chateau)").
//!
//! What follows is `docs/VIC004.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/VIC004.md")]

use berthier_schema::battle::Battle;
use berthier_schema::scenario::Condition;
use berthier_schema::zone::Zone;
use berthier_schema::{HexId, Location};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// VIC004 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let mut out = Vec::new();
    for (i, v) in scene.battle.scenario.victory.iter().enumerate() {
        let p = Pointer::root().field("victory").index(i).field("condition");
        holds(scene.battle, &p, &v.condition, &mut out);
    }
    out
}

fn holds(
    b: &Battle<'_>,
    p: &Pointer,
    condition: &Condition,
    out: &mut Vec<Finding>,
) {
    match condition {
        Condition::Hold { at, except, .. } if !except.is_empty() => {
            hold(b, &p.field("Hold"), at, except, out);
        }
        Condition::All(list) | Condition::AnyOf(list) => {
            let name = if matches!(condition, Condition::All(_)) {
                "All"
            } else {
                "AnyOf"
            };
            for (k, inner) in list.iter().enumerate() {
                holds(b, &p.field(name).index(k), inner, out);
            }
        }
        Condition::AtLeast { of, .. } => {
            for (k, inner) in of.iter().enumerate() {
                holds(b, &p.field("AtLeast").field("of").index(k), inner, out);
            }
        }
        _ => {}
    }
}

fn hold(
    b: &Battle<'_>,
    p: &Pointer,
    at: &Location,
    except: &[Location],
    out: &mut Vec<Finding>,
) {
    let zone = Zone::new(b.map, b);
    let Ok(hexes) = zone.location_hexes(at) else {
        return; // VIC001 / REF006
    };
    let mut left: Vec<HexId> = hexes.clone();
    for (k, location) in except.iter().enumerate() {
        let Ok(excluded) = zone.location_hexes(location) else {
            continue;
        };
        if !excluded.iter().any(|h| hexes.contains(h)) {
            out.push(
                Finding::new(
                    Code::Vic004,
                    p.field("except").index(k),
                    "this exception names no hex of the location held"
                        .to_owned(),
                )
                .help("an exception takes hexes out of `at`; check the ids"),
            );
        }
        left.retain(|h| !excluded.contains(h));
    }
    if left.is_empty() && !hexes.is_empty() {
        out.push(Finding::new(
            Code::Vic004,
            p.field("except"),
            "the exceptions take out every hex of the location held".to_owned(),
        ));
    }
}
