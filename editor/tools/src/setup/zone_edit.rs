//! Edits of an instruction's zone made on the map: the place or hex it is
//! measured from picked by a click, its radius ("within N hexes"), and a
//! region drawn corner by corner. The model's `Region` is a polygon whose
//! corners are hex centres, in order (the hexes inside or on its boundary
//! are the zone), not a set of hexes: a region is drawn by clicking its
//! corners, and an irregular set of single hexes cannot be said. They act on the instruction's placement when
//! it is one of the kinds below, or on the first such part of an `All`
//! (Ligny 1: "on the Chaussee Romaine within 4 hexes of the map edge" is
//! a road stretch and a `Within`; the radius edits the `Within`).
//!
//! What a click cannot say is not offered: a map edge, a road or a
//! stretch of road are not one hex (`Location::Edge`, `Road`,
//! `RoadStretch`), the two ends of a band, a side of a river,
//! and a zone relative to other units (`StackedWith`, `AdjacentTo`) are
//! named by id and left to the file.

use berthier_schema::HexId;
use berthier_schema::map::Compass;
use berthier_schema::placement::{Location, Placement};

/// The part of `p` the map edits act on.
pub fn target(p: &Placement) -> Option<&Placement> {
    match p {
        Placement::All(parts) => parts.iter().find(|q| is_leaf(q)),
        q if is_leaf(q) => Some(q),
        _ => None,
    }
}

pub(crate) fn target_mut(p: &mut Placement) -> Option<&mut Placement> {
    if is_leaf(p) {
        return Some(p);
    }
    match p {
        Placement::All(parts) => parts.iter_mut().find(|q| is_leaf(q)),
        _ => None,
    }
}

/// Whether `p` is a zone the Setup tab edits as a whole (a part of an
/// `All` the map tools and the kind list act on).
pub(crate) fn is_leaf(p: &Placement) -> bool {
    matches!(
        p,
        Placement::Hex(_)
            | Placement::HexOrAdjacent(_)
            | Placement::At(_)
            | Placement::Within { .. }
            | Placement::Region(_)
            | Placement::HalfwayBetween { .. }
            | Placement::StackedWith(_)
            | Placement::AdjacentTo(_)
            | Placement::Anywhere
            | Placement::SideOf { .. }
            | Placement::SideOfLine { .. }
            | Placement::Band { .. }
            | Placement::DeploymentOf { .. }
    )
}

/// For a zone "where another scenario deploys them": whether it is only
/// the hexes that scenario's setup uses ("in a hex where any unit was
/// deployed historically", Waterloo 11, seed 001 l. 2861) rather than the
/// zones its instructions allow.
pub fn setup_hexes(p: &Placement) -> Option<bool> {
    match target(p)? {
        Placement::DeploymentOf { setup_hexes, .. } => Some(*setup_hexes),
        _ => None,
    }
}

/// Sets [`setup_hexes`]; whether it changed.
pub fn set_setup_hexes(p: &mut Placement, only: bool) -> bool {
    match target_mut(p) {
        Some(Placement::DeploymentOf { setup_hexes, .. })
            if *setup_hexes != only =>
        {
            *setup_hexes = only;
            true
        }
        _ => false,
    }
}

/// Whether a click can set where the zone is measured from: a hex or a
/// place (an edge, a road or a river is chosen by name, not clicked).
pub fn can_pick(p: &Placement) -> bool {
    match target(p) {
        Some(Placement::Hex(_) | Placement::HexOrAdjacent(_)) => true,
        Some(
            Placement::At(l)
            | Placement::Within { of: l, .. }
            | Placement::SideOf { of: l, .. },
        ) => matches!(l, Location::Hex(_) | Location::Place(_)),
        _ => false,
    }
}

/// Which side of its reference a "north of …" zone is; whether it
/// changed.
pub fn set_side(p: &mut Placement, to: Compass) -> bool {
    let Some(
        Placement::SideOf { side, .. } | Placement::SideOfLine { side, .. },
    ) = target_mut(p)
    else {
        return false;
    };
    let changed = *side != to;
    *side = to;
    changed
}

/// For a zone on one side of a place or a line: whether the hexes of the
/// place or line themselves count.
pub fn inclusive(p: &Placement) -> Option<bool> {
    match target(p)? {
        Placement::SideOf { inclusive, .. }
        | Placement::SideOfLine { inclusive, .. } => Some(*inclusive),
        _ => None,
    }
}

/// Sets [`inclusive`]; whether it changed.
pub fn set_inclusive(p: &mut Placement, on: bool) -> bool {
    match target_mut(p) {
        Some(
            Placement::SideOf { inclusive, .. }
            | Placement::SideOfLine { inclusive, .. },
        ) if *inclusive != on => {
            *inclusive = on;
            true
        }
        _ => false,
    }
}

/// A point of a line clicked ("north of 0104-1009-1904"): the place
/// holding `hex` (else the hex) is added as the line's last point, or
/// taken out when it is one of them already; the last point stays.
/// Whether it changed.
pub fn line_point(
    p: &mut Placement,
    hex: HexId,
    place: Option<String>,
) -> bool {
    let Some(Placement::SideOfLine { line, .. }) = target_mut(p) else {
        return false;
    };
    let point = place.map_or(Location::Hex(hex), Location::Place);
    match line.iter().position(|l| *l == point) {
        Some(_) if line.len() == 1 => false,
        Some(i) => {
            line.remove(i);
            true
        }
        None => {
            line.push(point);
            true
        }
    }
}

/// The zone measured from `place` when the hex clicked belongs to one
/// (the rulebooks name places), else from the hex; whether it changed.
pub fn pick(p: &mut Placement, hex: HexId, place: Option<String>) -> bool {
    let location = place.map_or(Location::Hex(hex), Location::Place);
    let Some(t) = target_mut(p) else { return false };
    let before = t.clone();
    match t {
        Placement::Hex(h) | Placement::HexOrAdjacent(h) => *h = hex,
        Placement::At(l)
        | Placement::Within { of: l, .. }
        | Placement::SideOf { of: l, .. } => *l = location,
        _ => return false,
    }
    *t != before
}

/// The radius: "within N" (0 for a single place or hex).
pub fn radius(p: &Placement) -> Option<u8> {
    match target(p)? {
        Placement::Within { hexes, .. } => Some(*hexes),
        Placement::HalfwayBetween { radius, .. } => Some(*radius),
        Placement::Band { width, .. } => Some(*width),
        Placement::At(_) | Placement::Hex(_) => Some(0),
        _ => None,
    }
}

/// Sets the radius: a place or hex with a radius becomes "within N" of
/// it, "within 0" becomes the place or hex itself; whether it changed.
pub fn set_radius(p: &mut Placement, n: u8) -> bool {
    let Some(t) = target_mut(p) else { return false };
    let next = match t {
        Placement::Within { of, hexes } if n > 0 => {
            let changed = *hexes != n;
            *hexes = n;
            return changed;
        }
        Placement::Within { of, .. } => Placement::At(of.clone()),
        Placement::HalfwayBetween { radius, .. }
        | Placement::Band { width: radius, .. } => {
            let changed = *radius != n;
            *radius = n;
            return changed;
        }
        Placement::At(l) if n > 0 => Placement::Within {
            of: l.clone(),
            hexes: n,
        },
        Placement::Hex(h) if n > 0 => Placement::Within {
            of: Location::Hex(*h),
            hexes: n,
        },
        _ => return false,
    };
    *t = next;
    true
}

/// The location a zone "at" or "within N of" something is measured from.
pub(crate) fn location_mut(p: &mut Placement) -> Option<&mut Location> {
    match target_mut(p)? {
        Placement::At(l) | Placement::Within { of: l, .. } => Some(l),
        _ => None,
    }
}

/// Sets one end (`first`) or the other of a road stretch, or one side or
/// the other of a band, to the place holding `hex`, else the hex; whether
/// it changed.
pub fn set_end(
    p: &mut Placement,
    first: bool,
    hex: HexId,
    place: Option<String>,
) -> bool {
    let end = match target_mut(p) {
        Some(Placement::Band { a, b, .. }) => {
            if first {
                a
            } else {
                b
            }
        }
        Some(
            Placement::At(Location::RoadStretch { from, to, .. })
            | Placement::Within {
                of: Location::RoadStretch { from, to, .. },
                ..
            },
        ) => {
            if first {
                &mut **from
            } else {
                &mut **to
            }
        }
        _ => return false,
    };
    let new = place.map_or(Location::Hex(hex), Location::Place);
    let changed = *end != new;
    *end = new;
    changed
}

/// Whether the zone is a drawn region.
pub fn is_region(p: &Placement) -> bool {
    matches!(target(p), Some(Placement::Region(_)))
}

/// A corner clicked: the zone becomes a region with this first corner
/// when it is not one yet; a corner already in it is taken out, else the
/// hex is added as the last corner. Always a change.
pub fn corner(p: &mut Placement, hex: HexId) -> bool {
    let Some(t) = target_mut(p) else { return false };
    let Placement::Region(corners) = t else {
        *t = Placement::Region(vec![hex]);
        return true;
    };
    match corners.iter().position(|h| *h == hex) {
        Some(i) => {
            corners.remove(i);
        }
        None => corners.push(hex),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_clicked_point_by_point_and_its_side_and_edge_set() {
        let mut p = Placement::SideOfLine {
            line: vec![Location::Hex(hex("0104"))],
            side: Compass::North,
            inclusive: false,
        };
        assert!(line_point(&mut p, hex("1009"), None));
        assert!(line_point(&mut p, hex("1904"), Some("mill".into())));
        assert!(line_point(&mut p, hex("1009"), None), "taken out again");
        assert!(line_point(&mut p, hex("1009"), None));
        assert!(set_side(&mut p, Compass::South));
        assert!(set_inclusive(&mut p, true));
        assert!(!set_inclusive(&mut p, true));
        assert_eq!(inclusive(&p), Some(true));
        assert_eq!(
            p,
            Placement::SideOfLine {
                line: vec![
                    Location::Hex(hex("0104")),
                    Location::Place("mill".into()),
                    Location::Hex(hex("1009")),
                ],
                side: Compass::South,
                inclusive: true,
            }
        );
        let mut one = Placement::SideOfLine {
            line: vec![Location::Hex(hex("0104"))],
            side: Compass::North,
            inclusive: false,
        };
        assert!(!line_point(&mut one, hex("0104"), None), "the last stays");
    }

    fn hex(s: &str) -> HexId {
        s.parse().expect("hex")
    }

    #[test]
    fn a_radius_turns_a_place_into_within_and_back() {
        let mut p = Placement::At(Location::Place("fleurus".into()));
        assert!(set_radius(&mut p, 3));
        assert_eq!(
            p,
            Placement::Within {
                of: Location::Place("fleurus".into()),
                hexes: 3
            }
        );
        assert_eq!(radius(&p), Some(3));
        assert!(set_radius(&mut p, 0));
        assert_eq!(p, Placement::At(Location::Place("fleurus".into())));
    }

    #[test]
    fn edits_reach_the_within_inside_an_all_and_not_a_road() {
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
        assert!(set_radius(&mut p, 5));
        assert!(pick(&mut p, hex("0101"), None));
        let Placement::All(parts) = &p else { panic!() };
        assert_eq!(parts[0], road);
        assert_eq!(
            parts[1],
            Placement::Within {
                of: Location::Hex(hex("0101")),
                hexes: 5
            }
        );
        let mut road_only = road;
        assert!(!can_pick(&road_only));
        assert!(!set_radius(&mut road_only, 2));
    }

    #[test]
    fn a_region_is_drawn_corner_by_corner_in_order() {
        let mut p = Placement::Hex(hex("0101"));
        assert!(corner(&mut p, hex("0105")));
        assert!(corner(&mut p, hex("0101")));
        assert!(corner(&mut p, hex("0501")));
        assert!(corner(&mut p, hex("0101")));
        assert_eq!(p, Placement::Region(vec![hex("0105"), hex("0501")]));
    }
}
