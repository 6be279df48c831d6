//! New game: in a pack with the example battle and a second map with a
//! scenario of its own (both made in the window), the form takes the two
//! scenarios as its battles with their first turns, a transfer from the
//! example's East edge to the new map's West edge with hours by arm; the
//! game is written in `scenarios/<id>/`, opens in tabs, and reads back.

use berthier_editor::app::{Message, Screen};
use berthier_editor::screen::map::{form as place_form, panel};
use berthier_editor::screen::new_game::{End, Message as GameForm};
use berthier_editor::screen::new_scenario::Message as ScenarioForm;
use berthier_schema::map::Compass;
use berthier_schema::placement::Location;
use berthier_schema::{Document, Format};
use berthier_tools::tool::Tool;

use super::pack::new_pack;
use super::*;

fn game_form(app: &mut App, m: GameForm) {
    let _ = app.update(Message::NewGame(m));
}

/// A map "Sheet B" with a West edge, and a scenario on it.
fn second_battle(app: &mut App) {
    click(app, "New map…");
    form(app, new_map::Message::Name("Sheet B".into()));
    click(app, "Create map");
    send(app, map::Message::Panel(panel::Message::Tool(Tool::Edge)));
    let side = place_form::Side(Compass::West);
    send(app, map::Message::Form(place_form::Message::Side(side)));
    send(
        app,
        map::Message::Form(place_form::Message::Name("West edge".into())),
    );
    send(app, map::Message::Form(place_form::Message::AddEdge));
    click(app, "Save");

    click(app, "New scenario…");
    let Screen::NewScenario(f, _) = app.screen() else {
        panic!("the New scenario form");
    };
    let sheet = f.maps().iter().find(|m| m.name == "Sheet B").cloned();
    let scenario = |app: &mut App, m: ScenarioForm| {
        let _ = app.update(Message::NewScenario(m));
    };
    scenario(app, ScenarioForm::Map(sheet.expect("the new map listed")));
    scenario(app, ScenarioForm::Name("Sheet B battle".into()));
    scenario(app, ScenarioForm::First("10:00".into()));
    scenario(app, ScenarioForm::Last("14:00".into()));
    click(app, "Create scenario");
    assert!(matches!(app.screen(), Screen::Setup(_)));
}

#[test]
fn a_game_of_two_battles_and_a_transfer_is_written_and_opens_in_tabs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let root = dir.path().join("vere");
    new_pack(&mut app, &root, "jours-de-gloire@1", true);
    second_battle(&mut app);

    click(&mut app, "New game…");
    let Screen::NewGame(f, _) = app.screen() else {
        panic!("the New game form");
    };
    assert_eq!(f.battle_ids(), ["example", "sheet-b-battle"]);
    game_form(&mut app, GameForm::Name("Vère et Loire".into()));
    // Nothing else typed: the first day is asked for.
    click(&mut app, "Create game");
    assert!(shows(
        &mut app,
        "the first day is written YYYY-MM-DD, as 1815-06-16"
    ));
    game_form(&mut app, GameForm::Date("1809-05-16".into()));

    click(&mut app, "Add transfer");
    let Screen::NewGame(f, _) = app.screen() else {
        panic!("the form");
    };
    let east = f.places(0).into_iter().find(|p| p.name == "East edge");
    let west = f.places(1).into_iter().find(|p| p.name == "West edge");
    let arms = f.transfer_arms(0);
    assert!(arms.contains(&"cavalry".to_owned()), "{arms:?}");
    let cavalry = arms.iter().position(|a| a == "cavalry").expect("arm");
    let infantry = arms.iter().position(|a| a == "infantry").expect("arm");
    game_form(
        &mut app,
        GameForm::TransferPlace(0, End::From, east.expect("east")),
    );
    game_form(
        &mut app,
        GameForm::TransferPlace(0, End::To, west.expect("west")),
    );
    game_form(&mut app, GameForm::Hours(0, cavalry, "4".into()));
    game_form(&mut app, GameForm::Hours(0, infantry, "six".into()));
    click(&mut app, "Create game");
    assert!(shows(
        &mut app,
        "transfer 1: hours for infantry are a whole number"
    ));
    game_form(&mut app, GameForm::Hours(0, infantry, "6".into()));
    game_form(&mut app, GameForm::BothWays(0, true));
    click(&mut app, "Create game");

    let file = root.join("scenarios/vere-et-loire/vere-et-loire.game.ron");
    let text = std::fs::read_to_string(&file).expect("written");
    let Ok(Document::Game(g)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    assert_eq!(g.name, "Vère et Loire");
    let battles: Vec<(&str, &str, &str)> = g
        .battles
        .iter()
        .map(|b| (b.id.as_str(), b.start.date.as_str(), b.start.time.as_str()))
        .collect();
    assert_eq!(
        battles,
        [
            ("example", "1809-05-16", "09:00"),
            ("sheet-b-battle", "1809-05-16", "10:00")
        ]
    );
    assert_eq!(g.battles[0].scenario, "../example/example.scenario.ron");
    let t = &g.transfers[0];
    assert_eq!(t.from.at, Location::Edge("east".into()));
    assert_eq!(t.to.at, Location::Edge("west-edge".into()));
    let hours: Vec<(String, u16)> = t
        .hours
        .iter()
        .map(|h| (h.arms.join(","), h.hours))
        .collect();
    assert!(hours.contains(&("cavalry".into(), 4)), "{hours:?}");
    assert!(hours.contains(&("infantry".into(), 6)), "{hours:?}");
    assert!(t.both_ways);
    // The validator finds nothing wrong with the game itself.
    let report = berthier_validator::validate(std::slice::from_ref(&root))
        .expect("validates");
    let on_game: Vec<String> = report
        .diagnostics
        .iter()
        .filter(|d| d.file.ends_with(".game.ron"))
        .map(|d| format!("{}[{}] {}", d.severity.as_str(), d.code, d.message))
        .collect();
    assert!(on_game.is_empty(), "{on_game:#?}");
    // Opened in tabs, one per map.
    let tabs = app.game().expect("the game shown").tabs();
    assert_eq!(tabs.doc().maps.len(), 2);
}
