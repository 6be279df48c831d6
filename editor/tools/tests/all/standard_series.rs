//! A pack outside Berthier's repository names a standard series instead
//! of a path: the editor opens its map and order of battle with the
//! series' terrain and classes, and says which name is unknown.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_tools::{oob::OobDoc, project};

/// The Rivoli map and order of battle copied into `dir`, their `series`
/// replaced by `series`.
fn rivoli_named(
    dir: &Path,
    series: &str,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = "../../schema/series/jours-de-gloire.series.ron";
    let mut copied = Vec::new();
    for file in [
        "maps/rivoli-1797/rivoli-1797.map.ron",
        "counters/rivoli-1797/rivoli-1797.counters.ron",
    ] {
        let text = std::fs::read_to_string(repo.join(file)).expect("read");
        assert!(text.contains(path), "{file} names {path}");
        let target = dir.join(Path::new(file).file_name().expect("name"));
        std::fs::write(&target, text.replace(path, series)).expect("write");
        copied.push(target);
    }
    (copied[0].clone(), copied[1].clone())
}

#[test]
fn a_map_and_its_counters_open_on_a_standard_series_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (map, counters) = rivoli_named(dir.path(), "jours-de-gloire@1");
    let opened = project::open(&map).expect("opens");
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    let series = opened.series.expect("the standard series loads");
    assert_eq!(series.id, "jours-de-gloire");
    assert!(series.terrain_type("woods").is_some());
    let oob = OobDoc::open(&counters).expect("opens");
    assert!(oob.warnings.is_empty(), "{:?}", oob.warnings);
    let series = oob.series.expect("the standard series loads");
    assert!(series.class("infantry").is_some());
}

#[test]
fn an_unknown_name_is_a_warning_with_the_nearest_known_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (map, _) = rivoli_named(dir.path(), "jours-de-glore");
    let opened = project::open(&map).expect("opens without its series");
    assert!(opened.series.is_none());
    let warning = opened.warnings.join("\n");
    assert!(
        warning.contains("did you mean `jours-de-gloire`"),
        "{warning}"
    );
}
