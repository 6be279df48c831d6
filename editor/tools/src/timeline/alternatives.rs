//! An arrival's alternative entries: the entries a player may choose
//! instead of the printed one, whether only their road hexes count, and
//! the delay table rolled when one is chosen (Rivoli's optional
//! reinforcements: "Masséna ... 1722", or by the south edge, late by the
//! roll of a die). Each function changes one arrival and says whether it
//! changed; the Timeline makes each change one undo step.

use berthier_schema::placement::Location;
use berthier_schema::scenario::{AlternativeEntry, Arrival, Chooser, DelayRow};

/// Adds `entry` to the alternatives (none yet: they start with it and
/// no delay); the printed entry and one already listed are refused.
pub fn add_entry(arrival: &mut Arrival, entry: Location) -> bool {
    if arrival.entry.as_ref() == Some(&entry) {
        return false;
    }
    let alternatives = arrival.alternatives.get_or_insert(AlternativeEntry {
        entries: Vec::new(),
        road_hexes_only: false,
        delay_table: Vec::new(),
    });
    if alternatives.entries.contains(&entry) {
        return false;
    }
    alternatives.entries.push(entry);
    true
}

/// Takes alternative `k` out; with none left, the arrival has no
/// alternatives (its delay table goes with them).
pub fn remove_entry(arrival: &mut Arrival, k: usize) -> bool {
    let Some(alternatives) = arrival.alternatives.as_mut() else {
        return false;
    };
    if k >= alternatives.entries.len() {
        return false;
    }
    alternatives.entries.remove(k);
    if alternatives.entries.is_empty() {
        arrival.alternatives = None;
    }
    true
}

/// Only the road hexes of the alternatives count, or all their hexes.
pub fn set_road_hexes_only(arrival: &mut Arrival, only: bool) -> bool {
    match arrival.alternatives.as_mut() {
        Some(a) if a.road_hexes_only != only => {
            a.road_hexes_only = only;
            true
        }
        _ => false,
    }
}

/// Adds a row to the delay table: the roll after the last row's, on
/// time, the owner choosing.
pub fn add_row(arrival: &mut Arrival) -> bool {
    let Some(alternatives) = arrival.alternatives.as_mut() else {
        return false;
    };
    let next = alternatives
        .delay_table
        .last()
        .map_or(0, |r| r.roll[1].saturating_add(1));
    alternatives.delay_table.push(DelayRow {
        roll: [next, next],
        delay_turns: 0,
        chooser: Chooser::Owner,
    });
    true
}

/// Takes row `r` out of the delay table.
pub fn remove_row(arrival: &mut Arrival, r: usize) -> bool {
    match arrival.alternatives.as_mut() {
        Some(a) if r < a.delay_table.len() => {
            a.delay_table.remove(r);
            true
        }
        _ => false,
    }
}

/// Changes row `r` of the delay table with `change`.
pub fn edit_row(
    arrival: &mut Arrival,
    r: usize,
    change: impl FnOnce(&mut DelayRow),
) -> bool {
    let Some(row) = arrival
        .alternatives
        .as_mut()
        .and_then(|a| a.delay_table.get_mut(r))
    else {
        return false;
    };
    let before = row.clone();
    change(row);
    *row != before
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::scenario::TurnRef;

    fn arrival() -> Arrival {
        let entry = Location::Entry("entry-1722".into());
        super::super::arrival_edit::blank(TurnRef::Turn(2), Some(entry))
    }

    #[test]
    fn alternatives_and_their_delay_table_are_made_and_unmade() {
        let mut a = arrival();
        let south = Location::Edge("south".into());
        assert!(!add_entry(&mut a, Location::Entry("entry-1722".into())));
        assert!(add_entry(&mut a, south.clone()));
        assert!(!add_entry(&mut a, south.clone()), "listed once");
        assert!(add_row(&mut a));
        assert!(add_row(&mut a));
        assert!(edit_row(&mut a, 0, |r| r.roll = [0, 1]));
        assert!(edit_row(&mut a, 1, |r| {
            r.roll = [2, 6];
            r.delay_turns = 1;
        }));
        assert!(add_row(&mut a));
        let alternatives = a.alternatives.clone().expect("made");
        assert_eq!(alternatives.entries, [south]);
        assert_eq!(alternatives.delay_table[2].roll, [7, 7], "after 2-6");
        assert!(!edit_row(&mut a, 2, |r| r.delay_turns = 0), "unchanged");
        assert!(set_road_hexes_only(&mut a, true));
        assert!(remove_row(&mut a, 2));
        assert!(remove_entry(&mut a, 0));
        assert_eq!(a.alternatives, None, "none left");
        assert!(!add_row(&mut a), "no table without alternatives");
    }
}
