//! Every bundled scenario opens in the editor as its map, a variant (Ligny
//! 7-9, written on Ligny 1) through its base's map.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_tools::project;

use crate::common::files::bundled_scenarios as scenarios;

#[test]
fn every_bundled_scenario_opens_as_its_map() {
    let all = scenarios();
    assert!(all.len() >= 18, "{all:?}");
    for path in all {
        let (map_path, map) = project::resolve_map(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(map_path.is_file(), "{}", map_path.display());
        assert!(!map.id.is_empty());
    }
    let variant = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "../../scenarios/ligny-1815/ligny9-remembering-mouton.scenario.ron",
    );
    let (_, map) = project::resolve_map(&variant).expect("Ligny 9 opens");
    assert_eq!(map.id, "ligny-1815");
}
