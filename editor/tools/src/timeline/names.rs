//! The names a designer reads for the ids a schedule is written in:
//! units and formations as the counters print them, entry points, places
//! and edges as the map names them. The timeline's cards and its played
//! schedule show these, not the ids (`6th division (Jerome)`, not
//! `fr-ii-6`); an id stays the fallback for what does not resolve.

use std::collections::HashMap;

use berthier_schema::Location;
use berthier_schema::battle::Battle;

/// Id to name, for units, formations and the map's gazetteer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Names {
    units: HashMap<String, String>,
    formations: HashMap<String, String>,
    /// Formations whose units the rulebook never prints, to what it
    /// prints of them ("2 divisions including a brigade of Young Guard,
    /// 36 steps").
    unknown: HashMap<String, String>,
    locations: HashMap<String, String>,
}

impl Names {
    /// The names of `battle`'s counters and map.
    pub fn of(battle: &Battle<'_>) -> Self {
        let counters = battle.counters;
        let mut count: HashMap<&str, usize> = HashMap::new();
        for u in &counters.units {
            *count.entry(u.name.as_str()).or_default() += 1;
        }
        // Units that print one name (Rivoli's two Lebley) carry their id
        // too, as the order of battle's tree shows them.
        let units = counters
            .units
            .iter()
            .map(|u| {
                let name = if count.get(u.name.as_str()) > Some(&1) {
                    format!("{} ({})", u.name, u.id)
                } else {
                    u.name.clone()
                };
                (u.id.clone(), name)
            })
            .collect();
        let formations = counters
            .formations
            .iter()
            .map(|f| (f.id.clone(), f.name.clone()))
            .collect();
        let unknown = counters
            .formations
            .iter()
            .filter_map(|f| {
                let u = f.units_unknown.as_ref()?;
                let steps =
                    u.steps.map_or(String::new(), |s| format!(", {s} steps"));
                Some((f.id.clone(), format!("{}{steps}", u.composition)))
            })
            .collect();
        let map = battle.map;
        let mut locations: HashMap<String, String> = HashMap::new();
        for p in &map.places {
            locations.insert(format!("place:{}", p.id), p.name.clone());
        }
        for e in &map.entry_points {
            locations.insert(format!("entry:{}", e.id), e.name.clone());
        }
        let edges = map.edges.iter().map(|e| {
            let name = e.name.clone().unwrap_or_else(|| e.id.clone());
            (format!("edge:{}", e.id), name)
        });
        locations.extend(edges);
        Self {
            units,
            formations,
            unknown,
            locations,
        }
    }

    /// A unit's name, else its id.
    pub fn unit<'a>(&'a self, id: &'a str) -> &'a str {
        self.units.get(id).map_or(id, String::as_str)
    }

    /// A formation's name, else its id.
    pub fn formation<'a>(&'a self, id: &'a str) -> &'a str {
        self.formations.get(id).map_or(id, String::as_str)
    }

    /// What the rulebook prints of a formation whose units are unknown.
    pub fn units_unknown(&self, id: &str) -> Option<&str> {
        self.unknown.get(id).map(String::as_str)
    }

    /// Units' names joined with `sep`.
    pub fn units(&self, ids: &[String], sep: &str) -> String {
        let names: Vec<&str> = ids.iter().map(|id| self.unit(id)).collect();
        names.join(sep)
    }

    /// A location in words, by the map's names where it names an entry
    /// point, place or edge.
    pub fn location(&self, location: &Location) -> String {
        let named = |key: &str| self.locations.get(key).cloned();
        match location {
            Location::Entry(id) => {
                named(&format!("entry:{id}")).unwrap_or_else(|| id.clone())
            }
            Location::Place(id) => {
                named(&format!("place:{id}")).unwrap_or_else(|| id.clone())
            }
            Location::Edge(id) => {
                let name =
                    named(&format!("edge:{id}")).unwrap_or_else(|| id.clone());
                // "East edge", not "East edge edge", when the map names
                // its edges so.
                if name.to_lowercase().ends_with("edge") {
                    name
                } else {
                    format!("{name} edge")
                }
            }
            Location::Hex(hex) => format!("hex {hex}"),
            other => other.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edge_named_edge_is_not_called_edge_twice() {
        let mut names = Names::default();
        names
            .locations
            .insert("edge:east".into(), "East edge".into());
        names.locations.insert("edge:north".into(), "North".into());
        let edge = |id: &str| names.location(&Location::Edge(id.into()));
        assert_eq!(edge("east"), "East edge");
        assert_eq!(edge("north"), "North edge");
        assert_eq!(edge("west"), "west edge");
    }
}
