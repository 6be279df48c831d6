//! Random runs of editor edits on the bundled maps, saved after each: the
//! save always keeps the file's comments and reads back as the map, and
//! it never has to fall back to writing the file afresh.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_schema::correction::Correction;
use berthier_schema::document::parse;
use berthier_schema::edit::Edit;
use berthier_schema::map::{HexsideFeature, Place, Road};
use berthier_schema::preserve::{keeps_comments, patch_text};
use berthier_schema::{Format, HexId, Hexside, Map};
use proptest::prelude::*;

const MAPS: [&str; 5] = [
    "demo/demo.map.ron",
    "rivoli-1797/rivoli-1797.map.ron",
    "canope-1801/canope-1801.map.ron",
    "ligny-1815/ligny-1815.map.ron",
    "quatre-bras-1815/quatre-bras-1815.map.ron",
];

fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps")
        .join(name);
    std::fs::read_to_string(path).expect("bundled map")
}

/// One edit, chosen by `kind`, on the hex `pick` selects.
fn edit(map: &mut Map, kind: u8, pick: usize, flag: bool) {
    let hexes: Vec<HexId> = map.extent.iter().flat_map(|e| e.hexes()).collect();
    let hex = hexes[pick % hexes.len()];
    let next = map
        .grid
        .neighbours(hex)
        .into_iter()
        .find(|n| map.contains(*n));
    match (kind % 9, next) {
        (0, _) => {
            let to = flag.then(|| "woods".to_owned());
            Edit::Terrain { hex, to }.apply(map);
        }
        (1, _) => {
            Edit::Level {
                hex,
                to: flag.then_some(1),
            }
            .apply(map);
        }
        (2, Some(n)) => {
            let feature = HexsideFeature {
                at: Hexside::between(hex, n).expect("adjacent"),
                feature: if flag { "river" } else { "stream" }.into(),
                high: None,
                name: flag.then(|| "La V\u{e8}re d'en haut".into()),
            };
            Edit::Hexside {
                feature,
                present: true,
                at: Some(pick % 3),
            }
            .apply(map);
        }
        (3, _) if !map.hexsides.is_empty() => {
            let feature = map.hexsides[pick % map.hexsides.len()].clone();
            Edit::Hexside {
                feature,
                present: false,
                at: None,
            }
            .apply(map);
        }
        (4, Some(n)) => {
            let id = format!("road-{pick}");
            let road = Road {
                id: id.clone(),
                name: None,
                class: "track".into(),
                hexes: vec![hex, n],
            };
            Edit::Road {
                id,
                to: Some(road),
                at: None,
            }
            .apply(map);
        }
        (5, _) if !map.roads.is_empty() => {
            let mut road = map.roads[pick % map.roads.len()].clone();
            if flag {
                road.hexes.pop();
            } else {
                road.hexes.push(hex);
            }
            let to = (road.hexes.len() > 1).then_some(road.clone());
            Edit::Road {
                id: road.id,
                to,
                at: None,
            }
            .apply(map);
        }
        (6, _) => {
            let id = format!("place-{pick}");
            let place = Place {
                id: id.clone(),
                name: format!("Moulin {pick}"),
                aliases: vec![],
                category: None,
                hexes: vec![hex],
                provenance: None,
            };
            Edit::Place {
                id,
                to: flag.then_some(place),
                at: None,
            }
            .apply(map);
        }
        (7, _) if !map.places.is_empty() => {
            let mut place = map.places[pick % map.places.len()].clone();
            place.hexes.retain(|h| *h != hex);
            place.hexes.push(hex);
            place.category = flag.then(|| "farm".into());
            Edit::Place {
                id: place.id.clone(),
                to: Some(place),
                at: None,
            }
            .apply(map);
        }
        _ => {
            let mut grid = map.grid.clone();
            grid.rotation_deg = (pick % 7) as f64 * 0.1;
            if flag {
                grid.corrections.push(Correction {
                    hex,
                    offset_px: [0.5, -0.25],
                });
            } else {
                grid.corrections.clear();
            }
            Edit::Grid(Box::new(grid)).apply(map);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_edit_sessions_always_save_in_place(
        which in 0..MAPS.len(),
        steps in prop::collection::vec((0u8..9, 0usize..10_000, any::<bool>()), 1..8),
    ) {
        let original = read(MAPS[which]);
        let mut text = original.clone();
        let mut map: Map = parse(&text, Format::Ron).expect("map");
        for (kind, pick, flag) in steps {
            edit(&mut map, kind, pick, flag);
            let saved = patch_text(&text, Format::Ron, &map);
            prop_assert!(saved.is_some(), "{} after {kind}/{pick}/{flag}:\n{text}", MAPS[which]);
            text = saved.unwrap_or_default();
            prop_assert_eq!(&parse::<Map>(&text, Format::Ron).expect("reads"), &map);
        }
        prop_assert!(keeps_comments(&original, &text, Format::Ron), "{}", text);
    }
}
