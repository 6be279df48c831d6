//! The groups of an arrival that comes group after group ("one division an
//! hour", seed 001 l. 3019; "the cavalry units first, then one infantry
//! brigade per hour"): the Timeline first makes one group per formation,
//! then per unit ([`super::arrival_edit::set_cadence`]); these edits
//! regroup them as the rulebook prints them. A group joins the next one,
//! splits into one group per formation and unit, or comes one place
//! earlier; and the order is the one listed or the owner's choice. Any
//! grouping can be reached with these, and together the groups always
//! name exactly the arrival's units. Each says whether it changed the
//! arrival.

use berthier_schema::scenario::{Arrival, CadenceOrder, UnitSet};

/// Group `g` and the next become one group; whether it changed.
pub fn join_next(arrival: &mut Arrival, g: usize) -> bool {
    let Some(c) = arrival.cadence.as_mut() else {
        return false;
    };
    if g + 1 >= c.groups.len() {
        return false;
    }
    let next = c.groups.remove(g + 1);
    let group = &mut c.groups[g];
    for f in next.formations {
        if !group.formations.contains(&f) {
            group.formations.push(f);
        }
    }
    for u in next.units {
        if !group.units.contains(&u) {
            group.units.push(u);
        }
    }
    true
}

/// Group `g` becomes one group per formation, then per unit, it names, in
/// its place; whether it changed (a group of one has nothing to split, and
/// a group chosen by class or arm is left whole).
pub fn split(arrival: &mut Arrival, g: usize) -> bool {
    let Some(c) = arrival.cadence.as_mut() else {
        return false;
    };
    let Some(group) = c.groups.get(g) else {
        return false;
    };
    let by_list_only = group.classes.is_empty()
        && group.arms.is_empty()
        && group.except.is_none()
        && group.choose.is_none();
    if !by_list_only || group.formations.len() + group.units.len() < 2 {
        return false;
    }
    let group = c.groups.remove(g);
    let formations = group.formations.into_iter().map(|f| UnitSet {
        formations: vec![f],
        ..UnitSet::default()
    });
    let units = group.units.into_iter().map(|u| UnitSet {
        units: vec![u],
        ..UnitSet::default()
    });
    for (k, one) in formations.chain(units).enumerate() {
        c.groups.insert(g + k, one);
    }
    true
}

/// Group `g` comes one place earlier; whether it changed.
pub fn earlier(arrival: &mut Arrival, g: usize) -> bool {
    let Some(c) = arrival.cadence.as_mut() else {
        return false;
    };
    if g == 0 || g >= c.groups.len() {
        return false;
    }
    c.groups.swap(g - 1, g);
    true
}

/// The groups come in the order listed, or in the owner's; whether it
/// changed.
pub fn set_owners_choice(arrival: &mut Arrival, owners: bool) -> bool {
    let Some(c) = arrival.cadence.as_mut() else {
        return false;
    };
    let order = match owners {
        true => CadenceOrder::OwnersChoice,
        false => CadenceOrder::Listed,
    };
    let changed = c.order != order;
    c.order = order;
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timeline::arrival_edit;
    use berthier_schema::scenario::TurnRef;

    fn three() -> Arrival {
        let mut a = arrival_edit::blank(TurnRef::Turn(2), None);
        a.units.formations = vec!["cav".into()];
        a.units.units = vec!["b1".into(), "b2".into()];
        let mut all = vec![vec![a]];
        assert!(arrival_edit::set_cadence(&mut all, 0, 0, Some(60)));
        all.remove(0).remove(0)
    }

    fn members(a: &Arrival) -> Vec<(Vec<String>, Vec<String>)> {
        let c = a.cadence.as_ref().expect("groups");
        c.groups
            .iter()
            .map(|g| (g.formations.clone(), g.units.clone()))
            .collect()
    }

    #[test]
    fn groups_are_joined_reordered_and_split_back() {
        let mut a = three();
        let s =
            |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert!(earlier(&mut a, 2), "b2 before b1");
        assert!(join_next(&mut a, 0), "the cavalry with b2");
        assert_eq!(
            members(&a),
            [(s(&["cav"]), s(&["b2"])), (s(&[]), s(&["b1"]))]
        );
        assert!(!join_next(&mut a, 1), "the last has no next");
        assert!(!earlier(&mut a, 0));
        assert!(split(&mut a, 0));
        assert_eq!(
            members(&a),
            [
                (s(&["cav"]), s(&[])),
                (s(&[]), s(&["b2"])),
                (s(&[]), s(&["b1"]))
            ]
        );
        assert!(!split(&mut a, 0), "one formation alone");
        assert!(set_owners_choice(&mut a, true));
        assert!(!set_owners_choice(&mut a, true));
    }
}
