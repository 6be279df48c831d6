//! Where each hex of a map falls on a hexagonal Tiled map: the tile sizes,
//! the stagger axis and index, and each hex's cell and centre in Tiled's
//! pixels.
//!
//! Tiled draws a staggered hexagonal grid of whole-pixel tiles. The hexes'
//! centres are computed on the map's own grid, unrotated and without
//! corrections, from the one canonical hex (so sheets keep their places);
//! their positions give each hex's column and row and which columns (or
//! rows) Tiled must shift, instead of a rule per `Shift` and first column.

use std::collections::BTreeMap;

use berthier_schema::HexId;
use berthier_schema::grid::Grid;
use berthier_schema::hex::Orientation;
use berthier_schema::map::Map;

/// One hex's place on the Tiled map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cell {
    /// Tiled column (x index).
    pub x: u32,
    /// Tiled row (y index).
    pub y: u32,
    /// Centre in Tiled's pixels.
    pub centre: [f64; 2],
}

/// The Tiled grid a map is drawn on.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// `staggeraxis`: `x` for flat-topped hexes in columns, `y` for rows.
    pub stagger_x: bool,
    /// `staggerindex`: whether the odd (else the even) columns or rows
    /// are shifted down (or right).
    pub stagger_odd: bool,
    /// `tilewidth`, `tileheight`, `hexsidelength` in pixels.
    pub tile: [u32; 2],
    /// `hexsidelength`.
    pub side: u32,
    /// `width`, `height` in tiles.
    pub size: [u32; 2],
    /// Every hex of the map's extent.
    pub cells: BTreeMap<HexId, Cell>,
}

/// A map whose hexes do not fall on one staggered grid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// No hex in the extent.
    #[error("the map has no hexes in its extent")]
    NoHexes,
    /// A hex between two columns or rows of the grid.
    #[error("hex {0} is not on the grid's columns and rows")]
    OffGrid(HexId),
    /// Two hexes on one cell.
    #[error("hexes {0} and {1} fall on the same Tiled cell")]
    SameCell(HexId, HexId),
    /// A column both shifted and not.
    #[error("hex {0} is shifted unlike the other hexes of its column or row")]
    MixedStagger(HexId),
}

impl Layout {
    /// The Tiled grid of `map`: every hex of its extent placed.
    pub fn of(map: &Map) -> Result<Self, LayoutError> {
        let flat = unregistered(&map.grid);
        let r = map.grid.hex_radius_px;
        let aspect = map.grid.aspect;
        let stagger_x = map.grid.orientation == Orientation::Flat;
        // Exact steps along the stagger axis (a) and across it (b).
        let sqrt3 = 3f64.sqrt();
        let (step_a, step_b) = if stagger_x {
            (1.5 * r, sqrt3 * r * aspect)
        } else {
            (1.5 * r * aspect, sqrt3 * r)
        };
        let points: Vec<(HexId, f64, f64)> = (map.extent.iter())
            .flat_map(|e| e.hexes())
            .map(|id| {
                let p = flat.fract_to_px(map.hex(id).as_vec2());
                let (a, b) = if stagger_x {
                    (p[0], p[1])
                } else {
                    (p[1], p[0])
                };
                (id, a, b)
            })
            .collect();
        if points.is_empty() {
            return Err(LayoutError::NoHexes);
        }
        let min = |pick: fn(&(HexId, f64, f64)) -> f64| {
            points.iter().map(pick).fold(f64::INFINITY, f64::min)
        };
        let (a0, b0) = (min(|p| p.1), min(|p| p.2));
        let mut indexed = Vec::with_capacity(points.len());
        for (id, a, b) in &points {
            let ia =
                whole((a - a0) / step_a).ok_or(LayoutError::OffGrid(*id))?;
            let half = whole(2.0 * (b - b0) / step_b)
                .ok_or(LayoutError::OffGrid(*id))?;
            indexed.push((*id, ia, half));
        }
        let stagger_odd = shifted_are_odd(&indexed)?;
        let (side, tile) = tile_size(r, aspect, stagger_x);
        let mut cells = BTreeMap::new();
        let mut taken: BTreeMap<(u32, u32), HexId> = BTreeMap::new();
        let mut size = [0u32; 2];
        for (id, ia, half) in indexed {
            let ib = half / 2;
            let (x, y) = if stagger_x { (ia, ib) } else { (ib, ia) };
            if let Some(other) = taken.insert((x, y), id) {
                return Err(LayoutError::SameCell(other, id));
            }
            size = [size[0].max(x + 1), size[1].max(y + 1)];
            let centre = centre(stagger_x, stagger_odd, tile, side, x, y);
            cells.insert(id, Cell { x, y, centre });
        }
        Ok(Self {
            stagger_x,
            stagger_odd,
            tile,
            side,
            size,
            cells,
        })
    }
}

/// The map's grid with its registration on the scan removed: origin at
/// (0, 0), no rotation, no corrections.
fn unregistered(grid: &Grid) -> Grid {
    Grid {
        origin_px: [0.0, 0.0],
        rotation_deg: 0.0,
        corrections: Vec::new(),
        ..grid.clone()
    }
}

/// `v` as a whole number when it is one (within a quarter step).
fn whole(v: f64) -> Option<u32> {
    let n = v.round();
    ((v - n).abs() < 0.25 && n >= 0.0).then_some(n as u32)
}

/// Whether the shifted (lower, odd half-step) lines have odd indices; the
/// lines' shifts must alternate.
fn shifted_are_odd(indexed: &[(HexId, u32, u32)]) -> Result<bool, LayoutError> {
    let mut odd_lines_shifted = None;
    for (id, ia, half) in indexed {
        let shifted = half % 2 == 1;
        let says = shifted == (ia % 2 == 1);
        match odd_lines_shifted {
            None => odd_lines_shifted = Some(says),
            Some(known) if known != says => {
                return Err(LayoutError::MixedStagger(*id));
            }
            Some(_) => {}
        }
    }
    Ok(odd_lines_shifted.unwrap_or(true))
}

/// Whole-pixel tile sizes nearest the grid's: the side length and the
/// tile's width and height, each even so Tiled's half steps are exact.
fn tile_size(r: f64, aspect: f64, stagger_x: bool) -> (u32, [u32; 2]) {
    let even = |v: f64| ((v / 2.0).round().max(1.0) as u32) * 2;
    let sqrt3 = 3f64.sqrt();
    if stagger_x {
        let side = even(r);
        (side, [2 * side, even(sqrt3 * r * aspect)])
    } else {
        let side = even(r * aspect);
        (side, [even(sqrt3 * r), 2 * side])
    }
}

/// The centre of cell (x, y) as Tiled's hexagonal renderer places it.
pub fn centre(
    stagger_x: bool,
    stagger_odd: bool,
    [w, h]: [u32; 2],
    side: u32,
    x: u32,
    y: u32,
) -> [f64; 2] {
    let (w, h, s) = (f64::from(w), f64::from(h), f64::from(side));
    let shifted = |i: u32| (i % 2 == 1) == stagger_odd;
    if stagger_x {
        let column = (w - s) / 2.0 + s;
        let down = if shifted(x) { h / 2.0 } else { 0.0 };
        [
            f64::from(x) * column + w / 2.0,
            f64::from(y) * h + down + h / 2.0,
        ]
    } else {
        let row = (h - s) / 2.0 + s;
        let right = if shifted(y) { w / 2.0 } else { 0.0 };
        [
            f64::from(x) * w + right + w / 2.0,
            f64::from(y) * row + h / 2.0,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> Map {
        match berthier_schema::load_document(text, berthier_schema::Format::Ron)
        {
            Ok(berthier_schema::Document::Map(map)) => map,
            other => panic!("not a map: {other:?}"),
        }
    }

    const MINI: &str = r#"(kind: map, format_version: 2, id: "m", name: "M",
        series: "s.series.ron",
        grid: (shift: SHIFT, origin_hex: "0101", origin_px: (40.0, 40.0),
               hex_radius_px: 30.0),
        extent: [(cols: (C0, 6), rows: (1, 5))])"#;

    fn mini(shift: &str, first_col: u16) -> Map {
        map(&MINI
            .replace("SHIFT", shift)
            .replace("C0", &first_col.to_string()))
    }

    #[test]
    fn neighbours_stay_neighbours_on_the_tiled_grid() {
        for (shift, c0) in [("odd", 1), ("even", 1), ("odd", 2), ("even", 2)] {
            let m = mini(shift, c0);
            let layout = Layout::of(&m).unwrap();
            let step = f64::from(layout.tile[1]);
            for (a, ca) in &layout.cells {
                for (b, cb) in &layout.cells {
                    let d = ((ca.centre[0] - cb.centre[0]).powi(2)
                        + (ca.centre[1] - cb.centre[1]).powi(2))
                    .sqrt();
                    let tiled_adjacent = (d - step).abs() < 0.1 * step;
                    assert_eq!(
                        tiled_adjacent,
                        m.adjacent(*a, *b),
                        "{shift} from column {c0}: {a} and {b}"
                    );
                }
            }
            assert_eq!(layout.cells.len(), m.extent[0].hexes().count());
        }
    }

    #[test]
    fn the_first_cell_is_at_the_origin_and_sizes_are_even() {
        let layout = Layout::of(&mini("odd", 1)).unwrap();
        assert!(layout.stagger_x);
        assert_eq!(layout.tile, [60, 52]);
        assert_eq!(layout.side, 30);
        assert_eq!(layout.size, [6, 5]);
        let first = layout.cells[&"0101".parse().unwrap()];
        assert_eq!((first.x, first.y), (0, 0));
    }
}
