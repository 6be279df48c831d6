//! The edit that turns one map into another, so a recovered autosave is
//! one undo step over the file on disk (undo goes back to the file, redo
//! to the recovery) instead of a history that starts at the recovery.

use berthier_schema::Map;
use berthier_schema::edit::{Edit, Properties};

/// A `Batch` that turns `from` into `to`: the header, the grid, each hex's
/// terrain and level, the hexside features, and the roads, places, entry
/// points and edges by id. `None` when edits cannot express the change
/// (sheets, numbering, provenance, a redoubt or note on a hex, lists
/// reordered): the caller then keeps the recovery without a way back.
pub fn diff(from: &Map, to: &Map) -> Option<Edit> {
    let mut edits = Vec::new();
    if Properties::of(from) != Properties::of(to) {
        edits.push(Edit::Properties(Box::new(Properties::of(to))));
    }
    if from.grid != to.grid {
        edits.push(Edit::Grid(Box::new(to.grid.clone())));
    }
    hexes(from, to, &mut edits);
    for f in from.hexsides.iter().filter(|f| !to.hexsides.contains(f)) {
        edits.push(Edit::Hexside {
            feature: f.clone(),
            present: false,
            at: None,
        });
    }
    for (i, t) in to.hexsides.iter().enumerate() {
        if !from.hexsides.contains(t) {
            edits.push(Edit::Hexside {
                feature: t.clone(),
                present: true,
                at: Some(i),
            });
        }
    }
    by_id(
        &from.roads,
        &to.roads,
        |r| &r.id,
        &mut edits,
        |id, to, at| Edit::Road { id, to, at },
    );
    by_id(
        &from.places,
        &to.places,
        |p| &p.id,
        &mut edits,
        |id, to, at| Edit::Place { id, to, at },
    );
    by_id(
        &from.entry_points,
        &to.entry_points,
        |e| &e.id,
        &mut edits,
        |id, to, at| Edit::EntryPoint { id, to, at },
    );
    by_id(
        &from.edges,
        &to.edges,
        |e| &e.id,
        &mut edits,
        |id, to, at| Edit::Edge { id, to, at },
    );
    let edit = Edit::Batch(edits);
    let mut check = from.clone();
    let _ = edit.clone().apply(&mut check);
    (check == *to).then_some(edit)
}

fn hexes(from: &Map, to: &Map, edits: &mut Vec<Edit>) {
    let ids = from.hexes.keys().chain(to.hexes.keys());
    let mut seen = std::collections::BTreeSet::new();
    for hex in ids {
        if !seen.insert(*hex) {
            continue;
        }
        let (a, b) = (from.hexes.get(hex), to.hexes.get(hex));
        let terrain = |d: Option<&berthier_schema::map::HexData>| {
            d.and_then(|d| d.terrain.clone())
        };
        let level =
            |d: Option<&berthier_schema::map::HexData>| d.and_then(|d| d.level);
        if terrain(a) != terrain(b) {
            edits.push(Edit::Terrain {
                hex: *hex,
                to: terrain(b),
            });
        }
        if level(a) != level(b) {
            edits.push(Edit::Level {
                hex: *hex,
                to: level(b),
            });
        }
    }
}

/// Deletes the items of `from` whose id `to` lacks, then puts each item
/// of `to` that differs in place (or at its index when new).
fn by_id<T: Clone + PartialEq>(
    from: &[T],
    to: &[T],
    id: fn(&T) -> &String,
    edits: &mut Vec<Edit>,
    make: fn(String, Option<T>, Option<usize>) -> Edit,
) {
    for f in from {
        if !to.iter().any(|t| id(t) == id(f)) {
            edits.push(make(id(f).clone(), None, None));
        }
    }
    for (i, t) in to.iter().enumerate() {
        if from.iter().find(|f| id(f) == id(t)) != Some(t) {
            edits.push(make(id(t).clone(), Some(t.clone()), Some(i)));
        }
    }
}
