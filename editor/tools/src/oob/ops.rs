//! The order of battle's edits, built as commands from what the designer
//! asked: add, rename, move, duplicate, delete, set a rating. Each returns
//! one [`OobEdit`] (one undo step) or `None` when it would change nothing
//! or is not allowed (an item of an included file, a formation moved under
//! itself). New ids are checked against every id of the file and of what
//! it includes.

use berthier_schema::{Counters, Formation, Unit};

use super::OobDoc;
use super::edit::OobEdit;
use super::ids::{self, fresh};
pub use super::rename::{rename, rename_side};

/// Levels of the command hierarchy, highest first (`Formation::level`).
pub const LEVELS: [&str; 6] =
    ["army", "wing", "corps", "division", "brigade", "formation"];

/// A new unit in `formation` (or unattached on `side`), after the file's
/// last unit of that formation; returns the edit and the new id.
pub fn add_unit(
    doc: &OobDoc,
    side: &str,
    formation: Option<&str>,
) -> (OobEdit, String) {
    let own = doc.own();
    let base = format!("{}-unit", formation.unwrap_or(side));
    let id = fresh(&ids::taken(doc.merged()), &[], &base);
    let sibling = doc
        .merged()
        .units
        .iter()
        .find(|u| u.formation.as_deref() == formation && u.side == side);
    let class = sibling
        .map(|u| u.class.clone())
        .or_else(|| first_combat_class(doc))
        .unwrap_or_else(|| "infantry".to_owned());
    let nationality =
        sibling.and_then(|u| u.nationality.clone()).or_else(|| {
            let side = own.sides.iter().find(|s| s.id == side)?;
            side.nationalities.first().map(|n| n.id.clone())
        });
    let unit = Unit {
        id: id.clone(),
        printed: None,
        name: "New unit".to_owned(),
        designation: None,
        side: side.to_owned(),
        nationality,
        class,
        class_as: Default::default(),
        formation: formation.map(str::to_owned),
        ratings: Default::default(),
        ratings_after_losses: Vec::new(),
        tags: Vec::new(),
        note: None,
    };
    let at = after_last(&own.units, |u| u.formation.as_deref() == formation);
    let edit = OobEdit::InsertUnit {
        at,
        unit: Box::new(unit),
    };
    (edit, id)
}

/// A new formation under `parent` (or at the top of `side`), one level
/// below it; returns the edit and the new id.
pub fn add_formation(
    doc: &OobDoc,
    side: &str,
    parent: Option<&str>,
) -> (OobEdit, String) {
    let own = doc.own();
    let base = format!("{}-formation", parent.unwrap_or(side));
    let id = fresh(&ids::taken(doc.merged()), &[], &base);
    let level = parent
        .and_then(|p| doc.merged().formation(p))
        .map_or("army", |p| level_below(&p.level));
    let formation = Formation {
        id: id.clone(),
        name: "New formation".to_owned(),
        side: side.to_owned(),
        level: level.to_owned(),
        parent: parent.map(str::to_owned),
        commander: None,
        colour: None,
        activation_markers: Vec::new(),
        units_unknown: None,
    };
    let at = after_last(&own.formations, |f| f.parent.as_deref() == parent);
    let edit = OobEdit::InsertFormation {
        at,
        formation: Box::new(formation),
    };
    (edit, id)
}

/// A new side at the end of the file's `sides`, with an id no side
/// has; returns the edit and the id.
pub fn add_side(doc: &OobDoc) -> (OobEdit, String) {
    let sides: std::collections::BTreeSet<String> =
        doc.merged().sides.iter().map(|s| s.id.clone()).collect();
    let id = fresh(&sides, &[], "side");
    let side = berthier_schema::counters::Side {
        id: id.clone(),
        name: "New side".to_owned(),
        nationalities: Vec::new(),
    };
    let at = doc.own().sides.len();
    let edit = OobEdit::InsertSide {
        at,
        side: Box::new(side),
    };
    (edit, id)
}

/// Deletes the file's side `id` when nothing is on it (no formation,
/// unit or marker of this file or of what it includes).
pub fn delete_side(doc: &OobDoc, id: &str) -> Option<OobEdit> {
    doc.own().sides.iter().find(|s| s.id == id)?;
    (!super::rename::side_in_use(doc, id))
        .then(|| OobEdit::RemoveSide(id.to_owned()))
}

/// The level under `level` ([`LEVELS`]); `formation` below the last or
/// for a level the ladder does not know.
pub fn level_below(level: &str) -> &'static str {
    LEVELS
        .iter()
        .position(|l| *l == level)
        .and_then(|i| LEVELS.get(i + 1))
        .copied()
        .unwrap_or("formation")
}

/// The file's unit `id` changed by `change` (class, printed number).
pub fn edit_unit(
    doc: &OobDoc,
    id: &str,
    change: impl FnOnce(&mut Unit),
) -> Option<OobEdit> {
    let mut unit = doc.own().units.iter().find(|u| u.id == id)?.clone();
    change(&mut unit);
    // The id is what scenarios name: never changed here.
    unit.id = id.to_owned();
    Some(OobEdit::ReplaceUnit(Box::new(unit)))
}

/// The file's formation `id` changed by `change` (level).
pub fn edit_formation(
    doc: &OobDoc,
    id: &str,
    change: impl FnOnce(&mut Formation),
) -> Option<OobEdit> {
    let mut formation =
        doc.own().formations.iter().find(|f| f.id == id)?.clone();
    change(&mut formation);
    formation.id = id.to_owned();
    Some(OobEdit::ReplaceFormation(Box::new(formation)))
}

/// Moves the file's unit or formation `id` into formation `to` (`None`:
/// straight under its side). `None` when `to` is not a formation of its
/// side, or is the formation itself or one below it.
pub fn move_to(doc: &OobDoc, id: &str, to: Option<&str>) -> Option<OobEdit> {
    let own = doc.own();
    if let Some(u) = own.units.iter().find(|u| u.id == id) {
        if !target_allowed(doc, &u.side, None, to) {
            return None;
        }
        let mut u = u.clone();
        u.formation = to.map(str::to_owned);
        return Some(OobEdit::ReplaceUnit(Box::new(u)));
    }
    let f = own.formations.iter().find(|f| f.id == id)?;
    if !target_allowed(doc, &f.side, Some(id), to) {
        return None;
    }
    let mut f = f.clone();
    f.parent = to.map(str::to_owned);
    Some(OobEdit::ReplaceFormation(Box::new(f)))
}

/// The formations `id` (a unit, or a formation: `moving`) may move into:
/// its side's, less itself and those below it.
pub fn move_targets<'a>(
    doc: &'a OobDoc,
    side: &str,
    moving: Option<&str>,
) -> Vec<&'a Formation> {
    let merged = doc.merged();
    merged
        .formations
        .iter()
        .filter(|f| f.side == side)
        .filter(|f| moving.is_none_or(|m| !is_within(merged, &f.id, m)))
        .collect()
}

fn target_allowed(
    doc: &OobDoc,
    side: &str,
    moving: Option<&str>,
    to: Option<&str>,
) -> bool {
    to.is_none_or(|to| {
        move_targets(doc, side, moving).iter().any(|f| f.id == to)
    })
}

/// Whether formation `id` is `ancestor` or below it.
pub fn is_within(c: &Counters, id: &str, ancestor: &str) -> bool {
    let mut current = Some(id);
    for _ in 0..=c.formations.len() {
        match current {
            Some(f) if f == ancestor => return true,
            Some(f) => {
                current = c.formation(f).and_then(|f| f.parent.as_deref())
            }
            None => return false,
        }
    }
    false
}

/// A copy of the file's unit `id` right after it: a fresh id, the name
/// marked "(copy)", no printed number (unique per side on the counters).
pub fn duplicate_unit(doc: &OobDoc, id: &str) -> Option<(OobEdit, String)> {
    let own = doc.own();
    let at = own.units.iter().position(|u| u.id == id)?;
    let mut copy = own.units[at].clone();
    copy.id = fresh(&ids::taken(doc.merged()), &[], &format!("{id}-copy"));
    copy.name = format!("{} (copy)", copy.name);
    copy.printed = None;
    let new_id = copy.id.clone();
    let edit = OobEdit::InsertUnit {
        at: at + 1,
        unit: Box::new(copy),
    };
    Some((edit, new_id))
}

/// A copy of the file's formation `id` with copies of its own units (not
/// of the formations below it), all with fresh ids; the copy has no
/// commander (a leader commands one formation).
pub fn duplicate_formation(
    doc: &OobDoc,
    id: &str,
) -> Option<(OobEdit, String)> {
    let own = doc.own();
    let at = own.formations.iter().position(|f| f.id == id)?;
    let taken = ids::taken(doc.merged());
    let mut handed: Vec<String> = Vec::new();
    let mut take = |base: String| {
        let id = fresh(&taken, &handed, &base);
        handed.push(id.clone());
        id
    };
    let mut copy = own.formations[at].clone();
    copy.id = take(format!("{id}-copy"));
    copy.name = format!("{} (copy)", copy.name);
    copy.commander = None;
    for marker in &mut copy.activation_markers {
        marker.id = take(format!("{}-copy", marker.id));
    }
    let new_id = copy.id.clone();
    let mut edits = vec![OobEdit::InsertFormation {
        at: at + 1,
        formation: Box::new(copy),
    }];
    let units: Vec<&Unit> = own
        .units
        .iter()
        .filter(|u| u.formation.as_deref() == Some(id))
        .collect();
    let end = after_last(&own.units, |u| u.formation.as_deref() == Some(id));
    for (at, unit) in (end..).zip(units) {
        let mut u = unit.clone();
        u.id = take(format!("{}-copy", unit.id));
        u.printed = None;
        u.formation = Some(new_id.clone());
        edits.push(OobEdit::InsertUnit {
            at,
            unit: Box::new(u),
        });
    }
    Some((OobEdit::Batch(edits), new_id))
}

/// Deletes the file's unit `id`; formations it commanded lose their
/// commander in the same step.
pub fn delete_unit(doc: &OobDoc, id: &str) -> Option<OobEdit> {
    let own = doc.own();
    own.units.iter().find(|u| u.id == id)?;
    let mut edits: Vec<OobEdit> = own
        .formations
        .iter()
        .filter(|f| f.commander.as_deref() == Some(id))
        .map(|f| {
            let mut f = f.clone();
            f.commander = None;
            OobEdit::ReplaceFormation(Box::new(f))
        })
        .collect();
    edits.push(OobEdit::RemoveUnit(id.to_owned()));
    Some(OobEdit::Batch(edits))
}

/// Deletes the file's formation `id`: its units and the formations under
/// it move up to its parent in the same step, so nothing else is lost.
pub fn delete_formation(doc: &OobDoc, id: &str) -> Option<OobEdit> {
    let own = doc.own();
    let gone = own.formations.iter().find(|f| f.id == id)?;
    let parent = gone.parent.clone();
    let mut edits = Vec::new();
    for f in own
        .formations
        .iter()
        .filter(|f| f.parent.as_deref() == Some(id))
    {
        let mut f = f.clone();
        f.parent.clone_from(&parent);
        edits.push(OobEdit::ReplaceFormation(Box::new(f)));
    }
    for u in own
        .units
        .iter()
        .filter(|u| u.formation.as_deref() == Some(id))
    {
        let mut u = u.clone();
        u.formation.clone_from(&parent);
        edits.push(OobEdit::ReplaceUnit(Box::new(u)));
    }
    edits.push(OobEdit::RemoveFormation(id.to_owned()));
    Some(OobEdit::Batch(edits))
}

/// Sets rating `rating` of counter side `side` on each of the file's
/// units in `units` (`None`: unknown, which takes the entry out).
pub fn set_rating(
    doc: &OobDoc,
    units: &[String],
    side: &str,
    rating: &str,
    value: Option<i16>,
) -> Option<OobEdit> {
    let edits: Vec<OobEdit> = doc
        .own()
        .units
        .iter()
        .filter(|u| units.contains(&u.id))
        .map(|u| {
            let mut u = u.clone();
            match value {
                Some(v) => {
                    u.ratings
                        .entry(side.to_owned())
                        .or_default()
                        .insert(rating.to_owned(), Some(v));
                }
                None => {
                    if let Some(map) = u.ratings.get_mut(side) {
                        map.remove(rating);
                        if map.is_empty() {
                            u.ratings.remove(side);
                        }
                    }
                }
            }
            OobEdit::ReplaceUnit(Box::new(u))
        })
        .collect();
    (!edits.is_empty()).then_some(OobEdit::Batch(edits))
}

/// Position after the last item of `items` matching `near`, or the end.
fn after_last<T>(items: &[T], near: impl Fn(&T) -> bool) -> usize {
    items.iter().rposition(near).map_or(items.len(), |i| i + 1)
}

fn first_combat_class(doc: &OobDoc) -> Option<String> {
    let series = doc.series.as_ref()?;
    let class = series.unit_classes.iter().find(|c| !c.leader)?;
    Some(class.id.clone())
}
