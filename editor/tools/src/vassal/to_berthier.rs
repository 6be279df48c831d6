//! A Berthier [`Grid`] and [`Extent`] that put every hex of a VASSAL board
//! where VASSAL puts it, and the printed name of each.
//!
//! VASSAL's lattice ([`HexGrid::center`]) is a regular offset grid: columns
//! `dx` apart, hexes `dy` apart down a column, odd columns half a hex
//! lower; sideways, the same turned a quarter. Berthier's grid is the same
//! family, so the conversion is exact:
//!
//! - orientation: flat-topped, or pointy-topped when `sideways`;
//! - `hex_radius_px`: flat, columns are 1.5 radii apart, so `dx / 1.5`;
//!   pointy, hexes in a row are √3 radii apart, so `dy / √3`;
//! - `aspect`: the spacing across the other axis over its regular value;
//! - `origin_hex` / `origin_px`: the first cell on the board and its exact
//!   centre;
//! - `shift`: whichever of odd and even puts the hexes where VASSAL does
//!   (it depends on the starting numbers and on `stagger`).
//!
//! Berthier numbers hexes `CCRR`. Where VASSAL's numbering is numeric and
//! ascending on an axis, the Berthier number on that axis is VASSAL's
//! (alphabetic: A = 1, B = 2, .., AA = 27); where it is descending, or
//! would go negative, or there is no numbering, the raw index from 1 is
//! used instead. Whenever a VASSAL name differs from the Berthier `HexId`
//! text (alphabetic columns, a separator, a sideways grid printed column
//! first, descending numbers), the names are kept in
//! [`Conversion::labels`], and [`Conversion::numbering`] is the Berthier
//! numbering that prints them, where one does ([`super::printed`]).

use std::collections::{BTreeMap, BTreeSet};

use berthier_schema::grid::{Extent, Grid};
use berthier_schema::hex::{HexId, Orientation, Shift};

use super::grid::{Cell, HexGrid};
use super::numbering::{Kind, Numbering};

/// A VASSAL board grid as Berthier sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    /// The registered grid.
    pub grid: Grid,
    /// The hexes on the board.
    pub extent: Extent,
    /// Every cell on the board and its Berthier number, in raw order.
    pub hexes: Vec<(Cell, HexId)>,
    /// VASSAL's printed name of each hex whose name is not its `HexId`
    /// text; empty when Berthier's numbers are VASSAL's.
    pub labels: BTreeMap<HexId, String>,
    /// The map `numbering` that prints every name of `labels`; `None`
    /// when `labels` is empty or no Berthier numbering prints them all.
    pub numbering: Option<berthier_schema::Numbering>,
}

/// Why a VASSAL grid has no Berthier equivalent.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ConvertError {
    /// `dx` or `dy` is zero, negative or not a number.
    #[error(
        "the hex grid has no size (dx = {dx}, dy = {dy}): VASSAL draws no hexes"
    )]
    ZeroSize {
        /// `dx`.
        dx: f64,
        /// `dy`.
        dy: f64,
    },
    /// No hex centre falls on the board.
    #[error("no hex of the grid has its centre on the {w}×{h} px board")]
    NoHexes {
        /// Board width.
        w: u32,
        /// Board height.
        h: u32,
    },
    /// A Berthier number would not fit `CCRR`.
    #[error(
        "the board has {rows} rows of hexes; Berthier's hex numbers hold at \
         most 99 rows and 9999 columns"
    )]
    TooLarge {
        /// Rows needed.
        rows: u32,
    },
    /// The grid's hexes on the board are more than a map may hold
    /// ([`berthier_schema::limits::MAX_MAP_HEXES`]): counted before any
    /// is made (`dx="0.01"` asked for a 4 GiB list).
    #[error(
        "the hex grid would put {cells} hexes on the board; a map holds at \
         most {limit} (is dx or dy far too small?)"
    )]
    TooManyHexes {
        /// Cells the grid spans on the board.
        cells: u64,
        /// The limit.
        limit: u64,
    },
    /// Neither shift reproduces VASSAL's lattice (a bug here).
    #[error("no Berthier grid reproduces this VASSAL grid (off by {0:.2} px)")]
    NoFit(f64),
}

/// The cells whose exact centre lies on a board of `size` pixels
/// (`0 <= x < width`, `0 <= y < height`), in raw order.
pub fn cells_on_board(
    grid: &HexGrid,
    size: [u32; 2],
) -> Result<Vec<Cell>, ConvertError> {
    let (w, h) = (f64::from(size[0]), f64::from(size[1]));
    // Along the unrotated x the board spans w (or h when sideways).
    let (span_x, span_y) = if grid.sideways { (h, w) } else { (w, h) };
    let cols = |o: i32, d: f64, span: f64| {
        let lo = ((-f64::from(o)) / d).floor() as i32;
        let hi = ((span - f64::from(o)) / d).ceil() as i32;
        lo.saturating_sub(1)..=hi.saturating_add(1)
    };
    let (across, down) = (
        cols(grid.x0, grid.dx, span_x),
        cols(grid.y0, grid.dy, span_y),
    );
    let count = |r: &std::ops::RangeInclusive<i32>| {
        (i64::from(*r.end()) - i64::from(*r.start()) + 1)
            .max(0)
            .unsigned_abs()
    };
    let cells = count(&across).saturating_mul(count(&down));
    let limit = berthier_schema::limits::MAX_MAP_HEXES;
    // The rectangle holds the board's cells and a ring around it: a
    // little more than the board's hexes, counted before any is made.
    if cells > limit.saturating_mul(2) {
        return Err(ConvertError::TooManyHexes { cells, limit });
    }
    let mut out = Vec::new();
    for col in across {
        for row in down.clone() {
            let cell = Cell::new(col, row);
            let [x, y] = grid.center(cell);
            if (0.0..w).contains(&x) && (0.0..h).contains(&y) {
                out.push(cell);
            }
        }
    }
    if out.len() as u64 > limit {
        let cells = out.len() as u64;
        return Err(ConvertError::TooManyHexes { cells, limit });
    }
    Ok(out)
}

/// Converts a VASSAL hex grid on a board of `size` pixels, numbered by
/// `numbering` (if any), for sheet `sheet` (`b'A'..=b'Z'`, multi-board
/// maps).
pub fn convert(
    grid: &HexGrid,
    numbering: Option<&Numbering>,
    size: [u32; 2],
    sheet: Option<u8>,
) -> Result<Conversion, ConvertError> {
    let valid = |v: f64| v.is_finite() && v > 0.0;
    if !valid(grid.dx) || !valid(grid.dy) {
        return Err(ConvertError::ZeroSize {
            dx: grid.dx,
            dy: grid.dy,
        });
    }
    let cells = cells_on_board(grid, size)?;
    let cells = match numbering {
        Some(n) => printed_on_map(grid, n, size, cells),
        None => cells,
    };
    convert_cells(grid, numbering, size, sheet, cells)
}

/// The cells the numbering prints a number of zero or more for: a board
/// wider than the map (a scan with its margin, a board Berthier exported
/// with the first column well inside it) has partial hexes at its edges
/// that VASSAL numbers below zero. They are off the printed map: leaving
/// them out keeps every other hex's printed number, where counting from
/// the board's first cell would move them all. All the cells when none
/// is left.
fn printed_on_map(
    grid: &HexGrid,
    n: &Numbering,
    size: [u32; 2],
    cells: Vec<Cell>,
) -> Vec<Cell> {
    let (u_descend, v_descend) = match grid.sideways {
        true => (n.v_descend, n.h_descend),
        false => (n.h_descend, n.v_descend),
    };
    let alpha = |k: Kind| i32::from(k == Kind::Alphabetic);
    let printed = |c: &Cell| {
        let u = n.column(grid, size, *c) + n.h_off + alpha(n.h_type);
        let v = n.row(grid, size, *c) + n.v_off + alpha(n.v_type);
        (u_descend || u >= 0) && (v_descend || v >= 0)
    };
    let kept: Vec<Cell> = cells.iter().copied().filter(printed).collect();
    if kept.is_empty() { cells } else { kept }
}

/// [`convert`] for chosen cells (a zone's), `size` being what VASSAL's
/// numbering counts descending numbers from (a zone's bounding box).
pub fn convert_cells(
    grid: &HexGrid,
    numbering: Option<&Numbering>,
    size: [u32; 2],
    sheet: Option<u8>,
    cells: Vec<Cell>,
) -> Result<Conversion, ConvertError> {
    let valid = |v: f64| v.is_finite() && v > 0.0;
    if !valid(grid.dx) || !valid(grid.dy) {
        return Err(ConvertError::ZeroSize {
            dx: grid.dx,
            dy: grid.dy,
        });
    }
    let Some(first) = cells.first() else {
        return Err(ConvertError::NoHexes {
            w: size[0],
            h: size[1],
        });
    };
    let min_col = cells.iter().map(|c| c.col).min().unwrap_or(first.col);
    let min_row = cells.iter().map(|c| c.row).min().unwrap_or(first.row);
    // Number along the raw column axis (u) and down a column (v).
    let raw_u = |c: &Cell| i64::from(c.col - min_col) + 1;
    let raw_v = |c: &Cell| i64::from(c.row - min_row) + 1;
    let label_u = numbering.and_then(|n| {
        let descend = if grid.sideways {
            n.v_descend
        } else {
            n.h_descend
        };
        let value = |c: &Cell| n.column(grid, size, *c) + n.h_off;
        label_values(&cells, descend, n.h_type, value)
    });
    let label_v = numbering.and_then(|n| {
        let descend = if grid.sideways {
            n.h_descend
        } else {
            n.v_descend
        };
        let value = |c: &Cell| n.row(grid, size, *c) + n.v_off;
        label_values(&cells, descend, n.v_type, value)
    });
    let mut hexes = Vec::with_capacity(cells.len());
    for (i, cell) in cells.iter().enumerate() {
        let u = label_u.as_ref().map_or_else(|| raw_u(cell), |l| l[i]);
        let v = label_v.as_ref().map_or_else(|| raw_v(cell), |l| l[i]);
        // Flat: Berthier columns are the raw columns; sideways (pointy):
        // Berthier columns run across the board, along the raw rows.
        let (col, row) = if grid.sideways { (v, u) } else { (u, v) };
        if row > 99 || col > 9999 {
            return Err(ConvertError::TooLarge {
                rows: u32::try_from(row).unwrap_or(u32::MAX),
            });
        }
        let id = HexId {
            sheet,
            col: u16::try_from(col).unwrap_or(0),
            row: u16::try_from(row).unwrap_or(0),
        };
        hexes.push((*cell, id));
    }
    let (orientation, radius, aspect) = if grid.sideways {
        let r = grid.dy / 3f64.sqrt();
        (Orientation::Pointy, r, grid.dx / (1.5 * r))
    } else {
        let r = grid.dx / 1.5;
        (Orientation::Flat, r, grid.dy / (3f64.sqrt() * r))
    };
    let fit = |shift: Shift| {
        let g = Grid {
            orientation,
            shift,
            origin_hex: hexes[0].1,
            origin_px: grid.center(hexes[0].0),
            hex_radius_px: radius,
            aspect,
            rotation_deg: 0.0,
            corrections: Vec::new(),
        };
        let worst = hexes
            .iter()
            .map(|(cell, id)| {
                let [bx, by] = g.center_px(*id);
                let [vx, vy] = grid.center(*cell);
                (bx - vx).hypot(by - vy)
            })
            .fold(0.0, f64::max);
        (g, worst)
    };
    let (odd, even) = (fit(Shift::Odd), fit(Shift::Even));
    let (berthier, worst) = if odd.1 <= even.1 { odd } else { even };
    // f32 inside hexx: a few thousandths of a pixel on a large board.
    if worst > 0.05 {
        return Err(ConvertError::NoFit(worst));
    }
    let mut labels = BTreeMap::new();
    let mut printed = None;
    if let Some(n) = numbering {
        let names: Vec<(HexId, String)> = hexes
            .iter()
            .map(|(cell, id)| (*id, n.label(grid, size, *cell)))
            .collect();
        if names.iter().any(|(id, name)| id.to_string() != *name) {
            labels = names.into_iter().collect();
            printed = super::printed::berthier_numbering(grid, n, size, &hexes);
        }
    }
    Ok(Conversion {
        grid: berthier,
        extent: extent_of(&hexes, sheet),
        hexes,
        labels,
        numbering: printed,
    })
}

/// The smallest rectangle of numbers holding `hexes`, the others missing.
fn extent_of(hexes: &[(Cell, HexId)], sheet: Option<u8>) -> Extent {
    let ids: BTreeSet<HexId> = hexes.iter().map(|(_, id)| *id).collect();
    let col = |f: fn(u16, u16) -> u16| {
        ids.iter().map(|h| h.col).reduce(f).unwrap_or(1)
    };
    let row = |f: fn(u16, u16) -> u16| {
        ids.iter().map(|h| h.row).reduce(f).unwrap_or(1)
    };
    let cols = [col(u16::min), col(u16::max)];
    let rows = [row(u16::min), row(u16::max)];
    let missing = (cols[0]..=cols[1])
        .flat_map(|c| {
            (rows[0]..=rows[1]).map(move |r| HexId {
                sheet,
                col: c,
                row: r,
            })
        })
        .filter(|h| !ids.contains(h))
        .collect();
    Extent {
        cols,
        rows,
        missing,
        sheet: sheet.map(char::from),
    }
}

/// VASSAL's number for each cell along one axis (an alphabetic axis counts
/// A as 1), when every one is usable as a Berthier number: ascending and
/// not negative.
fn label_values(
    cells: &[Cell],
    descend: bool,
    kind: Kind,
    value: impl Fn(&Cell) -> i32,
) -> Option<Vec<i64>> {
    let alphabetic = i64::from(kind == Kind::Alphabetic);
    let values: Vec<i64> = cells
        .iter()
        .map(|c| i64::from(value(c)) + alphabetic)
        .collect();
    (!descend && values.iter().all(|v| *v >= 0)).then_some(values)
}
