//! The bundled demo battle is complete and consistent with its series.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::{Document, Map, Series};
use berthier_tools::{project, scene};

fn demo() -> (Map, Series) {
    let (path, map) =
        project::resolve_map(&project::demo_map_path()).expect("demo map");
    let series = project::series_for(&path, &map).expect("series");
    (map, series)
}

#[test]
fn every_hex_is_painted_with_a_series_terrain_and_a_level() {
    let (map, series) = demo();
    let mut count = 0;
    for h in scene::all_hexes(&map) {
        let data = map.hexes.get(&h).unwrap_or_else(|| panic!("{h} unpainted"));
        let t = data.terrain.as_deref().expect("terrain");
        assert!(series.terrain_type(t).is_some(), "{h}: unknown terrain {t}");
        assert!(data.level.is_some(), "{h}: no level");
        count += 1;
    }
    assert_eq!(count, 16 * 12);
    assert_eq!(map.hexes.len(), count, "painted hexes off the map");
}

#[test]
fn hexsides_touch_and_use_series_types() {
    let (map, series) = demo();
    for f in &map.hexsides {
        assert!(f.at.is_on(&map.grid), "{} not adjacent", f.at);
        let ty = series.hexside_type(&f.feature).expect("hexside type");
        if ty.directed {
            let high =
                f.high.unwrap_or_else(|| panic!("{}: no high side", f.at));
            assert!(f.at.hexes().contains(&high));
        }
    }
    let crossings: Vec<_> = map
        .hexsides
        .iter()
        .filter(|f| matches!(f.feature.as_str(), "bridge" | "ford"))
        .collect();
    assert_eq!(crossings.len(), 2);
    for c in crossings {
        assert!(
            map.hexsides
                .iter()
                .any(|f| f.at == c.at && f.feature == "river"),
            "{} not on the river",
            c.at
        );
    }
}

#[test]
fn roads_are_chains_of_adjacent_hexes_and_references_resolve() {
    let (map, series) = demo();
    for road in &map.roads {
        assert!(series.road_types.iter().any(|t| t.id == road.class));
        for pair in road.hexes.windows(2) {
            assert!(
                map.grid.adjacent(pair[0], pair[1]),
                "{}: {} {}",
                road.id,
                pair[0],
                pair[1]
            );
        }
    }
    for p in &map.places {
        assert!(p.hexes.iter().all(|h| map.contains(*h)), "{}", p.id);
    }
    for e in &map.entry_points {
        assert!(e.hexes.iter().all(|h| map.contains(*h)), "{}", e.id);
        assert!(e.road.as_deref().is_none_or(|r| map.road(r).is_some()));
        assert!(
            e.edge
                .as_deref()
                .is_none_or(|id| map.edges.iter().any(|x| x.id == id))
        );
    }
    for edge in &map.edges {
        assert!(!map.edge_hexes(edge).is_empty(), "{}", edge.id);
    }
}

#[test]
fn the_series_file_is_a_series() {
    let (path, map) =
        project::resolve_map(&project::demo_map_path()).expect("demo");
    let doc = project::read_document(&berthier_schema::pack::beside(
        &path,
        &map.series,
    ))
    .expect("series");
    assert!(matches!(doc, Document::Series(_)));
}
