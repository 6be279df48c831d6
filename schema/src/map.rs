//! A map: the scan, the grid registered on it, and what is painted per hex,
//! per hexside and along roads, plus the gazetteer of named places.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{MapTag, Provenance};
use crate::grid::{Extent, Geometry, Grid};
use crate::hex::HexId;
use crate::hexside::Hexside;
use crate::map::sheet::Sheet;
use crate::numbering::Numbering;

pub mod sheet;

/// A map file (`maps/<battle>/*.map.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Map {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `map`.
    pub kind: MapTag,
    /// Format version of this file: 2; version 1 is still read (through
    /// the migration, `berthier-validate migrate`).
    #[schemars(range(min = 1, max = 2))]
    pub format_version: u32,
    /// Stable identifier, e.g. `rivoli-1797`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The series whose terrain palette this map uses: a standard
    /// series' name (`vive-l-empereur`, pinned `vive-l-empereur@1`) or the
    /// path of a series file relative to this file.
    pub series: String,
    /// Path of the scanned map image, relative to this file, inside the pack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan: Option<String>,
    /// Scale as printed ("about 300 m per hex"); text, never computed with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<String>,
    /// Grid geometry and registration on the scan.
    pub grid: Grid,
    /// Which printed hexes exist, one entry per sheet.
    pub extent: Vec<Extent>,
    /// The sheets of a map printed in several parts, each placed on the
    /// one canonical grid; empty for a one-sheet map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sheets: Vec<Sheet>,
    /// How hexes are printed, when not as four-digit column-row ("A1",
    /// "117015"); a sheet may have its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
    /// Painted hexes; a hex not listed is unpainted (terrain unknown).
    // A hex written twice is refused, not silently overwritten.
    #[serde(default, deserialize_with = "crate::unique_keys::deserialize")]
    #[schemars(with = "BTreeMap<HexId, HexData>")]
    pub hexes: BTreeMap<HexId, HexData>,
    /// Hexside features; several entries may share a hexside (a river and
    /// its bridge).
    #[serde(default)]
    pub hexsides: Vec<HexsideFeature>,
    /// Roads, tracks and trails as paths of adjacent hexes.
    #[serde(default)]
    pub roads: Vec<Road>,
    /// Named places.
    #[serde(default)]
    pub places: Vec<Place>,
    /// Named map edges.
    #[serde(default)]
    pub edges: Vec<MapEdge>,
    /// Named entry points (where reinforcements come on).
    #[serde(default)]
    pub entry_points: Vec<EntryPoint>,
    /// What was read from a rulebook, what is reconstructed or unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
}

/// What is painted on one hex.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct HexData {
    /// Terrain type id from the series; absent means not yet painted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    /// Elevation level (0 = lowest); absent means unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<i8>,
    /// A redoubt with built-in artillery (Canope).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redoubt: Option<Redoubt>,
    /// Free note (e.g. "over half water: counts as sea").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A redoubt's built-in artillery: an immobile gun that is not a counter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Redoubt {
    /// The artillery strength printed in the hex; absent if not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub artillery_strength: Option<u8>,
    /// Side that holds it at start, if stated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
}

/// One feature on one hexside.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideFeature {
    /// The hexside, `"1709/1808"`.
    pub at: Hexside,
    /// Hexside type id from the series (`river`, `slope`, `bridge`, ...).
    pub feature: String,
    /// For directed features (slopes, redoubt walls): the high or inner hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub high: Option<HexId>,
    /// Name, e.g. "Adige".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A road or track: a path of adjacent hexes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Road {
    /// Identifier, e.g. `verona-road`.
    pub id: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Road type id from the series (`road`, `track`, ...).
    pub class: String,
    /// The hexes in order; each is adjacent to the next.
    pub hexes: Vec<HexId>,
}

/// A named place: a town, farm, mill, hill, wood, bridge...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// Identifier used by scenarios, e.g. `quatre-bras`.
    pub id: String,
    /// Name as printed.
    pub name: String,
    /// Other spellings found in the rulebooks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What it is: town, village, farm, mill, hill, wood, bridge, ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Its hexes (the first is its centre for distances).
    pub hexes: Vec<HexId>,
    /// Where the position comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

/// A compass side of the map.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Compass {
    /// North (first row).
    North,
    /// South (last row).
    South,
    /// East (last column).
    East,
    /// West (first column).
    West,
}

/// A named map edge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapEdge {
    /// Identifier, e.g. `south`.
    pub id: String,
    /// Display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The compass side whose outermost hexes form the edge...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Compass>,
    /// ...or the edge hexes listed one by one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexId>,
    /// On a map in sheets, the sheet (its letter) whose `side` this is:
    /// "the south edge" of Wavre's south map (seed 001 l. 2989). Only that
    /// sheet's hexes with no printed neighbour that way are on it; absent,
    /// the side of the whole map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<char>,
}

/// A named entry point: a hex, hexes, an edge or a road leaving the map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryPoint {
    /// Identifier used by scenarios, e.g. `road-to-charleroi`.
    pub id: String,
    /// Name as printed ("Road to Charleroi").
    pub name: String,
    /// Entry hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<HexId>,
    /// Or a whole edge, by edge id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<String>,
    /// The road it comes in on, by road id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub road: Option<String>,
    /// Where the position comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

impl Map {
    /// A new map with nothing painted: the header, grid and extent given,
    /// every list empty (the editor's New map).
    pub fn blank(
        id: String,
        name: String,
        series: String,
        grid: Grid,
        extent: Vec<Extent>,
    ) -> Self {
        Self {
            schema: None,
            kind: MapTag::Map,
            format_version: crate::FORMAT_VERSION,
            id,
            name,
            series,
            scan: None,
            scale: None,
            grid,
            extent,
            sheets: Vec::new(),
            numbering: None,
            hexes: BTreeMap::new(),
            hexsides: Vec::new(),
            roads: Vec::new(),
            places: Vec::new(),
            edges: Vec::new(),
            entry_points: Vec::new(),
            provenance: Vec::new(),
        }
    }

    /// Whether `id` is a printed hex of this map.
    pub fn contains(&self, id: HexId) -> bool {
        self.extent.iter().any(|e| e.contains(id))
    }

    /// The hex in the middle of the first extent (of its sheet): where a
    /// new zone or objective starts when the map has no place yet.
    pub fn middle_hex(&self) -> HexId {
        self.extent.first().map_or(HexId::new(1, 1), |e| HexId {
            sheet: e.sheet.and_then(|c| u8::try_from(c).ok()),
            col: (e.cols[0] + e.cols[1]) / 2,
            row: (e.rows[0] + e.rows[1]) / 2,
        })
    }

    /// The place with `id`.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.id == id)
    }

    /// The road with `id`.
    pub fn road(&self, id: &str) -> Option<&Road> {
        self.roads.iter().find(|r| r.id == id)
    }

    /// The hexes of an edge: listed ones, or the hexes of its compass side
    /// whose every neighbour in that direction is off the map.
    pub fn edge_hexes(&self, edge: &MapEdge) -> Vec<HexId> {
        let Some(side) = edge.side else {
            return edge.hexes.clone();
        };
        if !edge.hexes.is_empty() {
            return edge.hexes.clone();
        }
        let geometry = self.geometry();
        self.extent
            .iter()
            .filter(|e| edge.sheet.is_none() || e.sheet == edge.sheet)
            .flat_map(Extent::hexes)
            .filter(|h| self.is_on_side(*h, side, &geometry))
            .collect()
    }

    /// The hexes of `edge`'s sheet on its side that face another sheet
    /// (a seam, not an edge of the map): a printed neighbour that way
    /// lies on another sheet. Empty without a sheet or a side.
    pub fn seam_hexes(&self, edge: &MapEdge) -> Vec<HexId> {
        let (Some(side), Some(letter)) = (edge.side, edge.sheet) else {
            return Vec::new();
        };
        let geometry = self.geometry();
        self.extent
            .iter()
            .filter(|e| e.sheet == Some(letter))
            .flat_map(Extent::hexes)
            .filter(|h| self.faces_other_sheet(*h, side, &geometry))
            .collect()
    }

    /// Whether `id` sits on a seam toward `side`: no neighbour that way is
    /// on its own sheet and at least one is on another.
    fn faces_other_sheet(
        &self,
        id: HexId,
        side: Compass,
        geometry: &Geometry<'_>,
    ) -> bool {
        let ahead = self.neighbours_toward(id, side, geometry);
        let elsewhere = |n: &Option<HexId>| {
            n.is_some_and(|n| n.sheet != id.sheet && self.contains(n))
        };
        let own = |n: &Option<HexId>| {
            n.is_some_and(|n| n.sheet == id.sheet && self.contains(n))
        };
        ahead.iter().any(elsewhere) && !ahead.iter().any(own)
    }

    /// Whether `id` is on the map's `side`: every neighbour that way is off
    /// the map. Every, not any: on a flat-top map a hex of the top row has
    /// an off-map neighbour to its north-east, yet it is on the east edge
    /// only in the last column (and a pointy-top map's first column is on
    /// the north edge only in the first row).
    fn is_on_side(
        &self,
        id: HexId,
        side: Compass,
        geometry: &Geometry<'_>,
    ) -> bool {
        self.neighbours_toward(id, side, geometry)
            .iter()
            .all(|n| !n.is_some_and(|n| self.contains(n)))
    }

    /// The neighbours of `id` lying `side`-ward (mostly in that direction,
    /// see `outward`: a flat-top hex's diagonal neighbours, 30° off the
    /// horizontal, are east or west, not north or south, or the whole west
    /// column would be on the north and south edges too), by their printed
    /// ids where they have one. One or two, never none: a hex has a
    /// neighbour within 30° of every direction.
    fn neighbours_toward(
        &self,
        id: HexId,
        side: Compass,
        geometry: &Geometry<'_>,
    ) -> Vec<Option<HexId>> {
        let hex = self.hex(id);
        let here = geometry.fract_to_px(hex.as_vec2());
        hex.all_neighbors()
            .into_iter()
            .filter(|n| {
                let there = geometry.fract_to_px(n.as_vec2());
                outward(side, there[0] - here[0], there[1] - here[1])
            })
            .map(|n| self.id_at(n, id.sheet))
            .collect()
    }
}

/// Whether a step of (dx, dy) pixels goes mostly toward `side`.
fn outward(side: Compass, dx: f64, dy: f64) -> bool {
    match side {
        Compass::North => dy < -dx.abs(),
        Compass::South => dy > dx.abs(),
        Compass::East => dx > dy.abs(),
        Compass::West => dx < -dy.abs(),
    }
}
