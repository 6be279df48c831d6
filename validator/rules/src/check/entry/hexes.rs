//! ENT002: an entry resolves to passable hexes of the map.
//! ENT007: an entry hex lies on a map edge.
//!
//! What follows is `docs/ENT002.md` and `docs/ENT007.md` (under
//! `validator/rules/`), the text `berthier-validate rule` and `RULES.md`
//! print.
#![doc = include_str!("../../../docs/ENT002.md")]
#![doc = include_str!("../../../docs/ENT007.md")]

use std::collections::BTreeSet;

use berthier_schema::Location;
use berthier_schema::battle::Battle;

use super::plan::{Planned, Resolution, on_edge, resolve};
use crate::check::Finding;
use crate::code::Code;

/// ENT002 and ENT007 for every entry of the schedule.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for planned in plan {
        if let Some(location) = &planned.arrival.entry {
            let pointer = planned.pointer().field("entry");
            entry(battle, location, &planned.entry, &pointer, &mut seen, out);
        }
        let Some(alternatives) = &planned.arrival.alternatives else {
            continue;
        };
        for (j, location) in alternatives.entries.iter().enumerate() {
            let resolved = resolve(battle, location);
            let pointer = planned
                .pointer()
                .field("alternatives")
                .field("entries")
                .index(j);
            entry(battle, location, &resolved, &pointer, &mut seen, out);
        }
    }
}

/// The findings of one entry; `seen` keeps an entry used by several
/// arrivals from being reported more than once.
fn entry(
    battle: &Battle<'_>,
    location: &Location,
    resolved: &Resolution,
    pointer: &str,
    seen: &mut BTreeSet<String>,
    out: &mut Vec<Finding>,
) {
    let name = describe(location);
    if !seen.insert(name.clone()) {
        return;
    }
    match resolved {
        Resolution::Unknown => {}
        Resolution::Broken(why) => out.push(
            Finding::new(
                Code::Ent002,
                pointer,
                format!("reinforcement entry {name} cannot be used: {why}"),
            )
            .help("give the entry passable hexes on the map"),
        ),
        Resolution::Hexes(hexes) => {
            let checked =
                matches!(location, Location::Hex(_) | Location::Entry(_));
            if !checked || hexes.iter().any(|h| on_edge(battle, *h)) {
                return;
            }
            let list: Vec<String> =
                hexes.iter().map(ToString::to_string).collect();
            out.push(
                Finding::new(
                    Code::Ent007,
                    pointer,
                    format!(
                        "reinforcement entry {name} is not on a map edge: \
                         {} has no neighbour off the map",
                        list.join(", ")
                    ),
                )
                .hex(hexes[0])
                .help(
                    "check the hex number against the printed map, and the \
                     map's `extent`",
                ),
            );
        }
    }
}

/// A location as written.
fn describe(location: &Location) -> String {
    location.to_string()
}
