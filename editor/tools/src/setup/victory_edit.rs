//! Making a scenario's victory objectives: add one for a side, place it
//! (a place, or a hex where no place is), set its points and who holds it
//! at the start, duplicate or delete a condition. Edits of the whole list,
//! each applied by the Setup screen as one undo step. Conditions other
//! than objectives (exits, losses, combinations, levels) are listed and
//! can be deleted or duplicated; their parts are edited in the file.

use berthier_schema::HexId;

use crate::list_edit;
use berthier_schema::map::Map;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{Condition, VictoryCondition};

/// Adds an objective for `side` worth one point, at the map's first place
/// (else its middle hex, as a new instruction); its index.
pub fn add_objective(
    list: &mut Vec<VictoryCondition>,
    side: &str,
    map: &Map,
) -> usize {
    let at = map.places.first().map_or_else(
        || Location::Hex(map.middle_hex()),
        |p| Location::Place(p.id.clone()),
    );
    list.push(VictoryCondition {
        id: None,
        side: side.to_owned(),
        condition: Condition::Objective {
            at,
            points: 1,
            held_by: None,
        },
        outcome: None,
        points: None,
        option: None,
        text: None,
    });
    list.len() - 1
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

/// The objective's place, points and first holder, when condition `i`
/// is an objective.
pub fn objective(
    list: &mut [VictoryCondition],
    i: usize,
) -> Option<(&mut Location, &mut i32, &mut Option<String>)> {
    match &mut list.get_mut(i)?.condition {
        Condition::Objective {
            at,
            points,
            held_by,
        } => Some((at, points, held_by)),
        _ => None,
    }
}

/// Puts objective `i` on the place holding `hex`, else on the hex itself;
/// whether it moved.
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
    changed
}

/// Sets objective `i`'s points (never below zero); whether they changed.
pub fn set_points(list: &mut [VictoryCondition], i: usize, value: i32) -> bool {
    let Some((_, points, _)) = objective(list, i) else {
        return false;
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
