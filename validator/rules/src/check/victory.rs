//! VIC001: victory locations exist and can be reached.
//!
//! What follows is `docs/VIC001.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/VIC001.md")]

use berthier_schema::battle::Battle;
use berthier_schema::placement::Location;
use berthier_schema::scenario::Condition;
use berthier_schema::zone::Zone;

use super::{Finding, Scene, common};
use crate::code::Code;
use crate::pointer::Pointer;

/// VIC001 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let zone = Zone::new(b.map, b);
    let mut out = Vec::new();
    for (i, v) in b.scenario.victory.iter().enumerate() {
        let base = Pointer::root().field("victory").index(i).field("condition");
        let (pointer, at, exit) = match &v.condition {
            Condition::Objective { at, .. } => {
                (base.field("Objective").field("at"), at, false)
            }
            Condition::Exit { via, .. } => {
                (base.field("Exit").field("via"), via, true)
            }
            _ => continue,
        };
        if !known(b, at) {
            continue; // REF006
        }
        let hexes = match zone.location_hexes(at) {
            Ok(hexes) => hexes,
            Err(why) => {
                out.push(Finding::new(
                    Code::Vic001,
                    pointer,
                    format!(
                        "victory location {} cannot be found: {why}",
                        name(at)
                    ),
                ));
                continue;
            }
        };
        let on_map: Vec<_> = hexes
            .iter()
            .copied()
            .filter(|h| b.map.contains(*h))
            .collect();
        if on_map.is_empty() {
            out.push(Finding::new(
                Code::Vic001,
                pointer,
                format!("victory location {} has no hex on the map", name(at)),
            ));
        } else if exit && !on_map.iter().any(|h| common::on_edge(b, *h)) {
            out.push(
                Finding::new(
                    Code::Vic001,
                    pointer,
                    format!(
                        "units exit through {}, but none of its hexes is on \
                         the map's edge",
                        name(at)
                    ),
                )
                .hex(on_map[0])
                .help("name an edge, an entry point or an edge hex"),
            );
        }
    }
    out
}

fn name(at: &Location) -> String {
    at.to_string()
}

/// Whether the location's id names something of the map (locations built
/// from others: whether they resolve; pass 2 reports why not).
fn known(b: &Battle<'_>, at: &Location) -> bool {
    let map = b.map;
    match at {
        Location::Hex(_) => true,
        Location::Place(id) => map.place(id).is_some(),
        Location::Entry(id) => map.entry_points.iter().any(|e| &e.id == id),
        Location::Edge(id) => map.edges.iter().any(|e| &e.id == id),
        _ => Zone::new(map, b).location_hexes(at).is_ok(),
    }
}
