//! ENT002: an entry resolves to passable hexes of the map.
//! ENT007: an entry hex lies on a map edge.
//!
//! ## What it does
//! Resolves each reinforcement's `entry` (and every alternative entry) to
//! hexes: a hex, an entry point (its hexes, or its edge), a map edge, a
//! place. ENT002 (error) reports an entry that resolves to no hex (an entry
//! point with neither hexes nor edge) or only to impassable terrain (sea,
//! lake). Unknown ids and hexes off the map are left to REF006 and REF007.
//! ENT007 (warning) reports an entry hex or entry point none of whose hexes
//! has a neighbour off the map. Places are not checked for ENT007: some
//! scenarios make reinforcements "available at" a town inside the map
//! (Vive l'Empereur XIII: "placed on the map directly to a location").
//!
//! ## Why
//! Reinforcements come on from off the map through their entry hex; an
//! entry nobody can stand on makes the arrival unplayable, and an interior
//! entry hex is usually a misread hex number.
//!
//! ## Example
//! `entry: Hex("0305")` where 0305 is lake (ENT002); Rivoli's
//! `entry-0321`, one row short of the southern edge (ENT007, seed-jdg F19:
//! the rulebook prints 0321 although odd columns reach row 22).
//!
//! Rulebook: Jours de Gloire 5.2 ("the reinforcements enter the map at the
//! hex specified in the scenario"); Vive l'Empereur XIII.

use std::collections::BTreeSet;

use berthier_schema::Location;
use berthier_schema::battle::Battle;

use super::plan::{Planned, Resolution, on_edge, resolve};
use crate::check::Finding;
use crate::code::{Code, Rule};

/// Documentation of ENT002.
pub const DOC_RESOLVE: Rule = Rule {
    summary: "Reinforcement entry has no passable hex on the map",
    what: "Resolves each reinforcement's `entry` and alternative entries to \
           hexes (a hex, an entry point's hexes or edge, a map edge, a \
           place). Reports an entry that resolves to no hex, or only to \
           impassable terrain. Unknown ids and hexes off the map are REF006 \
           and REF007.",
    why: "Reinforcements come on through their entry hex; an entry nobody \
          can stand on makes the arrival unplayable.",
    example: "entry: Hex(\"0305\")   // lake",
    rulebook: Some("Jours de Gloire 5.2; Vive l'Empereur XIII"),
};

/// Documentation of ENT007.
pub const DOC_EDGE: Rule = Rule {
    summary: "Reinforcement entry hex is not on a map edge",
    what: "Reports an entry given as a hex or an entry point none of whose \
           hexes has a neighbour off the map. Places are not checked: some \
           scenarios make reinforcements available at a town inside the \
           map.",
    why: "Reinforcements come on from off the map; an interior entry hex is \
          usually a misread hex number, or a map extent that is wrong.",
    example: "entry_points: [(id: \"entry-0321\", hexes: [\"0321\"])]   // \
              odd columns reach row 22",
    rulebook: Some(
        "Jours de Gloire 5.2 (\"enter the map at the hex specified\"); \
         Vive l'Empereur XIII",
    ),
};

/// ENT002 and ENT007 for every entry of the schedule.
pub fn check(
    battle: &Battle<'_>,
    plan: &[Planned<'_>],
    out: &mut Vec<Finding>,
) {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    for planned in plan {
        let pointer = planned.pointer().field("entry");
        entry(
            battle,
            &planned.arrival.entry,
            &planned.entry,
            &pointer,
            &mut seen,
            out,
        );
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
    match location {
        Location::Hex(h) => format!("hex {h}"),
        Location::Place(id) => format!("place `{id}`"),
        Location::Entry(id) => format!("entry point `{id}`"),
        Location::Edge(id) => format!("edge `{id}`"),
    }
}
