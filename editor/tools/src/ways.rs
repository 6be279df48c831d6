//! The ways on and off a map, by name: its entry points and its edges.
//! Transfers between a game's maps start and end at them, and a victory
//! exit is made through one.

use berthier_schema::Map;
use berthier_schema::placement::Location;

/// An entry point or an edge of a map, as the file names it and as
/// people read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Way {
    /// As the file names it.
    pub location: Location,
    /// As people read it.
    pub name: String,
}

impl std::fmt::Display for Way {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The entry points, then the edges, of `map` ("West edge" for an edge
/// the map does not name).
pub fn of(map: &Map) -> Vec<Way> {
    let entries = map.entry_points.iter().map(|e| Way {
        location: Location::Entry(e.id.clone()),
        name: e.name.clone(),
    });
    let edges = map.edges.iter().map(|e| Way {
        location: Location::Edge(e.id.clone()),
        name: e.name.clone().unwrap_or_else(|| edge_name(&e.id)),
    });
    entries.chain(edges).collect()
}

/// "West edge" for the edge `west`.
pub fn edge_name(id: &str) -> String {
    let mut chars = id.chars();
    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
    format!("{}{} edge", first.unwrap_or_default(), chars.as_str())
}
