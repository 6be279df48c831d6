//! `export-vassal`: a Berthier battle as a VASSAL module
//! ([`battle::export`]), its build file ([`build_file`]) and piece
//! definitions ([`piece`]); here, the VASSAL hex grid and numbering that
//! put every hex of a Berthier grid where Berthier puts it and print its
//! Berthier number.
//!
//! The inverse of [`super::to_berthier`], for flat-topped grids without
//! rotation or corrections: VASSAL's columns are `dx = 1.5 r` apart, its
//! hexes `dy = √3 r · aspect` apart down a column, and its odd raw
//! columns sit half a hex lower (`HexGrid.hexPointCenterFromRawIndex`).
//! The raw column of Berthier column 1 is chosen even or odd so that the
//! lower columns agree, and `hOff` makes VASSAL's printed column the
//! Berthier one; `vOff` = 1 and no `stagger` do the same for rows. VASSAL
//! keeps `x0` and `y0` as whole pixels: they are rounded, which moves
//! every hex by the same [`Exported::moved_px`], at most half a pixel
//! (Rivoli's `dy` is 40√3, so its higher columns can never start on a
//! whole pixel: 0.36 px).

pub mod battle;
pub mod build_file;
mod counters;
mod derotate;
pub mod piece;
mod read;
mod setups;

use berthier_schema::grid::Grid;
use berthier_schema::hex::{HexId, Orientation};

use super::grid::HexGrid;
use super::numbering::{Kind, Numbering};

/// Why a Berthier grid has no exact VASSAL equivalent yet.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExportError {
    /// Pointy-topped, rotated or corrected grids.
    #[error(
        "only flat-topped grids without rotation or corrections are \
         exported to VASSAL so far ({0})"
    )]
    Unsupported(&'static str),
}

/// A Berthier grid as VASSAL holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The grid.
    pub grid: HexGrid,
    /// Its numbering, printing the Berthier numbers.
    pub numbering: Numbering,
    /// How far VASSAL's centres lie from Berthier's (the same for every
    /// hex): the rounding of the origin to whole pixels.
    pub moved_px: [f64; 2],
}

/// The VASSAL grid and numbering of a Berthier grid (single sheet).
pub fn hex_grid(grid: &Grid) -> Result<Exported, ExportError> {
    if grid.orientation != Orientation::Flat {
        return Err(ExportError::Unsupported("pointy-topped"));
    }
    if grid.rotation_deg != 0.0 {
        return Err(ExportError::Unsupported("rotated"));
    }
    if !grid.corrections.is_empty() {
        return Err(ExportError::Unsupported("corrections"));
    }
    let r = grid.hex_radius_px;
    let dx = 1.5 * r;
    let dy = 3f64.sqrt() * r * grid.aspect;
    let at = |col, row| {
        grid.center_px(HexId {
            sheet: None,
            col,
            row,
        })
    };
    let (c1, c2) = (at(1, 1), at(2, 1));
    // VASSAL lowers odd raw columns: Berthier column 2 lower than column
    // 1 makes column 2 raw-odd (raw = column - 1), else column 1 is.
    let (raw1, h_off) = if c2[1] > c1[1] { (0, 1) } else { (1, 0) };
    let half = if raw1 == 1 { dy / 2.0 } else { 0.0 };
    let x = c1[0] - f64::from(raw1) * dx;
    let y = c1[1] - half;
    let vassal = HexGrid {
        dx,
        dy,
        x0: x.round() as i32,
        y0: y.round() as i32,
        ..HexGrid::default()
    };
    let numbering = Numbering {
        horizontal_first: true,
        sep: String::new(),
        h_type: Kind::Numeric,
        v_type: Kind::Numeric,
        h_leading: 1,
        v_leading: 1,
        h_off,
        v_off: 1,
        h_descend: false,
        v_descend: false,
        stagger: false,
    };
    Ok(Exported {
        grid: vassal,
        numbering,
        moved_px: [x.round() - x, y.round() - y],
    })
}

/// The `HexGrid` element (with its numbering) as VASSAL's build file
/// writes it.
pub fn hex_grid_xml(grid: &HexGrid, n: &Numbering) -> String {
    const PKG: &str = "VASSAL.build.module.map.boardPicker.board";
    format!(
        "<{PKG}.HexGrid dx=\"{}\" dy=\"{}\" x0=\"{}\" y0=\"{}\" \
         sideways=\"{}\" visible=\"true\">\
         <{PKG}.mapgrid.HexGridNumbering first=\"{}\" sep=\"{}\" \
         hType=\"N\" vType=\"N\" hLeading=\"{}\" vLeading=\"{}\" \
         hOff=\"{}\" vOff=\"{}\" hDescend=\"{}\" vDescend=\"{}\" \
         stagger=\"{}\" visible=\"true\"/></{PKG}.HexGrid>",
        grid.dx,
        grid.dy,
        grid.x0,
        grid.y0,
        grid.sideways,
        if n.horizontal_first { "H" } else { "V" },
        n.sep,
        n.h_leading,
        n.v_leading,
        n.h_off,
        n.v_off,
        n.h_descend,
        n.v_descend,
        n.stagger,
    )
}
