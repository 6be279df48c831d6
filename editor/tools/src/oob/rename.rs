//! Renaming a side, formation, unit or marker of the file. While an item
//! is new, its id follows its name, as designers expect of a tool that
//! makes ids for them ("4e Ligne" gives `4e-ligne`): it was added since
//! the file was read or saved, its id is still the placeholder **Add**
//! gave it (`side-2`, `french-unit`, `french-formation-3`) or the id its
//! present name made, and nothing names it yet. An id the file held when
//! read or saved, or that something names (a unit or formation under
//! it, a commander, an include, a scenario of the pack), is never changed
//! here: the others would be left pointing at nothing.

use std::collections::BTreeSet;

use super::OobDoc;
use super::edit::OobEdit;
use super::ids::{self, fresh};
use super::refs;

/// Renames the file's side `id`; a new side's id follows the name.
pub fn rename_side(doc: &OobDoc, id: &str, name: &str) -> Option<OobEdit> {
    let own = doc.own();
    let at = own.sides.iter().position(|s| s.id == id)?;
    let mut side = own.sides[at].clone();
    let others: BTreeSet<String> = doc
        .merged()
        .sides
        .iter()
        .filter(|s| s.id != id)
        .map(|s| s.id.clone())
        .collect();
    let new_id = follow(&others, id, &side.name, name, "side", |id| {
        doc.was_written(id) || side_in_use(doc, id)
    });
    side.name = name.to_owned();
    Some(match new_id {
        Some(new_id) => {
            side.id = new_id;
            OobEdit::ReplaceSideAt {
                at,
                side: Box::new(side),
            }
        }
        None => OobEdit::ReplaceSide(Box::new(side)),
    })
}

/// Renames the file's unit, formation or marker `id`; a new unit's or
/// formation's id follows the name.
pub fn rename(doc: &OobDoc, id: &str, name: &str) -> Option<OobEdit> {
    let own = doc.own();
    let others = || -> BTreeSet<String> {
        let mut taken = ids::taken(doc.merged());
        taken.remove(id);
        taken
    };
    if let Some(at) = own.units.iter().position(|u| u.id == id) {
        let mut unit = own.units[at].clone();
        let new_id = follow(&others(), id, &unit.name, name, "unit", |id| {
            doc.was_written(id) || !refs::references(doc, id).is_empty()
        });
        unit.name = name.to_owned();
        return Some(match new_id {
            Some(new_id) => {
                unit.id = new_id;
                OobEdit::ReplaceUnitAt {
                    at,
                    unit: Box::new(unit),
                }
            }
            None => OobEdit::ReplaceUnit(Box::new(unit)),
        });
    }
    if let Some(at) = own.formations.iter().position(|f| f.id == id) {
        let mut formation = own.formations[at].clone();
        let new_id =
            follow(&others(), id, &formation.name, name, "formation", |id| {
                formation_in_use(doc, id)
            });
        formation.name = name.to_owned();
        return Some(match new_id {
            Some(new_id) => {
                formation.id = new_id;
                OobEdit::ReplaceFormationAt {
                    at,
                    formation: Box::new(formation),
                }
            }
            None => OobEdit::ReplaceFormation(Box::new(formation)),
        });
    }
    let m = own.markers.iter().find(|m| m.id == id)?;
    let mut m = m.clone();
    m.name = name.to_owned();
    Some(OobEdit::ReplaceMarker(Box::new(m)))
}

/// The id an item renamed from `old_name` to `name` takes: `None` to
/// keep `id` (not a new item's, or something names it, or the name has
/// no letter to make an id of), else the id the name makes, unique
/// among `others`.
fn follow(
    others: &BTreeSet<String>,
    id: &str,
    old_name: &str,
    name: &str,
    placeholder: &str,
    in_use: impl FnOnce(&str) -> bool,
) -> Option<String> {
    let made = |name: &str| {
        let base = crate::tool::id_from_name(name);
        (!base.is_empty()).then(|| fresh(others, &[], &base))
    };
    let following = is_placeholder(id, placeholder)
        || made(old_name).as_deref() == Some(id);
    if !following || in_use(id) {
        return None;
    }
    made(name).filter(|new_id| new_id != id)
}

/// Whether `id` is one **Add** makes for a `kind` (`side`, `unit`,
/// `formation`): `kind`, or ending in `-kind`, with or without `-N`.
fn is_placeholder(id: &str, kind: &str) -> bool {
    let numbered = id.rsplit_once('-').and_then(|(stem, n)| {
        let digits = !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit());
        digits.then_some(stem)
    });
    [Some(id), numbered].into_iter().flatten().any(|stem| {
        stem == kind
            || stem
                .strip_suffix(kind)
                .is_some_and(|head| head.ends_with('-'))
    })
}

/// Whether a formation, unit or marker (of the file or what it includes)
/// is on side `id`.
pub(super) fn side_in_use(doc: &OobDoc, id: &str) -> bool {
    let merged = doc.merged();
    merged.formations.iter().any(|f| f.side == id)
        || merged.units.iter().any(|u| u.side == id)
        || merged.markers.iter().any(|m| m.side.as_deref() == Some(id))
}

/// Whether a unit or formation is under formation `id`, or anything else
/// names it.
fn formation_in_use(doc: &OobDoc, id: &str) -> bool {
    let merged = doc.merged();
    merged
        .units
        .iter()
        .any(|u| u.formation.as_deref() == Some(id))
        || merged
            .formations
            .iter()
            .any(|f| f.parent.as_deref() == Some(id))
        || !refs::references(doc, id).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_what_add_makes() {
        for id in ["side", "side-2", "french-unit", "french-unit-12"] {
            let kind = if id.starts_with("side") {
                "side"
            } else {
                "unit"
            };
            assert!(is_placeholder(id, kind), "{id}");
        }
        assert!(is_placeholder("blue-formation-3", "formation"));
        for id in ["8e-hussards", "unit-a", "sides", "french-units", "unit-"] {
            assert!(!is_placeholder(id, "unit"), "{id}");
        }
    }
}
