//! A scenario's victory conditions as the map screen lists and draws
//! them: the objectives and held places with their points per side, the
//! exits with the roads that lead to them, the conditions the rules can
//! read but that have no place on the map (eliminations, morale levels),
//! and, apart, the conditions kept as the rulebook's text, which nothing
//! checks.

use berthier_schema::HexId;
use berthier_schema::map::Map;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{Condition, VictoryCondition};
use berthier_schema::zone::{NoSetup, Zone};

use crate::scene::{Px, Shape};

/// One condition (or one part of a combined one) with a place on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// As the list shows it: "austrian: hold Chapelle San Marco, 2 VP".
    pub label: String,
    /// The side it counts for.
    pub side: String,
    /// The points it gives, when it gives points.
    pub points: Option<i32>,
    /// The hexes to hold or to exit by.
    pub hexes: Vec<HexId>,
    /// For an exit: the roads that lead to it, each in order.
    pub roads: Vec<Vec<HexId>>,
    /// An exit (else an objective).
    pub exit: bool,
}

/// The victory conditions of a scenario on its map.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Victory {
    /// The sides, in the scenario's order (their colours).
    pub sides: Vec<String>,
    /// Their names as people read them, in the same order (the ids until
    /// [`Victory::named`]).
    pub side_names: Vec<String>,
    /// Conditions with a place on the map.
    pub drawn: Vec<Drawn>,
    /// Structured conditions with no place on the map.
    pub other: Vec<String>,
    /// Conditions kept as text.
    pub text: Vec<String>,
}

impl Victory {
    /// The conditions of `conditions` on `map`; `sides` in order.
    pub fn of(
        conditions: &[VictoryCondition],
        sides: Vec<String>,
        map: &Map,
    ) -> Self {
        let mut out = Self {
            side_names: sides.clone(),
            sides,
            ..Self::default()
        };
        for vc in conditions {
            if let Condition::Text(words) = &vc.condition {
                out.text.push(format!("{}: {words}", vc.side));
                continue;
            }
            let before = out.drawn.len();
            parts(map, vc, &vc.condition, &mut out.drawn);
            if out.drawn.len() == before {
                let words =
                    vc.text.clone().unwrap_or_else(|| kind(&vc.condition));
                out.other.push(format!("{}: {words}", vc.side));
            }
        }
        out
    }

    /// The same conditions with each side called by `name` ("Armée
    /// française: objective Saint-Aubin, 3 VP", not `french`).
    pub fn named(mut self, name: impl Fn(&str) -> Option<String>) -> Self {
        let rename = |line: &mut String| {
            if let Some((id, rest)) = line.split_once(": ")
                && let Some(n) = name(id)
            {
                *line = format!("{n}: {rest}");
            }
        };
        self.drawn.iter_mut().for_each(|d| rename(&mut d.label));
        self.other.iter_mut().for_each(rename);
        self.text.iter_mut().for_each(rename);
        self.side_names = self
            .sides
            .iter()
            .map(|s| name(s).unwrap_or_else(|| s.clone()))
            .collect();
        self
    }

    /// The points each side can win on the map, in side order, by name.
    pub fn points_by_side(&self) -> Vec<(String, i32)> {
        self.sides
            .iter()
            .zip(&self.side_names)
            .map(|(side, name)| {
                let points = self
                    .drawn
                    .iter()
                    .filter(|d| &d.side == side)
                    .filter_map(|d| d.points)
                    .sum();
                (name.clone(), points)
            })
            .collect()
    }

    /// The shapes the map screen draws over the map, in scan pixels.
    pub fn shapes(&self, map: &Map) -> Vec<Shape> {
        let placed = map.geometry();
        let r = map.grid.hex_radius_px;
        let mut out = Vec::new();
        for d in &self.drawn {
            let colour = side_ink(self.sides.iter().position(|s| *s == d.side));
            for road in &d.roads {
                let points: Vec<Px> =
                    road.iter().map(|h| placed.center_px(*h)).collect();
                out.push(Shape::Line {
                    points,
                    width: 0.25 * r,
                    colour: EXIT_INK,
                });
            }
            for hex in &d.hexes {
                let mut ring = crate::scene::marks::inset_ring(map, *hex);
                if !d.exit {
                    ring.push(ring[0]);
                    out.push(Shape::Fill {
                        points: ring.clone(),
                        colour,
                        alpha: 0.35,
                    });
                }
                let ink = if d.exit { EXIT_INK } else { colour };
                out.push(Shape::Line {
                    points: ring,
                    width: 0.12 * r,
                    colour: ink,
                });
            }
            if let Some(first) = d.hexes.first() {
                let c = placed.center_px(*first);
                let tag = match (d.exit, d.points) {
                    (true, _) => "EXIT".to_owned(),
                    (false, Some(p)) => format!("{p} VP"),
                    (false, None) => "HOLD".to_owned(),
                };
                // In the middle: a place's name is written below it
                // (`scene::names`, where "3 VP" was drawn over it) and
                // the hex number above.
                out.push(Shape::Text {
                    at: c,
                    size: 0.45 * r,
                    text: tag,
                    colour: ink_dark(colour, d.exit),
                });
            }
        }
        out
    }
}

/// Exits and their roads.
pub const EXIT_INK: [u8; 3] = [0xc0, 0x10, 0x80];

/// The first side in blue, the second in red, others in brown.
fn side_ink(index: Option<usize>) -> [u8; 3] {
    match index {
        Some(0) => [0x20, 0x50, 0xd0],
        Some(1) => [0xd0, 0x30, 0x20],
        _ => [0x90, 0x60, 0x20],
    }
}

fn ink_dark(colour: [u8; 3], exit: bool) -> [u8; 3] {
    if exit {
        EXIT_INK
    } else {
        colour.map(|c| c / 2)
    }
}

/// The parts of `condition` with a place on the map, recursively.
fn parts(
    map: &Map,
    vc: &VictoryCondition,
    condition: &Condition,
    out: &mut Vec<Drawn>,
) {
    let zone = Zone::new(map, &NoSetup);
    let hexes = |at: &Location| zone.location_hexes(at).unwrap_or_default();
    let mut push = |what: String, hexes: Vec<HexId>, points: Option<i32>| {
        let points = points.filter(|p| *p != 0).or(vc.points);
        let worth = points.map(|p| format!(", {p} VP")).unwrap_or_default();
        out.push(Drawn {
            label: format!("{}: {what}{worth}", vc.side),
            side: vc.side.clone(),
            points,
            hexes,
            roads: Vec::new(),
            exit: false,
        });
    };
    match condition {
        Condition::Objective { at, points, .. } => push(
            format!("objective {}", location_name(map, at)),
            hexes(at),
            Some(*points),
        ),
        Condition::Hold {
            at, points, except, ..
        } => {
            // "Sombreffe (but the Chateau)": the hexes left out are
            // named, and not drawn as held.
            let left_out: Vec<HexId> = except.iter().flat_map(hexes).collect();
            let mut held = hexes(at);
            held.retain(|h| !left_out.contains(h));
            push(hold_words(map, at, except), held, Some(*points));
        }
        Condition::Exit { via, count, .. } => {
            push_exit(map, vc, &format!("exit {count} by"), via, out)
        }
        Condition::ExitAny { via, .. }
        | Condition::ExitFormations { via, .. } => {
            via.iter()
                .for_each(|at| push_exit(map, vc, "exit by", at, out));
        }
        Condition::All(of)
        | Condition::AnyOf(of)
        | Condition::AtLeast { of, .. }
        | Condition::Exactly { of, .. } => {
            of.iter().for_each(|c| parts(map, vc, c, out));
        }
        _ => {}
    }
}

/// "hold Sombreffe but Chateau".
pub fn hold_words(map: &Map, at: &Location, except: &[Location]) -> String {
    let but: Vec<String> =
        except.iter().map(|l| location_name(map, l)).collect();
    match but.is_empty() {
        true => format!("hold {}", location_name(map, at)),
        false => {
            format!("hold {} but {}", location_name(map, at), but.join(", "))
        }
    }
}

/// An exit by `via`, with the roads that lead to it.
fn push_exit(
    map: &Map,
    vc: &VictoryCondition,
    what: &str,
    via: &Location,
    out: &mut Vec<Drawn>,
) {
    let zone = Zone::new(map, &NoSetup);
    let worth = vc.points.map(|p| format!(", {p} VP")).unwrap_or_default();
    out.push(Drawn {
        label: format!(
            "{}: {what} {}{worth}",
            vc.side,
            location_name(map, via)
        ),
        side: vc.side.clone(),
        points: vc.points,
        hexes: zone.location_hexes(via).unwrap_or_default(),
        roads: roads_to(map, via),
        exit: true,
    });
}

/// A location as the list names it: a place or entry point by its
/// printed name, anything else as messages name it.
pub fn location_name(map: &Map, at: &Location) -> String {
    match at {
        Location::Place(id) => {
            map.place(id).map_or_else(|| id.clone(), |p| p.name.clone())
        }
        Location::Entry(id) => map
            .entry_points
            .iter()
            .find(|e| &e.id == id)
            .map_or_else(|| id.clone(), |e| e.name.clone()),
        Location::Hex(h) => format!("hex {h}"),
        other => other.to_string(),
    }
}

/// The roads that lead to an exit: the road it names, or the road its
/// entry point comes in on.
fn roads_to(map: &Map, at: &Location) -> Vec<Vec<HexId>> {
    let road = match at {
        Location::Road(id) | Location::RoadStretch { road: id, .. } => {
            Some(id.as_str())
        }
        Location::Entry(id) => map
            .entry_points
            .iter()
            .find(|e| &e.id == id)
            .and_then(|e| e.road.as_deref()),
        _ => None,
    };
    road.and_then(|id| map.road(id))
        .map(|r| vec![r.hexes.clone()])
        .unwrap_or_default()
}

/// What a structured condition with no place is about.
fn kind(condition: &Condition) -> String {
    let debug = format!("{condition:?}");
    debug
        .split(['(', ' ', '{'])
        .next()
        .unwrap_or("condition")
        .to_owned()
}
