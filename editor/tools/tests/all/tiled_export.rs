//! The Tiled export of every bundled map, read back by the `tiled` crate
//! (a TMX library that is not ours): the grid's shape, every hex's
//! terrain and level on its cell, and the gazetteer's objects.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use berthier_schema::map::Map;
use berthier_schema::{Document, Format, load_document};
use berthier_tools::tiled::export;
use berthier_tools::tiled::layout::Layout;
use tiled::{Loader, PropertyValue};

fn bundled_maps() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps");
    let mut maps: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap()
        .flat_map(|battle| std::fs::read_dir(battle.unwrap().path()).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".map.ron"))
        .collect();
    maps.sort();
    assert!(maps.len() >= 5, "{maps:?}");
    maps
}

fn load(path: &Path) -> Map {
    let text = std::fs::read_to_string(path).unwrap();
    match load_document(&text, Format::Ron).unwrap() {
        Document::Map(map) => map,
        _ => panic!("{} is not a map", path.display()),
    }
}

fn string(props: &tiled::Properties, name: &str) -> Option<String> {
    match props.get(name)? {
        PropertyValue::StringValue(s) => Some(s.clone()),
        other => panic!("{name} is {other:?}"),
    }
}

#[test]
fn every_bundled_map_reads_back_hex_by_hex() {
    for path in bundled_maps() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("map.tmx");
        let report = export(&path, &out).unwrap();
        let map = load(&path);
        let layout = Layout::of(&map).unwrap();
        let hexes = map.extent.iter().flat_map(|e| e.hexes()).count();
        assert_eq!(report.hexes, hexes, "{}", path.display());
        let read = Loader::new().load_tmx_map(&out).unwrap();
        assert_eq!(read.orientation, tiled::Orientation::Hexagonal);
        assert_eq!([read.tile_width, read.tile_height], layout.tile);
        let layer = |name: &str| {
            read.layers()
                .find(|l| l.name == name)
                .unwrap_or_else(|| panic!("no layer {name}"))
        };
        let terrain = layer("terrain").as_tile_layer().unwrap();
        let levels = layer("elevation").as_tile_layer().unwrap();
        let mut seen = 0;
        for (id, cell) in &layout.cells {
            let (x, y) = (cell.x as i32, cell.y as i32);
            let data = map.hexes.get(id);
            let tile = terrain.get_tile(x, y).expect("a terrain tile per hex");
            let props = &tile.get_tile().unwrap().properties;
            let want = data.and_then(|d| d.terrain.clone()).unwrap_or_default();
            assert_eq!(string(props, "terrain"), Some(want), "{id}");
            let level = levels.get_tile(x, y).map(|t| {
                string(&t.get_tile().unwrap().properties, "level").unwrap()
            });
            let want = data.and_then(|d| d.level).map(|l| l.to_string());
            assert_eq!(level, want, "level of {id}");
            seen += 1;
        }
        assert_eq!(seen, hexes);
        let count =
            |name: &str| layer(name).as_object_layer().unwrap().objects().len();
        assert_eq!(count("roads"), map.roads.len(), "{}", path.display());
        assert_eq!(count("hexsides"), map.hexsides.len());
        let place_hexes: usize = map.places.iter().map(|p| p.hexes.len()).sum();
        assert_eq!(count("places"), place_hexes);
    }
}

#[test]
fn a_place_polygon_sits_on_its_hex_cell() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../maps/demo/demo.map.ron");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo.tmx");
    export(&path, &out).unwrap();
    let map = load(&path);
    let layout = Layout::of(&map).unwrap();
    let read = Loader::new().load_tmx_map(&out).unwrap();
    let places = read.layers().find(|l| l.name == "places").unwrap();
    let mut by_hex = BTreeMap::new();
    for o in places.as_object_layer().unwrap().objects() {
        let hex = string(&o.properties, "hex").unwrap();
        let tiled::ObjectShape::Polygon { points } = &o.shape else {
            panic!("{} is not a polygon", o.name)
        };
        let n = points.len() as f32;
        let cx = o.x + points.iter().map(|p| p.0).sum::<f32>() / n;
        let cy = o.y + points.iter().map(|p| p.1).sum::<f32>() / n;
        by_hex.insert(hex, (cx, cy));
    }
    assert!(!by_hex.is_empty());
    for (hex, (cx, cy)) in by_hex {
        let cell = layout.cells[&hex.parse().unwrap()];
        assert!((f64::from(cx) - cell.centre[0]).abs() < 0.5, "{hex}");
        assert!((f64::from(cy) - cell.centre[1]).abs() < 0.5, "{hex}");
    }
}

#[test]
fn a_map_that_does_not_open_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.map.ron");
    std::fs::write(
        &bad,
        "(kind: map, format_version: 2, id: \"x\",\n  grid: oops)",
    )
    .unwrap();
    let out = dir.path().join("bad.tmx");
    let e = export(&bad, &out).unwrap_err().to_string();
    assert!(e.contains("bad.map.ron"), "{e}");
    assert!(!out.exists(), "nothing written");
}
