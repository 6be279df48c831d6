//! REF006 on a map: an entry point's `edge` or `road` names no edge or
//! road of the map. Documented with the other pass-2 codes
//! (`crate::rules`).

use std::collections::HashSet;

use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::at;

/// REF006 for every entry point of `map`.
pub fn check(map: &Map) -> Vec<Finding> {
    let edges: HashSet<&str> = map.edges.iter().map(|e| &*e.id).collect();
    let roads: HashSet<&str> = map.roads.iter().map(|r| &*r.id).collect();
    let mut out = Vec::new();
    for (i, entry) in map.entry_points.iter().enumerate() {
        if let Some(edge) = &entry.edge
            && !edges.contains(edge.as_str())
        {
            out.push(Finding::new(
                Code::Ref006,
                at("entry_points").index(i).field("edge"),
                format!("edge `{edge}` is not on the map"),
            ));
        }
        if let Some(road) = &entry.road
            && !roads.contains(road.as_str())
        {
            out.push(Finding::new(
                Code::Ref006,
                at("entry_points").index(i).field("road"),
                format!("road `{road}` is not on the map"),
            ));
        }
    }
    out
}
