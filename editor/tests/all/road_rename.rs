//! Renaming a road from the Roads list under the road tool, through
//! iced_test, on a copy of the bundled pack (the Waterloo map): a road no scenario names
//! is renamed at once, one named by a scenario only at the second press
//! (its id stays, so they keep working); each rename is one undo step.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::screen::map::gazetteer::{self, ROAD_NAME};
use berthier_editor::screen::map::{MapScreen, Message, panel};
use berthier_tools::gazetteer::Kind;
use berthier_tools::project;
use berthier_tools::tool::Tool;
use iced_test::{Simulator, selector};

use crate::common::{files, update};

const MAP: &str = "maps/waterloo-1815/waterloo-1815.map.ron";

/// A simulator of the screen in a window tall enough for the whole
/// Roads list of the Waterloo map (its panel scrolls in a real window).
fn tall(s: &MapScreen) -> Simulator<'_, Message> {
    let size = iced::Size::new(1280.0, 6000.0);
    Simulator::with_size(iced::Settings::default(), size, s.view())
}

fn road_name(s: &MapScreen, id: &str) -> Option<String> {
    s.opened().map.road(id).and_then(|r| r.name.clone())
}

/// Types `name` into the road name field, then presses Rename.
fn type_and_rename(s: &mut MapScreen, name: &str) {
    for step in 0..2 {
        let messages: Vec<Message> = {
            let mut ui = tall(s);
            if step == 0 {
                ui.click(selector::id(ROAD_NAME)).expect("name field");
                // Replaces the name shown in the field.
                for _ in 0..80 {
                    ui.tap_key(iced::keyboard::key::Named::Backspace);
                }
                ui.typewrite(name);
            } else {
                ui.click("Rename").expect("Rename");
            }
            ui.into_messages().collect()
        };
        for m in messages {
            update(s, m);
        }
    }
}

fn shows(s: &MapScreen, part: &str) -> bool {
    let mut ui = tall(s);
    ui.find(|c: selector::Candidate<'_>| match c {
        selector::Candidate::Text { content, .. } if content.contains(part) => {
            Some(())
        }
        _ => None,
    })
    .is_ok()
}

#[test]
fn a_road_is_renamed_from_the_list_asked_first_when_a_scenario_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    files::copy_tree(
        dir.path(),
        &["maps", "scenarios", "counters", "schema/series"],
    );
    std::fs::write(dir.path().join("berthier.toml"), "").expect("toml");
    let mut s =
        MapScreen::new(project::open(&dir.path().join(MAP)).expect("opens"));
    update(&mut s, Message::Panel(panel::Message::Tool(Tool::Road)));
    let used = s.used_by();
    let unused = s
        .opened()
        .map
        .roads
        .iter()
        .map(|r| r.id.clone())
        .find(|id| used.of(Kind::Road, id).is_empty())
        .expect("a road no scenario names");
    let named = s
        .opened()
        .map
        .roads
        .iter()
        .map(|r| r.id.clone())
        .find(|id| !used.of(Kind::Road, id).is_empty())
        .expect("a road a scenario names");
    let before = road_name(&s, &unused);

    // Unused: renamed at the first press; the list shows the new name.
    update(
        &mut s,
        Message::Gazetteer(gazetteer::Message::RenameRoad(unused.clone())),
    );
    type_and_rename(&mut s, "Chemin creux");
    assert_eq!(road_name(&s, &unused).as_deref(), Some("Chemin creux"));
    assert!(shows(&s, "Chemin creux ("));

    // Used: the first press asks and changes nothing, the second renames;
    // the id the scenarios name stays.
    let id = named.as_str();
    let original = road_name(&s, id);
    update(
        &mut s,
        Message::Gazetteer(gazetteer::Message::RenameRoad(id.into())),
    );
    type_and_rename(&mut s, "Chaussee de Charleroi");
    assert_eq!(road_name(&s, id), original);
    assert!(shows(&s, "press Rename again"));
    let messages: Vec<Message> = {
        let mut ui = tall(&s);
        ui.click("Rename").expect("Rename");
        ui.into_messages().collect()
    };
    messages.into_iter().for_each(|m| update(&mut s, m));
    assert_eq!(road_name(&s, id).as_deref(), Some("Chaussee de Charleroi"));
    assert!(s.opened().map.road(id).is_some(), "the id stays");

    // One undo step each.
    update(&mut s, Message::Undo);
    assert_eq!(road_name(&s, id), original);
    update(&mut s, Message::Undo);
    assert_eq!(road_name(&s, &unused), before);
    assert!(!s.is_dirty());
}
