//! The editor's live map checks (`map_checks::check`, the findings panel)
//! report exactly what `berthier-validate` reports for a map file: every
//! bundled map, and the demo map with an unknown terrain id, an unknown
//! hexside feature, and a road running off the map. Each case is a
//! temporary pack holding the map's folder and the bundled series, so the
//! map's `series` and `scan` paths resolve as in the repository.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use berthier_schema::{Document, Format};
use berthier_validator::map_checks;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `(code, pointer, hex, message)` of one finding.
type Seen = BTreeSet<(String, String, Option<String>, String)>;

/// A pack with the bundled series and the folder of `map` (a path under
/// `maps/`); returns it and the map's path in it.
fn pack_with(map: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let series = dir.path().join("schema/series");
    std::fs::create_dir_all(&series).expect("mkdir");
    for entry in std::fs::read_dir(repo().join("schema/series")).expect("ls") {
        let entry = entry.expect("entry");
        if entry.path().is_dir() {
            continue; // archive/: older versions, named by standard name
        }
        std::fs::copy(entry.path(), series.join(entry.file_name()))
            .expect("copy series");
    }
    let from = repo().join(map);
    let folder = dir.path().join(Path::new(map).parent().expect("folder"));
    std::fs::create_dir_all(&folder).expect("mkdir");
    for entry in std::fs::read_dir(from.parent().expect("folder")).expect("ls")
    {
        let entry = entry.expect("entry");
        std::fs::copy(entry.path(), folder.join(entry.file_name()))
            .expect("copy map folder");
    }
    let path = dir.path().join(map);
    (dir, path)
}

/// What the live checks find in the map file at `path`.
fn live(path: &Path) -> Seen {
    let text = std::fs::read_to_string(path).expect("read");
    let Ok(Document::Map(map)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{} is not a map", path.display());
    };
    let series = map_checks::series_for_map(path, &map).expect("series");
    map_checks::check(&map, Some(&series))
        .into_iter()
        .map(|f| {
            let hex = f.hex.map(|h| h.to_string());
            (f.code.to_string(), f.pointer, hex, f.message)
        })
        .collect()
}

/// What a validation run of `root` reports for the map file at `path`.
fn validated(root: &Path, path: &Path) -> Seen {
    let report =
        berthier_validator::validate(&[root.to_path_buf()]).expect("run");
    let name = path.file_name().expect("name").to_string_lossy();
    report
        .diagnostics
        .into_iter()
        .filter(|d| d.file.ends_with(&*name))
        .map(|d| {
            let hex = d.hex.map(|h| h.to_string());
            (d.code.to_string(), d.pointer, hex, d.message)
        })
        .collect()
}

fn bundled_maps() -> Vec<String> {
    let mut maps = Vec::new();
    for folder in std::fs::read_dir(repo().join("maps")).expect("maps") {
        let folder = folder.expect("entry").path();
        for file in std::fs::read_dir(&folder).expect("map folder") {
            let file = file.expect("entry").path();
            let name = file.file_name().expect("name").to_string_lossy();
            if name.ends_with(".map.ron") {
                let rel = file.strip_prefix(repo()).expect("under repo");
                maps.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    maps.sort();
    maps
}

#[test]
fn live_checks_match_berthier_validate_on_every_bundled_map() {
    let maps = bundled_maps();
    assert!(maps.len() >= 5, "{maps:?}");
    for map in maps {
        let (dir, path) = pack_with(&map);
        assert_eq!(live(&path), validated(dir.path(), &path), "{map}");
    }
}

/// The demo map with `from` replaced by `to`: its findings, live and
/// validated, which must include `code` at `hex`.
fn mutated_demo(from: &str, to: &str, code: &str, hex: Option<&str>) {
    let (dir, path) = pack_with("maps/demo/demo.map.ron");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "demo has no {from:?}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    let live = live(&path);
    let want = (code.to_owned(), hex.map(str::to_owned));
    assert!(
        live.iter()
            .any(|(c, _, h, _)| (c.clone(), h.clone()) == want),
        "{code} {hex:?} not in {live:?}"
    );
    assert_eq!(live, validated(dir.path(), &path), "{to}");
}

#[test]
fn unknown_terrain_is_reported_live_as_in_ci() {
    mutated_demo(
        "\"0101\": (terrain: \"clear\"",
        "\"0101\": (terrain: \"swamp-forest\"",
        "REF008",
        Some("0101"),
    );
}

#[test]
fn unknown_hexside_feature_is_reported_live_as_in_ci() {
    mutated_demo(
        "feature: \"bridge\"",
        "feature: \"pontoon\"",
        "REF008",
        None,
    );
}

#[test]
fn road_off_the_map_is_reported_live_as_in_ci() {
    mutated_demo(
        "\"1606\"]),",
        "\"1606\", \"1706\"]),",
        "REF007",
        Some("1706"),
    );
}

#[test]
fn without_a_series_the_live_checks_match_berthier_validate() {
    let (dir, path) = pack_with("maps/demo/demo.map.ron");
    let text = std::fs::read_to_string(&path).expect("read");
    let text = text
        .replacen("series: \"", "series: \"missing/", 1)
        .replacen("\"1606\"]),", "\"1606\", \"1706\"]),", 1);
    std::fs::write(&path, text).expect("write");
    let Ok(Document::Map(map)) = berthier_schema::load_document(
        &std::fs::read_to_string(&path).expect("read"),
        Format::Ron,
    ) else {
        panic!("not a map");
    };
    let live: Seen = map_checks::check(&map, None)
        .into_iter()
        .map(|f| {
            let hex = f.hex.map(|h| h.to_string());
            (f.code.to_string(), f.pointer, hex, f.message)
        })
        .collect();
    let mut validated = validated(dir.path(), &path);
    // The missing series file itself: a file reference, not a map check.
    let missing = validated.iter().find(|f| f.0 == "REF001").cloned();
    validated.remove(&missing.expect("REF001 for the series"));
    assert!(live.iter().any(|f| f.0 == "REF007"), "{live:?}");
    assert_eq!(live, validated);
}

#[test]
fn without_a_series_only_the_checks_that_need_it_are_left_out() {
    let (_dir, path) = pack_with("maps/demo/demo.map.ron");
    let text = std::fs::read_to_string(&path).expect("read");
    // One finding that needs the series (MAP001), one that does not.
    let text = text
        .replacen("feature: \"bridge\"", "feature: \"river\"", 1)
        .replacen("\"1606\"]),", "\"1606\", \"1706\"]),", 1);
    let Ok(Document::Map(map)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("not a map");
    };
    let series = map_checks::series_for_map(&path, &map).expect("series");
    let all = map_checks::check(&map, Some(&series));
    let kept: Vec<_> = all
        .iter()
        .filter(|f| !map_checks::NEED_SERIES.contains(&f.code))
        .cloned()
        .collect();
    assert!(kept.len() < all.len(), "{all:?}");
    assert!(!kept.is_empty(), "{all:?}");
    assert_eq!(map_checks::check(&map, None), kept);
}
