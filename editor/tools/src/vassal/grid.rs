//! VASSAL's hex grid geometry (`HexGrid`): where the centre of a cell is and
//! which cell a pixel falls in.
//!
//! Re-implemented from a reading of VASSAL's
//! `VASSAL.build.module.map.boardPicker.board.HexGrid` (methods
//! `hexPointCenterFromRawIndex`, `hexPoint`, `getSingleHexShape`,
//! `getRawColumn`, `getRawRow`, `rotateIfSideways`) and the reference
//! manual page "Hex Grid". No VASSAL code is copied.
//!
//! VASSAL works in an *unrotated* frame where hexes are flat-topped and
//! stand in columns `dx` apart, a hex `dy` tall. A `sideways` grid swaps x
//! and y before and after every computation, so on the board its hexes are
//! pointy-topped and stand in rows; `x0` and `dx` then measure down the
//! board and `y0` and `dy` across it (the manual: "setting the grid to be
//! sideways switches the meanings of horizontal/vertical, Height/Width and
//! X/Y").
//!
//! A cell is named by VASSAL's raw index ([`Cell`]): `col` counts columns
//! of the unrotated frame from the one through `x0`, `row` counts hexes
//! down a column from the one through `y0`; odd columns (odd in Java's
//! sense, negative ones too) sit half a hex lower.

/// VASSAL's default hex height (`HexGrid.DEFAULT_HEIGHT`).
pub const DEFAULT_DY: f64 = 64.0;

/// VASSAL's raw index of a hex cell (not its printed name: see
/// [`super::numbering`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column of the unrotated frame (a row of the board when sideways).
    pub col: i32,
    /// Hex down that column.
    pub row: i32,
}

impl Cell {
    /// The cell at raw column `col`, row `row`.
    pub const fn new(col: i32, row: i32) -> Self {
        Self { col, row }
    }
}

/// The attributes of a `<...HexGrid>` element that place hexes.
#[derive(Debug, Clone, PartialEq)]
pub struct HexGrid {
    /// Centre-to-centre distance between columns (`dx`, "hex width").
    pub dx: f64,
    /// Centre-to-centre distance down a column (`dy`, "hex height").
    pub dy: f64,
    /// Centre of cell (0, 0) in the unrotated frame (`x0`, `y0`; integers
    /// in VASSAL).
    pub x0: i32,
    /// See `x0`.
    pub y0: i32,
    /// Pointy-topped hexes in rows (`sideways`).
    pub sideways: bool,
    /// Pieces may also sit on hexsides (`edgesLegal`).
    pub edges_legal: bool,
    /// Pieces may also sit on hex corners (`cornersLegal`).
    pub corners_legal: bool,
}

impl Default for HexGrid {
    /// VASSAL's defaults: `dy` 64, `dx` = √3/2·`dy`, origin (0, 32).
    fn default() -> Self {
        Self {
            dx: DEFAULT_DY * 3f64.sqrt() / 2.0,
            dy: DEFAULT_DY,
            x0: 0,
            y0: 32,
            sideways: false,
            edges_legal: false,
            corners_legal: false,
        }
    }
}

/// Java's `(int)` cast of a double: truncation toward zero.
fn int(v: f64) -> i32 {
    v as i32
}

/// Java's `Math.round(float)`: `floor(v + 0.5)`.
fn round_f32(v: f32) -> i32 {
    (v + 0.5).floor() as i32
}

/// Java's `Math.round(double)`: `floor(v + 0.5)`.
fn round_f64(v: f64) -> i32 {
    (v + 0.5).floor() as i32
}

impl HexGrid {
    /// Swaps x and y when the grid is sideways (`rotateIfSideways`).
    fn turn<T>(&self, p: [T; 2]) -> [T; 2] {
        let [x, y] = p;
        if self.sideways { [y, x] } else { [x, y] }
    }

    /// The exact centre of a cell on the board, before VASSAL rounds it to
    /// a pixel: the lattice its grid and centre dots are drawn from
    /// (`forceDraw` draws each dot at this point rounded to the nearest
    /// pixel).
    pub fn center(&self, cell: Cell) -> [f64; 2] {
        let x = f64::from(self.x0) + self.dx * f64::from(cell.col);
        let mut y = f64::from(self.y0) + self.dy * f64::from(cell.row);
        if cell.col % 2 != 0 {
            y += self.dy / 2.0;
        }
        self.turn([x, y])
    }

    /// The pixel VASSAL snaps a piece to in a cell (`snapToHex` through
    /// `hexPointCenterFromRawIndex`): the exact centre truncated, with the
    /// half-hex step of odd columns truncated on its own first, so it lies
    /// up to one pixel left of and two pixels above [`Self::center`]
    /// (before the sideways swap).
    pub fn snap_center(&self, cell: Cell) -> [i32; 2] {
        let x = int(self.dx * f64::from(cell.col) + f64::from(self.x0));
        let y = if cell.col % 2 == 0 {
            int(self.dy * f64::from(cell.row) + f64::from(self.y0))
        } else {
            int(self.dy * f64::from(cell.row)
                + f64::from(int(self.dy / 2.0))
                + f64::from(self.y0))
        };
        self.turn([x, y])
    }

    /// The six corners of VASSAL's hex polygon around an unrotated centre
    /// (`getSingleHexShape`, not reversed, not sideways), in its float
    /// arithmetic and rounding, with its one-pixel widening on the right
    /// and bottom.
    fn polygon(&self, cx: i32, cy: i32) -> [[i32; 2]; 6] {
        let (x, y) = (cx as f32, cy as f32);
        let (dx, dy) = (self.dx as f32, self.dy as f32);
        let r = 2.0 * dx / 3.0;
        let x2 = x - 0.5 * r;
        let y2 = y - 0.5 * dy;
        let x3 = x + 0.5 * r;
        let y5 = y + 0.5 * dy;
        [
            [round_f32(x - r), round_f32(y)],
            [round_f32(x2), round_f32(y2)],
            [round_f32(x3) + 1, round_f32(y2)],
            [round_f32(x + r) + 1, round_f32(y)],
            [round_f32(x3) + 1, round_f32(y5) + 1],
            [round_f32(x2), round_f32(y5) + 1],
        ]
    }

    /// The cell whose snap point [`Self::snap_center`] VASSAL moves a piece
    /// dropped at board pixel `p` to (`hexPoint`): a first guess treating
    /// hexes as rectangles, then the hex polygons of the guess and its four
    /// diagonal neighbours. Points exactly on a hex outline follow Java's
    /// rule (the left and top edges belong to the hex).
    pub fn cell_at(&self, p: [i32; 2]) -> Cell {
        let [x, y] = self.turn(p);
        let (fx, fy) = (f64::from(x), f64::from(y));
        let nx = ((fx - f64::from(self.x0) + self.dx / 2.0) / self.dx).floor()
            as i32;
        let ny = if nx % 2 == 0 {
            ((fy - f64::from(self.y0) + self.dy / 2.0) / self.dy).floor()
        } else {
            ((fy - f64::from(self.y0)) / self.dy).floor()
        } as i32;
        let first = Cell::new(nx, ny);
        let contains = |cell: Cell| {
            let [cx, cy] = self.unturned_snap(cell);
            inside(&self.polygon(cx, cy), x, y)
        };
        if contains(first) {
            return first;
        }
        let around: [[i32; 2]; 4] = if nx % 2 == 0 {
            [[-1, -1], [-1, 0], [1, -1], [1, 0]]
        } else {
            [[-1, 0], [-1, 1], [1, 0], [1, 1]]
        };
        around
            .into_iter()
            .map(|[ox, oy]| Cell::new(nx + ox, ny + oy))
            .find(|c| contains(*c))
            .unwrap_or(first)
    }

    /// [`Self::snap_center`] in the unrotated frame.
    fn unturned_snap(&self, cell: Cell) -> [i32; 2] {
        self.turn(self.snap_center(cell))
    }

    /// VASSAL's raw column of a board pixel as its numbering reads it
    /// (`HexGrid.getRawColumn`: the nearest column by x alone).
    pub fn raw_column(&self, p: [i32; 2]) -> i32 {
        let [x, _] = self.turn(p);
        ((f64::from(x) - f64::from(self.x0)) / self.dx + 0.5).floor() as i32
    }

    /// VASSAL's raw row of a board pixel as its numbering reads it
    /// (`HexGrid.getRawRow`: the nearest row of its column by y alone).
    pub fn raw_row(&self, p: [i32; 2]) -> i32 {
        let [x, y] = self.turn(p);
        let nx = round_f64((f64::from(x) - f64::from(self.x0)) / self.dx);
        let y = f64::from(y) - f64::from(self.y0);
        if nx % 2 == 0 {
            round_f64(y / self.dy)
        } else {
            round_f64((y - self.dy / 2.0) / self.dy)
        }
    }
}

/// Whether integer point (`x`, `y`) is inside a polygon, with Java's
/// insideness rule for points on the outline (inside when the space just
/// to its right, or just below a horizontal edge, is inside).
///
/// geo decides strict insideness exactly; Java's rule is that test at a
/// point nudged right by `NUDGE_X` and down by the far smaller `NUDGE_Y`,
/// so it lands in the space the rule names and never on an edge. Both
/// nudges are powers of two, so the nudged point is exact in `f64` for any
/// board coordinate, and `NUDGE_Y` times the steepest slope of a hex edge
/// (a few pixels of rise per pixel) stays far below `NUDGE_X`.
fn inside(poly: &[[i32; 2]], x: i32, y: i32) -> bool {
    const NUDGE_X: f64 = 1.0 / 1024.0;
    const NUDGE_Y: f64 = NUDGE_X / 65536.0;
    let ring: Vec<geo::Coord> = poly
        .iter()
        .map(|p| geo::coord! { x: f64::from(p[0]), y: f64::from(p[1]) })
        .collect();
    let polygon = geo::Polygon::new(geo::LineString::new(ring), Vec::new());
    let nudged = geo::coord! {
        x: f64::from(x) + NUDGE_X,
        y: f64::from(y) + NUDGE_Y,
    };
    geo::Contains::contains(&polygon, &nudged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_columns_sit_half_a_hex_lower() {
        let g = HexGrid {
            dx: 50.0,
            dy: 58.0,
            x0: 10,
            y0: 20,
            ..HexGrid::default()
        };
        assert_eq!(g.center(Cell::new(0, 0)), [10.0, 20.0]);
        assert_eq!(g.center(Cell::new(1, 0)), [60.0, 49.0]);
        assert_eq!(g.center(Cell::new(-1, 2)), [-40.0, 165.0]);
        let s = HexGrid {
            sideways: true,
            ..g
        };
        assert_eq!(s.center(Cell::new(1, 0)), [49.0, 60.0]);
    }

    #[test]
    fn snap_point_truncates_the_half_step_on_its_own() {
        let g = HexGrid {
            dx: 50.4,
            dy: 65.8,
            x0: 0,
            y0: 0,
            ..HexGrid::default()
        };
        // 65.8 + trunc(32.9) = 97.8 -> 97, where the exact centre is 98.7.
        assert_eq!(g.snap_center(Cell::new(1, 1)), [50, 97]);
        assert_eq!(g.cell_at([50, 97]), Cell::new(1, 1));
    }

    #[test]
    fn outline_points_belong_to_the_left_and_top_edges() {
        // A square and a hex (VASSAL's shape, slanted edges) as Java reads
        // their outlines.
        let square = [[0, 0], [10, 0], [10, 10], [0, 10]];
        assert!(inside(&square, 0, 5), "left edge");
        assert!(inside(&square, 5, 0), "top edge");
        assert!(inside(&square, 0, 0), "top-left corner");
        assert!(!inside(&square, 10, 5), "right edge");
        assert!(!inside(&square, 5, 10), "bottom edge");
        assert!(!inside(&square, 10, 0), "top-right corner");
        assert!(!inside(&square, 0, 10), "bottom-left corner");
        let hex = [[0, 10], [5, 0], [15, 0], [20, 10], [15, 20], [5, 20]];
        assert!(inside(&hex, 2, 6), "upper-left slant");
        assert!(inside(&hex, 2, 14), "lower-left slant");
        assert!(!inside(&hex, 18, 6), "upper-right slant");
        assert!(!inside(&hex, 18, 14), "lower-right slant");
        assert!(inside(&hex, 0, 10), "left vertex");
        assert!(!inside(&hex, 20, 10), "right vertex");
        assert!(inside(&hex, 10, 10), "centre");
        assert!(!inside(&hex, 1, 1), "outside the slant");
    }
}
