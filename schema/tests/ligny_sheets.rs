//! Ligny's map in two sheets, West and East (the "western map" of 001
//! l. 2195), means the same hexes as the one 56-column extent it replaced
//! (kept in `fixtures/ligny-one-extent`): every named place, road, edge,
//! entry point and Ligny 1 setup hex stands on the same canonical hex, and
//! every setup instruction of Ligny 1 allows the same hexes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::zone::{SetupLookup, Verdict, Zone};
use berthier_schema::{Format, HexId, Map, Scenario, parse};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> T {
    let text = std::fs::read_to_string(path).expect("read");
    parse(&text, Format::Ron).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn old_dir() -> PathBuf {
    root().join("schema/tests/fixtures/ligny-one-extent")
}

fn maps() -> (Map, Map) {
    let old = read(&old_dir().join("ligny-1815.map.ron"));
    let new = read(&root().join("maps/ligny-1815/ligny-1815.map.ron"));
    (old, new)
}

/// Every hex list of the gazetteer, named.
fn lists(map: &Map) -> Vec<(String, Vec<HexId>)> {
    let mut out: Vec<(String, Vec<HexId>)> = Vec::new();
    out.extend(map.roads.iter().map(|r| (r.id.clone(), r.hexes.clone())));
    out.extend(map.places.iter().map(|p| (p.id.clone(), p.hexes.clone())));
    out.extend(map.edges.iter().map(|e| (e.id.clone(), e.hexes.clone())));
    let entries = map.entry_points.iter();
    out.extend(entries.map(|e| (e.id.clone(), e.hexes.clone())));
    out
}

#[test]
fn ligny_is_two_sheets_side_by_side() {
    let (old, new) = maps();
    assert!(old.sheets.is_empty());
    let letters: Vec<char> = new.sheets.iter().map(|s| s.letter).collect();
    assert_eq!(letters, ['W', 'E']);
    let count = |m: &Map| m.extent.iter().flat_map(|e| e.hexes()).count();
    assert_eq!(count(&old), count(&new));
    // Every hex of the old extent is one hex of one sheet.
    for hex in old.extent.iter().flat_map(|e| e.hexes()) {
        let id = new.id_at(old.hex(hex), None).expect("on a sheet");
        assert_eq!(new.hex(id), old.hex(hex));
        let sheet = if hex.col <= 28 { b'W' } else { b'E' };
        assert_eq!(id.sheet, Some(sheet), "{hex} is {id}");
    }
    // Across the seam: column 28 of the western map touches column 01 of
    // the eastern one, as old columns 28 and 29 touched.
    let (w, e) = ("W2810".parse().unwrap(), "E0110".parse().unwrap());
    assert!(new.adjacent(w, e));
    let (a, b) = ("2810".parse().unwrap(), "2910".parse().unwrap());
    assert_eq!(new.distance(w, e), old.distance(a, b));
}

#[test]
fn every_named_hex_stands_where_it_stood() {
    let (old, new) = maps();
    let (before, after) = (lists(&old), lists(&new));
    assert_eq!(before.len(), after.len());
    for ((name, was), (renamed, now)) in before.iter().zip(&after) {
        assert_eq!(name, renamed);
        let was: Vec<_> = was.iter().map(|h| old.hex(*h)).collect();
        let now: Vec<_> = now.iter().map(|h| new.hex(*h)).collect();
        assert_eq!(was, now, "{name}");
    }
}

struct NoUnits;
impl SetupLookup for NoUnits {
    fn unit_hex(&self, _: &str) -> Option<HexId> {
        None
    }
    fn formation_hexes(&self, _: Option<&str>, _: &str) -> Vec<HexId> {
        Vec::new()
    }
}

#[test]
fn ligny_1_sets_up_on_the_same_hexes_and_zones() {
    let (old, new) = maps();
    let file = "ligny1-historical.scenario.ron";
    let before: Scenario = read(&old_dir().join(file));
    let after: Scenario = read(&root().join("scenarios/ligny-1815").join(file));
    let (zone_before, zone_after) =
        (Zone::new(&old, &NoUnits), Zone::new(&new, &NoUnits));
    let mut allowed = 0;
    for (was, now) in before.sides.iter().zip(&after.sides) {
        assert_eq!(was.setup.len(), now.setup.len());
        for (a, b) in was.setup.iter().zip(&now.setup) {
            assert_eq!(a.unit, b.unit);
            assert_eq!(old.hex(a.hex), new.hex(b.hex), "{}", a.unit);
        }
        for (a, b) in was.instructions.iter().zip(&now.instructions) {
            let unit = "nobody";
            for hex in old.extent.iter().flat_map(|e| e.hexes()) {
                let id = new.id_at(old.hex(hex), None).expect("on a sheet");
                let verdict = zone_before.allows(&a.placement, unit, hex);
                let same = zone_after.allows(&b.placement, unit, id);
                assert_eq!(verdict, same, "{hex} / {id}: {:?}", a.text);
                allowed += usize::from(verdict == Verdict::Yes);
            }
        }
    }
    // The zones are not all empty or all unknown: the comparison compared.
    assert!(allowed > 100, "{allowed} hexes allowed");
}
