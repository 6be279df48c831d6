//! Adding, duplicating and deleting a side's setup instructions, and the
//! units and formations an instruction places: edits of every side's list
//! (`Instructions`), each applied by the Setup screen as one undo step.
//! A new instruction starts "within one hex" of the map's first place (or
//! its middle hex), with words that say so; its zone is then moved with
//! the map tools, which keep the words in step.

use berthier_schema::Map;
use berthier_schema::placement::{Location, Names, Placement};
use berthier_schema::scenario::{Instruction, UnitSet};

use super::Instructions;
use crate::{list_edit, unit_set};

pub use crate::unit_set::Member;

/// Adds a new instruction at the end of `side`'s list; its index.
pub fn add(
    all: &mut Instructions,
    side: usize,
    names: &Names<'_>,
) -> Option<usize> {
    let list = all.get_mut(side)?;
    let placement = Placement::Within {
        of: starting_location(names.map),
        hexes: 1,
    };
    list.push(Instruction {
        id: None,
        units: UnitSet::default(),
        text: Some(names.placement(&placement)),
        placement,
        state: None,
        counts: Vec::new(),
        option: None,
    });
    Some(list.len() - 1)
}

/// Puts a copy of instruction `i` of `side` right after it (without its
/// id, which must stay unique); the copy's index.
pub fn duplicate(
    all: &mut Instructions,
    side: usize,
    i: usize,
) -> Option<usize> {
    list_edit::duplicate(all.get_mut(side)?, i, |copy| copy.id = None)
}

/// Deletes instruction `i` of `side`; whether there was one.
pub fn delete(all: &mut Instructions, side: usize, i: usize) -> bool {
    all.get_mut(side)
        .is_some_and(|list| list_edit::delete(list, i))
}

/// Adds `member` to what instruction `i` of `side` places; whether it
/// changed (a member already there is not added twice).
pub fn add_member(
    all: &mut Instructions,
    side: usize,
    i: usize,
    member: Member,
) -> bool {
    units_of(all, side, i).is_some_and(|units| unit_set::add(units, member))
}

/// Takes `member` out of what instruction `i` of `side` places; whether
/// it was there.
pub fn remove_member(
    all: &mut Instructions,
    side: usize,
    i: usize,
    member: &Member,
) -> bool {
    units_of(all, side, i).is_some_and(|units| unit_set::remove(units, member))
}

/// Ties instruction `i` of `side` to the scenario option `option` (its
/// units are set up only when the players choose it, Waterloo 8's
/// "if the players decide to balance the battle"), or to none; whether
/// it changed.
pub fn set_option(
    all: &mut Instructions,
    side: usize,
    i: usize,
    option: Option<String>,
) -> bool {
    let Some(ins) = all.get_mut(side).and_then(|s| s.get_mut(i)) else {
        return false;
    };
    if ins.option == option {
        return false;
    }
    ins.option = option;
    true
}

fn units_of(
    all: &mut Instructions,
    side: usize,
    i: usize,
) -> Option<&mut UnitSet> {
    all.get_mut(side)?.get_mut(i).map(|ins| &mut ins.units)
}

/// Where a new instruction's zone starts: the map's first place (the
/// rulebooks measure from places), else its middle hex.
fn starting_location(map: &Map) -> Location {
    map.places.first().map_or_else(
        || Location::Hex(map.middle_hex()),
        |p| Location::Place(p.id.clone()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> Map {
        crate::setup::blank_test_map()
    }

    #[test]
    fn add_duplicate_delete_and_members() {
        let map = map();
        let names = Names {
            map: &map,
            counters: None,
            scenarios: &[],
        };
        let mut all: Instructions = vec![Vec::new(), Vec::new()];
        assert_eq!(add(&mut all, 1, &names), Some(0));
        let first = &all[1][0];
        let middle = Location::Hex(berthier_schema::HexId::new(5, 4));
        assert_eq!(
            first.placement,
            Placement::Within {
                of: middle,
                hexes: 1
            }
        );
        assert_eq!(first.text.as_deref(), Some("within one hex of hex 0504"));
        assert_eq!(add(&mut all, 2, &names), None, "no third side");

        assert!(add_member(&mut all, 1, 0, Member::Formation("f1".into())));
        assert!(add_member(&mut all, 1, 0, Member::Unit("u1".into())));
        assert!(
            !add_member(&mut all, 1, 0, Member::Unit("u1".into())),
            "once"
        );
        all[1][0].id = Some("kept-unique".into());
        assert_eq!(duplicate(&mut all, 1, 0), Some(1));
        assert_eq!(all[1][1].units, all[1][0].units);
        assert_eq!(all[1][1].id, None, "ids stay unique");
        assert!(remove_member(&mut all, 1, 1, &Member::Unit("u1".into())));
        assert!(!remove_member(&mut all, 1, 1, &Member::Unit("u1".into())));
        assert_eq!(all[1][0].units.units, ["u1"], "the original keeps it");

        assert!(delete(&mut all, 1, 0));
        assert_eq!(all[1].len(), 1);
        assert!(!delete(&mut all, 1, 5));
    }
}
