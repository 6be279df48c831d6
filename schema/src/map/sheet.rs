//! Map sheets: a printed map in several parts, each with its own hex
//! numbering and, where it was scanned on its own, its own scan and grid
//! registration, placed side by side on one canonical hex coordinate.
//!
//! A hex id's sheet letter ("W1715") names the sheet; the sheet's
//! `offset` says where its grid position (column, row) stands on the
//! whole map, so every printed hex of every sheet is one axial hexx
//! [`Hex`]. Distances, adjacency (across a seam too) and neighbours are
//! worked out on that canonical hex. A map without sheets is one sheet at
//! offset (0, 0) and behaves exactly as it did before sheets existed.

use hexx::Hex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::grid::{Extent, Geometry, Grid};
use crate::hex::HexId;
use crate::map::Map;
use crate::numbering::Numbering;

/// One sheet of a multi-sheet map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The capital letter that prefixes this sheet's hex ids ("W" in
    /// "W1715") and names it in `extent` entries.
    pub letter: char,
    /// Display name ("western map").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where the sheet lies on the whole map: its grid position (column,
    /// row) stands at (column + offset[0], row + offset[1]) of the map's
    /// canonical grid (the map `grid`'s orientation and shift).
    #[serde(default, skip_serializing_if = "is_origin")]
    pub offset: [i32; 2],
    /// The sheet's own scan, relative to the map file, when it was
    /// scanned apart from the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan: Option<String>,
    /// The grid's registration on the sheet's own scan; absent when the
    /// sheet shares the map's `grid` and `scan`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<Grid>,
    /// How the sheet's hexes are printed; absent when it uses the map's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<Numbering>,
}

fn is_origin(offset: &[i32; 2]) -> bool {
    *offset == [0, 0]
}

/// Where a sheet's own scan lies on the map's pixels: a scan pixel `p`
/// is drawn at `offset + scale × rotate(rotation) × p`, so that its
/// printed hexes, registered by the sheet's own `grid`, fall on the hexes
/// the map's grid places by the sheet's `offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScanPlacement {
    /// Map pixels per scan pixel.
    pub scale: f64,
    /// Clockwise turn, in radians (y points down).
    pub rotation: f64,
    /// Map pixel of the scan's top-left corner.
    pub offset: [f64; 2],
}

impl ScanPlacement {
    /// The map pixel of scan pixel `p`.
    pub fn to_map(&self, p: [f64; 2]) -> [f64; 2] {
        let (sin, cos) = self.rotation.sin_cos();
        let k = self.scale;
        [
            self.offset[0] + k * (cos * p[0] - sin * p[1]),
            self.offset[1] + k * (sin * p[0] + cos * p[1]),
        ]
    }
}

impl Sheet {
    /// The letter as a hex id's sheet byte.
    pub fn key(&self) -> Option<u8> {
        u8::try_from(self.letter).ok()
    }

    /// Where this sheet's own scan lies on `map`'s pixels, from two far
    /// apart hexes of the sheet: their centres on its own grid and on the
    /// map's. `None` without its own scan and grid, or with fewer than
    /// two hexes.
    pub fn scan_placement(&self, map: &Map) -> Option<ScanPlacement> {
        let grid = self.grid.as_ref().filter(|_| self.scan.is_some())?;
        let extent = self.extents(map).next()?;
        let corner = |col, row| HexId {
            sheet: self.key(),
            col,
            row,
        };
        let a = corner(extent.cols[0], extent.rows[0]);
        let b = corner(extent.cols[1], extent.rows[1]);
        let placed = map.geometry();
        let (p, q) = (grid.center_px(a), grid.center_px(b));
        let (pa, pb) = (placed.center_px(a), placed.center_px(b));
        // The similarity z with pa + z (x - p) mapping p to pa and q to pb,
        // in complex numbers.
        let d = [q[0] - p[0], q[1] - p[1]];
        let e = [pb[0] - pa[0], pb[1] - pa[1]];
        let norm = d[0] * d[0] + d[1] * d[1];
        if norm == 0.0 {
            return None;
        }
        let z = [
            (e[0] * d[0] + e[1] * d[1]) / norm,
            (e[1] * d[0] - e[0] * d[1]) / norm,
        ];
        let zp = [z[0] * p[0] - z[1] * p[1], z[1] * p[0] + z[0] * p[1]];
        Some(ScanPlacement {
            scale: z[0].hypot(z[1]),
            rotation: z[1].atan2(z[0]),
            offset: [pa[0] - zp[0], pa[1] - zp[1]],
        })
    }

    /// The sheet's extent entries in `map`.
    pub fn extents<'m>(
        &self,
        map: &'m Map,
    ) -> impl Iterator<Item = &'m Extent> + 'm {
        let letter = self.letter;
        map.extent.iter().filter(move |e| e.sheet == Some(letter))
    }
}

/// The canonical hex of grid position `[col, row]` shifted by `offset`
/// on `grid`'s orientation and shift.
fn placed(grid: &Grid, col: u16, row: u16, offset: [i32; 2]) -> Hex {
    let id = [i32::from(col) + offset[0], i32::from(row) + offset[1]];
    Hex::from_offset_coordinates(id, grid.shift.mode(), grid.orientation.hexx())
}

impl Map {
    /// Whether the map is in several declared sheets.
    pub fn has_sheets(&self) -> bool {
        !self.sheets.is_empty()
    }

    /// The sheet that a hex id's prefix names.
    pub fn sheet_of(&self, id: HexId) -> Option<&Sheet> {
        self.sheets
            .iter()
            .find(|s| s.key() == id.sheet && id.sheet.is_some())
    }

    /// The canonical hex of a printed hex id. A prefix that names no sheet
    /// reads as a sheet at offset (0, 0) (REF020 reports it).
    pub fn hex(&self, id: HexId) -> Hex {
        let offset = self.sheet_of(id).map_or([0, 0], |s| s.offset);
        placed(&self.grid, id.col, id.row, offset)
    }

    /// The printed hex at a canonical hex: on a map with sheets, the hex of
    /// the sheet that holds it (`None` off every sheet); otherwise the grid
    /// position with `sheet` as its letter, as before sheets.
    pub fn id_at(&self, hex: Hex, sheet: Option<u8>) -> Option<HexId> {
        if !self.has_sheets() {
            return self.grid.to_id(hex, sheet);
        }
        self.sheets.iter().find_map(|s| {
            let id = self.local_id(hex, s)?;
            self.contains(id).then_some(id)
        })
    }

    /// The grid position `hex` has on `sheet`'s numbering, on or off it.
    fn local_id(&self, hex: Hex, sheet: &Sheet) -> Option<HexId> {
        let [col, row] = hex.to_offset_coordinates(
            self.grid.shift.mode(),
            self.grid.orientation.hexx(),
        );
        Some(HexId {
            sheet: sheet.key(),
            col: u16::try_from(col - sheet.offset[0]).ok()?,
            row: u16::try_from(row - sheet.offset[1]).ok()?,
        })
    }

    /// Hex distance between two printed hexes, across sheets.
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        if !self.has_sheets() {
            return self.grid.distance(a, b);
        }
        self.hex(a).unsigned_distance_to(self.hex(b))
    }

    /// Whether two printed hexes share a hexside, across a seam too.
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        if !self.has_sheets() {
            return self.grid.adjacent(a, b);
        }
        self.distance(a, b) == 1
    }

    /// The six neighbours of a hex, printed: across a seam, the hex of the
    /// other sheet; off every sheet, the position on the hex's own sheet
    /// (dropped when negative), as a one-sheet map answers.
    pub fn neighbours(&self, id: HexId) -> Vec<HexId> {
        if !self.has_sheets() {
            return self.grid.neighbours(id);
        }
        let own = self.sheet_of(id);
        self.hex(id)
            .all_neighbors()
            .into_iter()
            .filter_map(|n| {
                self.id_at(n, None).or_else(|| {
                    own.and_then(|s| self.local_id(n, s))
                        .or_else(|| self.grid.to_id(n, id.sheet))
                })
            })
            .collect()
    }

    /// The map-wide pixel geometry: every sheet placed by its offset on
    /// the map's `grid` (sheets side by side on the map's scan).
    pub fn geometry(&self) -> Geometry<'_> {
        Geometry::of_map(self)
    }

    /// The numbering that prints `id`: its sheet's, else the map's, else
    /// the plain column-row one.
    pub fn numbering_of(&self, id: HexId) -> Option<&Numbering> {
        self.sheet_of(id)
            .and_then(|s| s.numbering.as_ref())
            .or(self.numbering.as_ref())
    }

    /// The label printed on `id` ("1715", "A1", "W0512").
    pub fn label(&self, id: HexId) -> String {
        match self.numbering_of(id) {
            Some(numbering) => numbering.label(id),
            None => id.to_string(),
        }
    }

    /// The printed hex a label names, trying every sheet's numbering
    /// (`None` when no sheet's numbering reads it as one of its hexes).
    pub fn read_label(&self, label: &str) -> Option<HexId> {
        let plain = Numbering::default();
        let keys: Vec<Option<u8>> = if self.has_sheets() {
            self.sheets.iter().map(Sheet::key).collect()
        } else {
            vec![None]
        };
        keys.into_iter().find_map(|key| {
            let probe = HexId {
                sheet: key,
                col: 0,
                row: 0,
            };
            let numbering = self.numbering_of(probe);
            let (col, row) = match numbering {
                Some(n) => n.read(label)?,
                None if key.is_none() => {
                    let id: HexId = label.parse().ok()?;
                    (id.col, id.row)
                }
                // A lettered sheet with no numbering prints "W1715".
                None => plain.read(label.strip_prefix(char::from(key?))?)?,
            };
            let id = HexId {
                sheet: key,
                col,
                row,
            };
            self.contains(id).then_some(id)
        })
    }
}
