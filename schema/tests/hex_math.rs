//! Hex math: printed numbers, axial coordinates and scan pixels agree in
//! both directions, for both orientations and both shift parities; the
//! Rivoli free-deployment lines are straight hex lines under odd shift.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::{Grid, HexId, Hexside, Orientation, Shift};
use proptest::prelude::*;

fn grid_strategy() -> impl Strategy<Value = Grid> {
    (
        prop_oneof![Just(Orientation::Flat), Just(Orientation::Pointy)],
        prop_oneof![Just(Shift::Odd), Just(Shift::Even)],
        (1u16..40, 1u16..40),
        (-500.0f64..500.0, -500.0f64..500.0),
        5.0f64..120.0,
        0.8f64..1.25,
        -10.0f64..10.0,
    )
        .prop_map(
            |(orientation, shift, (c, r), origin, radius, aspect, rot)| Grid {
                orientation,
                shift,
                origin_hex: HexId::new(c, r),
                origin_px: [origin.0, origin.1],
                hex_radius_px: radius,
                aspect,
                rotation_deg: rot,
                corrections: Vec::new(),
            },
        )
}

proptest! {
    #[test]
    fn printed_to_axial_to_pixel_and_back(
        grid in grid_strategy(),
        col in 0u16..200,
        row in 0u16..100,
    ) {
        let id = HexId::new(col, row);
        let text = id.to_string();
        prop_assert_eq!(text.parse::<HexId>(), Ok(id));
        let hex = grid.to_hex(id);
        prop_assert_eq!(grid.to_id(hex, None), Some(id));
        let centre = grid.center_px(id);
        prop_assert_eq!(grid.hex_at_px(centre, None), Some(id));
        // Any point well inside the hex picks the same hex.
        for corner in grid.corners_px(id) {
            let inside = [
                centre[0] + (corner[0] - centre[0]) * 0.8,
                centre[1] + (corner[1] - centre[1]) * 0.8,
            ];
            prop_assert_eq!(grid.hex_at_px(inside, None), Some(id));
        }
    }

    #[test]
    fn each_hexside_has_one_key_from_either_side(
        grid in grid_strategy(),
        col in 2u16..60,
        row in 2u16..60,
    ) {
        let id = HexId::new(col, row);
        let neighbours = grid.neighbours(id);
        prop_assert_eq!(neighbours.len(), 6);
        for n in neighbours {
            let ab = Hexside::between(id, n).expect("distinct");
            let ba = Hexside::between(n, id).expect("distinct");
            prop_assert_eq!(ab, ba);
            prop_assert_eq!(ab.to_string().parse::<Hexside>(), Ok(ab));
            prop_assert!(ab.is_on(&grid));
            let ends = ab.endpoints_px(&grid);
            prop_assert!(ends.is_some(), "no shared corners for {}", ab);
        }
    }
}

#[test]
fn three_digit_numbers_are_the_same_hex() {
    assert_eq!("601".parse::<HexId>(), "0601".parse::<HexId>());
}

fn line(grid: &Grid, a: &str, b: &str) -> Vec<String> {
    let (a, b): (HexId, HexId) = (a.parse().expect("a"), b.parse().expect("b"));
    grid.to_hex(a)
        .line_to(grid.to_hex(b))
        .map(|h| grid.to_id(h, None).expect("printed").to_string())
        .collect()
}

#[test]
fn rivoli_deployment_lines_are_hex_lines_under_odd_shift() {
    // seed-jdg.md §2.1: rasterised lines of the free-deployment boundary.
    let grid = Grid {
        shift: Shift::Odd,
        ..Grid::default()
    };
    assert_eq!(
        line(&grid, "0104", "1009"),
        [
            "0104", "0205", "0305", "0406", "0506", "0607", "0707", "0808",
            "0908", "1009"
        ]
    );
    assert_eq!(
        line(&grid, "1112", "2008"),
        [
            "1112", "1212", "1311", "1411", "1510", "1610", "1709", "1809",
            "1908", "2008"
        ]
    );
    assert_eq!(line(&grid, "2008", "2209"), ["2008", "2108", "2209"]);
    // Mont Pipolo is two hexes from the Verona road entry, not adjacent.
    let id = |s: &str| s.parse::<HexId>().expect("id");
    assert_eq!(grid.distance(id("1821"), id("1722")), 2);
}

#[test]
fn pixel_pins_for_a_registered_grid() {
    // A 30 px flat grid whose hex 0101 centre is at (40, 40): columns are
    // 45 px apart, rows 52 px, and odd columns sit 26 px lower than even.
    let grid = Grid {
        origin_px: [40.0, 40.0],
        hex_radius_px: 30.0,
        ..Grid::default()
    };
    let id = |s: &str| s.parse::<HexId>().expect("id");
    let near = |p: [f64; 2], q: [f64; 2]| {
        (p[0] - q[0]).abs() < 0.01 && (p[1] - q[1]).abs() < 0.01
    };
    let h = 30.0 * 3f64.sqrt();
    assert!(near(grid.center_px(id("0201")), [85.0, 40.0 - h / 2.0]));
    assert!(near(grid.center_px(id("0102")), [40.0, 40.0 + h]));
    assert!(near(grid.center_px(id("0301")), [130.0, 40.0]));
}

proptest! {
    /// `across` counts hexsides as `facing` does: six distinct
    /// neighbours, opposite hexsides three apart, each neighbour's
    /// opposite hexside leading back.
    #[test]
    fn hexsides_clockwise_reach_each_neighbour_once(
        grid in grid_strategy(),
        col in 2u16..60,
        row in 2u16..60,
    ) {
        let id = HexId::new(col, row);
        let mut seen = Vec::new();
        for side in 0u8..6 {
            let next = grid.across(id, side).expect("inside the grid");
            prop_assert!(grid.adjacent(id, next));
            prop_assert!(!seen.contains(&next));
            prop_assert_eq!(grid.across(next, (side + 3) % 6), Some(id));
            seen.push(next);
        }
        prop_assert_eq!(grid.across(id, 6), None);
    }
}

#[test]
fn hexside_zero_is_north_on_flat_grids_and_one_is_east_on_pointy() {
    let flat = Grid::default();
    let id = HexId::new(5, 5);
    assert_eq!(flat.across(id, 0), Some(HexId::new(5, 4)));
    assert_eq!(flat.across(id, 3), Some(HexId::new(5, 6)));
    let pointy = Grid {
        orientation: Orientation::Pointy,
        ..Grid::default()
    };
    assert_eq!(pointy.across(id, 1), Some(HexId::new(6, 5)));
    assert_eq!(pointy.across(id, 4), Some(HexId::new(4, 5)));
}
