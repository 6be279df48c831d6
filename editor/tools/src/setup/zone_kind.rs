//! What an instruction's zone is measured from, chosen from a list: a hex
//! or place (picked on the map), a region (drawn on the map), a map edge,
//! a road or a river named on the map, a unit of the order of battle
//! ("next to", "stacked with"), or anywhere. The rulebooks set units up
//! "on the west edge" (Rivoli), "on the Verona road", "adjacent to the
//! Adige", "stacked with Massena": each is one choice and one name, with
//! no RON to write. The radius ([`super::zone_edit::set_radius`]) then
//! turns "on the west edge" into "within 2 hexes of the west edge".
//!
//! A stretch of road is chosen by its road's name, its two ends then
//! picked on the map, as the two sides of a band are ("between Genappe
//! and Quatre-Bras", its width the radius); "north of Frasnes" is a place
//! picked on the map and a side chosen from a list, and "north of
//! 0104-1009-1904" a line of points clicked on the map and a side. Kinds
//! the list does not offer (a combination it cannot say) are shown as
//! [`ZoneKind::Other`]; choosing a kind from the list replaces them.

use berthier_schema::placement::{Location, Placement};
use berthier_schema::{Counters, Map};

use super::zone_edit;

/// The kinds of zone the Setup tab offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZoneKind {
    /// A hex or place, or within N of one.
    HexOrPlace,
    /// A polygon drawn corner by corner.
    Region,
    /// A map edge, or within N of it.
    Edge,
    /// Every hex of a road, or within N of it.
    Road,
    /// The hexes of a road between the road hexes nearest two places or
    /// hexes ("the main road between Belle Alliance and Rossomme").
    RoadStretch,
    /// The hexes beside a named river or stream.
    River,
    /// North, south, east or west of a place or hex ("north of
    /// Frasnes").
    SideOf,
    /// North, south, east or west of a line through several places or
    /// hexes ("north of 0104-1009-1904").
    LineSide,
    /// Within N hexes of the line between two places or hexes ("between
    /// Genappe and Quatre-Bras", seed 001 l. 2620).
    Band,
    /// Where another scenario of the pack on the same map deploys the
    /// units ("within the area of deployment of the historical battle").
    DeploymentOf,
    /// Next to a unit.
    NextTo,
    /// In a unit's hex.
    StackedWith,
    /// Anywhere on the map.
    Anywhere,
    /// A kind the list does not offer (edited in the file).
    Other,
}

impl ZoneKind {
    /// The kinds a user can choose.
    pub const CHOSEN: [Self; 13] = [
        Self::HexOrPlace,
        Self::Region,
        Self::Edge,
        Self::Road,
        Self::RoadStretch,
        Self::River,
        Self::SideOf,
        Self::LineSide,
        Self::Band,
        Self::DeploymentOf,
        Self::NextTo,
        Self::StackedWith,
        Self::Anywhere,
    ];

    /// Whether the kind names something from a list ([`targets`]).
    pub fn has_targets(self) -> bool {
        matches!(
            self,
            Self::Edge
                | Self::Road
                | Self::RoadStretch
                | Self::River
                | Self::DeploymentOf
                | Self::NextTo
                | Self::StackedWith
        )
    }
}

impl std::fmt::Display for ZoneKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::HexOrPlace => "At a hex or place",
            Self::Region => "In a region drawn on the map",
            Self::Edge => "On a map edge",
            Self::Road => "On a road",
            Self::RoadStretch => "On a road between two places",
            Self::River => "Beside a river or stream",
            Self::SideOf => "North, south, east or west of a place",
            Self::LineSide => "North, south, east or west of a line",
            Self::Band => "In a band between two places",
            Self::DeploymentOf => "Where another scenario sets them up",
            Self::NextTo => "Next to a unit",
            Self::StackedWith => "Stacked with a unit",
            Self::Anywhere => "Anywhere on the map",
            Self::Other => "Another kind (edit the file)",
        })
    }
}

/// Something a zone can name: its id in the file, its name on screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The id the placement holds (a river's is its name).
    pub id: String,
    /// What people read.
    pub name: String,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The kind of `p` (of the part the map tools edit, for an `All`).
pub fn kind(p: &Placement) -> ZoneKind {
    let Some(t) = zone_edit::target(p) else {
        return ZoneKind::Other;
    };
    match t {
        Placement::Hex(_) | Placement::HexOrAdjacent(_) => ZoneKind::HexOrPlace,
        Placement::Region(_) => ZoneKind::Region,
        Placement::StackedWith(_) => ZoneKind::StackedWith,
        Placement::AdjacentTo(_) => ZoneKind::NextTo,
        Placement::Anywhere => ZoneKind::Anywhere,
        Placement::SideOf { .. } => ZoneKind::SideOf,
        Placement::SideOfLine { .. } => ZoneKind::LineSide,
        Placement::Band { .. } => ZoneKind::Band,
        Placement::DeploymentOf { .. } => ZoneKind::DeploymentOf,
        Placement::At(l) | Placement::Within { of: l, .. } => match l {
            Location::Hex(_) | Location::Place(_) => ZoneKind::HexOrPlace,
            Location::Edge(_) => ZoneKind::Edge,
            Location::Road(_) => ZoneKind::Road,
            Location::RoadStretch { .. } => ZoneKind::RoadStretch,
            Location::Hexsides(_) => ZoneKind::River,
            _ => ZoneKind::Other,
        },
        _ => ZoneKind::Other,
    }
}

/// What a kind can name, by name: the map's edges, roads and named
/// rivers; for units, those of `side` in the order of battle. A name
/// two units share is told apart by the unit's formation.
pub fn targets(
    kind: ZoneKind,
    map: &Map,
    counters: &Counters,
    side: &str,
) -> Vec<Target> {
    match kind {
        ZoneKind::Edge => map
            .edges
            .iter()
            .map(|e| Target {
                id: e.id.clone(),
                name: edge_name(e),
            })
            .collect(),
        ZoneKind::Road | ZoneKind::RoadStretch => map
            .roads
            .iter()
            .map(|r| Target {
                id: r.id.clone(),
                name: r.name.clone().unwrap_or_else(|| r.id.clone()),
            })
            .collect(),
        ZoneKind::River => rivers(map),
        ZoneKind::NextTo | ZoneKind::StackedWith => units(counters, side),
        _ => Vec::new(),
    }
}

fn edge_name(e: &berthier_schema::map::MapEdge) -> String {
    e.name
        .clone()
        .unwrap_or_else(|| crate::ways::edge_name(&e.id))
}

/// Every name the map's hexside features carry, once, in first-use order.
fn rivers(map: &Map) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for name in map.hexsides.iter().filter_map(|h| h.name.as_deref()) {
        if !out.iter().any(|t| t.id == name) {
            out.push(Target {
                id: name.to_owned(),
                name: name.to_owned(),
            });
        }
    }
    out
}

fn units(counters: &Counters, side: &str) -> Vec<Target> {
    let of_side: Vec<_> =
        counters.units.iter().filter(|u| u.side == side).collect();
    let formation = |id: Option<&String>| {
        let f =
            id.and_then(|id| counters.formations.iter().find(|f| &f.id == id));
        f.map_or("no formation", |f| f.name.as_str())
    };
    of_side
        .iter()
        .map(|u| {
            let shared =
                of_side.iter().filter(|v| v.name == u.name).count() > 1;
            let name = match shared {
                true => {
                    format!("{} · {}", u.name, formation(u.formation.as_ref()))
                }
                false => u.name.clone(),
            };
            Target {
                id: u.id.clone(),
                name,
            }
        })
        .collect()
}

/// The id the zone names, for a kind with targets.
pub fn target_id(p: &Placement) -> Option<&str> {
    match zone_edit::target(p)? {
        Placement::StackedWith(u) | Placement::AdjacentTo(u) => Some(u),
        Placement::DeploymentOf { scenario, .. } => Some(scenario),
        Placement::At(l) | Placement::Within { of: l, .. } => match l {
            Location::Edge(id)
            | Location::Road(id)
            | Location::Hexsides(id) => Some(id),
            Location::RoadStretch { road, .. } => Some(road),
            _ => None,
        },
        _ => None,
    }
}

/// Makes the zone of kind `kind`, naming `target` where the kind names
/// something (its first target, chosen by the caller), measured from
/// `centre` where it is a hex or place. A radius already set is kept for
/// the kinds that have one. Whether it changed.
pub fn set_kind(
    p: &mut Placement,
    kind: ZoneKind,
    target: Option<&str>,
    centre: Location,
) -> bool {
    let radius = zone_edit::radius(p).unwrap_or(0);
    let within = |of: Location| match radius {
        0 => Placement::At(of),
        hexes => Placement::Within { of, hexes },
    };
    let named = |make: fn(String) -> Location| {
        target.map(|t| within(make(t.to_owned())))
    };
    let next = match kind {
        ZoneKind::HexOrPlace => Some(within(centre)),
        ZoneKind::Region => match centre {
            Location::Hex(h) => Some(Placement::Region(vec![h])),
            _ => Some(Placement::Region(Vec::new())),
        },
        ZoneKind::Edge => named(Location::Edge),
        ZoneKind::Road => named(Location::Road),
        // Both ends at the centre until picked on the map.
        ZoneKind::RoadStretch => target.map(|t| {
            within(Location::RoadStretch {
                road: t.to_owned(),
                from: Box::new(centre.clone()),
                to: Box::new(centre.clone()),
            })
        }),
        ZoneKind::River => named(Location::Hexsides),
        ZoneKind::DeploymentOf => target.map(|t| Placement::DeploymentOf {
            scenario: t.to_owned(),
            units: None,
            setup_hexes: false,
        }),
        // Both sides at the centre, one hex wide, until picked on the map.
        ZoneKind::Band => Some(Placement::Band {
            a: centre.clone(),
            b: centre.clone(),
            width: radius.max(1),
        }),
        ZoneKind::NextTo => target.map(|t| Placement::AdjacentTo(t.to_owned())),
        ZoneKind::StackedWith => {
            target.map(|t| Placement::StackedWith(t.to_owned()))
        }
        ZoneKind::Anywhere => Some(Placement::Anywhere),
        ZoneKind::SideOf => Some(Placement::SideOf {
            of: centre,
            side: berthier_schema::map::Compass::North,
            inclusive: false,
        }),
        // The line's first point at the centre; the others clicked.
        ZoneKind::LineSide => Some(Placement::SideOfLine {
            line: vec![centre],
            side: berthier_schema::map::Compass::North,
            inclusive: false,
        }),
        ZoneKind::Other => None,
    };
    let Some(next) = next else { return false };
    replace_target(p, next)
}

/// Names `id` in a zone of a kind with targets (keeping its kind and
/// radius); whether it changed.
pub fn set_target(p: &mut Placement, id: &str) -> bool {
    let kind = kind(p);
    if !kind.has_targets() || target_id(p) == Some(id) {
        return false;
    }
    // Another scenario keeps whose deployment and which hexes.
    if let Some(Placement::DeploymentOf { scenario, .. }) =
        zone_edit::target_mut(p)
    {
        *scenario = id.to_owned();
        return true;
    }
    // A stretch keeps its ends on the other road.
    if let Some(Location::RoadStretch { road, .. }) = zone_edit::location_mut(p)
    {
        *road = id.to_owned();
        return true;
    }
    set_kind(
        p,
        kind,
        Some(id),
        Location::Hex(berthier_schema::HexId::new(0, 0)),
    )
}

/// Puts `next` where the map tools edit: the whole placement, or the
/// edited part of an `All` (a placement with no such part is replaced).
fn replace_target(p: &mut Placement, next: Placement) -> bool {
    let slot = match p {
        Placement::All(parts) => {
            match parts.iter_mut().find(|q| zone_edit::is_leaf(q)) {
                Some(q) => q,
                None => p,
            }
        }
        _ => p,
    };
    if *slot == next {
        return false;
    }
    *slot = next;
    true
}

/// Where a zone changed to a hex or place is measured from: the place or
/// hex it was measured from when there was one, else `fallback`.
pub fn centre_of(p: &Placement, fallback: Location) -> Location {
    match zone_edit::target(p) {
        Some(Placement::Hex(h) | Placement::HexOrAdjacent(h)) => {
            Location::Hex(*h)
        }
        Some(
            Placement::At(l)
            | Placement::Within { of: l, .. }
            | Placement::SideOf { of: l, .. },
        ) if matches!(l, Location::Hex(_) | Location::Place(_)) => l.clone(),
        Some(Placement::Region(corners)) => {
            corners.first().map_or(fallback, |h| Location::Hex(*h))
        }
        _ => fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::HexId;

    fn place() -> Location {
        Location::Place("fleurus".into())
    }

    #[test]
    fn a_radius_stays_when_the_zone_moves_to_an_edge_and_back() {
        let mut p = Placement::Within {
            of: place(),
            hexes: 2,
        };
        assert_eq!(kind(&p), ZoneKind::HexOrPlace);
        assert!(set_kind(&mut p, ZoneKind::Edge, Some("west"), place()));
        assert_eq!(
            p,
            Placement::Within {
                of: Location::Edge("west".into()),
                hexes: 2
            }
        );
        assert_eq!(kind(&p), ZoneKind::Edge);
        assert_eq!(target_id(&p), Some("west"));
        assert!(set_target(&mut p, "east"));
        assert_eq!(target_id(&p), Some("east"));
        assert!(!set_target(&mut p, "east"), "no change, no step");
        assert!(set_kind(&mut p, ZoneKind::HexOrPlace, None, place()));
        assert_eq!(
            p,
            Placement::Within {
                of: place(),
                hexes: 2
            }
        );
    }

    #[test]
    fn units_rivers_and_anywhere_and_a_kind_with_nothing_to_name() {
        let mut p = Placement::At(place());
        assert!(!set_kind(&mut p, ZoneKind::Road, None, place()));
        assert_eq!(p, Placement::At(place()), "no road: unchanged");
        assert!(set_kind(&mut p, ZoneKind::StackedWith, Some("b1"), place()));
        assert_eq!(p, Placement::StackedWith("b1".into()));
        assert_eq!(kind(&p), ZoneKind::StackedWith);
        assert!(set_target(&mut p, "b2"));
        assert_eq!(p, Placement::StackedWith("b2".into()));
        assert!(set_kind(&mut p, ZoneKind::River, Some("Vère"), place()));
        assert_eq!(p, Placement::At(Location::Hexsides("Vère".into())));
        assert!(set_kind(&mut p, ZoneKind::Anywhere, None, place()));
        assert_eq!(kind(&p), ZoneKind::Anywhere);
    }

    #[test]
    fn inside_an_all_only_the_edited_part_changes() {
        let road = Placement::OnRoad {
            road: "r".into(),
            from: Location::Entry("e".into()),
            to: Location::Place("p".into()),
            or_adjacent: false,
        };
        let mut p = Placement::All(vec![
            road.clone(),
            Placement::Within {
                of: Location::Edge("west".into()),
                hexes: 4,
            },
        ]);
        assert_eq!(kind(&p), ZoneKind::Edge);
        assert!(set_target(&mut p, "south"));
        let Placement::All(parts) = &p else { panic!() };
        assert_eq!(parts[0], road);
        assert_eq!(
            parts[1],
            Placement::Within {
                of: Location::Edge("south".into()),
                hexes: 4
            }
        );
        let mut band = road;
        assert_eq!(kind(&band), ZoneKind::Other);
        let hex = Location::Hex(HexId::new(3, 3));
        assert!(set_kind(&mut band, ZoneKind::Region, None, hex));
        assert_eq!(band, Placement::Region(vec![HexId::new(3, 3)]));
    }

    #[test]
    fn a_road_stretch_keeps_its_ends_on_another_road() {
        let mut p = Placement::At(place());
        assert!(set_kind(&mut p, ZoneKind::RoadStretch, Some("r1"), place()));
        assert_eq!(kind(&p), ZoneKind::RoadStretch);
        let hex = HexId::new(4, 4);
        assert!(zone_edit::set_end(&mut p, false, hex, None));
        assert!(zone_edit::set_end(&mut p, true, hex, Some("mill".into())));
        assert!(set_target(&mut p, "r2"));
        assert_eq!(
            p,
            Placement::At(Location::RoadStretch {
                road: "r2".into(),
                from: Box::new(Location::Place("mill".into())),
                to: Box::new(Location::Hex(hex)),
            })
        );
    }

    #[test]
    fn north_of_a_place_keeps_the_place_and_turns_to_another_side() {
        use berthier_schema::map::Compass;
        let mut p = Placement::Within {
            of: place(),
            hexes: 2,
        };
        let centre = centre_of(&p, place());
        assert!(set_kind(&mut p, ZoneKind::SideOf, None, centre));
        assert_eq!(kind(&p), ZoneKind::SideOf);
        assert!(zone_edit::can_pick(&p), "its place is picked on the map");
        assert!(zone_edit::set_side(&mut p, Compass::South));
        assert!(!zone_edit::set_side(&mut p, Compass::South));
        assert!(zone_edit::pick(&mut p, HexId::new(2, 2), None));
        assert_eq!(
            p,
            Placement::SideOf {
                of: Location::Hex(HexId::new(2, 2)),
                side: Compass::South,
                inclusive: false,
            }
        );
    }

    #[test]
    fn a_band_is_set_between_two_places_and_its_width_is_the_radius() {
        let mut p = Placement::At(place());
        assert!(set_kind(&mut p, ZoneKind::Band, None, place()));
        assert_eq!(kind(&p), ZoneKind::Band);
        assert_eq!(zone_edit::radius(&p), Some(1));
        let hex = HexId::new(6, 2);
        assert!(zone_edit::set_end(&mut p, false, hex, None));
        assert!(!zone_edit::set_end(&mut p, false, hex, None), "unchanged");
        assert!(zone_edit::set_radius(&mut p, 2));
        assert_eq!(
            p,
            Placement::Band {
                a: place(),
                b: Location::Hex(hex),
                width: 2,
            }
        );
        // Another kind and back: a band starts again at the centre.
        assert!(set_kind(&mut p, ZoneKind::HexOrPlace, None, place()));
        assert_eq!(
            p,
            Placement::Within {
                of: place(),
                hexes: 2
            }
        );
    }

    #[test]
    fn another_scenarios_deployment_is_named_and_keeps_its_hexes_choice() {
        let mut p = Placement::At(place());
        assert!(set_kind(
            &mut p,
            ZoneKind::DeploymentOf,
            Some("w1.scenario.ron"),
            place()
        ));
        assert_eq!(kind(&p), ZoneKind::DeploymentOf);
        assert_eq!(target_id(&p), Some("w1.scenario.ron"));
        assert_eq!(zone_edit::setup_hexes(&p), Some(false));
        assert!(zone_edit::set_setup_hexes(&mut p, true));
        assert!(!zone_edit::set_setup_hexes(&mut p, true), "unchanged");
        assert!(set_target(&mut p, "w2.scenario.ron"));
        assert_eq!(
            p,
            Placement::DeploymentOf {
                scenario: "w2.scenario.ron".into(),
                units: None,
                setup_hexes: true,
            }
        );
        assert!(!set_kind(&mut p, ZoneKind::DeploymentOf, None, place()));
    }

    #[test]
    fn targets_are_named_and_units_of_one_name_told_apart() {
        let mut map = crate::setup::blank_test_map();
        map.edges.push(berthier_schema::map::MapEdge {
            id: "west".into(),
            name: None,
            side: Some(berthier_schema::map::Compass::West),
            hexes: Vec::new(),
            sheet: None,
        });
        let text = r#"(kind: counters, format_version: 2, id: "t", name: "T",
            series: "s.series.ron", sides: [(id: "a", name: "A"), (id: "b", name: "B")],
            formations: [(id: "f", name: "Brigade Lasalle", side: "a", level: "brigade")],
            units: [(id: "u1", name: "Hussards", side: "a", class: "cavalry", formation: "f"),
                    (id: "u2", name: "Hussards", side: "a", class: "cavalry"),
                    (id: "u3", name: "Uhlans", side: "b", class: "cavalry")])"#;
        let counters: Counters =
            berthier_schema::parse(text, berthier_schema::Format::Ron)
                .expect("parses");
        let edges = targets(ZoneKind::Edge, &map, &counters, "a");
        assert_eq!(edges[0].to_string(), "West edge");
        assert_eq!(edges[0].id, "west");
        let units = targets(ZoneKind::NextTo, &map, &counters, "a");
        let names: Vec<String> =
            units.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            ["Hussards · Brigade Lasalle", "Hussards · no formation"],
            "only side a's, told apart"
        );
    }
}
