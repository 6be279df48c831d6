//! A placement in words, with the names people read ("within 2 hexes of
//! Saint-Aubin", "on the West edge"), for an instruction whose printed
//! words are to be written or rewritten from what the file checks: the
//! editor keeps an instruction's `text` in step with its zone, so that a
//! radius changed from 1 to 2 does not leave "within one hex" behind.

use super::{Location, Placement};
use crate::map::Compass;
use crate::{Counters, Map};

/// The names of what placements refer to by id: the map's places, edges,
/// roads and entry points, the order of battle's units and formations,
/// and other scenarios by the path a placement names them with. An id or
/// path with no name is said as it is written.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    /// The map.
    pub map: &'a Map,
    /// The order of battle, when there is one.
    pub counters: Option<&'a Counters>,
    /// Other scenarios: the path a placement writes (relative to the
    /// scenario that says it) and the scenario's name.
    pub scenarios: &'a [(String, String)],
}

impl Names<'_> {
    fn scenario(&self, path: &str) -> String {
        match self.scenarios.iter().find(|(p, _)| p == path) {
            Some((_, name)) => format!("\u{201c}{name}\u{201d}"),
            None => format!("the scenario {path}"),
        }
    }

    fn place(&self, id: &str) -> String {
        self.map
            .place(id)
            .map_or(id, |p| p.name.as_str())
            .to_owned()
    }

    fn edge(&self, id: &str) -> String {
        let edge = self.map.edges.iter().find(|e| e.id == id);
        match edge.and_then(|e| e.name.as_deref()) {
            Some(name) => format!("the {name}"),
            None => format!("the {id} edge"),
        }
    }

    fn road(&self, id: &str) -> String {
        let road = self.map.road(id).and_then(|r| r.name.as_deref());
        road.map_or_else(|| format!("road {id}"), |n| format!("the {n}"))
    }

    fn entry(&self, id: &str) -> String {
        let entry = self.map.entry_points.iter().find(|e| e.id == id);
        entry.map_or(id, |e| e.name.as_str()).to_owned()
    }

    fn unit(&self, id: &str) -> String {
        let unit = self
            .counters
            .and_then(|c| c.units.iter().find(|u| u.id == id));
        unit.map_or(id, |u| u.name.as_str()).to_owned()
    }

    fn formation(&self, id: &str) -> String {
        let formation = self
            .counters
            .and_then(|c| c.formations.iter().find(|f| f.id == id));
        formation.map_or(id, |f| f.name.as_str()).to_owned()
    }

    /// A location in words.
    pub fn location(&self, location: &Location) -> String {
        match location {
            Location::Hex(h) => format!("hex {h}"),
            Location::Place(id) => self.place(id),
            Location::Entry(id) => self.entry(id),
            Location::Edge(id) => self.edge(id),
            Location::Road(id) => self.road(id),
            Location::RoadStretch { road, from, to } => format!(
                "{} between {} and {}",
                self.road(road),
                self.location(from),
                self.location(to)
            ),
            Location::Crossing { road, with } => format!(
                "the crossing of {} with {}",
                self.road(road),
                self.road(with)
            ),
            Location::Hexsides(name) => format!("the {name}"),
            Location::Offset {
                from,
                hexes,
                toward,
            } => format!(
                "{} {} of {}",
                hexes_words(*hexes),
                compass(*toward),
                self.location(from)
            ),
            Location::Formation(id) => self.formation(id),
            Location::Part { of, only } => {
                format!("{}, {}", self.location(of), self.placement(only))
            }
            Location::Squares { squares, .. } => {
                let n = squares.len();
                format!(
                    "{n} square{} of the map",
                    if n == 1 { "" } else { "s" }
                )
            }
        }
    }

    /// A placement in words.
    pub fn placement(&self, placement: &Placement) -> String {
        match placement {
            Placement::Hex(h) => format!("in hex {h}"),
            Placement::HexOrAdjacent(h) => format!("in or next to hex {h}"),
            Placement::At(l) => format!("{} {}", at(l), self.location(l)),
            Placement::Within { of, hexes: 0 } => {
                format!("{} {}", at(of), self.location(of))
            }
            Placement::Within { of, hexes } => {
                format!(
                    "within {} of {}",
                    hexes_words(*hexes),
                    self.location(of)
                )
            }
            Placement::Region(corners) => {
                let corners: Vec<String> =
                    corners.iter().map(ToString::to_string).collect();
                format!("in the region {}", corners.join("-"))
            }
            Placement::RegionOf(corners) => {
                let corners: Vec<String> =
                    corners.iter().map(|l| self.location(l)).collect();
                format!("in the region {}", corners.join(" - "))
            }
            Placement::SideOfLine { line, side, .. } => {
                let line: Vec<String> =
                    line.iter().map(|l| self.location(l)).collect();
                format!("{} of the line {}", compass(*side), line.join(" - "))
            }
            Placement::SideOf { of, side, .. } => {
                format!("{} of {}", compass(*side), self.location(of))
            }
            Placement::OnRoad {
                road,
                from,
                to,
                or_adjacent,
            } => format!(
                "{} {} between {} and {}",
                if *or_adjacent { "on or next to" } else { "on" },
                self.road(road),
                self.location(from),
                self.location(to)
            ),
            Placement::HalfwayBetween { a, b, radius } => format!(
                "within {} of halfway between {} and {}",
                hexes_words(*radius),
                self.location(a),
                self.location(b)
            ),
            Placement::LineBetween { a, b } => format!(
                "on the line between {} and {}",
                self.location(a),
                self.location(b)
            ),
            Placement::Band { a, b, width } => format!(
                "within {} of the line between {} and {}",
                hexes_words(*width),
                self.location(a),
                self.location(b)
            ),
            Placement::StackedWith(u) => {
                format!("stacked with {}", self.unit(u))
            }
            Placement::AdjacentTo(u) => format!("next to {}", self.unit(u)),
            Placement::WithAnyUnitOf(Some(f)) => {
                format!("with any unit of {}", self.formation(f))
            }
            Placement::WithAnyUnitOf(None) => {
                "with any unit of its side".to_owned()
            }
            Placement::AdjacentToAnyUnitOf(f) => {
                format!("next to any unit of {}", self.formation(f))
            }
            Placement::Anywhere => "anywhere on the map".to_owned(),
            Placement::All(parts) => self.joined(parts, " and "),
            Placement::AnyOf(parts) => self.joined(parts, " or "),
            Placement::Not(inner) => format!("not {}", self.placement(inner)),
            Placement::Unstructured(text) => text.clone(),
            Placement::DeploymentOf {
                scenario,
                setup_hexes,
                ..
            } => {
                let scenario = self.scenario(scenario);
                if *setup_hexes {
                    format!("in a hex where {scenario} sets a unit up")
                } else {
                    format!("where {scenario} deploys them")
                }
            }
        }
    }

    fn joined(&self, parts: &[Placement], with: &str) -> String {
        let words: Vec<String> =
            parts.iter().map(|p| self.placement(p)).collect();
        words.join(with)
    }
}

/// "on" an edge or road, "at" anything else.
fn at(location: &Location) -> &'static str {
    match location {
        Location::Edge(_)
        | Location::Road(_)
        | Location::RoadStretch { .. } => "on",
        Location::Hex(_) => "in",
        _ => "at",
    }
}

fn hexes_words(n: u8) -> String {
    match n {
        1 => "one hex".to_owned(),
        n => format!("{n} hexes"),
    }
}

fn compass(side: Compass) -> &'static str {
    match side {
        Compass::North => "north",
        Compass::South => "south",
        Compass::East => "east",
        Compass::West => "west",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;
    use crate::map::{MapEdge, Place};

    fn map() -> Map {
        let mut map = Map::blank(
            "m".into(),
            "M".into(),
            "s".into(),
            Grid::default(),
            vec![],
        );
        map.places.push(Place {
            id: "hamlet".into(),
            name: "Saint-Aubin".into(),
            aliases: Vec::new(),
            category: None,
            hexes: Vec::new(),
            provenance: None,
        });
        map.edges.push(MapEdge {
            id: "west".into(),
            name: Some("West edge".into()),
            side: Some(Compass::West),
            hexes: Vec::new(),
            sheet: None,
        });
        map
    }

    #[test]
    fn placements_are_said_with_names() {
        let map = map();
        let names = Names {
            map: &map,
            counters: None,
            scenarios: &[],
        };
        let within = |n| Placement::Within {
            of: Location::Place("hamlet".into()),
            hexes: n,
        };
        assert_eq!(
            names.placement(&within(1)),
            "within one hex of Saint-Aubin"
        );
        assert_eq!(
            names.placement(&within(2)),
            "within 2 hexes of Saint-Aubin"
        );
        assert_eq!(names.placement(&within(0)), "at Saint-Aubin");
        let edge = Placement::At(Location::Edge("west".into()));
        assert_eq!(names.placement(&edge), "on the West edge");
        let nowhere = Placement::At(Location::Place("nowhere".into()));
        assert_eq!(names.placement(&nowhere), "at nowhere");
    }
}
