//! Opening any file the editor shows reads it once and opens what it is:
//! a map, a scenario on its map with its counters named, an order of
//! battle, a game; a series is refused with the file named.

use berthier_tools::opened::{self, Opened};

use crate::common::files::root;

#[test]
fn each_kind_of_file_opens_as_what_it_is() {
    let map = root().join("maps/rivoli-1797/rivoli-1797.map.ron");
    let Ok(Opened::Map {
        map: opened,
        counters: None,
    }) = opened::open(&map)
    else {
        panic!("a map opens as a map with no counters");
    };
    assert_eq!(opened.scenario, None);

    let scenario = root().join("scenarios/rivoli-1797/historical.scenario.ron");
    let Ok(Opened::Map {
        map: opened,
        counters: Some(counters),
    }) = opened::open(&scenario)
    else {
        panic!("a scenario opens on its map with its counters");
    };
    assert_eq!(opened.scenario.as_deref(), Some(scenario.as_path()));
    assert!(
        counters.ends_with("rivoli-1797.counters.ron"),
        "{counters:?}"
    );

    let Ok(Opened::Counters(doc)) = opened::open(&counters) else {
        panic!("a counters file opens as an order of battle");
    };
    assert!(!doc.own().units.is_empty());

    let game = std::fs::read_dir(root().join("scenarios/combined-1815"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".game.ron"))
        .expect("a bundled game");
    assert!(matches!(opened::open(&game), Ok(Opened::Game(_))));

    let series = root().join("schema/series/jours-de-gloire.series.ron");
    let Err(e) = opened::open(&series) else {
        panic!("a series does not open in the editor");
    };
    assert_eq!(e.file, series);
}
