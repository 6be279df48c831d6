//! REF003 on a map: two roads, places, edges or entry points share an id.
//! Documented with the other pass-2 codes (`crate::rules`); pass 2 reports
//! duplicates in every other document kind through the same
//! [`duplicates`].

use std::collections::HashSet;

use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF003 for the roads, places, edges and entry points of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let mut out = duplicates(
        "road",
        pointed(at("roads"), map.roads.iter().map(|r| &*r.id)),
    );
    out.extend(duplicates(
        "place",
        pointed(at("places"), map.places.iter().map(|p| &*p.id)),
    ));
    out.extend(duplicates(
        "edge",
        pointed(at("edges"), map.edges.iter().map(|e| &*e.id)),
    ));
    let entries = map.entry_points.iter().map(|e| &*e.id);
    out.extend(duplicates(
        "entry point",
        pointed(at("entry_points"), entries),
    ));
    out
}

/// `({base}/{i}/id, id)` for the ids of a list.
fn pointed<'i>(
    base: Pointer,
    ids: impl Iterator<Item = &'i str>,
) -> Vec<(Pointer, &'i str)> {
    ids.enumerate()
        .map(|(i, id)| (base.index(i).field("id"), id))
        .collect()
}

/// REF003 for every id of `ids` (pointer, id) seen before; `what` names
/// the kind of thing (`road`, `unit class`).
pub fn duplicates<'i>(
    what: &str,
    ids: impl IntoIterator<Item = (Pointer, &'i str)>,
) -> Vec<Finding> {
    let mut seen = HashSet::new();
    ids.into_iter()
        .filter(|(_, id)| !seen.insert(*id))
        .map(|(pointer, id)| {
            Finding::new(
                Code::Ref003,
                pointer,
                format!("duplicate {what} id `{id}`"),
            )
        })
        .collect()
}
