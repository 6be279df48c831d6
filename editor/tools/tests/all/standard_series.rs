//! A pack outside Berthier's repository names a standard series instead
//! of a path (as `berthier-validate init` writes it): the editor opens its
//! map, order of battle, set-up and schedule with the series' terrain and
//! classes, resolving the name as the validator does, and says which name
//! is unknown.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_tools::setup::SetupDoc;
use berthier_tools::timeline::TimelineDoc;
use berthier_tools::{oob::OobDoc, project};

const RIVOLI: [&str; 3] = [
    "maps/rivoli-1797/rivoli-1797.map.ron",
    "counters/rivoli-1797/rivoli-1797.counters.ron",
    "scenarios/rivoli-1797/historical.scenario.ron",
];

/// The Rivoli map, order of battle and historical scenario copied into
/// `dir` as a pack lays them out (no `schema/series/` folder), their
/// `series` replaced by `series`; the copies, in `RIVOLI`'s order.
fn rivoli_named(dir: &Path, series: &str) -> Vec<std::path::PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = "../../schema/series/jours-de-gloire.series.ron";
    let mut copied = Vec::new();
    for file in RIVOLI {
        let text = std::fs::read_to_string(repo.join(file)).expect("read");
        assert!(text.contains(path), "{file} names {path}");
        let target = dir.join(file);
        std::fs::create_dir_all(target.parent().expect("folder"))
            .expect("mkdir");
        std::fs::write(&target, text.replace(path, series)).expect("write");
        copied.push(target);
    }
    copied
}

#[test]
fn a_map_and_its_counters_open_on_a_standard_series_by_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copied = rivoli_named(dir.path(), "jours-de-gloire@1");
    let (map, counters) = (&copied[0], &copied[1]);
    let opened = project::open(map).expect("opens");
    assert!(opened.warnings.is_empty(), "{:?}", opened.warnings);
    let series = opened.series.expect("the standard series loads");
    assert_eq!(series.id, "jours-de-gloire");
    assert!(series.terrain_type("woods").is_some());
    let oob = OobDoc::open(counters).expect("opens");
    assert!(oob.warnings.is_empty(), "{:?}", oob.warnings);
    let series = oob.series.expect("the standard series loads");
    assert!(series.class("infantry").is_some());
}

#[test]
fn an_unknown_name_is_a_warning_with_the_nearest_known_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copied = rivoli_named(dir.path(), "jours-de-glore");
    let opened = project::open(&copied[0]).expect("opens without its series");
    assert!(opened.series.is_none());
    let warning = opened.warnings.join("\n");
    assert!(
        warning.contains("did you mean `jours-de-gloire`"),
        "{warning}"
    );
}

#[test]
fn a_scenario_on_a_standard_series_opens_in_setup_and_timeline() {
    let dir = tempfile::tempdir().expect("tempdir");
    let copied = rivoli_named(dir.path(), "jours-de-gloire@1");
    let scenario = &copied[2];
    let setup = SetupDoc::open(scenario).expect("Setup opens it");
    assert_eq!(setup.series.id, "jours-de-gloire");
    assert!(!setup.battle().counters.units.is_empty());
    let timeline = TimelineDoc::open(scenario).expect("Timeline opens it");
    assert!(timeline.warnings.is_empty(), "{:?}", timeline.warnings);
    let series = timeline.series.as_ref().expect("the series loads");
    assert!(series.class("infantry").is_some());
    assert!(timeline.battle().is_some());
}
