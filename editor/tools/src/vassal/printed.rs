//! VASSAL's numbering of a converted board as a Berthier
//! [`Numbering`](berthier_schema::Numbering), so an imported map prints
//! the names VASSAL prints ("C12", "BB-3", "0507" counted down) from its
//! own `numbering` field instead of a side table.
//!
//! The Berthier numbering is built from VASSAL's attributes and the
//! converted hexes (each hex's VASSAL value against its Berthier column
//! or row gives the `add`), then checked: it is kept only when it prints
//! every hex exactly as VASSAL does and reads each name back as its hex
//! (MAP007 would report it otherwise). VASSAL's quirks that no Berthier
//! numbering reproduces (a descending count whose stagger lands a row
//! away, see [`super::numbering`]) and names that do not split one way
//! (no separator after a name of varying width) keep the side table.

use berthier_schema::HexId;
use berthier_schema::numbering::{Axis, AxisNumbering, NameStyle};

use super::grid::{Cell, HexGrid};
use super::numbering::{Kind, Numbering};

/// VASSAL's settings for one axis: kind, leading zeros, descending, and
/// its value of a cell (alphabetic counted from A = 0, as VASSAL does).
struct VassalAxis<'a> {
    kind: Kind,
    leading: i32,
    descend: bool,
    value: Box<dyn Fn(Cell) -> i32 + 'a>,
}

/// The Berthier numbering printing every hex of `hexes` as `numbering`
/// does on a board of `size` pixels and reading each name back, if there
/// is one.
pub fn berthier_numbering(
    grid: &HexGrid,
    numbering: &Numbering,
    size: [u32; 2],
    hexes: &[(Cell, HexId)],
) -> Option<berthier_schema::Numbering> {
    let n = numbering;
    let horizontal = VassalAxis {
        kind: n.h_type,
        leading: n.h_leading,
        descend: if grid.sideways {
            n.v_descend
        } else {
            n.h_descend
        },
        value: Box::new(move |c| n.column(grid, size, c) + n.h_off),
    };
    let vertical = VassalAxis {
        kind: n.v_type,
        leading: n.v_leading,
        descend: if grid.sideways {
            n.h_descend
        } else {
            n.v_descend
        },
        value: Box::new(move |c| n.row(grid, size, c) + n.v_off),
    };
    // Sideways, VASSAL's "horizontal" names number Berthier's rows.
    let (columns, rows) = if grid.sideways {
        (&vertical, &horizontal)
    } else {
        (&horizontal, &vertical)
    };
    let column_first = n.horizontal_first != grid.sideways;
    let candidate = berthier_schema::Numbering {
        prefix: String::new(),
        first: if column_first {
            Axis::Column
        } else {
            Axis::Row
        },
        separator: n.sep.clone(),
        columns: axis(columns, hexes, |id| id.col)?,
        rows: axis(rows, hexes, |id| id.row)?,
    };
    hexes
        .iter()
        .all(|(cell, id)| {
            let label = n.label(grid, size, *cell);
            candidate.label(*id) == label
                && candidate.read(&label) == Some((id.col, id.row))
        })
        .then_some(candidate)
}

/// One Berthier axis from VASSAL's, its `add` read off the first hex.
fn axis(
    vassal: &VassalAxis<'_>,
    hexes: &[(Cell, HexId)],
    position: impl Fn(&HexId) -> u16,
) -> Option<AxisNumbering> {
    let (cell, id) = hexes.first()?;
    // Berthier counts letters from A = 1, VASSAL from A = 0.
    let letters = i32::from(vassal.kind == Kind::Alphabetic);
    let value = (vassal.value)(*cell) + letters;
    let p = i32::from(position(id));
    let add = if vassal.descend { value + p } else { value - p };
    Some(AxisNumbering {
        style: match vassal.kind {
            Kind::Numeric => NameStyle::Numeric,
            Kind::Alphabetic => NameStyle::Letters,
        },
        add,
        digits: u8::try_from(vassal.leading.clamp(0, 5) + 1).ok()?,
        descending: vassal.descend,
    })
}
