//! A side's nationalities: what a unit's `nationality` names, and so the
//! background colour its counters are printed in (the series' counter
//! art). Added from a name (the id made from it, unique on the side),
//! renamed, and deleted only when no unit has it.

use super::OobDoc;
use super::edit::OobEdit;
use berthier_schema::counters::{Nationality, Side};

/// Why a nationality cannot be deleted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{units} unit(s) of this file or what it includes have this nationality"
)]
pub struct InUse {
    /// How many units have it.
    pub units: usize,
}

/// The file's own side `side`, when it has one of that id.
fn own_side(doc: &OobDoc, side: &str) -> Option<Side> {
    doc.own().sides.iter().find(|s| s.id == side).cloned()
}

/// A nationality named `name` added to the file's side `side`; the edit
/// and the new nationality's id. `None` when the file has no such side.
pub fn add(doc: &OobDoc, side: &str, name: &str) -> Option<(OobEdit, String)> {
    let mut s = own_side(doc, side)?;
    let taken: Vec<String> =
        s.nationalities.iter().map(|n| n.id.clone()).collect();
    let id = crate::tool::fresh_id(name, taken.iter());
    s.nationalities.push(Nationality {
        id: id.clone(),
        name: name.to_owned(),
    });
    Some((OobEdit::ReplaceSide(Box::new(s)), id))
}

/// The nationality `id` of side `side` renamed (its id is kept: units
/// name it).
pub fn rename(
    doc: &OobDoc,
    side: &str,
    id: &str,
    name: &str,
) -> Option<OobEdit> {
    let mut s = own_side(doc, side)?;
    s.nationalities.iter_mut().find(|n| n.id == id)?.name = name.to_owned();
    Some(OobEdit::ReplaceSide(Box::new(s)))
}

/// How many units (of the file and what it includes) of side `side`
/// have nationality `id`.
pub fn units_with(doc: &OobDoc, side: &str, id: &str) -> usize {
    doc.merged()
        .units
        .iter()
        .filter(|u| u.side == side && u.nationality.as_deref() == Some(id))
        .count()
}

/// The nationality `id` of side `side` deleted; refused while a unit has
/// it. `Ok(None)` when there is no such side or nationality in the file.
pub fn delete(
    doc: &OobDoc,
    side: &str,
    id: &str,
) -> Result<Option<OobEdit>, InUse> {
    let units = units_with(doc, side, id);
    if units > 0 {
        return Err(InUse { units });
    }
    let Some(mut s) = own_side(doc, side) else {
        return Ok(None);
    };
    let before = s.nationalities.len();
    s.nationalities.retain(|n| n.id != id);
    Ok((s.nationalities.len() < before)
        .then(|| OobEdit::ReplaceSide(Box::new(s))))
}
