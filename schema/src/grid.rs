//! Grid geometry: how printed hexes sit on the scan, and which exist.
//!
//! The map stores its calibration as data (origin, size, rotation) so the
//! editor, the validator and the renderer all place hexes with the same math.

use hexx::{Hex, HexLayout, Vec2};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::correction::{Correction, OffsetField};
use crate::hex::{HexId, Orientation, Shift};

/// Geometry of the printed grid and its registration on the scan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// Flat-topped (columns) or pointy-topped (rows) hexes.
    #[serde(default)]
    pub orientation: Orientation,
    /// Which printed columns (flat) or rows (pointy) are shifted half a hex.
    pub shift: Shift,
    /// The hex whose centre `origin_px` gives.
    pub origin_hex: HexId,
    /// Scan pixel (x right, y down) of the centre of `origin_hex`.
    #[serde(default)]
    pub origin_px: [f64; 2],
    /// Distance from a hex centre to a corner, in scan pixels.
    #[schemars(range(min = 0.5))]
    pub hex_radius_px: f64,
    /// Vertical stretch of the printed hexes (1.0 = regular hexagons).
    #[serde(default = "one")]
    #[schemars(range(min = 0.1, max = 10.0))]
    pub aspect: f64,
    /// Clockwise rotation of the grid on the scan, in degrees.
    #[serde(default)]
    #[schemars(range(min = -45.0, max = 45.0))]
    pub rotation_deg: f64,
    /// Measured offsets that bend the regular grid onto a drifting scan.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Correction>,
}

fn one() -> f64 {
    1.0
}

impl Default for Grid {
    fn default() -> Self {
        Self {
            orientation: Orientation::Flat,
            shift: Shift::Odd,
            origin_hex: HexId::new(1, 1),
            origin_px: [0.0, 0.0],
            hex_radius_px: 40.0,
            aspect: 1.0,
            rotation_deg: 0.0,
            corrections: Vec::new(),
        }
    }
}

impl Grid {
    /// Axial coordinate of a printed hex.
    pub fn to_hex(&self, id: HexId) -> Hex {
        id.to_hex(self.shift, self.orientation)
    }

    /// Printed number of an axial coordinate (sheet letter kept from
    /// `sheet`).
    pub fn to_id(&self, hex: Hex, sheet: Option<u8>) -> Option<HexId> {
        HexId::from_hex(hex, self.shift, self.orientation, sheet)
    }

    /// Hex distance between two printed hexes.
    pub fn distance(&self, a: HexId, b: HexId) -> u32 {
        self.to_hex(a).unsigned_distance_to(self.to_hex(b))
    }

    /// Whether two printed hexes share a hexside.
    pub fn adjacent(&self, a: HexId, b: HexId) -> bool {
        a.sheet == b.sheet && self.distance(a, b) == 1
    }

    /// The six neighbours of a hex, printed (those with negative numbers
    /// dropped).
    pub fn neighbours(&self, id: HexId) -> Vec<HexId> {
        self.to_hex(id)
            .all_neighbors()
            .into_iter()
            .filter_map(|h| self.to_id(h, id.sheet))
            .collect()
    }

    /// The hex across hexside `hexside` of `id`, hexsides counted 0-5
    /// clockwise from north as a setup's `facing` counts them: hexside 0
    /// is the first met going clockwise from due north (north itself on
    /// flat-topped grids, north-east on pointy-topped ones). `None` past
    /// 5 or for a neighbour with no printed number.
    pub fn across(&self, id: HexId, hexside: u8) -> Option<HexId> {
        let layout = self.layout();
        let hex = self.to_hex(id);
        let centre = layout.hex_to_world_pos(hex);
        let mut around: Vec<(f32, Hex)> = hex
            .all_neighbors()
            .into_iter()
            .map(|n| {
                let d = layout.hex_to_world_pos(n) - centre;
                // Bearing clockwise from north in a y-down space, nudged so
                // that due north sorts first rather than last.
                let bearing = d.x.atan2(-d.y).to_degrees();
                ((bearing + 360.0 + 0.5) % 360.0, n)
            })
            .collect();
        around.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (_, next) = around.get(usize::from(hexside))?;
        self.to_id(*next, id.sheet)
    }

    /// Unrotated layout in a y-down space whose origin is the centre of
    /// axial (0, 0).
    fn layout(&self) -> HexLayout {
        let r = self.hex_radius_px as f32;
        // hexx's axial rows grow toward +y, which is down on a scan, so the
        // layout needs no flip for printed row 01 to be the top row.
        HexLayout::new(self.orientation.hexx())
            .with_scale(Vec2::new(r, r * self.aspect as f32))
    }

    /// The grid's pixel geometry, worked out once (with its correction
    /// field when it has corrections): make one before asking for many
    /// centres or corners. The pixel methods below build one per call.
    pub fn geometry(&self) -> Geometry<'_> {
        Geometry::new(self)
    }

    /// Scan pixel of the centre of a printed hex.
    pub fn center_px(&self, id: HexId) -> [f64; 2] {
        self.geometry().center_px(id)
    }

    /// The six corners of a printed hex in scan pixels.
    pub fn corners_px(&self, id: HexId) -> [[f64; 2]; 6] {
        self.geometry().corners_px(id)
    }

    /// The printed hex under a scan pixel.
    pub fn hex_at_px(&self, px: [f64; 2], sheet: Option<u8>) -> Option<HexId> {
        self.geometry().hex_at_px(px, sheet)
    }

    /// Fractional axial coordinate of a scan pixel (for sub-hex picking such
    /// as finding the nearest hexside).
    pub fn px_to_fract(&self, px: [f64; 2]) -> Vec2 {
        self.geometry().px_to_fract(px)
    }

    /// Scan pixel of a fractional axial coordinate.
    pub fn fract_to_px(&self, frac: Vec2) -> [f64; 2] {
        self.geometry().fract_to_px(frac)
    }
}

/// A grid's placement on the scan worked out once: the layout, the origin
/// hex's position, the rotation, and the correction field built from the
/// grid's corrections (one centre computation per correction, so building
/// it per hex would cost drawing dearly). It borrows the grid, so it cannot
/// outlive a change to it: make a new one after editing the grid.
#[derive(Debug)]
pub struct Geometry<'g> {
    grid: &'g Grid,
    /// The map whose sheets the grid places, for a map-wide geometry
    /// ([`crate::Map::geometry`]): hex ids then go through the map's
    /// canonical hex, so each sheet sits at its offset.
    map: Option<&'g crate::Map>,
    layout: HexLayout,
    /// Layout position of the origin hex's centre.
    origin: Vec2,
    /// Sine and cosine of the rotation.
    sin_cos: (f64, f64),
    /// The bend, when the grid has corrections.
    field: Option<OffsetField>,
}

/// The grid's other methods and fields (`hex_radius_px`, `neighbours`)
/// through its geometry.
impl std::ops::Deref for Geometry<'_> {
    type Target = Grid;

    fn deref(&self) -> &Grid {
        self.grid
    }
}

impl<'g> Geometry<'g> {
    fn new(grid: &'g Grid) -> Self {
        Self::placing(grid, None)
    }

    /// The geometry of a map's grid with its sheets placed by their
    /// offsets (the same as the grid's own on a map without sheets).
    pub(crate) fn of_map(map: &'g crate::Map) -> Self {
        Self::placing(&map.grid, map.has_sheets().then_some(map))
    }

    fn placing(grid: &'g Grid, map: Option<&'g crate::Map>) -> Self {
        let layout = grid.layout();
        let origin_hex = map.map_or_else(
            || grid.to_hex(grid.origin_hex),
            |m| m.hex(grid.origin_hex),
        );
        let origin = layout.hex_to_world_pos(origin_hex);
        let mut geometry = Self {
            grid,
            map,
            layout,
            origin,
            sin_cos: grid.rotation_deg.to_radians().sin_cos(),
            field: None,
        };
        if !grid.corrections.is_empty() {
            // Measured offsets sit at the regular grid's centres (no field
            // yet).
            let points = grid
                .corrections
                .iter()
                .map(|c| (geometry.center_px(c.hex), c.offset_px))
                .collect();
            geometry.field = Some(OffsetField::new(points));
        }
        geometry
    }

    /// The grid this is the geometry of.
    pub fn grid(&self) -> &'g Grid {
        self.grid
    }

    /// The axial hex a printed hex is drawn at: the map's canonical hex
    /// on a map-wide geometry, the grid position otherwise.
    pub fn hex(&self, id: HexId) -> Hex {
        match self.map {
            Some(map) => map.hex(id),
            None => self.grid.to_hex(id),
        }
    }

    /// The six neighbours of a printed hex: across sheet seams on a
    /// map-wide geometry (the grid's own answer otherwise).
    pub fn neighbours(&self, id: HexId) -> Vec<HexId> {
        match self.map {
            Some(map) => map.neighbours(id),
            None => self.grid.neighbours(id),
        }
    }

    /// Scan pixel of the centre of a printed hex.
    pub fn center_px(&self, id: HexId) -> [f64; 2] {
        self.fract_to_px(self.hex(id).as_vec2())
    }

    /// The six corners of a printed hex in scan pixels.
    pub fn corners_px(&self, id: HexId) -> [[f64; 2]; 6] {
        let center = self.layout.hex_to_world_pos(self.hex(id));
        self.layout.center_aligned_hex_corners().map(|c| {
            let p = self.place(c + center - self.origin);
            let off = self.field.as_ref().map_or([0.0, 0.0], |f| f.at(p));
            [p[0] + off[0], p[1] + off[1]]
        })
    }

    /// The printed hex under a scan pixel.
    pub fn hex_at_px(&self, px: [f64; 2], sheet: Option<u8>) -> Option<HexId> {
        let hex = Hex::round(self.px_to_fract(px).to_array());
        match self.map {
            Some(map) => map.id_at(hex, sheet),
            None => self.grid.to_id(hex, sheet),
        }
    }

    /// Fractional axial coordinate of a scan pixel (for sub-hex picking such
    /// as finding the nearest hexside).
    pub fn px_to_fract(&self, px: [f64; 2]) -> Vec2 {
        let px = match &self.field {
            // Invert the bend by fixed-point iteration: offsets vary slowly
            // across the sheet, so a few steps converge well below a pixel.
            Some(field) => {
                let mut guess = px;
                for _ in 0..8 {
                    let off = field.at(guess);
                    guess = [px[0] - off[0], px[1] - off[1]];
                }
                guess
            }
            None => px,
        };
        let local = self.unplace(px) + self.origin;
        self.layout.world_pos_to_fract_hex(local)
    }

    /// Scan pixel of a fractional axial coordinate.
    pub fn fract_to_px(&self, frac: Vec2) -> [f64; 2] {
        let p =
            self.place(self.layout.fract_hex_to_world_pos(frac) - self.origin);
        match &self.field {
            Some(field) => {
                let off = field.at(p);
                [p[0] + off[0], p[1] + off[1]]
            }
            None => p,
        }
    }

    /// Rotates a layout-space offset and moves it onto the scan.
    fn place(&self, v: Vec2) -> [f64; 2] {
        let (s, c) = self.sin_cos;
        let (x, y) = (f64::from(v.x), f64::from(v.y));
        let o = self.grid.origin_px;
        [o[0] + x * c - y * s, o[1] + x * s + y * c]
    }

    /// Inverse of [`Self::place`].
    fn unplace(&self, px: [f64; 2]) -> Vec2 {
        let (s, c) = self.sin_cos;
        let o = self.grid.origin_px;
        let (x, y) = (px[0] - o[0], px[1] - o[1]);
        Vec2::new((x * c + y * s) as f32, (-x * s + y * c) as f32)
    }
}

/// Which printed hexes exist on a sheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Extent {
    /// First and last printed column.
    pub cols: [u16; 2],
    /// First and last printed row.
    pub rows: [u16; 2],
    /// Hexes inside the rectangle that are not printed (half hexes cut by
    /// the sheet edge, an irregular south edge).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<HexId>,
    /// Sheet letter of this extent on multi-sheet maps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sheet: Option<char>,
}

impl Extent {
    /// Whether `id` is a printed hex of this extent.
    pub fn contains(&self, id: HexId) -> bool {
        let sheet = self.sheet.and_then(|c| u8::try_from(c).ok());
        id.sheet == sheet
            && (self.cols[0]..=self.cols[1]).contains(&id.col)
            && (self.rows[0]..=self.rows[1]).contains(&id.row)
            && !self.missing.contains(&id)
    }

    /// Every printed hex, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = HexId> + '_ {
        let sheet = self.sheet.and_then(|c| u8::try_from(c).ok());
        (self.cols[0]..=self.cols[1])
            .flat_map(move |col| {
                (self.rows[0]..=self.rows[1]).map(move |row| HexId {
                    sheet,
                    col,
                    row,
                })
            })
            .filter(|id| !self.missing.contains(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> HexId {
        s.parse().expect("hex id")
    }

    #[test]
    fn odd_shift_puts_odd_columns_lower() {
        let grid = Grid::default();
        let odd = grid.center_px(id("0101"));
        let even = grid.center_px(id("0201"));
        assert!(odd[1] > even[1], "odd {odd:?} even {even:?}");
        let south = grid.center_px(id("0102"));
        assert!(south[1] > odd[1]);
        assert!((south[0] - odd[0]).abs() < 1e-4);
    }

    #[test]
    fn origin_hex_sits_on_origin_px() {
        let grid = Grid {
            origin_hex: id("0304"),
            origin_px: [120.0, 80.0],
            rotation_deg: 7.0,
            ..Grid::default()
        };
        let c = grid.center_px(id("0304"));
        assert!((c[0] - 120.0).abs() < 1e-3 && (c[1] - 80.0).abs() < 1e-3);
        assert_eq!(grid.hex_at_px(c, None), Some(id("0304")));
    }

    #[test]
    fn corrections_bend_the_grid_through_every_measured_hex() {
        let regular = Grid::default();
        // A sheet stretched 1% to the right: offsets grow with x.
        let stretch = |h: &str| {
            let c = regular.center_px(id(h));
            [c[0] * 0.01, 0.0]
        };
        let measured = ["0101", "2001", "0115", "2015", "1008"];
        let grid = Grid {
            corrections: measured
                .iter()
                .map(|h| Correction {
                    hex: id(h),
                    offset_px: stretch(h),
                })
                .collect(),
            ..Grid::default()
        };
        for h in ["0101", "1008", "0512", "1804", "2510"] {
            let want = regular.center_px(id(h));
            let off = stretch(h);
            let got = grid.center_px(id(h));
            assert!(
                (got[0] - want[0] - off[0]).abs() < 1e-6
                    && (got[1] - want[1]).abs() < 1e-6,
                "{h}: {got:?}"
            );
            assert_eq!(grid.hex_at_px(got, None), Some(id(h)));
        }
    }

    #[test]
    fn one_geometry_answers_as_the_grid_does() {
        let grid = Grid {
            rotation_deg: 2.0,
            corrections: ["0101", "2001", "1008"]
                .iter()
                .map(|h| Correction {
                    hex: id(h),
                    offset_px: [1.5, -0.5],
                })
                .collect(),
            ..Grid::default()
        };
        let placed = grid.geometry();
        for h in ["0101", "1008", "0512", "1804"] {
            let c = placed.center_px(id(h));
            assert_eq!(c, grid.center_px(id(h)));
            assert_eq!(placed.corners_px(id(h)), grid.corners_px(id(h)));
            assert_eq!(placed.px_to_fract(c), grid.px_to_fract(c));
            assert_eq!(placed.hex_at_px(c, None), Some(id(h)));
        }
        // A changed grid needs a new geometry (the old one borrows it).
        let moved = Grid {
            origin_px: [10.0, 0.0],
            ..grid.clone()
        };
        let a = grid.geometry().center_px(id("0512"));
        let b = moved.geometry().center_px(id("0512"));
        assert!((b[0] - a[0] - 10.0).abs() < 0.5, "{a:?} {b:?}");
    }

    #[test]
    fn flat_column_spacing_is_one_and_a_half_radii() {
        let grid = Grid::default();
        let a = grid.center_px(id("0101"));
        let b = grid.center_px(id("0301"));
        assert!((b[0] - a[0] - 120.0).abs() < 1e-3);
    }
}
