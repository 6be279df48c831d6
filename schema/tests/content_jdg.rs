//! The Jours de Gloire content (series, Rivoli 1797, Canope 1801) loads and
//! agrees with the rulebooks (seeds 000 and 002).

use std::path::{Path, PathBuf};

use berthier_schema::{Document, Format, Series, load_document};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

fn load(rel: &str) -> Document {
    let path = repo().join(rel);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_document(&text, Format::Ron)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn series(rel: &str) -> Series {
    match load(rel) {
        Document::Series(s) => s,
        other => panic!("{rel}: not a series: {:?}", other.kind()),
    }
}

#[test]
fn classic_series_loads() {
    let s = series("schema/series/jours-de-gloire.series.ron");
    for id in [
        "clear",
        "difficult",
        "orchard",
        "woods",
        "marsh",
        "town",
        "village",
        "castle",
        "fortification",
        "sea",
        "lake",
    ] {
        assert!(s.terrain_type(id).is_some(), "terrain {id}");
    }
}

#[test]
fn empire_and_canope_series_load() {
    let empire = series("schema/series/jours-de-gloire-empire.series.ron");
    let canope = series("schema/series/canope-1801.series.ron");
    assert_eq!(
        canope.extends.as_deref(),
        Some("jours-de-gloire-empire.series.ron")
    );
    let merged =
        empire.with_overrides(canope.overrides.as_ref().expect("overrides"));
    assert!(merged.terrain_type("ruins").expect("ruins").six_fronts);
}
