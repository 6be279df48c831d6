//! VASSAL's hex numbering (`HexGridNumbering` over `RegularGridNumbering`):
//! the printed name of a cell and the cell of a printed name.
//!
//! Re-implemented from a reading of VASSAL's
//! `VASSAL.build.module.map.boardPicker.board.mapgrid.RegularGridNumbering`
//! (`getName`, `parseName`, `getMatchingPattern`, `getLocation`) and
//! `HexGridNumbering` (`getColumn`, `getRow`, `getCenterPoint`,
//! `getMaxRows`, `getMaxColumns`), and the reference manual page "Grid
//! Numbering". No VASSAL code is copied.
//!
//! Quirks kept on purpose, since the point is to print what VASSAL prints:
//! - alphabetic names run A..Z, AA, BB, .., ZZ, AAA (a letter repeated, not
//!   spreadsheet columns), and `A` is 0, so with the default starting
//!   number 1 the first column is `B`;
//! - the defaults when an attribute is absent are VASSAL's: horizontal
//!   first, no separator, numeric, one leading zero, starting number 1,
//!   ascending, staggered;
//! - descending numbering counts back from VASSAL's board size in cells,
//!   `floor(height / dx + 0.5)` rows and `floor(width / dy + 0.5)` columns,
//!   which divide by the other axis's spacing on a grid that is not
//!   sideways;
//! - on a sideways grid the "horizontal" settings number the board's rows
//!   of hexes (the raw columns) and the "vertical" ones its diagonal
//!   columns (the raw rows).

use super::grid::{Cell, HexGrid};

/// Numeric or alphabetic names on one axis (`hType`, `vType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `N`: 1, 2, 3 with leading zeros.
    Numeric,
    /// `A`: A, B, .., Z, AA, BB, ..
    Alphabetic,
}

impl Kind {
    fn from_attr(value: &str) -> Self {
        if value.starts_with('A') {
            Self::Alphabetic
        } else {
            Self::Numeric
        }
    }
}

/// The attributes of a `<...HexGridNumbering>` element.
#[derive(Debug, Clone, PartialEq)]
pub struct Numbering {
    /// `first`: the column name comes first (`H`) or the row name (`V`).
    pub horizontal_first: bool,
    /// `sep`: text between the two names.
    pub sep: String,
    /// `hType`.
    pub h_type: Kind,
    /// `vType`.
    pub v_type: Kind,
    /// `hLeading`: zeros added below 10, 100, .. (1 makes "05").
    pub h_leading: i32,
    /// `vLeading`.
    pub v_leading: i32,
    /// `hOff`: the number of the column through the grid origin.
    pub h_off: i32,
    /// `vOff`.
    pub v_off: i32,
    /// `hDescend`.
    pub h_descend: bool,
    /// `vDescend`.
    pub v_descend: bool,
    /// `stagger`: odd columns' first row is one greater.
    pub stagger: bool,
}

impl Default for Numbering {
    /// VASSAL's defaults for absent attributes.
    fn default() -> Self {
        Self {
            horizontal_first: true,
            sep: String::new(),
            h_type: Kind::Numeric,
            v_type: Kind::Numeric,
            h_leading: 1,
            v_leading: 1,
            h_off: 1,
            v_off: 1,
            h_descend: false,
            v_descend: false,
            stagger: true,
        }
    }
}

const ALPHABET: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The name of value `v` on an axis (`RegularGridNumbering.getName`).
pub fn name(v: i32, kind: Kind, leading: i32) -> String {
    let mut out = String::new();
    if v < 0 {
        out.push('-');
    }
    let mut v = v.unsigned_abs();
    match kind {
        Kind::Alphabetic => {
            // One letter for v % 26, repeated once per 26 above it.
            let letter = char::from(ALPHABET[(v % 26) as usize]);
            loop {
                out.push(letter);
                if v < 26 {
                    break;
                }
                v -= 26;
            }
        }
        Kind::Numeric => {
            let mut leading = leading;
            while leading > 0 && f64::from(v) < 10f64.powi(leading) {
                out.push('0');
                leading -= 1;
            }
            out.push_str(&v.to_string());
        }
    }
    out
}

/// Whether `text` is a whole name of `kind` (`getMatchingPattern`: an
/// optional minus, then at least `leading + 1` digits, or a run of one
/// capital letter).
fn matches(text: &str, kind: Kind, leading: i32) -> bool {
    let body = text.strip_prefix('-').unwrap_or(text);
    match kind {
        Kind::Numeric => {
            body.bytes().all(|b| b.is_ascii_digit())
                && body.len() >= usize::try_from(leading + 1).unwrap_or(1)
        }
        Kind::Alphabetic => body.as_bytes().first().is_some_and(|f| {
            f.is_ascii_uppercase() && body.bytes().all(|b| b == *f)
        }),
    }
}

/// The value of a name (`parseName`); `None` for a number out of range.
fn parse(text: &str, kind: Kind) -> Option<i32> {
    match kind {
        Kind::Numeric => text.parse().ok(),
        Kind::Alphabetic => {
            let (negative, body) = match text.strip_prefix('-') {
                Some(b) => (true, b),
                None => (false, text),
            };
            let last = *body.as_bytes().last()?;
            let runs = i32::try_from(body.len() - 1).ok()?;
            let v = 26 * runs + i32::from(last - b'A');
            Some(if negative { -v } else { v })
        }
    }
}

impl Numbering {
    /// VASSAL's board height in cells (`getMaxRows`).
    fn max_rows(grid: &HexGrid, size: [u32; 2]) -> i32 {
        (f64::from(size[1]) / grid.dx + 0.5).floor() as i32
    }

    /// VASSAL's board width in cells (`getMaxColumns`).
    fn max_columns(grid: &HexGrid, size: [u32; 2]) -> i32 {
        (f64::from(size[0]) / grid.dy + 0.5).floor() as i32
    }

    /// The column number of a cell before `hOff` (`getColumn`).
    pub fn column(&self, grid: &HexGrid, size: [u32; 2], cell: Cell) -> i32 {
        let x = cell.col;
        if self.v_descend && grid.sideways {
            Self::max_rows(grid, size) - x
        } else if self.h_descend && !grid.sideways {
            Self::max_columns(grid, size) - x
        } else {
            x
        }
    }

    /// The row number of a cell before `vOff` (`getRow`).
    pub fn row(&self, grid: &HexGrid, size: [u32; 2], cell: Cell) -> i32 {
        let mut y = cell.row;
        if self.v_descend && !grid.sideways {
            y = Self::max_rows(grid, size) - y;
        }
        if self.h_descend && grid.sideways {
            y = Self::max_columns(grid, size) - y;
        }
        if self.stagger && cell.col % 2 != 0 {
            let descend = if grid.sideways {
                self.h_descend
            } else {
                self.v_descend
            };
            y += if descend { -1 } else { 1 };
        }
        y
    }

    /// The column's name (VASSAL's `$column$`).
    pub fn column_name(
        &self,
        grid: &HexGrid,
        size: [u32; 2],
        cell: Cell,
    ) -> String {
        let v = self.column(grid, size, cell) + self.h_off;
        name(v, self.h_type, self.h_leading)
    }

    /// The row's name (VASSAL's `$row$`).
    pub fn row_name(
        &self,
        grid: &HexGrid,
        size: [u32; 2],
        cell: Cell,
    ) -> String {
        let v = self.row(grid, size, cell) + self.v_off;
        name(v, self.v_type, self.v_leading)
    }

    /// The printed name of a cell (VASSAL's `$gridLocation$`, e.g. "0507"
    /// or "C-12") on a board of `size` pixels.
    pub fn label(&self, grid: &HexGrid, size: [u32; 2], cell: Cell) -> String {
        let col = self.column_name(grid, size, cell);
        let row = self.row_name(grid, size, cell);
        if self.horizontal_first {
            format!("{col}{}{row}", self.sep)
        } else {
            format!("{row}{}{col}", self.sep)
        }
    }

    /// The name VASSAL reports for a board pixel (`locationName` without
    /// the location format): the cell its numbering reads there, which for
    /// a snapped piece is the cell it was snapped to.
    pub fn label_at(
        &self,
        grid: &HexGrid,
        size: [u32; 2],
        p: [i32; 2],
    ) -> String {
        let cell = Cell::new(grid.raw_column(p), grid.raw_row(p));
        self.label(grid, size, cell)
    }

    /// Splits a label into its column and row values, as VASSAL's
    /// `getLocation` pattern does: the first name as long as the rest still
    /// reads, separator between.
    fn split(&self, label: &str) -> Option<(i32, i32)> {
        let (first, second) = if self.horizontal_first {
            ((self.h_type, self.h_leading), (self.v_type, self.v_leading))
        } else {
            ((self.v_type, self.v_leading), (self.h_type, self.h_leading))
        };
        let cuts = (1..label.len())
            .rev()
            .filter(|i| label.is_char_boundary(*i));
        for cut in cuts {
            let (a, rest) = label.split_at(cut);
            let Some(b) = rest.strip_prefix(self.sep.as_str()) else {
                continue;
            };
            if matches(a, first.0, first.1) && matches(b, second.0, second.1) {
                let (a, b) = (parse(a, first.0)?, parse(b, second.0)?);
                return Some(if self.horizontal_first {
                    (a, b)
                } else {
                    (b, a)
                });
            }
        }
        None
    }

    /// The cell VASSAL places a name in (`getLocation` then
    /// `getCenterPoint`), or `None` when the name does not read.
    ///
    /// This is VASSAL's inverse, not an exact one: with `stagger` and a
    /// descending count whose board size in cells is odd, `getCenterPoint`
    /// tests the stagger on the counted-back column where `getRow` tested
    /// the raw one, and lands a row away from the hex the name was printed
    /// on. Kept, since a Send-To-Location in VASSAL goes there too.
    pub fn cell_of(
        &self,
        grid: &HexGrid,
        size: [u32; 2],
        label: &str,
    ) -> Option<Cell> {
        let (col, row) = self.split(label)?;
        let (mut col, mut row) = (col - self.h_off, row - self.v_off);
        if self.stagger && col % 2 != 0 {
            let descend = if grid.sideways {
                self.h_descend
            } else {
                self.v_descend
            };
            row += if descend { 1 } else { -1 };
        }
        if grid.sideways {
            if self.v_descend {
                col = Self::max_rows(grid, size) - col;
            }
            if self.h_descend {
                row = Self::max_columns(grid, size) - row;
            }
        } else {
            if self.h_descend {
                col = Self::max_columns(grid, size) - col;
            }
            if self.v_descend {
                row = Self::max_rows(grid, size) - row;
            }
        }
        Some(Cell::new(col, row))
    }
}

/// An attribute that does not read as its type, or lies past
/// [`MAX_OFFSET`], shown as written (`hOff="x"`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key}=\"{value}\"")]
pub struct BadAttribute {
    /// The attribute.
    pub key: String,
    /// Its value.
    pub value: String,
}

/// Largest offset or leading count read, either way: a printed hex number
/// has at most four column digits, and `hOff="2147483647"` overflowed the
/// column arithmetic (a panic) while an alphabetic numbering repeats a
/// letter once per 26 of the value (a string of megabytes per hex).
pub const MAX_OFFSET: i32 = 9999;

/// Reads `first`, `sep`, `hType` .. `stagger` from attribute lookups,
/// VASSAL's defaults where absent; `Err` names an attribute that does not
/// read.
pub fn from_attrs<'a>(
    get: impl Fn(&str) -> Option<&'a str>,
) -> Result<Numbering, BadAttribute> {
    let d = Numbering::default();
    let int = |key: &str, default: i32| match get(key) {
        None | Some("") => Ok(default),
        Some(v) => v
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|n| (-MAX_OFFSET..=MAX_OFFSET).contains(n))
            .ok_or_else(|| BadAttribute {
                key: key.to_owned(),
                value: v.to_owned(),
            }),
    };
    let boolean =
        |key: &str, default: bool| get(key).map_or(default, |v| v == "true");
    Ok(Numbering {
        horizontal_first: get("first").is_none_or(|v| !v.starts_with('V')),
        sep: get("sep").unwrap_or("").to_owned(),
        h_type: get("hType").map_or(d.h_type, Kind::from_attr),
        v_type: get("vType").map_or(d.v_type, Kind::from_attr),
        h_leading: int("hLeading", d.h_leading)?,
        v_leading: int("vLeading", d.v_leading)?,
        h_off: int("hOff", d.h_off)?,
        v_off: int("vOff", d.v_off)?,
        h_descend: boolean("hDescend", d.h_descend),
        v_descend: boolean("vDescend", d.v_descend),
        stagger: boolean("stagger", d.stagger),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_vassal_prints_them() {
        assert_eq!(name(5, Kind::Numeric, 1), "05");
        assert_eq!(name(10, Kind::Numeric, 1), "10");
        assert_eq!(name(5, Kind::Numeric, 2), "005");
        assert_eq!(name(50, Kind::Numeric, 2), "050");
        assert_eq!(name(5, Kind::Numeric, 0), "5");
        assert_eq!(name(-3, Kind::Numeric, 1), "-03");
        assert_eq!(name(0, Kind::Alphabetic, 1), "A");
        assert_eq!(name(25, Kind::Alphabetic, 1), "Z");
        assert_eq!(name(26, Kind::Alphabetic, 1), "AA");
        assert_eq!(name(27, Kind::Alphabetic, 1), "BB");
        assert_eq!(name(52, Kind::Alphabetic, 1), "AAA");
        for v in [0, 1, 25, 26, 27, 51, 52, 80] {
            assert_eq!(
                parse(&name(v, Kind::Alphabetic, 0), Kind::Alphabetic),
                Some(v)
            );
        }
    }
}
