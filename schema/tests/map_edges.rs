//! The map's compass edges on a rectangle of printed hexes: the north edge
//! is the first row, the south edge the last, the west edge the first
//! column and the east edge the last, whichever way the hexes point and
//! whichever columns or rows are shifted. (On a flat-top map the corners of
//! the top row have an off-map neighbour to the north-east, which once put
//! the whole top row on the east edge.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;

use berthier_schema::grid::Extent;
use berthier_schema::map::{Compass, MapEdge};
use berthier_schema::{Grid, HexId, Map, Orientation, Shift};

const COLS: [u16; 2] = [1, 9];
const ROWS: [u16; 2] = [1, 7];

fn map(orientation: Orientation, shift: Shift) -> Map {
    let grid = Grid {
        orientation,
        shift,
        ..Grid::default()
    };
    let extent = Extent {
        cols: COLS,
        rows: ROWS,
        missing: Vec::new(),
        sheet: None,
    };
    Map::blank("t".into(), "t".into(), "s".into(), grid, vec![extent])
}

fn edge(side: Compass) -> MapEdge {
    MapEdge {
        id: format!("{side:?}").to_lowercase(),
        name: None,
        side: Some(side),
        hexes: Vec::new(),
        sheet: None,
    }
}

/// The printed hexes of the rectangle on `side`: a whole first or last
/// row or column.
fn expected(side: Compass) -> BTreeSet<HexId> {
    let all = (COLS[0]..=COLS[1]).flat_map(|col| {
        (ROWS[0]..=ROWS[1]).map(move |row| HexId::new(col, row))
    });
    all.filter(|h| match side {
        Compass::North => h.row == ROWS[0],
        Compass::South => h.row == ROWS[1],
        Compass::West => h.col == COLS[0],
        Compass::East => h.col == COLS[1],
    })
    .collect()
}

#[test]
fn every_side_of_a_rectangle_is_its_outer_row_or_column() {
    for orientation in [Orientation::Flat, Orientation::Pointy] {
        for shift in [Shift::Odd, Shift::Even] {
            let map = map(orientation, shift);
            for side in
                [Compass::North, Compass::South, Compass::East, Compass::West]
            {
                let got: BTreeSet<HexId> =
                    map.edge_hexes(&edge(side)).into_iter().collect();
                assert_eq!(
                    got,
                    expected(side),
                    "{orientation:?} hexes, {shift:?} shifted, {side:?} edge"
                );
            }
        }
    }
}

#[test]
fn the_north_east_corner_is_not_on_the_west_edge() {
    // The trial's reproduction: flat top, odd columns shifted down; the
    // top row's even columns sit half a hex higher and have an off-map
    // neighbour to the north-east.
    let map = map(Orientation::Flat, Shift::Odd);
    let west = map.edge_hexes(&edge(Compass::West));
    let east = map.edge_hexes(&edge(Compass::East));
    for corner in ["0901", "0801", "0201", "0807", "0207"] {
        let hex: HexId = corner.parse().unwrap();
        assert!(
            !west.contains(&hex) || hex.col == 1,
            "{corner} on the west edge"
        );
        assert!(
            !east.contains(&hex) || hex.col == 9,
            "{corner} on the east edge"
        );
    }
}
