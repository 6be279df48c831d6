//! Adding, duplicating and deleting a side's arrivals, and the units and
//! formations an arrival brings: edits of every side's list
//! (`Arrivals`), each applied by the Timeline screen as one undo step. A
//! new arrival comes on turn 2 (turn 1 on a one-turn track) by the map's
//! first edge (else its first entry point); it is then dragged to its
//! turn and given its entry with the screen's tools.

use berthier_schema::scenario::{
    Arrival, Cadence, CadenceOrder, TurnRef, TurnTrack, UnitSet,
};
use berthier_schema::{Location, Map, Scenario};

use super::track::turn_ref_for;
use crate::list_edit;
use crate::unit_set::{self, Member};

/// Every side's arrivals, in the scenario's order of sides.
pub type Arrivals = Vec<Vec<Arrival>>;

/// The scenario's arrivals, side by side.
pub fn of(scenario: &Scenario) -> Arrivals {
    scenario
        .sides
        .iter()
        .map(|s| s.reinforcements.clone())
        .collect()
}

/// Adds a new arrival at the end of `side`'s list; its index.
pub fn add(
    all: &mut Arrivals,
    side: usize,
    scenario: &Scenario,
    map: Option<&Map>,
) -> Option<usize> {
    let list = all.get_mut(side)?;
    list.push(blank(
        TurnRef::Turn(scenario.turns.count.clamp(1, 2)),
        map.and_then(first_entry),
    ));
    Some(list.len() - 1)
}

/// An arrival at `at` by `entry` with nothing else said yet: no units,
/// no condition, no alternative, forced march allowed.
pub fn blank(at: TurnRef, entry: Option<Location>) -> Arrival {
    Arrival {
        at,
        formation: None,
        units: UnitSet::default(),
        entry,
        placed: None,
        losses: Vec::new(),
        state: None,
        cadence: None,
        condition: None,
        follows: None,
        option: None,
        alternatives: None,
        no_forced_march: false,
        text: None,
    }
}

/// Puts a copy of arrival `i` of `side` right after it; the copy's index.
pub fn duplicate(all: &mut Arrivals, side: usize, i: usize) -> Option<usize> {
    list_edit::duplicate(all.get_mut(side)?, i, |_| {})
}

/// Deletes arrival `i` of `side`; whether there was one.
pub fn delete(all: &mut Arrivals, side: usize, i: usize) -> bool {
    all.get_mut(side)
        .is_some_and(|list| list_edit::delete(list, i))
}

/// Adds `member` to what arrival `i` of `side` brings; whether it changed.
pub fn add_member(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    member: Member,
) -> bool {
    units_of(all, side, i).is_some_and(|units| unit_set::add(units, member))
}

/// Takes `member` out of what arrival `i` of `side` brings; whether it was
/// there.
pub fn remove_member(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    member: &Member,
) -> bool {
    units_of(all, side, i).is_some_and(|units| unit_set::remove(units, member))
}

/// Names arrival `i`'s time by the clock ("10:00", dated on a track over
/// several days when the clock alone would name an earlier turn) or by
/// its turn number, keeping its turn; whether it changed. A time that
/// reads as no turn of `track` is left as written.
pub fn set_by_clock(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    track: &TurnTrack,
    by_clock: bool,
) -> bool {
    let Some(arrival) = all.get_mut(side).and_then(|l| l.get_mut(i)) else {
        return false;
    };
    let Some(turn) = turn_number(track, &arrival.at) else {
        return false;
    };
    let next = match by_clock {
        true => turn_ref_for(track, &TurnRef::Clock(String::new()), turn),
        false => TurnRef::Turn(turn),
    };
    if next == arrival.at {
        return false;
    }
    arrival.at = next;
    true
}

/// Whether arrival `i` is timed by the clock (not by turn number).
pub fn is_by_clock(arrival: &Arrival) -> bool {
    !matches!(arrival.at, TurnRef::Turn(_))
}

/// The turn an arrival's time names on `track`.
pub(crate) fn turn_number(track: &TurnTrack, at: &TurnRef) -> Option<u16> {
    match at {
        TurnRef::Turn(n) => Some(*n),
        TurnRef::Clock(c) => track.turn_at(c),
        TurnRef::Dated { date, clock } => {
            let minutes = track.minutes_on(date, clock)?;
            track.turn_holding(minutes).ok()
        }
    }
}

/// Arrival `i` comes group after group, `every` minutes apart, the first
/// at its time ("one division an hour", seed 001 l. 3019): one group per
/// formation, then per unit, it names, in that order; or all at once
/// (`None`). A cadence already set keeps its groups and takes the new
/// interval. Whether it changed; an arrival of fewer than two formations
/// and units has no groups to make and is left as it is.
pub fn set_cadence(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    every: Option<u16>,
) -> bool {
    let Some(arrival) = all.get_mut(side).and_then(|l| l.get_mut(i)) else {
        return false;
    };
    let next = match (every, &arrival.cadence) {
        (None, _) => None,
        (Some(m), Some(c)) => Some(Cadence {
            every_minutes: m.max(1),
            ..c.clone()
        }),
        (Some(m), None) => {
            let groups = groups_of(&arrival.units);
            if groups.len() < 2 {
                return false;
            }
            Some(Cadence {
                every_minutes: m.max(1),
                groups,
                order: CadenceOrder::Listed,
            })
        }
    };
    let changed = arrival.cadence != next;
    arrival.cadence = next;
    changed
}

/// One group per formation, then per unit, of `units`.
fn groups_of(units: &UnitSet) -> Vec<UnitSet> {
    let formations = units.formations.iter().map(|f| UnitSet {
        formations: vec![f.clone()],
        ..UnitSet::default()
    });
    let each = units.units.iter().map(|u| UnitSet {
        units: vec![u.clone()],
        ..UnitSet::default()
    });
    formations.chain(each).collect()
}

/// Arrival `i` may not force march (Rivoli's Lusignan), or may; whether
/// it changed.
pub fn set_no_forced_march(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    no: bool,
) -> bool {
    let Some(arrival) = all.get_mut(side).and_then(|l| l.get_mut(i)) else {
        return false;
    };
    let changed = arrival.no_forced_march != no;
    arrival.no_forced_march = no;
    changed
}

/// Arrival `i` comes only when the scenario option `option` is chosen
/// (a schedule of several, optional units), or always; whether it
/// changed.
pub fn set_option(
    all: &mut Arrivals,
    side: usize,
    i: usize,
    option: Option<String>,
) -> bool {
    let Some(arrival) = all.get_mut(side).and_then(|l| l.get_mut(i)) else {
        return false;
    };
    let changed = arrival.option != option;
    arrival.option = option;
    changed
}

fn units_of(all: &mut Arrivals, side: usize, i: usize) -> Option<&mut UnitSet> {
    all.get_mut(side)?.get_mut(i).map(|a| &mut a.units)
}

/// The map's first edge, else its first entry point.
fn first_entry(map: &Map) -> Option<Location> {
    map.edges
        .first()
        .map(|e| Location::Edge(e.id.clone()))
        .or_else(|| {
            map.entry_points
                .first()
                .map(|e| Location::Entry(e.id.clone()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::{Document, Format};

    fn scenario() -> Scenario {
        let text = include_str!(
            "../../../../validator/templates/pack/example.scenario.ron"
        );
        match berthier_schema::load_document(text, Format::Ron) {
            Ok(Document::Scenario(s)) => s,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_time_is_named_by_clock_or_turn_keeping_its_turn() {
        let s = scenario();
        let mut all = of(&s);
        // Red's 10:00 arrival on a track from 09:00, an hour a turn.
        assert_eq!(all[1][0].at, TurnRef::Clock("10:00".into()));
        assert!(is_by_clock(&all[1][0]));
        assert!(set_by_clock(&mut all, 1, 0, &s.turns, false));
        assert_eq!(all[1][0].at, TurnRef::Turn(2));
        assert!(!is_by_clock(&all[1][0]));
        assert!(!set_by_clock(&mut all, 1, 0, &s.turns, false), "no change");
        assert!(set_by_clock(&mut all, 1, 0, &s.turns, true));
        assert_eq!(all[1][0].at, TurnRef::Clock("10:00".into()));
        // A time on no turn is left as written.
        all[1][0].at = TurnRef::Clock("10:30".into());
        assert!(!set_by_clock(&mut all, 1, 0, &s.turns, false));
        assert!(set_no_forced_march(&mut all, 1, 0, true));
        assert!(!set_no_forced_march(&mut all, 1, 0, true));
        assert!(set_option(&mut all, 1, 0, Some("late".into())));
        assert_eq!(all[1][0].option.as_deref(), Some("late"));
    }

    #[test]
    fn an_arrival_of_two_units_comes_one_an_hour_and_then_at_once() {
        let s = scenario();
        let mut all = of(&s);
        // Red's arrival names one unit: no groups to make.
        assert!(!set_cadence(&mut all, 1, 0, Some(60)));
        all[1][0].units.units.push("r2".into());
        assert!(set_cadence(&mut all, 1, 0, Some(60)));
        let c = all[1][0].cadence.clone().expect("cadenced");
        assert_eq!((c.every_minutes, c.groups.len()), (60, 2));
        assert_eq!(c.groups[1].units, ["r2"]);
        assert!(set_cadence(&mut all, 1, 0, Some(30)));
        assert_eq!(
            all[1][0].cadence.as_ref().map(|c| c.every_minutes),
            Some(30)
        );
        assert!(set_cadence(&mut all, 1, 0, None));
        assert_eq!(all[1][0].cadence, None);
    }

    #[test]
    fn add_duplicate_delete_and_members() {
        let s = scenario();
        let mut map = Map::blank(
            "m".into(),
            "M".into(),
            "s".into(),
            Default::default(),
            vec![],
        );
        map.edges.push(berthier_schema::map::MapEdge {
            id: "east".into(),
            name: None,
            side: Some(berthier_schema::map::Compass::East),
            hexes: Vec::new(),
            sheet: None,
        });
        let mut all = of(&s);
        assert_eq!(all[0].len(), 0);
        assert_eq!(add(&mut all, 0, &s, Some(&map)), Some(0));
        assert_eq!(all[0][0].at, TurnRef::Turn(2));
        assert_eq!(all[0][0].entry, Some(Location::Edge("east".into())));
        assert_eq!(
            add(&mut all, 0, &s, None).map(|i| all[0][i].entry.clone()),
            Some(None)
        );
        assert!(add_member(&mut all, 0, 0, Member::Unit("b1".into())));
        assert!(!add_member(&mut all, 0, 0, Member::Unit("b1".into())));
        assert_eq!(duplicate(&mut all, 0, 0), Some(1));
        assert_eq!(all[0][1].units.units, ["b1"]);
        assert!(remove_member(&mut all, 0, 1, &Member::Unit("b1".into())));
        assert!(delete(&mut all, 0, 1));
        assert_eq!(all[0].len(), 2);
        assert!(!delete(&mut all, 3, 0));
    }
}
