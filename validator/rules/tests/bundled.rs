//! The library on the bundled battles, loaded the way a caller outside
//! `berthier-validate` loads them (`berthier_schema::pack`): every check
//! runs on the documents in memory, and none reports an error, as
//! `berthier-validate .` reports none (`validator/tests/bundled.rs` checks
//! the same packs through the binary).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_rules::check::{references, registry};
use berthier_rules::{Finding, Severity, map_checks};
use berthier_schema::battle::Battle;
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series, read_document,
};
use berthier_schema::{Document, Series};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files under `folder` of the repository whose names end in `suffix`.
fn files(folder: &str, suffix: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut dirs = vec![repo().join(folder)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn errors(findings: &[Finding]) -> Vec<&Finding> {
    findings
        .iter()
        .filter(|f| f.code.severity() == Severity::Error)
        .collect()
}

#[test]
fn bundled_maps_have_no_error() {
    let maps = files("maps", ".map.ron");
    assert!(maps.len() >= 4, "{maps:?}");
    for path in maps {
        let Ok(Document::Map(map)) = read_document(&path) else {
            panic!("{} is not a map", path.display());
        };
        let series = load_series(&beside(&path, &map.series)).expect("series");
        let findings = map_checks::check(&map, Some(&series));
        assert!(errors(&findings).is_empty(), "{path:?}: {findings:#?}");
    }
}

#[test]
fn bundled_scenarios_have_no_error() {
    let scenarios = files("scenarios", ".scenario.ron");
    assert!(scenarios.len() >= 3, "{scenarios:?}");
    for path in scenarios {
        // A variant (Ligny 7-9) is checked as resolved on its base.
        let scenario = match load_scenario(&path) {
            Ok(resolved) => resolved.scenario,
            Err(e) => panic!("{e}"),
        };
        let series: Series =
            load_series(&beside(&path, &scenario.series)).expect("series");
        let Ok(Document::Map(map)) =
            read_document(&beside(&path, &scenario.map))
        else {
            panic!("map of {}", path.display());
        };
        // Its effective counters: its own and what they include.
        let counters = load_counters(&beside(&path, &scenario.counters))
            .unwrap_or_else(|e| panic!("counters of {}: {e}", path.display()));
        let with_overrides = match &scenario.rule_overrides {
            Some(o) => series.with_overrides(o),
            None => series.clone(),
        };
        let mut findings = references::scenario(
            &scenario,
            Some(&with_overrides),
            Some(&map),
            Some(&counters),
        );
        findings.extend(references::counters(&counters, Some(&series)));
        let battle = Battle::new(&series, &map, &counters, &scenario);
        findings.extend(registry::check(&battle));
        assert!(errors(&findings).is_empty(), "{path:?}: {findings:#?}");
    }
}
