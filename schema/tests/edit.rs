//! Every map edit undoes exactly: applying an edit then its inverse gives
//! back the same map, for single edits and random strokes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::edit::{Edit, Properties};
use berthier_schema::map::{
    Compass, HexsideFeature, Map, MapEdge, Place, Road,
};
use berthier_schema::{Document, Format, Grid, HexId, Hexside, parse_document};
use proptest::prelude::*;

fn mini_map() -> Map {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mini/mini.map.ron"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    match parse_document(&text, Format::Ron) {
        Ok(Document::Map(map)) => map,
        other => panic!("mini map: {other:?}"),
    }
}

fn id(s: &str) -> HexId {
    s.parse().expect("id")
}

fn round_trip(edit: Edit) {
    let original = mini_map();
    let mut map = original.clone();
    let undo = edit.clone().apply(&mut map);
    assert_ne!(map, original, "{edit:?} changed nothing");
    let redo = undo.apply(&mut map);
    assert_eq!(map, original, "undo of {edit:?}");
    redo.apply(&mut map);
    let mut expected = original.clone();
    edit.apply(&mut expected);
    assert_eq!(map, expected, "redo of an edit");
}

#[test]
fn every_edit_kind_undoes_and_redoes() {
    let slope = HexsideFeature {
        at: Hexside::between(id("0201"), id("0202")).expect("side"),
        feature: "slope".into(),
        high: Some(id("0202")),
        name: None,
    };
    let existing = mini_map().hexsides[0].clone();
    let road = Road {
        id: "lane".into(),
        name: None,
        class: "road".into(),
        hexes: vec![id("0303"), id("0304")],
    };
    let place = Place {
        id: "farm".into(),
        name: "Farm".into(),
        aliases: vec![],
        category: Some("farm".into()),
        hexes: vec![id("0404")],
        provenance: None,
    };
    let edits = [
        Edit::Terrain {
            hex: id("0404"),
            to: Some("woods".into()),
        },
        Edit::Terrain {
            hex: id("0101"),
            to: Some("woods".into()),
        },
        Edit::Terrain {
            hex: id("0305"),
            to: None,
        },
        Edit::Level {
            hex: id("0101"),
            to: Some(2),
        },
        Edit::Level {
            hex: id("0505"),
            to: Some(1),
        },
        Edit::Hexside {
            feature: slope,
            present: true,
            at: None,
        },
        Edit::Hexside {
            feature: existing,
            present: false,
            at: None,
        },
        Edit::Road {
            id: "lane".into(),
            to: Some(road),
            at: None,
        },
        Edit::Road {
            id: "high-road".into(),
            to: None,
            at: None,
        },
        Edit::Place {
            id: "farm".into(),
            to: Some(place),
            at: None,
        },
        Edit::Place {
            id: "mill".into(),
            to: None,
            at: None,
        },
        Edit::EntryPoint {
            id: "high-road-west".into(),
            to: None,
            at: None,
        },
        Edit::Edge {
            id: "north".into(),
            to: None,
            at: None,
        },
        Edit::Edge {
            id: "east".into(),
            to: Some(MapEdge {
                id: "east".into(),
                name: None,
                side: Some(Compass::East),
                hexes: vec![],
                sheet: None,
            }),
            at: None,
        },
        Edit::Grid(Box::new(Grid {
            rotation_deg: 1.5,
            ..mini_map().grid
        })),
    ];
    for edit in edits {
        round_trip(edit);
    }
}

#[test]
fn deleting_then_undoing_keeps_the_order() {
    let mut map = mini_map();
    map.places.push(Place {
        id: "inn".into(),
        name: "Inn".into(),
        aliases: vec![],
        category: None,
        hexes: vec![id("0505")],
        provenance: None,
    });
    let before = map.clone();
    let undo = Edit::Place {
        id: "mill".into(),
        to: None,
        at: None,
    }
    .apply(&mut map);
    undo.apply(&mut map);
    assert_eq!(map, before);
}

fn stroke_strategy() -> impl Strategy<Value = Vec<Edit>> {
    let terrain = prop_oneof![
        Just(None),
        Just(Some("clear".to_owned())),
        Just(Some("woods".to_owned())),
    ];
    let level = prop_oneof![Just(None), (0i8..3).prop_map(Some)];
    let hex = (1u16..7, 1u16..6).prop_map(|(c, r)| HexId::new(c, r));
    let edit = prop_oneof![
        (hex.clone(), terrain).prop_map(|(hex, to)| Edit::Terrain { hex, to }),
        (hex, level).prop_map(|(hex, to)| Edit::Level { hex, to }),
    ];
    prop::collection::vec(edit, 1..40)
}

proptest! {
    #[test]
    fn a_random_stroke_is_one_undo_step(stroke in stroke_strategy()) {
        let original = mini_map();
        let mut map = original.clone();
        let undo = Edit::Batch(stroke).apply(&mut map);
        undo.apply(&mut map);
        prop_assert_eq!(map, original);
    }
}

/// `is_noop` says exactly whether applying the edit leaves the map as it
/// is, for every kind of edit, both ways.
#[test]
fn is_noop_matches_what_applying_does_for_every_edit_kind() {
    let map = mini_map();
    let road = map.roads[0].clone();
    let mut longer_road = road.clone();
    longer_road.hexes.push(id("0401"));
    let place = map.places[0].clone();
    let mut renamed_place = place.clone();
    renamed_place.name = "Old Mill".into();
    let entry = map.entry_points[0].clone();
    let mut moved_entry = entry.clone();
    moved_entry.hexes = vec![id("0102")];
    let edge = map.edges[0].clone();
    let mut renamed_edge = edge.clone();
    renamed_edge.name = Some("Top".into());
    let slope = map.hexsides[0].clone();
    let mut header = Properties::of(&map);
    let same_header = header.clone();
    header.name = "Other".into();
    let turned = Grid {
        rotation_deg: 1.5,
        ..map.grid.clone()
    };
    let terrain = |hex: &str, to: Option<&str>| Edit::Terrain {
        hex: id(hex),
        to: to.map(str::to_owned),
    };
    let level = |hex: &str, to| Edit::Level { hex: id(hex), to };
    let cases: Vec<(Edit, bool)> = vec![
        (terrain("0101", Some("clear")), true),
        (terrain("0101", Some("woods")), false),
        (terrain("0505", None), true),
        (terrain("0305", None), false),
        (level("0102", Some(1)), true),
        (level("0102", None), false),
        (level("0505", None), true),
        (
            Edit::Hexside {
                feature: slope.clone(),
                present: true,
                at: None,
            },
            true,
        ),
        (
            Edit::Hexside {
                feature: slope,
                present: false,
                at: None,
            },
            false,
        ),
        (
            Edit::Road {
                id: road.id.clone(),
                to: Some(road.clone()),
                at: None,
            },
            true,
        ),
        (
            Edit::Road {
                id: road.id.clone(),
                to: Some(longer_road),
                at: None,
            },
            false,
        ),
        (
            Edit::Road {
                id: "nowhere".into(),
                to: None,
                at: None,
            },
            true,
        ),
        (
            Edit::Road {
                id: road.id.clone(),
                to: None,
                at: None,
            },
            false,
        ),
        (
            Edit::Place {
                id: place.id.clone(),
                to: Some(place.clone()),
                at: None,
            },
            true,
        ),
        (
            Edit::Place {
                id: place.id.clone(),
                to: Some(renamed_place),
                at: None,
            },
            false,
        ),
        (
            Edit::Place {
                id: "farm".into(),
                to: Some(Place {
                    id: "farm".into(),
                    ..place
                }),
                at: None,
            },
            false,
        ),
        (
            Edit::EntryPoint {
                id: entry.id.clone(),
                to: Some(entry.clone()),
                at: None,
            },
            true,
        ),
        (
            Edit::EntryPoint {
                id: entry.id.clone(),
                to: Some(moved_entry),
                at: None,
            },
            false,
        ),
        (
            Edit::Edge {
                id: edge.id.clone(),
                to: Some(edge.clone()),
                at: None,
            },
            true,
        ),
        (
            Edit::Edge {
                id: edge.id.clone(),
                to: Some(renamed_edge),
                at: None,
            },
            false,
        ),
        (
            Edit::Edge {
                id: "east".into(),
                to: None,
                at: None,
            },
            true,
        ),
        (Edit::Grid(Box::new(map.grid.clone())), true),
        (Edit::Grid(Box::new(turned)), false),
        (Edit::Properties(Box::new(same_header)), true),
        (Edit::Properties(Box::new(header)), false),
        (Edit::Batch(vec![]), true),
        (
            Edit::Batch(vec![
                terrain("0101", Some("clear")),
                level("0102", Some(1)),
            ]),
            true,
        ),
        (
            Edit::Batch(vec![
                terrain("0101", Some("clear")),
                terrain("0202", Some("woods")),
            ]),
            false,
        ),
        (
            Edit::Batch(vec![Edit::Batch(vec![level("0505", None)])]),
            true,
        ),
    ];
    for (edit, noop) in cases {
        assert_eq!(edit.is_noop(&map), noop, "is_noop of {edit:?}");
        let mut after = map.clone();
        edit.clone().apply(&mut after);
        assert_eq!(after == map, noop, "applying {edit:?}");
    }
}
