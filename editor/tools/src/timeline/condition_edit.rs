//! What an arrival waits for: "If the Prussian army is still at Ligny on
//! the morning of the 17th" (seed 001 l. 3020), "cannot move before the
//! 1400 turn" (l. 3007), "Once Wellington arrives at Quatre-Bras"
//! (l. 3175), "ends when all the units of the IV Prussian corps are either
//! destroyed or have left the map" (l. 2987). The Timeline edits an
//! arrival's condition as a list of parts, all of which (or any one of
//! which) must hold: a part is added by its kind, its units, turn or
//! option are changed, and it is taken out. A condition of a kind the
//! list cannot edit part by part (nested, or drawn on the map) is kept
//! whole and shown in words. Each function says whether it changed the
//! arrival; the screen makes each change one undo step.

use berthier_schema::scenario::{
    Arrival, Trigger, TurnRef, TurnTrack, UnitSet,
};

use super::arrival_edit::turn_number;
use super::cards::at_text;
use super::names::Names;
use crate::unit_set::{self, Member};

/// The kinds of part the Timeline adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// Not before a turn.
    NotBefore,
    /// Once any of some units is on the map.
    Arrives,
    /// Once every one of some units is eliminated.
    Eliminated,
    /// Once every one of some units is eliminated or has left the map.
    AllGone,
    /// If some units are still on the map at a turn.
    StillOnMap,
    /// If a scenario option was chosen.
    Chosen,
}

impl PartKind {
    /// Every kind, in the order the list offers them.
    pub const ALL: [PartKind; 6] = [
        PartKind::NotBefore,
        PartKind::Arrives,
        PartKind::Eliminated,
        PartKind::AllGone,
        PartKind::StillOnMap,
        PartKind::Chosen,
    ];

    /// As the list says it.
    pub fn label(self) -> &'static str {
        match self {
            PartKind::NotBefore => "not before a turn",
            PartKind::Arrives => "once units are on the map",
            PartKind::Eliminated => "once units are eliminated",
            PartKind::AllGone => "once units are eliminated or gone",
            PartKind::StillOnMap => "if units are still on the map at a turn",
            PartKind::Chosen => "if a scenario option is chosen",
        }
    }
}

impl std::fmt::Display for PartKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

/// Why a part cannot be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartError {
    /// The scenario has no option to wait for.
    #[error(
        "the scenario has no option yet: add one on the Setup screen's Rules tab"
    )]
    NoOption,
}

/// The parts of an arrival's condition and whether any one (else every
/// one) is enough.
pub fn parts(arrival: &Arrival) -> (bool, &[Trigger]) {
    match &arrival.condition {
        None => (false, &[]),
        Some(Trigger::All(of)) => (false, of),
        Some(Trigger::AnyOf(of)) => (true, of),
        Some(one) => (false, std::slice::from_ref(one)),
    }
}

/// Adds a part of `kind` to `arrival`'s condition: its turn is the
/// arrival's, its units none yet, its option the scenario's first
/// (`options`). A single condition becomes the first of a list that all
/// must hold.
pub fn add(
    arrival: &mut Arrival,
    kind: PartKind,
    options: &[String],
) -> Result<bool, PartError> {
    let units = UnitSet::default;
    let part = match kind {
        PartKind::NotBefore => Trigger::Turn(arrival.at.clone()),
        PartKind::Arrives => Trigger::Arrives(units()),
        PartKind::Eliminated => Trigger::Eliminated(units()),
        PartKind::AllGone => Trigger::AllGone {
            units: units(),
            via: Vec::new(),
        },
        PartKind::StillOnMap => Trigger::StillAt {
            units: units(),
            at: arrival.at.clone(),
            zone: None,
            battle: None,
        },
        PartKind::Chosen => {
            Trigger::Chosen(options.first().ok_or(PartError::NoOption)?.clone())
        }
    };
    arrival.condition = Some(match arrival.condition.take() {
        None => part,
        Some(Trigger::All(mut of)) => {
            of.push(part);
            Trigger::All(of)
        }
        Some(Trigger::AnyOf(mut of)) => {
            of.push(part);
            Trigger::AnyOf(of)
        }
        Some(one) => Trigger::All(vec![one, part]),
    });
    Ok(true)
}

/// Takes part `k` out; a list left with one part becomes that part, with
/// none no condition.
pub fn remove(arrival: &mut Arrival, k: usize) -> bool {
    let Some(condition) = arrival.condition.take() else {
        return false;
    };
    let (any, mut of) = match condition {
        Trigger::All(of) => (false, of),
        Trigger::AnyOf(of) => (true, of),
        one => (false, vec![one]),
    };
    let removed = k < of.len();
    if removed {
        of.remove(k);
    }
    arrival.condition = match of.len() {
        0 => None,
        1 => of.pop(),
        _ if any => Some(Trigger::AnyOf(of)),
        _ => Some(Trigger::All(of)),
    };
    removed
}

/// Any one part is enough (`true`), or every one must hold; whether it
/// changed. A condition of one part has nothing to choose.
pub fn set_any(arrival: &mut Arrival, any: bool) -> bool {
    let Some(condition) = arrival.condition.take() else {
        return false;
    };
    let (changed, condition) = match (condition, any) {
        (Trigger::All(of), true) => (true, Trigger::AnyOf(of)),
        (Trigger::AnyOf(of), false) => (true, Trigger::All(of)),
        (other, _) => (false, other),
    };
    arrival.condition = Some(condition);
    changed
}

/// Changes part `k` with `change`; whether it changed.
pub fn edit_part(
    arrival: &mut Arrival,
    k: usize,
    change: impl FnOnce(&mut Trigger),
) -> bool {
    let part = match arrival.condition.as_mut() {
        Some(Trigger::All(of) | Trigger::AnyOf(of)) => of.get_mut(k),
        Some(one) if k == 0 => Some(one),
        _ => None,
    };
    let Some(part) = part else {
        return false;
    };
    let before = part.clone();
    change(part);
    *part != before
}

/// The units a part watches, when it watches units.
pub fn units_of(part: &mut Trigger) -> Option<&mut UnitSet> {
    match part {
        Trigger::Arrives(units)
        | Trigger::Eliminated(units)
        | Trigger::AllGone { units, .. }
        | Trigger::StillAt { units, .. }
        | Trigger::Reaches { units, .. } => Some(units),
        _ => None,
    }
}

/// Adds to (or takes from) the units part `k` watches; whether it changed.
pub fn member(arrival: &mut Arrival, k: usize, m: Member, add: bool) -> bool {
    edit_part(arrival, k, |part| {
        if let Some(units) = units_of(part) {
            let _ = match add {
                true => unit_set::add(units, m),
                false => unit_set::remove(units, &m),
            };
        }
    })
}

/// The turn part `k` names, when it names one.
pub fn turn_of(part: &mut Trigger) -> Option<&mut TurnRef> {
    match part {
        Trigger::Turn(at) | Trigger::StillAt { at, .. } => Some(at),
        _ => None,
    }
}

/// Moves the turn part `k` names by `by` turns on `track` (never before
/// the first turn nor after the last), keeping how it is written (turn
/// number, clock, date); whether it changed.
pub fn shift_turn(
    arrival: &mut Arrival,
    k: usize,
    by: i32,
    track: &TurnTrack,
) -> bool {
    edit_part(arrival, k, |part| {
        let Some(at) = turn_of(part) else { return };
        let Some(turn) = turn_number(track, at) else {
            return;
        };
        let last = i32::from(track.count.max(1));
        let next = (i32::from(turn) + by).clamp(1, last);
        let next = u16::try_from(next).unwrap_or(turn);
        *at = super::track::turn_ref_for(track, at, next);
    })
}

/// A part in words, units and options by name ("once Wellington is on
/// the map", "not before 14:00").
pub fn words(
    part: &Trigger,
    names: &Names,
    option: &dyn Fn(&str) -> String,
) -> String {
    let who = |set: &UnitSet| {
        let mut all: Vec<&str> =
            set.formations.iter().map(|f| names.formation(f)).collect();
        all.extend(set.units.iter().map(|u| names.unit(u)));
        match all.is_empty() {
            true => "(no unit yet)".to_owned(),
            false => all.join(", "),
        }
    };
    match part {
        Trigger::Turn(at) => format!("not before {}", at_text(at)),
        Trigger::Arrives(units) => format!("once {} is on the map", who(units)),
        Trigger::Eliminated(units) => {
            format!("once {} is eliminated", who(units))
        }
        Trigger::AllGone { units, .. } => {
            format!("once {} is eliminated or has left the map", who(units))
        }
        Trigger::StillAt {
            units, at, zone, ..
        } => {
            let whr = if zone.is_some() {
                "in its zone"
            } else {
                "on the map"
            };
            format!("if {} is still {whr} at {}", who(units), at_text(at))
        }
        Trigger::Reaches { units, .. } => {
            format!("once {} reaches its zone", who(units))
        }
        Trigger::Chosen(id) => format!("if {} is chosen", option(id)),
        Trigger::All(of) | Trigger::AnyOf(of) => {
            let join = match part {
                Trigger::All(_) => " and ",
                _ => " or ",
            };
            let each: Vec<String> =
                of.iter().map(|p| words(p, names, option)).collect();
            format!("({})", each.join(join))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrival() -> Arrival {
        crate::timeline::arrival_edit::blank(TurnRef::Turn(3), None)
    }

    #[test]
    fn parts_are_added_edited_joined_and_taken_out() {
        let mut a = arrival();
        assert!(add(&mut a, PartKind::Arrives, &[]).unwrap());
        assert_eq!(a.condition, Some(Trigger::Arrives(UnitSet::default())));
        assert!(member(&mut a, 0, Member::Unit("wellington".into()), true));
        assert!(!member(&mut a, 0, Member::Unit("wellington".into()), true));
        assert_eq!(
            add(&mut a, PartKind::Chosen, &[]),
            Err(PartError::NoOption)
        );
        assert!(add(&mut a, PartKind::NotBefore, &["guard".into()]).unwrap());
        let (any, of) = parts(&a);
        assert!(!any);
        assert_eq!(of.len(), 2);
        assert_eq!(of[1], Trigger::Turn(TurnRef::Turn(3)), "its own turn");
        let track = TurnTrack {
            date: None,
            first: "08:00".into(),
            minutes_per_turn: 60,
            count: 5,
            last: None,
            special: Vec::new(),
            first_date: None,
            ends_when: None,
        };
        assert!(shift_turn(&mut a, 1, 4, &track));
        assert_eq!(parts(&a).1[1], Trigger::Turn(TurnRef::Turn(5)), "the last");
        assert!(!shift_turn(&mut a, 1, 1, &track), "no turn after the last");
        assert!(!shift_turn(&mut a, 0, 1, &track), "no turn to move");
        assert!(set_any(&mut a, true));
        assert!(!set_any(&mut a, true));
        assert!(parts(&a).0);
        assert!(remove(&mut a, 0));
        assert_eq!(a.condition, Some(Trigger::Turn(TurnRef::Turn(5))));
        assert!(!remove(&mut a, 3));
        assert_eq!(a.condition, Some(Trigger::Turn(TurnRef::Turn(5))));
        assert!(remove(&mut a, 0));
        assert_eq!(a.condition, None);
    }
}
