//! A game on several maps opens in tabs, through iced_test: Combining
//! games 3 (Waterloo and Wavre) shows a tab per map, each map's transfer
//! ends marked with the other map and the hours by arm, a tab keeps its
//! unsaved map while another shows, and leaving the game asks about each
//! tab's changes. Run with `ICED_TEST_BACKEND=tiny-skia`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::game;
use berthier_editor::screen::unsaved;
use berthier_tools::game::{MarkKind, marks};

use crate::common::files;
use crate::common::ui::{click, open_app, shows};

const GAME: &str = "scenarios/combined-1815/c3-waterloo-and-wavre.game.ron";

/// The bundled tree copied (saves and autosaves write there) and the app
/// on the copy of the game.
fn open_game() -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    files::copy_tree(
        dir.path(),
        &["scenarios", "maps", "counters", "schema/series"],
    );
    let app = open_app(&dir.path().join(GAME), dir.path());
    (dir, app)
}

fn map_file(app: &App) -> String {
    let path = &app.map().expect("a map").opened().path;
    path.file_name().unwrap().to_string_lossy().into_owned()
}

fn labels(app: &App) -> Vec<String> {
    let marks = app.map().expect("a map").game_marks();
    marks.iter().map(|m| m.label()).collect()
}

#[test]
fn a_game_opens_a_tab_per_map_with_its_transfer_ends_marked() {
    let (_dir, mut app) = open_game();
    let game = app.game().expect("a game in tabs");
    let maps: Vec<(&str, usize)> = game
        .tabs()
        .doc()
        .maps
        .iter()
        .map(|m| (m.name.as_str(), m.battles.len()))
        .collect();
    assert_eq!(
        maps,
        [("Waterloo, 18 June 1815", 1), ("Wavre, 18 June 1815", 4)]
    );
    assert!(game.tabs().doc().warnings.is_empty());
    assert_eq!(map_file(&app), "waterloo-1815.map.ron");
    assert!(
        app.title()
            .starts_with("Waterloo and Wavre, 18 June 1815 · ")
    );
    // Waterloo: where units from Wavre come on, the routes that share
    // an end listed together.
    let ohain = "Entry at Road to Ohain from Wavre, 18 June 1815 (ohain): \
                 cavalry 2 h, infantry and artillery 3 h";
    assert!(
        labels(&app).contains(&ohain.to_owned()),
        "{:?}",
        labels(&app)
    );
    let marks = app.map().unwrap().game_marks().to_vec();
    assert_eq!(marks.len(), 3, "{marks:?}");
    assert!(marks.iter().all(|m| m.kind == MarkKind::Entry));
    assert!(marks.iter().all(|m| !m.hexes.is_empty()));
    // Drawn: a ring per hex and the words beside it.
    let map = app.map().unwrap().opened().map.clone();
    let hexes: usize = marks.iter().map(|m| m.hexes.len()).sum();
    assert_eq!(marks::shapes(&marks, &map).len(), 2 * hexes);
    let words = marks::labels(&marks, &map);
    assert!(
        words
            .iter()
            .any(|l| l.lines[0] == "ENTRY ← Wavre: Road to Ohain")
    );
    // One line each on the map: the hours are in the panel's list.
    assert!(words.iter().all(|l| l.lines.len() == 1), "{words:?}");
    // East-edge entries are labelled toward the map's middle.
    assert!(words.iter().all(|l| l.leftward), "{words:?}");
    assert!(shows(&app, "Waterloo (1)"));
    assert!(shows(&app, "Other maps of the game"));
    assert!(shows(&app, &format!("• {ohain}")));
    // The other tab: Wavre, where they leave.
    click(&mut app, "Wavre (4)");
    assert_eq!(map_file(&app), "wavre-1815.map.ron");
    assert_eq!(app.game().unwrap().tabs().active(), 1);
    let marks = app.map().unwrap().game_marks().to_vec();
    assert!(!marks.is_empty());
    assert!(marks.iter().all(|m| m.kind == MarkKind::Exit));
    assert!(labels(&app).iter().any(|l| l.starts_with(
        "Exit by Road to Ohain to Waterloo, 18 June 1815 (ohain)"
    )));
    assert!(shows(
        &app,
        "This scenario's units are in wavre-1815.counters.ron."
    ));
    click(&mut app, "Waterloo (1)");
    assert_eq!(map_file(&app), "waterloo-1815.map.ron");
}

#[test]
fn a_tab_keeps_its_unsaved_map_and_leaving_asks_about_each_tab() {
    let (dir, mut app) = open_game();
    crate::protect::paint(&mut app, "1510");
    assert!(app.map().unwrap().is_dirty());
    click(&mut app, "Wavre (4)");
    assert!(!app.map().unwrap().is_dirty());
    // The Waterloo map left with changes is autosaved.
    let autosave = dir
        .path()
        .join("maps/waterloo-1815/.waterloo-1815.map.ron.autosave");
    assert!(autosave.exists(), "{}", autosave.display());
    click(&mut app, "Waterloo (1)");
    assert!(app.map().unwrap().is_dirty(), "the tab's own screen again");
    click(&mut app, "Wavre (4)");
    // Opening another file leaves the game: the Waterloo tab is shown
    // and asked about.
    let rivoli = dir
        .path()
        .join("scenarios/rivoli-1797/historical.scenario.ron");
    let _ = app.update(Message::OpenPicked(Some(rivoli.clone())));
    let prompt = app.unsaved().expect("asked");
    assert_eq!(
        prompt.question(),
        "Unsaved changes to waterloo-1815.map.ron."
    );
    assert_eq!(app.game().unwrap().tabs().active(), 0);
    let _ = app.update(Message::Unsaved(unsaved::Message::Cancel));
    assert!(app.game().is_some() && app.map().unwrap().is_dirty());
    let _ = app.update(Message::OpenPicked(Some(rivoli)));
    let _ = app.update(Message::Unsaved(unsaved::Message::Discard));
    assert!(app.game().is_none());
    assert_eq!(map_file(&app), "rivoli-1797.map.ron");
    assert!(!autosave.exists(), "discarded with its autosave");
}

fn wavre(app: &App, id: &str) -> PathBuf {
    let doc = app.game().unwrap().tabs().doc();
    let b = doc.maps[1].battles.iter().find(|b| b.id == id).unwrap();
    b.scenario.clone()
}

fn scenario_of(app: &App) -> String {
    let s = app.map().unwrap().opened().scenario.as_deref();
    s.and_then(Path::file_name)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_battle_picked_opens_its_scenario_and_its_setup_leads_back_to_the_tab() {
    let (_dir, mut app) = open_game();
    click(&mut app, "Wavre (4)");
    assert_eq!(scenario_of(&app), "wavre1-historical.scenario.ron");
    let doc = app.game().unwrap().tabs().doc();
    let five = doc.maps[1].battles[2].clone();
    assert_eq!(five.scenario, wavre(&app, "wavre/wavre-5"));
    let _ = app.update(Message::Game(game::Message::Battle(
        game::BattleChoice(five),
    )));
    assert_eq!(
        scenario_of(&app),
        "wavre5-closing-the-distance.scenario.ron"
    );
    assert_eq!(app.game().unwrap().tabs().active(), 1, "still in the tab");
    assert!(!app.map().unwrap().game_marks().is_empty());
    click(&mut app, "Setup");
    assert!(matches!(app.screen(), Screen::Setup(_)));
    assert!(shows(&app, "Wavre (4)"), "the tabs stay above the setup");
    click(&mut app, "Back to map");
    assert!(app.game().is_some());
    assert_eq!(map_file(&app), "wavre-1815.map.ron");
    assert!(!app.map().unwrap().game_marks().is_empty(), "marked again");
}

/// The transfer ends of the tab's map are handed to the Setup and
/// Timeline screens of its battles too (drawn over their maps).
#[test]
fn the_setup_and_timeline_of_a_tab_show_its_transfer_ends() {
    let (_dir, mut app) = open_game();
    click(&mut app, "Wavre (4)");
    let tab = app.game().unwrap().tabs().doc().maps[1].marks.clone();
    assert!(!tab.is_empty());
    click(&mut app, "Setup");
    let Screen::Setup(setup) = app.screen() else {
        panic!("not the setup");
    };
    assert_eq!(setup.game_marks(), tab.as_slice());
    click(&mut app, "Back to map");
    click(&mut app, "Timeline");
    let Screen::Timeline(timeline) = app.screen() else {
        panic!("not the timeline");
    };
    assert_eq!(timeline.game_marks(), tab.as_slice());
}
