//! Pass 2's checks of the ids inside documents already loaded: unique ids,
//! and every side, unit, formation, marker, place, road, series id and hex
//! a series, counters file or scenario names, against the documents it
//! refers to. One small module per document kind; the map's are
//! [`map`](super::map). Every finding points at the referencing value by
//! JSON Pointer and names the printed hex when one is involved.
//!
//! The file references themselves (`series`, `map`, `counters`, `scan`,
//! `extends`: REF001, REF002, REF010, REF013) are the caller's:
//! `berthier-validate` resolves them in the pack, loads what they name and
//! passes the documents here (`None` where a file does not load, and then
//! the checks needing it do not run).

mod counters;
mod derived;
pub mod include;
mod placement;
mod play;
mod scenario;
mod series;
mod series_stacking;

use std::collections::HashSet;

use berthier_schema::HexId;
use berthier_schema::map::Map;

pub use counters::check as counters;
pub use scenario::check as scenario;
pub use series::{ids as series_ids, internal as series_refs};

use super::Finding;
use super::defined::Defined;
use super::map as map_checks;
use crate::code::Code;
use crate::pointer::Pointer;

/// The findings of one document, in the order they are made.
#[derive(Default)]
struct Out {
    list: Vec<Finding>,
}

impl Out {
    /// Records a finding at the value `pointer` names.
    fn report(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> &mut Finding {
        self.list.push(Finding::new(code, pointer, message));
        let last = self.list.len() - 1;
        &mut self.list[last]
    }

    /// REF008 at `pointer` unless `id` is one of `defined`.
    fn known(&mut self, defined: &Defined<'_>, pointer: &Pointer, id: &str) {
        self.list.extend(defined.check(pointer.as_str(), id));
    }

    /// REF008 at the map key `pointer` names unless `id` is one of
    /// `defined`.
    fn known_key(
        &mut self,
        defined: &Defined<'_>,
        pointer: &Pointer,
        id: &str,
    ) {
        let finding = defined.check(pointer.as_str(), id);
        self.list.extend(finding.map(Finding::at_key));
    }

    /// REF008 for every id of `list` (at `base/0`, `base/1`, ...) that is
    /// not one of `defined`.
    fn known_all(
        &mut self,
        defined: &Defined<'_>,
        base: &Pointer,
        list: &[String],
    ) {
        for (i, id) in list.iter().enumerate() {
            self.known(defined, &base.index(i), id);
        }
    }

    /// REF007 unless `hex` is a printed hex of `map` (the map checks'
    /// rule, for hexes a scenario names).
    fn hex_on_map(&mut self, map: &Map, hex: HexId, pointer: &Pointer) {
        let off = map_checks::off_map::finding(map, hex, pointer.clone());
        self.list.extend(off);
    }

    /// REF003 for every id seen before in `ids` (pointer prefix, id).
    fn unique<'i>(
        &mut self,
        what: &str,
        ids: impl IntoIterator<Item = (Pointer, &'i str)>,
    ) {
        self.list
            .extend(map_checks::unique_ids::duplicates(what, ids));
    }
}

/// Anything with an `id` field.
trait HasId {
    /// Its id.
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($ty:path),* $(,)?) => {$(
        impl HasId for $ty {
            fn id(&self) -> &str {
                &self.id
            }
        }
    )*};
}

has_id!(
    berthier_schema::counters::Side,
    berthier_schema::counters::Nationality,
    berthier_schema::counters::Formation,
    berthier_schema::counters::Unit,
    berthier_schema::counters::Marker,
    berthier_schema::counters::ActivationMarker,
    berthier_schema::map::Road,
    berthier_schema::map::Place,
    berthier_schema::map::MapEdge,
    berthier_schema::map::EntryPoint,
    berthier_schema::series::RatingDef,
    berthier_schema::series::UnitClass,
    berthier_schema::series::StateDef,
    berthier_schema::series::FormationDef,
    berthier_schema::series::TerrainType,
    berthier_schema::series::HexsideType,
    berthier_schema::series::RoadType,
);

/// Id set of a list, for membership tests.
fn ids<T: HasId>(items: &[T]) -> HashSet<&str> {
    items.iter().map(HasId::id).collect()
}

/// `(pointer, id)` pairs of a list: `"{base}/{i}/id"`.
fn id_pointers<'i, T: HasId>(
    base: &Pointer,
    items: &'i [T],
) -> Vec<(Pointer, &'i str)> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| (base.index(i).field("id"), item.id()))
        .collect()
}

/// The counter side ids a series allows as keys of `ratings`: its state
/// and formation ids, the `counter_side` they name, and the physical
/// `front` and `back` of any counter (leaders are rated per physical side;
/// the model does not list those anywhere).
fn counter_sides(series: &berthier_schema::Series) -> HashSet<&str> {
    let mut sides = ids(&series.states);
    sides.extend(ids(&series.formations));
    sides.extend(
        series
            .states
            .iter()
            .filter_map(|s| s.counter_side.as_deref()),
    );
    sides.extend(
        series
            .formations
            .iter()
            .filter_map(|f| f.counter_side.as_deref()),
    );
    sides.extend(["front", "back"]);
    sides
}
