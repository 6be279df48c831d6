//! Making a scenario's victory conditions: an objective for a side (its
//! place, a place or a hex where no place is, its points and who holds it
//! at the start), an exit (the entry point or edge units leave by, which
//! units, how many, whether it wins outright: Rivoli's "exit 3 units by
//! the road to Verona") and points per enemy unit eliminated; duplicate
//! or delete any condition. Edits of the whole list, each applied by the
//! Setup screen as one undo step. Holds with the hexes they leave out are
//! made in [`super::victory_hold`], combinations and tie-breaks in
//! [`super::victory_combine`]; the other conditions (morale levels,
//! comparisons) are listed and can be deleted or duplicated, and their
//! parts are edited in the file.

use berthier_schema::HexId;

use crate::list_edit;
use berthier_schema::map::Map;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{Condition, UnitSet, VictoryCondition};
use berthier_schema::zone::{NoSetup, Zone};

/// Where a new objective or hold goes: the map's first place, else its
/// middle hex (as a new instruction's zone).
pub(crate) fn first_place(map: &Map) -> Location {
    map.places.first().map_or_else(
        || Location::Hex(map.middle_hex()),
        |p| Location::Place(p.id.clone()),
    )
}

/// Adds an objective for `side` worth one point, at the map's first place
/// (else its middle hex); its index.
pub fn add_objective(
    list: &mut Vec<VictoryCondition>,
    side: &str,
    map: &Map,
) -> usize {
    let objective = Condition::Objective {
        at: first_place(map),
        points: 1,
        held_by: None,
    };
    list.push(condition(side, objective));
    list.len() - 1
}

/// Adds an exit for `side`: one unit by the map's first entry point
/// (else its first edge); its index. `None` when the map has neither.
pub fn add_exit(
    list: &mut Vec<VictoryCondition>,
    side: &str,
    map: &Map,
) -> Option<usize> {
    let via = crate::ways::of(map).into_iter().next()?.location;
    list.push(condition(
        side,
        Condition::Exit {
            via,
            units: UnitSet::default(),
            count: 1,
            automatic: false,
        },
    ));
    Some(list.len() - 1)
}

/// Adds a point per enemy unit eliminated, for `side`; its index.
pub fn add_elimination(list: &mut Vec<VictoryCondition>, side: &str) -> usize {
    list.push(condition(side, Condition::Elimination { points: 1 }));
    list.len() - 1
}

/// `condition` for `side` alone: no id, level, points, option or words.
pub(crate) fn condition(side: &str, condition: Condition) -> VictoryCondition {
    VictoryCondition {
        id: None,
        side: side.to_owned(),
        condition,
        outcome: None,
        points: None,
        option: None,
        text: None,
    }
}

/// The exit's way, units, count and whether it wins outright, when
/// condition `i` is an exit.
pub fn exit(
    list: &mut [VictoryCondition],
    i: usize,
) -> Option<(&mut Location, &mut UnitSet, &mut u16, &mut bool)> {
    match &mut list.get_mut(i)?.condition {
        Condition::Exit {
            via,
            units,
            count,
            automatic,
        } => Some((via, units, count, automatic)),
        _ => None,
    }
}

/// Changes exit `i` with `change`; whether it changed.
pub fn edit_exit(
    list: &mut [VictoryCondition],
    i: usize,
    change: impl FnOnce(&mut Location, &mut UnitSet, &mut u16, &mut bool),
) -> bool {
    let before = list.get(i).cloned();
    let Some((via, units, count, automatic)) = exit(list, i) else {
        return false;
    };
    change(via, units, count, automatic);
    *count = (*count).max(1);
    list.get(i).cloned() != before
}

/// Puts a copy of condition `i` right after it (without its id); the
/// copy's index.
pub fn duplicate(list: &mut Vec<VictoryCondition>, i: usize) -> Option<usize> {
    list_edit::duplicate(list, i, |copy| copy.id = None)
}

/// Deletes condition `i`; whether there was one.
pub fn delete(list: &mut Vec<VictoryCondition>, i: usize) -> bool {
    list_edit::delete(list, i)
}

/// The objective's (or hold's) place, points and first holder, when
/// condition `i` is one.
pub fn objective(
    list: &mut [VictoryCondition],
    i: usize,
) -> Option<(&mut Location, &mut i32, &mut Option<String>)> {
    match &mut list.get_mut(i)?.condition {
        Condition::Objective {
            at,
            points,
            held_by,
        }
        | Condition::Hold {
            at,
            points,
            held_by,
            ..
        } => Some((at, points, held_by)),
        _ => None,
    }
}

/// Puts objective (or hold) `i` on the place holding `hex`, else on the
/// hex itself; whether it moved.
pub fn place_at(
    list: &mut [VictoryCondition],
    i: usize,
    hex: HexId,
    map: &Map,
) -> bool {
    let Some((at, _, _)) = objective(list, i) else {
        return false;
    };
    let place = map.places.iter().find(|p| p.hexes.contains(&hex));
    let new =
        place.map_or(Location::Hex(hex), |p| Location::Place(p.id.clone()));
    let changed = *at != new;
    *at = new;
    if let Some(Condition::Hold { at, except, .. }) =
        list.get_mut(i).map(|c| &mut c.condition)
    {
        // Hexes left out of the old place mean nothing on the new one.
        let zone = Zone::new(map, &NoSetup);
        let held = zone.location_hexes(at).unwrap_or_default();
        except.retain(|l| {
            let hexes = zone.location_hexes(l).unwrap_or_default();
            hexes.iter().all(|h| held.contains(h))
        });
    }
    changed
}

/// Sets the points of objective (or elimination) `i`, never below zero;
/// whether they changed.
pub fn set_points(list: &mut [VictoryCondition], i: usize, value: i32) -> bool {
    let points = match list.get_mut(i).map(|c| &mut c.condition) {
        Some(Condition::Objective { points, .. })
        | Some(Condition::Hold { points, .. })
        | Some(Condition::Elimination { points }) => points,
        _ => return false,
    };
    let value = value.max(0);
    let changed = *points != value;
    *points = value;
    changed
}

/// Sets who holds objective `i` at the start; whether it changed.
pub fn set_held_by(
    list: &mut [VictoryCondition],
    i: usize,
    side: Option<String>,
) -> bool {
    let Some((_, _, held_by)) = objective(list, i) else {
        return false;
    };
    let changed = *held_by != side;
    *held_by = side;
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::map::Place;

    fn map() -> Map {
        let mut map = crate::setup::blank_test_map();
        map.places.push(Place {
            id: "mill".into(),
            name: "The mill".into(),
            aliases: Vec::new(),
            category: None,
            hexes: vec![HexId::new(3, 3)],
            provenance: None,
        });
        map
    }

    #[test]
    fn an_exit_and_an_elimination_are_added_and_edited() {
        let mut map = map();
        let mut list = Vec::new();
        assert_eq!(add_exit(&mut list, "blue", &map), None, "no way off");
        map.edges.push(berthier_schema::map::MapEdge {
            id: "east".into(),
            name: None,
            side: Some(berthier_schema::map::Compass::East),
            hexes: Vec::new(),
            sheet: None,
        });
        let i = add_exit(&mut list, "blue", &map).expect("by the east edge");
        let changed = edit_exit(&mut list, i, |_, units, count, automatic| {
            units.units.push("b1".into());
            *count = 0;
            *automatic = true;
        });
        assert!(changed);
        assert_eq!(
            list[i].condition,
            Condition::Exit {
                via: Location::Edge("east".into()),
                units: UnitSet {
                    units: vec!["b1".into()],
                    ..UnitSet::default()
                },
                count: 1,
                automatic: true,
            },
            "at least one unit"
        );
        let e = add_elimination(&mut list, "red");
        assert!(set_points(&mut list, e, 2));
        assert_eq!(list[e].condition, Condition::Elimination { points: 2 });
        assert!(!set_points(&mut list, e, 2));
    }

    #[test]
    fn an_objective_is_added_placed_scored_held_copied_and_deleted() {
        let map = map();
        let mut list = Vec::new();
        assert_eq!(add_objective(&mut list, "blue", &map), 0);
        let mill = Location::Place("mill".into());
        assert_eq!(
            list[0].condition,
            Condition::Objective {
                at: mill.clone(),
                points: 1,
                held_by: None
            }
        );
        assert!(
            place_at(&mut list, 0, HexId::new(5, 5), &map),
            "a hex of no place"
        );
        assert!(
            place_at(&mut list, 0, HexId::new(3, 3), &map),
            "back on the mill"
        );
        assert!(!place_at(&mut list, 0, HexId::new(3, 3), &map));
        assert!(set_points(&mut list, 0, 3));
        assert!(!set_points(&mut list, 0, 3));
        assert!(set_points(&mut list, 0, -2), "clamped to zero");
        assert!(set_held_by(&mut list, 0, Some("red".into())));
        assert_eq!(duplicate(&mut list, 0), Some(1));
        assert_eq!(list[1], list[0]);
        assert!(delete(&mut list, 0));
        assert_eq!(
            list[0].condition,
            Condition::Objective {
                at: mill,
                points: 0,
                held_by: Some("red".into())
            }
        );
        assert!(!delete(&mut list, 4));
    }
}
