//! The placement vocabulary evaluated on maps, with Rivoli's printed
//! free-deployment lines as the reference case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::map::{Compass, Map};
use berthier_schema::placement::{Location, Placement};
use berthier_schema::zone::{SetupLookup, Verdict, Zone};
use berthier_schema::{Document, Format, HexId, parse_document};

struct NoUnits;
impl SetupLookup for NoUnits {
    fn unit_hex(&self, _: &str) -> Option<HexId> {
        None
    }
    fn formation_hexes(&self, _: Option<&str>, _: &str) -> Vec<HexId> {
        Vec::new()
    }
}

fn id(s: &str) -> HexId {
    s.parse().expect("hex id")
}

fn rivoli_like() -> Map {
    let text = r#"(kind: map, format_version: 1, id: "r", name: "R",
        series: "s.series.ron",
        grid: (shift: odd, origin_hex: "0101", hex_radius_px: 20.0),
        extent: [(cols: (1, 35), rows: (1, 22))],
        roads: [(id: "r", class: "road",
                 hexes: ["0101", "0201", "0301", "0401", "0501"])],
        places: [(id: "a", name: "A", hexes: ["0101"]),
                 (id: "b", name: "B", hexes: ["0901"])],
        edges: [(id: "south", side: south)])"#;
    match parse_document(text, Format::Ron) {
        Ok(Document::Map(map)) => map,
        other => panic!("test map: {other:?}"),
    }
}

fn austrian_zone() -> Placement {
    // "north of the line 0104-1009-1904-2608-3503" (seed-jdg §5.2, with
    // the probable typo 2609 read as 2608).
    let line = ["0104", "1009", "1904", "2608", "3503"]
        .iter()
        .map(|h| Location::Hex(id(h)))
        .collect();
    Placement::SideOfLine {
        line,
        side: Compass::North,
        inclusive: true,
    }
}

#[test]
fn rivoli_austrian_free_deployment_is_north_of_the_line() {
    let map = rivoli_like();
    let zone = Zone::new(&map, &NoUnits);
    let verdict = |h: &str| zone.allows(&austrian_zone(), "u", id(h));
    for north in ["1304", "0901", "3101", "2305", "1307", "0104"] {
        assert_eq!(verdict(north), Verdict::Yes, "{north}");
    }
    // Historical Austrian hexes that the digest notes lie south of it.
    for south in ["1408", "1607", "2007", "2408", "1722"] {
        assert_eq!(verdict(south), Verdict::No, "{south}");
    }
}

#[test]
fn rivoli_french_polygon_contains_its_historical_hexes() {
    let map = rivoli_like();
    let zone = Zone::new(&map, &NoUnits);
    let polygon = Placement::Region(
        ["1122", "1112", "2008", "2209", "2215", "2222"]
            .iter()
            .map(|h| id(h))
            .collect(),
    );
    for inside in ["1715", "1617", "1618", "2015", "1511", "1710", "2109"] {
        assert_eq!(
            zone.allows(&polygon, "u", id(inside)),
            Verdict::Yes,
            "{inside}"
        );
    }
    for outside in ["0901", "1304", "3101", "0521"] {
        assert_eq!(
            zone.allows(&polygon, "u", id(outside)),
            Verdict::No,
            "{outside}"
        );
    }
}

#[test]
fn within_halfway_road_and_edge_placements() {
    let map = rivoli_like();
    let zone = Zone::new(&map, &NoUnits);
    let within = Placement::Within {
        of: Location::Place("a".into()),
        hexes: 2,
    };
    assert_eq!(zone.allows(&within, "u", id("0302")), Verdict::Yes);
    assert_eq!(zone.allows(&within, "u", id("0401")), Verdict::No);
    let halfway = Placement::HalfwayBetween {
        a: Location::Place("a".into()),
        b: Location::Place("b".into()),
        radius: 0,
    };
    assert_eq!(zone.allows(&halfway, "u", id("0501")), Verdict::Yes);
    let road = Placement::OnRoad {
        road: "r".into(),
        from: Location::Place("a".into()),
        to: Location::Hex(id("0301")),
        or_adjacent: false,
    };
    assert_eq!(zone.allows(&road, "u", id("0201")), Verdict::Yes);
    assert_eq!(zone.allows(&road, "u", id("0401")), Verdict::No);
    let south = Placement::At(Location::Edge("south".into()));
    assert_eq!(zone.allows(&south, "u", id("1722")), Verdict::Yes);
    assert_eq!(zone.allows(&south, "u", id("1721")), Verdict::No);
    assert_eq!(
        zone.allows(&Placement::Anywhere, "u", id("3640")),
        Verdict::No
    );
}

#[test]
fn unresolved_references_are_unknown_not_false() {
    let map = rivoli_like();
    let zone = Zone::new(&map, &NoUnits);
    let missing = Placement::At(Location::Place("zoanne".into()));
    assert!(matches!(
        zone.allows(&missing, "u", id("0101")),
        Verdict::Unknown(_)
    ));
    let text = Placement::Unstructured("second line".into());
    assert!(matches!(
        zone.allows(&text, "u", id("0101")),
        Verdict::Unknown(_)
    ));
    let stacked = Placement::StackedWith("nobody".into());
    assert!(matches!(
        zone.allows(&stacked, "u", id("0101")),
        Verdict::Unknown(_)
    ));
}
