//! VASSAL hex grids become Berthier grids that put every hex where VASSAL
//! does and name it as VASSAL does.
//!
//! VASSAL's centre is restated here from its reference manual ("Hex Grid":
//! X,Y offset is the centre of the first hex, height and width are centre
//! to centre, sideways swaps x and y) and `HexGrid.java`: column `c`,
//! row `r` sits at `(x0 + c·dx, y0 + r·dy)`, odd columns half a hex lower.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::hex::{HexId, Orientation, Shift};
use berthier_tools::vassal::grid::{Cell, HexGrid};
use berthier_tools::vassal::numbering::{Kind, Numbering};
use berthier_tools::vassal::to_berthier::{ConvertError, convert};

/// VASSAL's documented centre of raw cell (`c`, `r`).
fn vassal_centre(g: &HexGrid, c: i32, r: i32) -> [f64; 2] {
    let x = f64::from(g.x0) + f64::from(c) * g.dx;
    let half = if c.rem_euclid(2) == 1 {
        g.dy / 2.0
    } else {
        0.0
    };
    let y = f64::from(g.y0) + f64::from(r) * g.dy + half;
    if g.sideways { [y, x] } else { [x, y] }
}

fn grid(dx: f64, dy: f64, x0: i32, y0: i32, sideways: bool) -> HexGrid {
    HexGrid {
        dx,
        dy,
        x0,
        y0,
        sideways,
        ..HexGrid::default()
    }
}

fn numberings() -> Vec<Numbering> {
    let base = Numbering::default();
    vec![
        base.clone(),
        Numbering {
            stagger: false,
            ..base.clone()
        },
        Numbering {
            h_off: 0,
            v_off: 2,
            ..base.clone()
        },
        Numbering {
            h_off: 4,
            stagger: false,
            ..base.clone()
        },
        Numbering {
            h_type: Kind::Alphabetic,
            h_off: 0,
            ..base.clone()
        },
        Numbering {
            h_descend: true,
            sep: "-".into(),
            ..base.clone()
        },
        Numbering {
            v_descend: true,
            horizontal_first: false,
            h_leading: 0,
            v_leading: 2,
            ..base
        },
    ]
}

/// Every hex of every board: the Berthier centre is VASSAL's, the hex
/// VASSAL snaps to there is the same, and its printed name is VASSAL's.
#[test]
fn every_hex_sits_where_vassal_puts_it() {
    let geometries = [
        (56.0, 64.0, 0, 32, false),
        (64.0 * 3f64.sqrt() / 2.0, 64.0, 0, 32, false),
        (41.5, 48.3, 17, -3, false),
        (75.25, 65.8, -20, 40, false),
        (56.0, 64.0, 32, 0, true),
        (50.2, 57.9, 25, 12, true),
        (88.0, 101.6, -5, 60, true),
    ];
    let size = [1003, 777];
    let mut checked = 0;
    let (mut printed_by_numbering, mut tabled) = (0, 0);
    for (dx, dy, x0, y0, sideways) in geometries {
        let g = grid(dx, dy, x0, y0, sideways);
        for n in numberings() {
            let case = format!("{g:?} {n:?}");
            let conv = convert(&g, Some(&n), size, None).expect(&case);
            assert!(conv.numbering.is_none() || !conv.labels.is_empty());
            match (&conv.numbering, conv.labels.is_empty()) {
                (Some(_), _) => printed_by_numbering += 1,
                (None, false) => tabled += 1,
                (None, true) => {}
            }
            assert_eq!(
                conv.grid.orientation,
                if sideways {
                    Orientation::Pointy
                } else {
                    Orientation::Flat
                }
            );
            assert!(conv.hexes.len() > 50, "{case}");
            for (cell, id) in &conv.hexes {
                let want = vassal_centre(&g, cell.col, cell.row);
                let got = conv.grid.center_px(*id);
                let off = (got[0] - want[0]).hypot(got[1] - want[1]);
                assert!(
                    off < 0.05,
                    "{case}: {cell:?} {id}: {got:?} vs {want:?}"
                );
                // VASSAL's snap point is that centre truncated to pixels.
                let snap = g.snap_center(*cell);
                let sx = f64::from(snap[0]);
                let sy = f64::from(snap[1]);
                assert!(
                    (sx - want[0]).abs() < 2.0 && (sy - want[1]).abs() < 2.0,
                    "{case}: {cell:?} snaps to {snap:?}"
                );
                assert_eq!(g.cell_at(snap), *cell, "{case}");
                assert_eq!(
                    conv.grid.hex_at_px([sx, sy], None),
                    Some(*id),
                    "{case}"
                );
                // Pieces dropped near the centre land in the same cell.
                let near =
                    [got[0].round() as i32 + 3, got[1].round() as i32 - 2];
                assert_eq!(g.cell_at(near), *cell, "{case}");
                // The name VASSAL reports for a piece there.
                let printed = n.label_at(&g, size, snap);
                let ours =
                    conv.labels.get(id).cloned().unwrap_or(id.to_string());
                assert_eq!(ours, printed, "{case}: {cell:?}");
                // The map's own numbering prints it too, and reads it back.
                if let Some(numbering) = &conv.numbering {
                    assert_eq!(numbering.label(*id), printed, "{case}");
                    let back = numbering.read(&printed);
                    assert_eq!(back, Some((id.col, id.row)), "{case}");
                }
                assert_eq!(n.label(&g, size, *cell), printed);
                assert!(conv.extent.contains(*id));
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
    // Most named boards print from a numbering; VASSAL's descending quirk
    // (a row away from its own stagger) keeps a table for the others.
    assert!(
        printed_by_numbering > tabled,
        "{printed_by_numbering} {tabled}"
    );
}

/// A plain numeric ascending numbering is Berthier's own: no label table,
/// and the shift follows the starting number and `stagger`.
#[test]
fn plain_numbering_is_the_berthier_number() {
    let g = grid(56.0, 64.0, 0, 32, false);
    let size = [600, 400];
    let stagger =
        convert(&g, Some(&Numbering::default()), size, None).expect("stagger");
    assert!(stagger.labels.is_empty());
    let plain = Numbering {
        stagger: false,
        ..Numbering::default()
    };
    let flat = convert(&g, Some(&plain), size, None).expect("plain");
    assert!(flat.labels.is_empty());
    // Raw (0, 0) is VASSAL's 0101 in both; raw (1, 0), half a hex lower,
    // is 0202 when staggered, 0201 when not.
    let name = |n: &Numbering, c| n.label(&g, size, c);
    assert_eq!(name(&Numbering::default(), Cell::new(0, 0)), "0101");
    assert_eq!(name(&Numbering::default(), Cell::new(1, 0)), "0202");
    assert_eq!(name(&plain, Cell::new(1, 0)), "0201");
    // Column 02 lower than column 01 at the same row: even columns shift.
    assert_eq!(flat.grid.shift, Shift::Even);
    // Staggered, 0202 is lower than 0102 by half a hex: odd shift.
    assert_eq!(stagger.grid.shift, Shift::Odd);
    assert_eq!(stagger.grid.center_px(HexId::new(1, 1)), [0.0, 32.0]);
}

/// Alphabetic columns on a sideways grid: the names are kept, read back to
/// the same cell, and are VASSAL's A..Z, AA, BB.
#[test]
fn alphabetic_sideways_names_read_back() {
    let g = grid(40.0, 46.0, 20, 23, true);
    let size = [1200, 1300];
    let n = Numbering {
        h_type: Kind::Alphabetic,
        h_off: 0,
        ..Numbering::default()
    };
    let conv = convert(&g, Some(&n), size, None).expect("convert");
    assert!(!conv.labels.is_empty());
    let names: Vec<&String> = conv.labels.values().collect();
    assert!(names.iter().any(|l| l.starts_with("AA")), "{names:?}");
    assert!(names.iter().any(|l| l.starts_with("BB")), "{names:?}");
    for (cell, id) in &conv.hexes {
        let label = &conv.labels[id];
        assert_eq!(n.cell_of(&g, size, label), Some(*cell), "{label}");
    }
    assert_eq!(n.label(&g, size, Cell::new(0, 0)), "A01");
    assert_eq!(n.label(&g, size, Cell::new(27, 0)), "BB02");
}

/// Names read back to their cell for numeric, separated and descending
/// numberings, as VASSAL's `getLocation` places them.
#[test]
fn names_read_back_to_their_cell() {
    let size = [900, 700];
    for sideways in [false, true] {
        let g = grid(50.0, 58.0, 10, 20, sideways);
        for n in numberings() {
            let conv = convert(&g, Some(&n), size, None).expect("convert");
            for (cell, _) in &conv.hexes {
                let label = n.label(&g, size, *cell);
                let back = n.cell_of(&g, size, &label);
                // VASSAL's getCenterPoint checks the stagger parity before
                // undoing a descending count; with an odd count back the
                // two disagree and VASSAL itself lands a row off.
                if n.stagger && (n.h_descend || n.v_descend) {
                    continue;
                }
                assert_eq!(back, Some(*cell), "{n:?} {label}");
            }
        }
    }
    let n = Numbering {
        h_descend: true,
        ..Numbering::default()
    };
    let g = grid(50.0, 60.0, 0, 0, false);
    // VASSAL counts columns back from floor(800 / dy + 0.5) = 13.
    assert_eq!(n.label(&g, [800, 600], Cell::new(0, 0)), "1401");
}

#[test]
fn a_grid_without_size_is_refused() {
    let g = grid(0.0, 64.0, 0, 0, false);
    let err = convert(&g, None, [100, 100], None).expect_err("zero");
    assert!(matches!(err, ConvertError::ZeroSize { .. }), "{err}");
    assert!(err.to_string().contains("no size"));
}

/// Without numbering the raw indexes are counted from 1: here the second
/// column's top hex (centre at y = 0) is row 01, the first column starts at
/// row 02.
#[test]
fn unnumbered_grids_count_from_one() {
    let g = grid(56.0, 64.0, 28, 32, false);
    let conv = convert(&g, None, [300, 300], Some(b'B')).expect("convert");
    assert!(conv.labels.is_empty());
    assert_eq!(conv.hexes[0].1.to_string(), "B0102");
    let top = conv.hexes.iter().find(|(c, _)| *c == Cell::new(1, -1));
    assert_eq!(top.map(|(_, id)| id.to_string()), Some("B0201".into()));
    assert_eq!(conv.extent.rows[0], 1);
    assert_eq!(conv.extent.sheet, Some('B'));
    assert_eq!(conv.extent.cols[0], 1);
}

/// Sideways, Berthier's columns run across the board, so a numbering
/// printed row first (`first = V`) is Berthier's CCRR as it stands.
#[test]
fn sideways_row_first_numbering_is_the_berthier_number() {
    let g = grid(56.0, 64.0, 32, 28, true);
    let n = Numbering {
        horizontal_first: false,
        stagger: false,
        ..Numbering::default()
    };
    let conv = convert(&g, Some(&n), [700, 500], None).expect("convert");
    assert!(conv.labels.is_empty());
    assert_eq!(conv.grid.orientation, Orientation::Pointy);
    let column_first = Numbering {
        horizontal_first: true,
        ..n
    };
    let conv =
        convert(&g, Some(&column_first), [700, 500], None).expect("convert");
    assert_eq!(conv.labels.len(), conv.hexes.len());
}

/// Names worked out by hand from the manual and VASSAL's numbering rules.
#[test]
fn names_worked_out_by_hand() {
    // Sideways, vertical descending: the "horizontal" names count the
    // board's rows of hexes back from floor(1300 / 40 + 0.5) = 33.
    let g = grid(40.0, 46.0, 20, 23, true);
    let n = Numbering {
        v_descend: true,
        ..Numbering::default()
    };
    let size = [1200, 1300];
    assert_eq!(n.label(&g, size, Cell::new(0, 0)), "3401");
    // Odd raw column: staggered one up (horizontal ascending).
    assert_eq!(n.label(&g, size, Cell::new(1, 0)), "3302");
    // VASSAL's getLocation tests the stagger on the counted-back column
    // where getRow tested the raw one; counting back from 33 (odd) flips
    // the parity, so every name is sent a row away from the hex printed
    // with it ("3302" one lower, "3401" one higher): kept as VASSAL does.
    assert_eq!(n.cell_of(&g, size, "3302"), Some(Cell::new(1, 1)));
    assert_eq!(n.cell_of(&g, size, "3401"), Some(Cell::new(0, -1)));
    // Two leading zeros, vertical first, a separator, negative numbers.
    let g = grid(50.0, 58.0, 100, 100, false);
    let n = Numbering {
        horizontal_first: false,
        sep: ".".into(),
        v_leading: 2,
        h_off: 0,
        v_off: 0,
        stagger: false,
        ..Numbering::default()
    };
    assert_eq!(n.label(&g, [800, 600], Cell::new(3, 7)), "007.03");
    assert_eq!(n.label(&g, [800, 600], Cell::new(-2, -1)), "-001.-02");
    assert_eq!(
        n.cell_of(&g, [800, 600], "-001.-02"),
        Some(Cell::new(-2, -1))
    );
    assert_eq!(n.cell_of(&g, [800, 600], "07.03"), None, "too few digits");
    // Without a separator the first name takes all it can: column 105,
    // row 12, less the starting numbers 1.
    let n = Numbering::default();
    assert_eq!(n.cell_of(&g, [800, 600], "10512"), Some(Cell::new(104, 11)));
}

/// On a regular grid VASSAL's hex polygons are the cells of the nearest
/// centre: every pixel clearly nearer one centre than any other snaps to
/// that cell, flat and sideways.
#[test]
fn pixels_snap_to_the_nearest_centre() {
    for sideways in [false, true] {
        let dy = 60.0;
        let g = grid(dy * 3f64.sqrt() / 2.0, dy, 30, 30, sideways);
        let cells: Vec<Cell> = (-1..12)
            .flat_map(|c| (-1..10).map(move |r| Cell::new(c, r)))
            .collect();
        let mut tested = 0;
        for x in (40..500).step_by(7) {
            for y in (40..500).step_by(5) {
                let d = |c: &Cell| {
                    let [cx, cy] = vassal_centre(&g, c.col, c.row);
                    (cx - f64::from(x)).hypot(cy - f64::from(y))
                };
                let mut by: Vec<(f64, Cell)> =
                    cells.iter().map(|c| (d(c), *c)).collect();
                by.sort_by(|a, b| a.0.total_cmp(&b.0));
                if by[1].0 - by[0].0 < 4.0 {
                    continue;
                }
                assert_eq!(
                    g.cell_at([x, y]),
                    by[0].1,
                    "sideways {sideways} ({x}, {y})"
                );
                tested += 1;
            }
        }
        assert!(tested > 5000, "{tested}");
    }
}
