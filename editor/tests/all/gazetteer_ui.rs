//! The gazetteer on the map screen, driven through iced_test: a place is
//! added, renamed (asked first when a scenario names it), deleted (refused
//! when a scenario names it) and each step undone; a road that comes back
//! to a hex is refused with a message. On a copy of the Rivoli pack
//! (map, historical scenario, series) in a temporary folder.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::{self, click_hex, hex, update};

use std::path::{Path, PathBuf};

use berthier_editor::screen::map::{MapScreen, Message, form, panel};
use berthier_tools::gazetteer::{Kind, UsedBy};
use berthier_tools::project;
use berthier_tools::tool::Tool;
use iced_test::{Simulator, selector, simulator};

const MAP: &str = "maps/rivoli-1797/rivoli-1797.map.ron";
const SCENARIO: &str = "scenarios/rivoli-1797/historical.scenario.ron";
const SERIES: &str = "schema/series/jours-de-gloire.series.ron";

/// A copy of the map, the scenario and the series, laid out as in the
/// repository, with a `berthier.toml` marking the pack.
fn pack() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for file in [MAP, SCENARIO, SERIES] {
        let to = dir.path().join(file);
        std::fs::create_dir_all(to.parent().expect("folder")).expect("mkdir");
        std::fs::copy(repo.join(file), &to).expect("copy");
    }
    std::fs::write(dir.path().join("berthier.toml"), "").expect("toml");
    let map = dir.path().join(MAP);
    (dir, map)
}

fn opened(map: &Path) -> MapScreen {
    let mut s = MapScreen::new(project::open(map).expect("opens"));
    common::send(
        &mut s,
        berthier_editor::map_canvas::Message::Resized(iced::Size::new(
            1000.0, 800.0,
        )),
    );
    s
}

/// Runs `f` on a simulator of the screen's view, then feeds the messages
/// it produced back to the screen.
fn with_ui(s: &mut MapScreen, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let mut ui = simulator(s.view());
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        update(s, m);
    }
}

/// Whether the screen shows a text holding `part` now.
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

fn place_name(s: &MapScreen, id: &str) -> Option<String> {
    s.opened().map.place(id).map(|p| p.name.clone())
}

#[test]
fn the_used_by_list_names_the_scenarios_parts() {
    let (_d, map) = pack();
    let used = UsedBy::of_map(&map, None);
    assert_eq!(used.scenarios.len(), 1, "{:?}", used.scenarios);
    let objective = used.of(Kind::Place, "chapelle-san-marco");
    assert!(
        objective
            .iter()
            .any(|u| u.scenario == "historical.scenario.ron"
                && u.part.starts_with("victory condition")),
        "{objective:?}"
    );
    let arrivals = used.of(Kind::Entry, "entry-1722");
    assert!(
        arrivals.iter().any(|u| u.part.starts_with("arrival")),
        "{arrivals:?}"
    );
    assert!(!used.of(Kind::Edge, "south").is_empty());
    assert!(used.of(Kind::Place, "no-such-place").is_empty());
}

#[test]
fn a_place_is_added_renamed_deleted_and_each_step_undone() {
    let (_d, map) = pack();
    let mut s = opened(&map);
    update(&mut s, Message::Panel(panel::Message::Tool(Tool::Place)));
    click_hex(&mut s, "0505");
    with_ui(&mut s, |ui| {
        ui.click(selector::id(form::PLACE_NAME))
            .expect("name field");
        ui.typewrite("Cascina Nuova");
    });
    with_ui(&mut s, |ui| {
        ui.click("Create").expect("Create");
    });
    assert_eq!(
        place_name(&s, "cascina-nuova").as_deref(),
        Some("Cascina Nuova")
    );
    assert_eq!(
        s.opened().map.place("cascina-nuova").expect("place").hexes,
        vec![hex("0505")]
    );
    // Its used-by list says no scenario names it; renaming goes ahead.
    click_hex(&mut s, "0505");
    assert!(shows(&s, "Cascina Nuova: used by no scenario"));
    with_ui(&mut s, |ui| {
        ui.click(selector::id(form::PLACE_NAME))
            .expect("name field");
        ui.typewrite("Cascina Vecchia");
    });
    with_ui(&mut s, |ui| {
        ui.click("Rename").expect("Rename");
    });
    assert_eq!(
        place_name(&s, "cascina-nuova").as_deref(),
        Some("Cascina Vecchia")
    );
    // Deleted with one click, back with one undo.
    click_hex(&mut s, "0505");
    with_ui(&mut s, |ui| {
        ui.click("Delete").expect("Delete");
    });
    assert_eq!(place_name(&s, "cascina-nuova"), None);
    update(&mut s, Message::Undo);
    assert_eq!(
        place_name(&s, "cascina-nuova").as_deref(),
        Some("Cascina Vecchia")
    );
    update(&mut s, Message::Undo);
    assert_eq!(
        place_name(&s, "cascina-nuova").as_deref(),
        Some("Cascina Nuova")
    );
    update(&mut s, Message::Undo);
    assert_eq!(place_name(&s, "cascina-nuova"), None);
}

#[test]
fn a_place_a_scenario_names_is_renamed_only_when_asked_and_not_deleted() {
    let (_d, map) = pack();
    let mut s = opened(&map);
    let id = "chapelle-san-marco";
    update(&mut s, Message::Panel(panel::Message::Tool(Tool::Place)));
    click_hex(&mut s, "2409");
    assert!(shows(&s, "Chapelle San Marco: used by 1"));
    // Delete is refused, with the reason.
    with_ui(&mut s, |ui| {
        ui.click("Delete").expect("Delete");
    });
    assert!(s.opened().map.place(id).is_some());
    assert!(shows(&s, "is used by historical.scenario.ron"));
    // Rename asks first; a second Rename goes ahead, the id stays.
    with_ui(&mut s, |ui| {
        ui.click(selector::id(form::PLACE_NAME))
            .expect("name field");
        ui.typewrite("San Marco");
    });
    with_ui(&mut s, |ui| {
        ui.click("Rename").expect("Rename");
    });
    assert_eq!(place_name(&s, id).as_deref(), Some("Chapelle San Marco"));
    assert!(shows(&s, "press Rename again"));
    with_ui(&mut s, |ui| {
        ui.click("Rename").expect("Rename");
    });
    assert_eq!(place_name(&s, id).as_deref(), Some("San Marco"));
    update(&mut s, Message::Undo);
    assert_eq!(place_name(&s, id).as_deref(), Some("Chapelle San Marco"));
    // Taking its last hex out is refused too.
    click_hex(&mut s, "2409");
    with_ui(&mut s, |ui| {
        ui.click("Remove hex").expect("Remove hex");
    });
    assert!(s.opened().map.place(id).is_some());
}

#[test]
fn a_road_that_comes_back_to_a_hex_is_refused_with_a_message() {
    let (_d, map) = pack();
    let mut s = opened(&map);
    update(&mut s, Message::Panel(panel::Message::Tool(Tool::Road)));
    update(&mut s, Message::Panel(panel::Message::Road("road".into())));
    let before = s.opened().map.roads.len();
    let points: Vec<iced::Point> = ["1010", "1012", "1212", "1210", "1010"]
        .iter()
        .map(|h| common::centre(&s, h))
        .collect();
    common::stroke(&mut s, &points);
    let map = &s.opened().map;
    assert_eq!(map.roads.len(), before + 1);
    let road = map.roads.last().expect("road");
    let mut seen = road.hexes.clone();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), road.hexes.len(), "{:?}", road.hexes);
    assert_eq!(road.hexes.first(), Some(&hex("1010")));
    assert!(road.hexes.contains(&hex("1210")));
    assert!(shows(&s, "may not come back to a hex"));
    // The road is listed under the tool, used by no scenario; one undo
    // takes the whole stroke back.
    let id = road.id.clone();
    assert!(shows(&s, "used by no scenario"));
    update(&mut s, Message::Undo);
    assert!(s.opened().map.road(&id).is_none());
}

#[test]
fn a_gazetteer_edit_saves_with_the_files_comments_kept() {
    let (_d, map) = pack();
    let original = std::fs::read_to_string(&map).expect("reads");
    let comments: Vec<&str> = original
        .lines()
        .filter(|l| l.trim_start().starts_with("//"))
        .collect();
    assert!(!comments.is_empty());
    let mut s = opened(&map);
    update(&mut s, Message::Panel(panel::Message::Tool(Tool::Place)));
    click_hex(&mut s, "0505");
    update(
        &mut s,
        Message::Form(form::Message::Name("Casa Rossa".into())),
    );
    update(&mut s, Message::Form(form::Message::Create));
    update(&mut s, Message::Save);
    let saved = std::fs::read_to_string(&map).expect("reads");
    assert!(saved.contains("\"casa-rossa\""), "{saved}");
    for c in comments {
        assert!(saved.contains(c), "lost: {c}");
    }
}
