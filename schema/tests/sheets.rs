//! Map sheets: every printed hex of every sheet is one canonical hex, so
//! distances and adjacency cross the seams; a map without sheets measures
//! as it always did.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::grid::Extent;
use berthier_schema::{Grid, HexId, Map, Orientation, Sheet, Shift};
use proptest::prelude::*;

fn id(text: &str) -> HexId {
    text.parse().expect("hex id")
}

fn sheet(letter: char, offset: [i32; 2]) -> Sheet {
    Sheet {
        letter,
        name: None,
        offset,
        scan: None,
        grid: None,
        numbering: None,
    }
}

fn extent(letter: char, cols: u16, rows: u16) -> Extent {
    Extent {
        cols: [1, cols],
        rows: [1, rows],
        missing: Vec::new(),
        sheet: Some(letter),
    }
}

/// Sheets of `cols` x `rows` hexes laid out `across` per row of sheets,
/// each touching its neighbours.
fn tiled(grid: Grid, across: usize, count: usize, size: [u16; 2]) -> Map {
    let letters = ['A', 'B', 'C', 'D', 'E', 'F'];
    let mut map = Map::blank("t".into(), "t".into(), "s".into(), grid, vec![]);
    for (i, letter) in letters.iter().take(count).enumerate() {
        let (x, y) = ((i % across) as i32, (i / across) as i32);
        let offset = [x * i32::from(size[0]), y * i32::from(size[1])];
        map.sheets.push(sheet(*letter, offset));
        map.extent.push(extent(*letter, size[0], size[1]));
    }
    map
}

fn ligny_like() -> Map {
    let mut map = tiled(Grid::default(), 2, 2, [28, 38]);
    map.sheets[0].letter = 'W';
    map.sheets[1].letter = 'E';
    map.extent[0].sheet = Some('W');
    map.extent[1].sheet = Some('E');
    map
}

#[test]
fn hexes_across_the_seam_are_adjacent() {
    let map = ligny_like();
    // Column 28 is even, so its hexes sit half a hex higher than the odd
    // column 01 of the next sheet (odd columns shifted down).
    assert!(map.adjacent(id("W2805"), id("E0105")));
    assert!(map.adjacent(id("W2805"), id("E0104")));
    assert!(!map.adjacent(id("W2805"), id("E0106")));
    assert!(map.neighbours(id("W2805")).contains(&id("E0104")));
    assert_eq!(map.distance(id("W0101"), id("E0101")), 28);
    assert_eq!(map.distance(id("W0101"), id("W0101")), 0);
}

#[test]
fn a_seam_hex_is_not_on_the_map_edge() {
    let map = ligny_like();
    let east = berthier_schema::map::MapEdge {
        id: "east".into(),
        name: None,
        side: Some(berthier_schema::map::Compass::East),
        hexes: Vec::new(),
        sheet: None,
    };
    let edge = map.edge_hexes(&east);
    assert!(edge.contains(&id("E2810")), "{edge:?}");
    // The western sheet's last column borders the eastern sheet. (Corner
    // hexes of the top and bottom rows have a north-east or south-east
    // neighbour off the map, and count as east as they always have.)
    let seam = |h: &&HexId| h.sheet == Some(b'W') && h.col == 28;
    assert!(!edge.iter().filter(seam).any(|h| (2..38).contains(&h.row)));
}

#[test]
fn a_sheet_edge_is_that_sheets_side_only() {
    let map = ligny_like();
    let edge = |side, sheet| berthier_schema::map::MapEdge {
        id: "e".into(),
        name: None,
        side: Some(side),
        hexes: Vec::new(),
        sheet,
    };
    use berthier_schema::map::Compass::{East, South};
    // "the south edge" of one sheet: that sheet's bottom row only.
    let south_w = map.edge_hexes(&edge(South, Some('W')));
    assert!(south_w.contains(&id("W1738")), "{south_w:?}");
    assert!(south_w.iter().all(|h| h.sheet == Some(b'W') && h.row == 38));
    let south = map.edge_hexes(&edge(South, None));
    assert!(south.iter().any(|h| h.sheet == Some(b'E')));
    // The western sheet's east side faces the eastern sheet: a seam, no
    // edge (only the corner hexes, with an off-map neighbour north-east or
    // south-east, remain), while its seam hexes are the whole column.
    let east_w = edge(East, Some('W'));
    let on_edge = map.edge_hexes(&east_w);
    assert!(
        on_edge.iter().all(|h| h.row == 1 || h.row == 38),
        "{on_edge:?}"
    );
    let seam = map.seam_hexes(&east_w);
    assert!(seam.contains(&id("W2805")) && seam.len() >= 36, "{seam:?}");
    assert!(map.seam_hexes(&edge(East, Some('E'))).is_empty());
}

#[test]
fn without_sheets_the_map_measures_as_its_grid() {
    let mut map = ligny_like();
    map.sheets.clear();
    // The old latent behaviour, kept for maps that declare no sheets:
    // the letter is a label only.
    assert_eq!(map.distance(id("W0101"), id("E0101")), 0);
    assert!(!map.adjacent(id("W0101"), id("E0102")));
    let plain =
        Map::blank("p".into(), "p".into(), "s".into(), Grid::default(), vec![]);
    for (a, b) in [("0101", "0512"), ("1715", "1716"), ("0304", "0403")] {
        let (a, b) = (id(a), id(b));
        assert_eq!(plain.distance(a, b), plain.grid.distance(a, b));
        assert_eq!(plain.adjacent(a, b), plain.grid.adjacent(a, b));
        assert_eq!(plain.neighbours(a), plain.grid.neighbours(a));
        assert_eq!(plain.geometry().center_px(a), plain.grid.center_px(a));
    }
}

#[test]
fn sheets_are_drawn_side_by_side_and_picked_back() {
    let map = ligny_like();
    let placed = map.geometry();
    let west = placed.center_px(id("W2805"));
    let east = placed.center_px(id("E0105"));
    let spacing = 1.5 * map.grid.hex_radius_px;
    assert!(
        (east[0] - west[0] - spacing).abs() < 1e-3,
        "{west:?} {east:?}"
    );
    // Outlines drawn from the geometry's neighbours cross the seam too.
    assert!(placed.neighbours(id("W2805")).contains(&id("E0104")));
    for h in ["W0101", "W2838", "E0101", "E1419", "E2838"] {
        let c = placed.center_px(id(h));
        assert_eq!(placed.hex_at_px(c, None), Some(id(h)));
    }
}

#[test]
fn labels_read_back_through_each_sheet() {
    let mut map = ligny_like();
    map.sheets[1].numbering = Some(berthier_schema::Numbering {
        prefix: "E-".into(),
        ..Default::default()
    });
    assert_eq!(map.label(id("W1715")), "W1715");
    assert_eq!(map.label(id("E1715")), "E-1715");
    assert_eq!(map.read_label("E-1715"), Some(id("E1715")));
    assert_eq!(map.read_label("W1715"), Some(id("W1715")));
    assert_eq!(map.read_label("E1715"), None);
    assert_eq!(map.read_label("W2939"), None, "off the sheet");
}

fn layout() -> impl Strategy<Value = Map> {
    (
        prop_oneof![Just(Orientation::Flat), Just(Orientation::Pointy)],
        prop_oneof![Just(Shift::Odd), Just(Shift::Even)],
        1usize..4,
        1usize..7,
        (2u16..9, 2u16..9),
    )
        .prop_map(|(orientation, shift, across, count, (c, r))| {
            let grid = Grid {
                orientation,
                shift,
                ..Grid::default()
            };
            tiled(grid, across, count, [c, r])
        })
}

fn hexes(map: &Map) -> Vec<HexId> {
    map.extent.iter().flat_map(Extent::hexes).collect()
}

proptest! {
    #[test]
    fn distance_is_a_metric_and_adjacency_symmetric_across_sheets(
        map in layout(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 3),
    ) {
        let all = hexes(&map);
        let [a, b, c] = [0, 1, 2].map(|i| *picks[i].get(&all));
        prop_assert_eq!(map.distance(a, a), 0);
        prop_assert_eq!(map.distance(a, b) == 0, a == b);
        prop_assert_eq!(map.distance(a, b), map.distance(b, a));
        prop_assert!(
            map.distance(a, c) <= map.distance(a, b) + map.distance(b, c)
        );
        prop_assert_eq!(map.adjacent(a, b), map.adjacent(b, a));
        prop_assert_eq!(map.adjacent(a, b), map.neighbours(a).contains(&b));
        prop_assert_eq!(map.id_at(map.hex(a), None), Some(a));
    }

    #[test]
    fn every_on_map_neighbour_is_one_hex_away(map in layout(), pick: prop::sample::Index) {
        let all = hexes(&map);
        let a = *pick.get(&all);
        let neighbours = map.neighbours(a);
        prop_assert!(neighbours.len() <= 6);
        for n in neighbours.into_iter().filter(|n| map.contains(*n)) {
            prop_assert_eq!(map.distance(a, n), 1, "{} {}", a, n);
            prop_assert!(map.neighbours(n).contains(&a));
        }
    }
}

#[test]
fn a_sheets_own_scan_is_placed_where_its_hexes_fall_on_the_map() {
    let mut map = ligny_like();
    // The eastern sheet scanned apart: half the size, its E0101 at (100,
    // 50) of its own scan, and turned 2 degrees.
    map.sheets[1].scan = Some("east.png".into());
    map.sheets[1].grid = Some(Grid {
        origin_hex: id("E0101"),
        origin_px: [100.0, 50.0],
        hex_radius_px: Grid::default().hex_radius_px / 2.0,
        rotation_deg: 2.0,
        ..Grid::default()
    });
    let own = map.sheets[1].grid.clone().expect("grid");
    let place = map.sheets[1].scan_placement(&map).expect("placed");
    assert!((place.scale - 2.0).abs() < 1e-6, "{place:?}");
    let placed = map.geometry();
    for hex in ["E0101", "E1420", "E2838", "E0538"] {
        let [x, y] = place.to_map(own.center_px(id(hex)));
        let [mx, my] = placed.center_px(id(hex));
        assert!((x - mx).abs() < 1e-3 && (y - my).abs() < 1e-3, "{hex}");
    }
    // Without its own scan, the sheet is drawn on the map's.
    assert_eq!(map.sheets[0].scan_placement(&map), None);
}
