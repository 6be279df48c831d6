//! Naming what the tools add: hexside features and roads get the name
//! typed in the panel (or one already on the map, to carry a river on);
//! places get a category, can be renamed and lose hexes. Each is one undo
//! step and keeps ids (scenarios refer to them).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::screen::map::form::{self, Choice};
use berthier_editor::screen::map::{MapScreen, Message, panel};
use berthier_schema::Hexside;
use berthier_tools::tool::Tool;
use common::*;

fn demo() -> (tempfile::TempDir, MapScreen) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let s = screen(&path);
    (dir, s)
}

fn choose(s: &mut MapScreen, m: panel::Message) {
    update(s, Message::Panel(m));
}

fn form(s: &mut MapScreen, m: form::Message) {
    update(s, Message::Form(m));
}

/// Presses just inside `inside`, towards `across`.
fn click_hexside(s: &mut MapScreen, inside: &str, across: &str) {
    let grid = s.opened().map.grid.clone();
    let (a, b) = (grid.center_px(hex(inside)), grid.center_px(hex(across)));
    let near = [a[0] + (b[0] - a[0]) * 0.4, a[1] + (b[1] - a[1]) * 0.4];
    let p = at_px(s, near);
    stroke(s, &[p]);
}

#[test]
fn new_hexside_features_take_the_typed_name_and_the_list_offers_it() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Hexside));
    choose(&mut s, panel::Message::Hexside("stream".into()));
    choose(
        &mut s,
        panel::Message::FeatureName("  Ru des Saules ".into()),
    );
    click_hexside(&mut s, "0303", "0304");
    let side = Hexside::between(hex("0303"), hex("0304")).expect("side");
    let named: Vec<_> = s
        .opened()
        .map
        .hexsides
        .iter()
        .filter(|f| f.at == side && f.feature == "stream")
        .map(|f| f.name.clone())
        .collect();
    assert_eq!(named, [Some("Ru des Saules".to_owned())]);
    // The panel now offers the name to carry the stream on.
    choose(&mut s, panel::Message::FeatureName(String::new()));
    assert_eq!(panel::feature_names(&s), ["Ru de l'Etang", "Ru des Saules"]);
    let mut ui = iced_test::simulator(s.view());
    assert!(ui.find("Name of what you add (optional)").is_ok());
    drop(ui);
    update(&mut s, Message::Undo);
    assert!(
        !s.opened()
            .map
            .hexsides
            .iter()
            .any(|f| f.at == side && f.feature == "stream")
    );
}

#[test]
fn an_empty_name_adds_unnamed_features_and_an_existing_name_is_kept() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Hexside));
    choose(&mut s, panel::Message::Hexside("stream".into()));
    choose(&mut s, panel::Message::FeatureName("   ".into()));
    click_hexside(&mut s, "0303", "0304");
    let side = Hexside::between(hex("0303"), hex("0304")).expect("side");
    let f = s
        .opened()
        .map
        .hexsides
        .iter()
        .find(|f| f.at == side)
        .expect("added");
    assert_eq!(f.name, None);
}

#[test]
fn a_new_road_takes_the_typed_name_and_an_id_from_it() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Road));
    choose(&mut s, panel::Message::RoadName("Chemin de Rivoli".into()));
    let class = s.settings().road.clone().expect("a road type");
    let points = [centre(&s, "0202"), centre(&s, "0203"), centre(&s, "0204")];
    stroke(&mut s, &points);
    let road = s.opened().map.road("chemin-de-rivoli").expect("named road");
    assert_eq!(road.name.as_deref(), Some("Chemin de Rivoli"));
    assert_eq!(road.class, class);
    assert_eq!(road.hexes, vec![hex("0202"), hex("0203"), hex("0204")]);
    assert_eq!(s.history().depth(), 1);
    assert!(panel::road_names(&s).contains(&"Chemin de Rivoli".to_owned()));
}

#[test]
fn places_get_a_category_a_new_name_and_lose_hexes() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Place));
    click_hex(&mut s, "0505");
    form(&mut s, form::Message::Name("Les Granges".into()));
    form(&mut s, form::Message::Category("farm".into()));
    form(&mut s, form::Message::Create);
    let place = s
        .opened()
        .map
        .place("les-granges")
        .expect("created")
        .clone();
    assert_eq!(place.category.as_deref(), Some("farm"));
    let target = Choice {
        id: place.id.clone(),
        name: place.name.clone(),
    };

    click_hex(&mut s, "0504");
    form(&mut s, form::Message::Target(target.clone()));
    form(&mut s, form::Message::AddToTarget);
    click_hex(&mut s, "0505");
    form(&mut s, form::Message::Target(target.clone()));
    form(&mut s, form::Message::Name("Ferme des Granges".into()));
    form(&mut s, form::Message::Rename);
    let renamed = s.opened().map.place("les-granges").expect("same id");
    assert_eq!(renamed.name, "Ferme des Granges");
    assert_eq!(renamed.category.as_deref(), Some("farm"));

    click_hex(&mut s, "0505");
    form(&mut s, form::Message::Target(target.clone()));
    form(&mut s, form::Message::RemoveHex);
    let shrunk = s.opened().map.place("les-granges").expect("still there");
    assert_eq!(shrunk.hexes, vec![hex("0504")]);

    click_hex(&mut s, "0504");
    form(&mut s, form::Message::Target(target));
    form(&mut s, form::Message::RemoveHex);
    assert!(
        s.opened().map.place("les-granges").is_none(),
        "last hex deletes it"
    );
    update(&mut s, Message::Undo);
    assert_eq!(
        s.opened().map.place("les-granges").expect("back").hexes,
        vec![hex("0504")]
    );
}

#[test]
fn the_place_form_shows_rename_and_remove_for_a_chosen_place() {
    let (_d, mut s) = demo();
    choose(&mut s, panel::Message::Tool(Tool::Place));
    click_hex(&mut s, "0505");
    form(&mut s, form::Message::Name("Les Granges".into()));
    form(&mut s, form::Message::Create);
    click_hex(&mut s, "0505");
    let mut ui = iced_test::simulator(s.view());
    assert!(
        ui.find("Les Granges:").is_ok(),
        "the place at the hex is chosen"
    );
    assert!(ui.find("Rename").is_ok() && ui.find("Remove hex").is_ok());
}
