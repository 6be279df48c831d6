//! The locations and placements of format version 2 evaluated on a small
//! map: road stretches and crossings, named hexside features, offsets,
//! sides of whole locations, bands, regions with places as corners, and
//! positions relative to a formation's setup.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::map::{Compass, Map};
use berthier_schema::placement::{Location, Placement};
use berthier_schema::zone::{SetupLookup, Verdict, Zone};
use berthier_schema::{Document, Format, HexId, parse_document};

/// Formation `i` stands on 0606 and 0706; no other unit is set up.
struct CorpsI;
impl SetupLookup for CorpsI {
    fn unit_hex(&self, _: &str) -> Option<HexId> {
        None
    }
    fn formation_hexes(&self, f: Option<&str>, except: &str) -> Vec<HexId> {
        match f {
            Some("i") => ["0606", "0706"]
                .iter()
                .map(|h| id(h))
                .filter(|h| h.to_string() != except)
                .collect(),
            _ => Vec::new(),
        }
    }
}

fn id(s: &str) -> HexId {
    s.parse().expect("hex id")
}

/// 12 x 12 hexes: road `r` along row 05, road `s` down column 06 to row
/// 11, a trail `t` meeting neither, a brook on the hexsides between rows 08
/// and 09.
fn small_map() -> Map {
    let row5: Vec<String> = (1..=12).map(|c| format!("\"{c:02}05\"")).collect();
    let col6: Vec<String> = (1..=11).map(|r| format!("\"06{r:02}\"")).collect();
    let brook: Vec<String> = (1..=12)
        .map(|c| {
            format!(
                "(at: \"{c:02}08/{c:02}09\", feature: \"stream\", name: \"brook\")"
            )
        })
        .collect();
    let text = format!(
        r#"(kind: map, format_version: 1, id: "m", name: "M",
        series: "s.series.ron",
        grid: (shift: odd, origin_hex: "0101", hex_radius_px: 20.0),
        extent: [(cols: (1, 12), rows: (1, 12))],
        hexsides: [{}],
        roads: [(id: "r", class: "road", hexes: [{}]),
                (id: "s", class: "road", hexes: [{}]),
                (id: "t", class: "trail", hexes: ["0112", "0212"])],
        places: [(id: "a", name: "A", hexes: ["0202"]),
                 (id: "b", name: "B", hexes: ["0210"]),
                 (id: "c", name: "C", hexes: ["1002"]),
                 (id: "mill", name: "Mill", hexes: ["0610"]),
                 (id: "town", name: "Town", hexes: ["0606", "0607", "0706"])])"#,
        brook.join(", "),
        row5.join(", "),
        col6.join(", "),
    );
    match parse_document(&text, Format::Ron) {
        Ok(Document::Map(map)) => map,
        other => panic!("test map: {other:?}"),
    }
}

fn place(id: &str) -> Location {
    Location::Place(id.to_owned())
}

fn check(zone: &Zone<'_>, p: &Placement, yes: &[&str], no: &[&str]) {
    for h in yes {
        assert_eq!(zone.allows(p, "u", id(h)), Verdict::Yes, "{h}: {p:?}");
    }
    for h in no {
        assert_eq!(zone.allows(p, "u", id(h)), Verdict::No, "{h}: {p:?}");
    }
}

fn unknown(zone: &Zone<'_>, p: &Placement) -> String {
    match zone.allows(p, "u", id("0101")) {
        Verdict::Unknown(why) => why,
        other => panic!("{p:?} decided: {other:?}"),
    }
}

#[test]
fn within_two_hexes_of_a_road_stretch() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let stretch = Location::RoadStretch {
        road: "r".into(),
        from: Box::new(Location::Hex(id("0305"))),
        to: Box::new(Location::Hex(id("0805"))),
    };
    let p = Placement::Within {
        of: stretch,
        hexes: 2,
    };
    check(
        &zone,
        &p,
        &["0305", "0307", "0805", "1005", "0503", "0105"],
        &["0308", "1105", "0508"],
    );
    let whole = Placement::At(Location::Road("r".into()));
    check(&zone, &whole, &["0105", "1205"], &["0106"]);
}

#[test]
fn the_crossing_of_two_roads_is_their_shared_hex() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let crossing = Location::Crossing {
        road: "r".into(),
        with: "s".into(),
    };
    assert_eq!(zone.location_hexes(&crossing), Ok(vec![id("0605")]));
    let apart = Placement::At(Location::Crossing {
        road: "r".into(),
        with: "t".into(),
    });
    assert!(unknown(&zone, &apart).contains("share no hex"));
}

#[test]
fn offsets_move_in_printed_rows_and_columns() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let offset = |from: Location, hexes, toward| Location::Offset {
        from: Box::new(from),
        hexes,
        toward,
    };
    let north = offset(place("mill"), 5, Compass::North);
    assert_eq!(zone.location_hexes(&north), Ok(vec![id("0605")]));
    let west = offset(north.clone(), 3, Compass::West);
    assert_eq!(zone.location_hexes(&west), Ok(vec![id("0305")]));
    // Each hex of a place moves: the whole town two columns east.
    let east = offset(place("town"), 2, Compass::East);
    let moved = zone.location_hexes(&east).expect("on the map");
    assert_eq!(moved, vec![id("0806"), id("0807"), id("0906")]);
    assert_eq!(map.grid.distance(moved[0], id("0606")), 2);
    let off = Placement::At(offset(place("mill"), 20, Compass::North));
    assert!(unknown(&zone, &off).contains("off the map"));
}

#[test]
fn north_and_south_of_a_named_stream() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let side = |side| Placement::SideOf {
        of: Location::Hexsides("brook".into()),
        side,
        inclusive: false,
    };
    // Both column parities: the stream's hexsides zig-zag with them.
    let north = ["0108", "0208", "0608", "0708", "0101", "1208"];
    let south = ["0109", "0209", "0609", "0709", "0112", "1209"];
    check(&zone, &side(Compass::North), &north, &south);
    check(&zone, &side(Compass::South), &south, &north);
    let along = Placement::At(Location::Hexsides("brook".into()));
    check(&zone, &along, &["0308", "0309"], &["0307", "0310"]);
    let missing = Placement::At(Location::Hexsides("dyle".into()));
    assert!(unknown(&zone, &missing).contains("no hexside named"));
}

#[test]
fn north_of_a_place_is_beyond_its_northernmost_hexes() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let north = |inclusive| Placement::SideOf {
        of: place("town"),
        side: Compass::North,
        inclusive,
    };
    // 0606 and 0706 are the town's northernmost hexes; beyond column 07
    // the boundary runs flat, so 0905 (same parity as 07) is north and
    // 0906 is level with it.
    check(
        &zone,
        &north(false),
        &["0605", "0705", "0905", "0101"],
        &["0606", "0607", "0706", "0906", "0608"],
    );
    check(&zone, &north(true), &["0606", "0607", "0706"], &["0608"]);
    // The one-point SideOfLine measures from the first hex only: 0607 is
    // the town's, but not north of 0606.
    let one_point = Placement::SideOfLine {
        line: vec![place("town")],
        side: Compass::South,
        inclusive: false,
    };
    check(&zone, &one_point, &["0607"], &["0605"]);
}

#[test]
fn a_band_between_two_places() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let band = Placement::Band {
        a: place("a"),
        b: place("b"),
        width: 1,
    };
    // Within one hex of the line 0202-0210, ends included.
    check(
        &zone,
        &band,
        &["0202", "0206", "0306", "0106", "0201", "0211"],
        &["0406", "0212", "0506"],
    );
}

#[test]
fn a_region_of_places_is_the_region_of_their_first_hexes() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let of_places =
        Placement::RegionOf(vec![place("a"), place("c"), place("mill")]);
    let of_hexes = Placement::Region(vec![id("0202"), id("1002"), id("0610")]);
    let mut inside = 0;
    for hex in map.extent[0].hexes() {
        let verdict = zone.allows(&of_places, "u", hex);
        assert_eq!(verdict, zone.allows(&of_hexes, "u", hex), "{hex}");
        inside += usize::from(verdict == Verdict::Yes);
    }
    assert!(inside > 20, "{inside} hexes inside");
}

#[test]
fn placements_relative_to_a_formations_setup() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let south = Placement::SideOf {
        of: Location::Formation("i".into()),
        side: Compass::South,
        inclusive: false,
    };
    check(&zone, &south, &["0608", "0707", "0612"], &["0605", "0606"]);
    let adjacent = Placement::AdjacentToAnyUnitOf("i".into());
    // 0606 itself is next to 0706: a unit of `i` there has a neighbour.
    check(
        &zone,
        &adjacent,
        &["0607", "0605", "0806", "0606"],
        &["0609", "0404"],
    );
    let nobody = Placement::At(Location::Formation("vi".into()));
    assert!(unknown(&zone, &nobody).contains("no unit of formation"));
}

#[test]
fn hexes_allowing_lists_the_zone() {
    let map = small_map();
    let zone = Zone::new(&map, &CorpsI);
    let stretch = Placement::At(Location::RoadStretch {
        road: "r".into(),
        from: Box::new(Location::Hex(id("0305"))),
        to: Box::new(place("town")),
    });
    let hexes = zone.hexes_allowing(&stretch, "u").expect("decidable");
    let names: Vec<String> = hexes.iter().map(ToString::to_string).collect();
    // The stretch ends at the first road hex (in road order) nearest the
    // town: 0505 touches 0606 as 0605 does.
    assert_eq!(names, ["0305", "0405", "0505"]);
    let text = Placement::Unstructured("in second line".into());
    assert!(zone.hexes_allowing(&text, "u").is_err());
}
