//! What an instruction or an arrival names: units and whole formations
//! (a `UnitSet`), added and taken out one by one, never twice.

use berthier_schema::scenario::UnitSet;

/// A unit or a formation of a `UnitSet`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Member {
    /// A unit, by id.
    Unit(String),
    /// A formation (all its units), by id.
    Formation(String),
}

/// Adds `member` to `set`; whether it changed (a member already there is
/// not added twice).
pub fn add(set: &mut UnitSet, member: Member) -> bool {
    let (list, id) = match member {
        Member::Unit(id) => (&mut set.units, id),
        Member::Formation(id) => (&mut set.formations, id),
    };
    if list.contains(&id) {
        return false;
    }
    list.push(id);
    true
}

/// Takes `member` out of `set`; whether it was there.
pub fn remove(set: &mut UnitSet, member: &Member) -> bool {
    let (list, id) = match member {
        Member::Unit(id) => (&mut set.units, id),
        Member::Formation(id) => (&mut set.formations, id),
    };
    let before = list.len();
    list.retain(|x| x != id);
    list.len() != before
}
