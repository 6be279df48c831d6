//! A formation's activation markers (Jours de Gloire's command chits,
//! drawn from the cup: the printed code, `O` for normal orders or `C` for
//! combined, and the initiative number, seed 000 l. 1041-1045): added
//! with an id of their own, their code and number set, deleted. Each is
//! one edit of the formation (one undo step); a marker of an included
//! file is edited in that file.

use super::OobDoc;
use super::edit::OobEdit;
use super::ids::{self, fresh};
use berthier_schema::Formation;
use berthier_schema::counters::ActivationMarker;

/// The file's own formation holding marker `marker`.
fn holder(doc: &OobDoc, marker: &str) -> Option<Formation> {
    doc.own()
        .formations
        .iter()
        .find(|f| f.activation_markers.iter().any(|m| m.id == marker))
        .cloned()
}

/// The formation of the file, by id, and its markers as an edit.
fn edit(
    mut f: Formation,
    change: impl FnOnce(&mut Vec<ActivationMarker>) -> bool,
) -> Option<OobEdit> {
    change(&mut f.activation_markers)
        .then(|| OobEdit::ReplaceFormation(Box::new(f)))
}

/// A marker added to the file's formation `formation` (code `O`, its
/// number unknown until typed); the edit and the marker's id
/// (`<formation>-1`, `-2`..., unique in the file).
pub fn add(doc: &OobDoc, formation: &str) -> Option<(OobEdit, String)> {
    let f = doc.own().formations.iter().find(|f| f.id == formation)?;
    let base = format!("{formation}-1");
    let taken = ids::taken(doc.merged());
    let id = match taken.contains(&base) {
        false => base,
        true => fresh(&taken, &[], formation),
    };
    let marker = ActivationMarker {
        id: id.clone(),
        code: Some("O".to_owned()),
        initiative: None,
    };
    let e = edit(f.clone(), |list| {
        list.push(marker);
        true
    })?;
    Some((e, id))
}

/// Marker `marker`'s printed code (`None`: not printed).
pub fn set_code(
    doc: &OobDoc,
    marker: &str,
    code: Option<String>,
) -> Option<OobEdit> {
    edit(holder(doc, marker)?, |list| {
        let m = list.iter_mut().find(|m| m.id == marker);
        m.is_some_and(|m| std::mem::replace(&mut m.code, code.clone()) != code)
    })
}

/// Marker `marker`'s printed initiative (`None`: not known).
pub fn set_initiative(
    doc: &OobDoc,
    marker: &str,
    initiative: Option<i16>,
) -> Option<OobEdit> {
    edit(holder(doc, marker)?, |list| {
        let m = list.iter_mut().find(|m| m.id == marker);
        m.is_some_and(|m| {
            std::mem::replace(&mut m.initiative, initiative) != initiative
        })
    })
}

/// Marker `marker` taken out of its formation.
pub fn delete(doc: &OobDoc, marker: &str) -> Option<OobEdit> {
    edit(holder(doc, marker)?, |list| {
        let before = list.len();
        list.retain(|m| m.id != marker);
        list.len() != before
    })
}

/// The formation (of the file or what it includes) holding `marker`.
pub fn formation_of<'a>(
    doc: &'a OobDoc,
    marker: &str,
) -> Option<&'a Formation> {
    doc.merged()
        .formations
        .iter()
        .find(|f| f.activation_markers.iter().any(|m| m.id == marker))
}
