//! A scenario's victory conditions on the map screen, through iced_test:
//! Rivoli's historical scenario lists its objectives with the points per
//! side, its exit, the conditions the rules read but cannot place, and
//! the conditions kept as text apart; the objectives and the exit are
//! drawn over the map. Quatre-Bras draws an exit's road.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_editor::screen::map::MapScreen;
use berthier_schema::HexId;
use berthier_tools::project;
use berthier_tools::scene::Shape;
use berthier_tools::victory::EXIT_INK;
use iced_test::{selector, simulator};

fn bundled(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file)
}

fn opened(scenario: &Path) -> MapScreen {
    MapScreen::new(project::open(scenario).expect("opens"))
}

fn shows(s: &MapScreen, part: &str) -> bool {
    let mut ui = simulator(s.view());
    ui.find(|c: selector::Candidate<'_>| match c {
        selector::Candidate::Text { content, .. } if content.contains(part) => {
            Some(())
        }
        _ => None,
    })
    .is_ok()
}

#[test]
fn rivoli_lists_and_draws_its_objectives_exit_and_text_conditions() {
    let s = opened(&bundled("scenarios/rivoli-1797/historical.scenario.ron"));
    let victory = s.victory().expect("conditions");
    let labels: Vec<&str> =
        victory.drawn.iter().map(|d| d.label.as_str()).collect();
    assert!(
        labels.contains(
            &"Austrian (Alvinczy): objective Chapelle San Marco, 2 VP"
        ),
        "{labels:?}"
    );
    // Sides by the names the order of battle gives them, not by id.
    assert!(labels.contains(&"Austrian (Alvinczy): objective hex 1722, 5 VP"));
    let exit = "Austrian (Alvinczy): exit 2 by";
    assert!(labels.iter().any(|l| l.starts_with(exit)));
    assert_eq!(
        victory.points_by_side(),
        [
            ("French (Bonaparte)".to_owned(), 0),
            ("Austrian (Alvinczy)".to_owned(), 7)
        ]
    );
    // Eliminations have no place on the map; the text conditions are
    // counted as the findings panel counts them.
    assert_eq!(victory.other.len(), 2, "{:?}", victory.other);
    let unchecked = s
        .live()
        .map(|_| {
            berthier_editor::scenario_findings::Unchecked::count(
                &bundled("scenarios/rivoli-1797/historical.scenario.ron"),
                &Default::default(),
            )
        })
        .expect("live");
    assert_eq!(Some(victory.text.len()), unchecked.text_victory);
    // Listed on the screen.
    assert!(shows(
        &s,
        "On the map: French (Bonaparte) 0 VP, Austrian (Alvinczy) 7 VP"
    ));
    assert!(shows(&s, "objective Chapelle San Marco, 2 VP"));
    let apart = format!("Kept as text, not checked ({}):", victory.text.len());
    assert!(shows(&s, &apart));
    assert!(shows(&s, "Rivoli: 3 victory points"));
    // Drawn: the 2 VP and 5 VP tags and the exit's ring at 1722.
    let shapes = victory.shapes(&s.opened().map);
    let tags: Vec<&str> = shapes
        .iter()
        .filter_map(|sh| match sh {
            Shape::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    for tag in ["2 VP", "5 VP", "EXIT"] {
        assert!(tags.contains(&tag), "{tags:?}");
    }
    let exit = victory.drawn.iter().find(|d| d.exit).expect("exit");
    assert_eq!(exit.hexes, ["1722".parse::<HexId>().expect("hex")]);
}

#[test]
fn an_exit_by_an_entry_point_draws_the_road_it_comes_in_on() {
    let s = opened(&bundled(
        "scenarios/quatre-bras-1815/qb1-historical.scenario.ron",
    ));
    let victory = s.victory().expect("conditions");
    let map = &s.opened().map;
    let exits: Vec<_> = victory.drawn.iter().filter(|d| d.exit).collect();
    assert!(!exits.is_empty());
    for exit in &exits {
        assert!(!exit.hexes.is_empty(), "{}", exit.label);
    }
    let with_road = map
        .entry_points
        .iter()
        .any(|e| e.id == "from-ligny" && e.road.is_some());
    let drawn_road = victory.shapes(map).iter().any(|sh| {
        matches!(sh, Shape::Line { colour, points, .. }
            if *colour == EXIT_INK && points.len() > 2)
    });
    assert_eq!(drawn_road, with_road);
}

#[test]
fn reload_keeps_the_scenario_its_victory_list_and_findings() {
    let scenario = bundled("scenarios/rivoli-1797/historical.scenario.ron");
    let mut s = opened(&scenario);
    let before = s.victory().expect("conditions").drawn.len();
    assert!(s.live().is_some());
    let (_, event) = s.reload();
    assert!(event.is_none(), "reloaded");
    assert_eq!(s.opened().scenario.as_deref(), Some(scenario.as_path()));
    assert_eq!(
        s.victory().expect("conditions after reload").drawn.len(),
        before
    );
    assert!(s.live().is_some(), "the scenario's findings panel is kept");
}

/// An objective's "2 VP" sits in its hex's middle, clear of the place
/// name written below it (they were drawn one over the other) and of the
/// hex number above.
#[test]
fn an_objectives_points_are_clear_of_its_place_name() {
    let s = opened(&bundled("scenarios/rivoli-1797/historical.scenario.ron"));
    let map = &s.opened().map;
    let r = map.grid.hex_radius_px;
    let victory = s.victory().expect("conditions");
    let place = map
        .places
        .iter()
        .find(|p| p.name == "Chapelle San Marco")
        .expect("the place");
    let centre = map.geometry().center_px(place.hexes[0]);
    let tag = victory
        .shapes(map)
        .into_iter()
        .find_map(|shape| match shape {
            Shape::Text { at, text, .. }
                if text == "2 VP" && (at[0] - centre[0]).abs() < 1e-6 =>
            {
                Some(at)
            }
            _ => None,
        })
        .expect("the objective's tag");
    // The name is centred 0.42 r below the middle and 0.3 r high, so its
    // top is 0.27 r below; the tag, 0.45 r high, must end above that.
    assert!(
        tag[1] + 0.225 * r < centre[1] + 0.27 * r,
        "tag at {tag:?}, centre {centre:?}"
    );
}
