//! Edits of a counters file's own lists as commands: applying one returns
//! its inverse, so undo is applying what was returned. Items are found by
//! id, never by a position kept from before, and no edit changes an id
//! (scenarios refer to units and formations by id) except the `…At`
//! edits of a new item whose id follows its name (`rename`): found by
//! position, since its id is what changes.

use berthier_schema::counters::{Marker, Side};
use berthier_schema::{Counters, Formation, Unit};

/// One change to a counters file's own content.
#[derive(Debug, Clone, PartialEq)]
pub enum OobEdit {
    /// Puts `unit` at position `at` of `units` (clamped to the end).
    InsertUnit {
        /// Position in the file's `units`.
        at: usize,
        /// The unit.
        unit: Box<Unit>,
    },
    /// Takes the unit with this id out.
    RemoveUnit(String),
    /// Replaces the unit with `unit.id` by `unit` (rename, move, ratings).
    ReplaceUnit(Box<Unit>),
    /// Puts `formation` at position `at` of `formations`.
    InsertFormation {
        /// Position in the file's `formations`.
        at: usize,
        /// The formation.
        formation: Box<Formation>,
    },
    /// Takes the formation with this id out.
    RemoveFormation(String),
    /// Replaces the formation with `formation.id` by `formation`.
    ReplaceFormation(Box<Formation>),
    /// Replaces the marker with `marker.id` by `marker` (rename).
    ReplaceMarker(Box<Marker>),
    /// Puts `side` at position `at` of `sides`.
    InsertSide {
        /// Position in the file's `sides`.
        at: usize,
        /// The side.
        side: Box<Side>,
    },
    /// Takes the side with this id out.
    RemoveSide(String),
    /// Replaces the side with `side.id` by `side` (rename).
    ReplaceSide(Box<Side>),
    /// Replaces the side at position `at` (a new side whose id follows
    /// its name: the id changes, so the side is found by position, and
    /// the first inverse of a run of keystrokes restores it).
    ReplaceSideAt {
        /// Its position in `sides`.
        at: usize,
        /// The side.
        side: Box<Side>,
    },
    /// Replaces the unit at position `at` (a new unit whose id follows
    /// its name, found by position as `ReplaceSideAt`).
    ReplaceUnitAt {
        /// Its position in `units`.
        at: usize,
        /// The unit.
        unit: Box<Unit>,
    },
    /// Replaces the formation at position `at` (a new formation whose id
    /// follows its name).
    ReplaceFormationAt {
        /// Its position in `formations`.
        at: usize,
        /// The formation.
        formation: Box<Formation>,
    },
    /// The file's whole content replaced (an autosave recovered).
    ReplaceAll(Box<Counters>),
    /// Several edits as one step, applied in order.
    Batch(Vec<OobEdit>),
}

impl OobEdit {
    /// Whether applying it would change nothing (an item it names is not
    /// in the file, or a replacement equal to what is there).
    pub fn is_noop(&self, c: &Counters) -> bool {
        match self {
            Self::InsertUnit { .. }
            | Self::InsertFormation { .. }
            | Self::InsertSide { .. } => false,
            Self::RemoveSide(id) => !c.sides.iter().any(|s| &s.id == id),
            Self::ReplaceSide(s) => c
                .sides
                .iter()
                .find(|x| x.id == s.id)
                .is_none_or(|x| x == &**s),
            Self::ReplaceSideAt { at, side } => {
                c.sides.get(*at).is_none_or(|x| x == &**side)
            }
            Self::ReplaceUnitAt { at, unit } => {
                c.units.get(*at).is_none_or(|x| x == &**unit)
            }
            Self::ReplaceFormationAt { at, formation } => {
                c.formations.get(*at).is_none_or(|x| x == &**formation)
            }
            Self::RemoveUnit(id) => !c.units.iter().any(|u| &u.id == id),
            Self::RemoveFormation(id) => {
                !c.formations.iter().any(|f| &f.id == id)
            }
            Self::ReplaceUnit(u) => c
                .units
                .iter()
                .find(|x| x.id == u.id)
                .is_none_or(|x| x == &**u),
            Self::ReplaceFormation(f) => c
                .formations
                .iter()
                .find(|x| x.id == f.id)
                .is_none_or(|x| x == &**f),
            Self::ReplaceMarker(m) => c
                .markers
                .iter()
                .find(|x| x.id == m.id)
                .is_none_or(|x| x == &**m),
            Self::ReplaceAll(all) => **all == *c,
            Self::Batch(all) => all.iter().all(|e| e.is_noop(c)),
        }
    }

    /// Applies the edit; returns its inverse. An edit naming an item the
    /// file lacks changes nothing and returns an empty batch.
    pub fn apply(self, c: &mut Counters) -> OobEdit {
        match self {
            Self::InsertUnit { at, unit } => {
                let id = unit.id.clone();
                c.units.insert(at.min(c.units.len()), *unit);
                Self::RemoveUnit(id)
            }
            Self::RemoveUnit(id) => {
                match c.units.iter().position(|u| u.id == id) {
                    Some(at) => Self::InsertUnit {
                        at,
                        unit: Box::new(c.units.remove(at)),
                    },
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceUnit(unit) => {
                match c.units.iter_mut().find(|u| u.id == unit.id) {
                    Some(slot) => Self::ReplaceUnit(Box::new(
                        std::mem::replace(slot, *unit),
                    )),
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::InsertFormation { at, formation } => {
                let id = formation.id.clone();
                c.formations.insert(at.min(c.formations.len()), *formation);
                Self::RemoveFormation(id)
            }
            Self::RemoveFormation(id) => {
                match c.formations.iter().position(|f| f.id == id) {
                    Some(at) => Self::InsertFormation {
                        at,
                        formation: Box::new(c.formations.remove(at)),
                    },
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceFormation(f) => {
                match c.formations.iter_mut().find(|x| x.id == f.id) {
                    Some(slot) => Self::ReplaceFormation(Box::new(
                        std::mem::replace(slot, *f),
                    )),
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceMarker(m) => {
                match c.markers.iter_mut().find(|x| x.id == m.id) {
                    Some(slot) => Self::ReplaceMarker(Box::new(
                        std::mem::replace(slot, *m),
                    )),
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::InsertSide { at, side } => {
                let id = side.id.clone();
                c.sides.insert(at.min(c.sides.len()), *side);
                Self::RemoveSide(id)
            }
            Self::RemoveSide(id) => {
                match c.sides.iter().position(|s| s.id == id) {
                    Some(at) => Self::InsertSide {
                        at,
                        side: Box::new(c.sides.remove(at)),
                    },
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceSide(side) => {
                match c.sides.iter_mut().find(|x| x.id == side.id) {
                    Some(slot) => Self::ReplaceSide(Box::new(
                        std::mem::replace(slot, *side),
                    )),
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceUnitAt { at, unit } => match c.units.get_mut(at) {
                Some(slot) => Self::ReplaceUnitAt {
                    at,
                    unit: Box::new(std::mem::replace(slot, *unit)),
                },
                None => Self::Batch(Vec::new()),
            },
            Self::ReplaceFormationAt { at, formation } => {
                match c.formations.get_mut(at) {
                    Some(slot) => Self::ReplaceFormationAt {
                        at,
                        formation: Box::new(std::mem::replace(
                            slot, *formation,
                        )),
                    },
                    None => Self::Batch(Vec::new()),
                }
            }
            Self::ReplaceSideAt { at, side } => match c.sides.get_mut(at) {
                Some(slot) => Self::ReplaceSideAt {
                    at,
                    side: Box::new(std::mem::replace(slot, *side)),
                },
                None => Self::Batch(Vec::new()),
            },
            Self::ReplaceAll(all) => {
                Self::ReplaceAll(Box::new(std::mem::replace(c, *all)))
            }
            Self::Batch(all) => {
                let mut inverses: Vec<OobEdit> =
                    all.into_iter().map(|e| e.apply(c)).collect();
                inverses.reverse();
                Self::Batch(inverses)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counters() -> Counters {
        let text = r#"(kind: counters, format_version: 2, id: "t", name: "T",
            series: "s.series.ron", sides: [(id: "a", name: "A")],
            formations: [(id: "f", name: "F", side: "a", level: "brigade")],
            units: [(id: "u1", name: "U1", side: "a", class: "infantry"),
                    (id: "u2", name: "U2", side: "a", class: "infantry")])"#;
        berthier_schema::parse(text, berthier_schema::Format::Ron)
            .expect("parses")
    }

    #[test]
    fn every_edit_is_undone_by_its_inverse() {
        let start = counters();
        let mut moved = start.units[1].clone();
        moved.formation = Some("f".to_owned());
        let mut renamed = start.sides[0].clone();
        renamed.name = "Armee".to_owned();
        let mut new_id = renamed.clone();
        new_id.id = "armee".to_owned();
        let mut renumbered = start.units[1].clone();
        renumbered.id = "u3".to_owned();
        let mut new_formation_id = start.formations[0].clone();
        new_formation_id.id = "g".to_owned();
        let edits = vec![
            OobEdit::RemoveSide("a".to_owned()),
            OobEdit::ReplaceSide(Box::new(renamed)),
            OobEdit::ReplaceSideAt {
                at: 0,
                side: Box::new(new_id),
            },
            OobEdit::ReplaceUnitAt {
                at: 1,
                unit: Box::new(renumbered),
            },
            OobEdit::ReplaceFormationAt {
                at: 0,
                formation: Box::new(new_formation_id),
            },
            OobEdit::RemoveUnit("u1".to_owned()),
            OobEdit::ReplaceUnit(Box::new(moved)),
            OobEdit::RemoveFormation("f".to_owned()),
            OobEdit::Batch(vec![
                OobEdit::RemoveUnit("u2".to_owned()),
                OobEdit::RemoveUnit("u1".to_owned()),
            ]),
        ];
        for edit in edits {
            let mut c = start.clone();
            assert!(!edit.is_noop(&c));
            let inverse = edit.apply(&mut c);
            assert_ne!(c, start);
            let _ = inverse.apply(&mut c);
            assert_eq!(c, start);
        }
    }

    #[test]
    fn an_edit_naming_a_missing_item_changes_nothing() {
        let mut c = counters();
        let edit = OobEdit::RemoveUnit("nobody".to_owned());
        assert!(edit.is_noop(&c));
        let _ = edit.apply(&mut c);
        assert_eq!(c, counters());
    }
}
