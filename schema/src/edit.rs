//! Map edits as commands: applying one returns its inverse, so the editor's
//! undo stack is a list of edits and one brush stroke (a `Batch`) is one
//! undo step. Edits live in the model so they are tested without a GUI.

use crate::grid::{Extent, Grid};
use crate::hex::HexId;
use crate::map::{
    EntryPoint, HexData, HexsideFeature, Map, MapEdge, Place, Road,
};

/// One change to a map.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Paint (or clear) a hex's terrain.
    Terrain {
        /// The hex.
        hex: HexId,
        /// New terrain type id; `None` makes it unpainted.
        to: Option<String>,
    },
    /// Set (or clear) a hex's elevation level.
    Level {
        /// The hex.
        hex: HexId,
        /// New level.
        to: Option<i8>,
    },
    /// Add or remove one hexside feature.
    Hexside {
        /// The feature.
        feature: HexsideFeature,
        /// Whether it is there afterwards.
        present: bool,
        /// Where to insert it when added (the end when `None`).
        at: Option<usize>,
    },
    /// Replace, add or delete a road by id.
    Road {
        /// Road id.
        id: String,
        /// New road; `None` deletes it.
        to: Option<Road>,
        /// Where to insert it when it is new (the end when `None`).
        at: Option<usize>,
    },
    /// Replace, add or delete a named place by id.
    Place {
        /// Place id.
        id: String,
        /// New place; `None` deletes it.
        to: Option<Place>,
        /// Where to insert it when it is new (the end when `None`).
        at: Option<usize>,
    },
    /// Replace, add or delete an entry point by id.
    EntryPoint {
        /// Entry point id.
        id: String,
        /// New entry point; `None` deletes it.
        to: Option<EntryPoint>,
        /// Where to insert it when it is new (the end when `None`).
        at: Option<usize>,
    },
    /// Replace, add or delete a named map edge by id.
    Edge {
        /// Edge id.
        id: String,
        /// New edge; `None` deletes it.
        to: Option<MapEdge>,
        /// Where to insert it when it is new (the end when `None`).
        at: Option<usize>,
    },
    /// Replace the grid registration.
    Grid(Box<Grid>),
    /// Replace the map's header: id, name, series, scan, scale, extent.
    Properties(Box<Properties>),
    /// Several edits undone together (a brush stroke).
    Batch(Vec<Edit>),
}

/// The map's header fields, as the editor's properties form edits them.
#[derive(Debug, Clone, PartialEq)]
pub struct Properties {
    /// See [`Map::id`].
    pub id: String,
    /// See [`Map::name`].
    pub name: String,
    /// See [`Map::series`].
    pub series: String,
    /// See [`Map::scan`].
    pub scan: Option<String>,
    /// See [`Map::scale`].
    pub scale: Option<String>,
    /// See [`Map::extent`].
    pub extent: Vec<Extent>,
}

impl Properties {
    /// The header of `map`.
    pub fn of(map: &Map) -> Self {
        Self {
            id: map.id.clone(),
            name: map.name.clone(),
            series: map.series.clone(),
            scan: map.scan.clone(),
            scale: map.scale.clone(),
            extent: map.extent.clone(),
        }
    }

    /// Puts these fields into `map`; returns the ones it had.
    fn swap_into(self, map: &mut Map) -> Self {
        Self {
            id: std::mem::replace(&mut map.id, self.id),
            name: std::mem::replace(&mut map.name, self.name),
            series: std::mem::replace(&mut map.series, self.series),
            scan: std::mem::replace(&mut map.scan, self.scan),
            scale: std::mem::replace(&mut map.scale, self.scale),
            extent: std::mem::replace(&mut map.extent, self.extent),
        }
    }
}

impl Edit {
    /// Applies the edit and returns the edit that undoes it.
    pub fn apply(self, map: &mut Map) -> Edit {
        match self {
            Edit::Terrain { hex, to } => {
                let before = update_hex(map, hex, |d| {
                    std::mem::replace(&mut d.terrain, to)
                });
                Edit::Terrain { hex, to: before }
            }
            Edit::Level { hex, to } => {
                let before = update_hex(map, hex, |d| {
                    std::mem::replace(&mut d.level, to)
                });
                Edit::Level { hex, to: before }
            }
            Edit::Hexside {
                feature,
                present,
                at,
            } => {
                let index = map.hexsides.iter().position(|f| *f == feature);
                let at = match (index, present) {
                    (None, true) => {
                        let i =
                            at.unwrap_or(usize::MAX).min(map.hexsides.len());
                        map.hexsides.insert(i, feature.clone());
                        Some(i)
                    }
                    (Some(i), false) => {
                        map.hexsides.remove(i);
                        Some(i)
                    }
                    _ => index,
                };
                Edit::Hexside {
                    feature,
                    present: index.is_some(),
                    at,
                }
            }
            Edit::Road { id, to, at } => {
                let (to, at) =
                    replace_by_id(&mut map.roads, &id, to, at, |r| &r.id);
                Edit::Road { id, to, at }
            }
            Edit::Place { id, to, at } => {
                let (to, at) =
                    replace_by_id(&mut map.places, &id, to, at, |p| &p.id);
                Edit::Place { id, to, at }
            }
            Edit::EntryPoint { id, to, at } => {
                let (to, at) =
                    replace_by_id(&mut map.entry_points, &id, to, at, |e| {
                        &e.id
                    });
                Edit::EntryPoint { id, to, at }
            }
            Edit::Edge { id, to, at } => {
                let (to, at) =
                    replace_by_id(&mut map.edges, &id, to, at, |e| &e.id);
                Edit::Edge { id, to, at }
            }
            Edit::Grid(grid) => {
                Edit::Grid(Box::new(std::mem::replace(&mut map.grid, *grid)))
            }
            Edit::Properties(p) => Edit::Properties(Box::new(p.swap_into(map))),
            Edit::Batch(edits) => {
                let mut undo: Vec<Edit> =
                    edits.into_iter().map(|e| e.apply(map)).collect();
                undo.reverse();
                Edit::Batch(undo)
            }
        }
    }

    /// Whether applying it would change nothing: the hex, hexside, item,
    /// grid or header is already as the edit leaves it (a road, place,
    /// entry point or edge already equal to `to`, or absent when `to` is
    /// `None`). A `Batch` is a no-op when each of its edits is one against
    /// `map` as it is. The editor's history records no step for these.
    pub fn is_noop(&self, map: &Map) -> bool {
        match self {
            Edit::Terrain { hex, to } => {
                map.hexes.get(hex).and_then(|d| d.terrain.as_ref())
                    == to.as_ref()
            }
            Edit::Level { hex, to } => {
                map.hexes.get(hex).and_then(|d| d.level) == *to
            }
            Edit::Hexside {
                feature, present, ..
            } => map.hexsides.contains(feature) == *present,
            Edit::Road { id, to, .. } => {
                same_by_id(&map.roads, id, to.as_ref(), |r| &r.id)
            }
            Edit::Place { id, to, .. } => {
                same_by_id(&map.places, id, to.as_ref(), |p| &p.id)
            }
            Edit::EntryPoint { id, to, .. } => {
                same_by_id(&map.entry_points, id, to.as_ref(), |e| &e.id)
            }
            Edit::Edge { id, to, .. } => {
                same_by_id(&map.edges, id, to.as_ref(), |e| &e.id)
            }
            Edit::Grid(grid) => **grid == map.grid,
            Edit::Properties(p) => **p == Properties::of(map),
            Edit::Batch(edits) => edits.iter().all(|e| e.is_noop(map)),
        }
    }
}

/// Whether the item with `id` is already `to` (both absent counts too).
fn same_by_id<T: PartialEq>(
    items: &[T],
    id: &str,
    to: Option<&T>,
    key: impl Fn(&T) -> &String,
) -> bool {
    items.iter().find(|item| key(item) == id) == to
}

/// Changes one hex's data, dropping the entry when nothing is left painted
/// so that undo restores the file exactly.
fn update_hex<T>(
    map: &mut Map,
    hex: HexId,
    change: impl FnOnce(&mut HexData) -> T,
) -> T {
    let data = map.hexes.entry(hex).or_default();
    let before = change(data);
    if *data == HexData::default() {
        map.hexes.remove(&hex);
    }
    before
}

/// Replaces, deletes or inserts the item with `id`; returns the previous
/// item and its index, which together undo the change.
fn replace_by_id<T>(
    items: &mut Vec<T>,
    id: &str,
    to: Option<T>,
    at: Option<usize>,
    key: impl Fn(&T) -> &String,
) -> (Option<T>, Option<usize>) {
    let index = items.iter().position(|item| key(item) == id);
    match (index, to) {
        (Some(i), Some(new)) => {
            (Some(std::mem::replace(&mut items[i], new)), Some(i))
        }
        (Some(i), None) => (Some(items.remove(i)), Some(i)),
        (None, Some(new)) => {
            let i = at.unwrap_or(items.len()).min(items.len());
            items.insert(i, new);
            (None, Some(i))
        }
        (None, None) => (None, at),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_edit_swaps_the_header_and_undoes() {
        let grid = Grid::default();
        let extent = vec![Extent {
            cols: [1, 10],
            rows: [1, 8],
            missing: Vec::new(),
            sheet: None,
        }];
        let mut map = Map::blank(
            "a".into(),
            "A".into(),
            "s.series.ron".into(),
            grid,
            extent,
        );
        let before = map.clone();
        let mut header = Properties::of(&map);
        assert!(Edit::Properties(Box::new(header.clone())).is_noop(&map));
        header.id = "b".into();
        header.scan = Some("scan.png".into());
        header.extent[0].cols = [1, 12];
        let undo = Edit::Properties(Box::new(header)).apply(&mut map);
        assert_eq!(map.id, "b");
        assert_eq!(map.scan.as_deref(), Some("scan.png"));
        assert_eq!(map.extent[0].cols, [1, 12]);
        assert!(!undo.is_noop(&map));
        let _redo = undo.apply(&mut map);
        assert_eq!(map, before);
    }
}
