//! The game document ("Combining games", seed 001 l. 3000-3110): the
//! bundled Quatre-Bras and Ligny game loads, round-trips through JSON and
//! RON, and its battles start on their scenarios' clocks.

use std::path::{Path, PathBuf};

use berthier_schema::game::{ClockTurn, Game, Schedule};
use berthier_schema::{DocKind, Document, Format, load_document, probe_kind};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn c1_text() -> String {
    let path = root()
        .join("scenarios/combined-1815/c1-quatre-bras-and-ligny.game.ron");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn c1() -> Game {
    match load_document(&c1_text(), Format::Ron) {
        Ok(Document::Game(game)) => game,
        other => panic!("not a game: {other:?}"),
    }
}

#[test]
fn the_bundled_game_is_a_game_of_two_battles() {
    assert_eq!(probe_kind(&c1_text(), Format::Ron), Ok(DocKind::Game));
    let game = c1();
    let ids: Vec<&str> = game.battles.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["ligny", "quatre-bras"]);
    let qb = game.battle("quatre-bras").expect("quatre-bras");
    assert_eq!(qb.schedule, Schedule::Scenario);
    // "Ligny starts at 1300; units at Quatre-Bras ... cannot move before
    // the 1400 turn" (l. 3007): one hour apart on one clock.
    let ligny = game.battle("ligny").expect("ligny");
    let start = ligny.start.minutes().expect("ligny start");
    let release = qb.release.as_ref().and_then(|r| r.minutes());
    assert_eq!(release, Some(start + 60));
    assert_eq!(game.joins.len(), 1);
}

#[test]
fn the_derlon_option_is_a_french_choice_before_the_battle() {
    // "The French staff decides before the battle ... If the French want
    // d'Erlon at Ligny ... Ligny-Scenario 7 [8]. If they want him at
    // Quatre-Bras ... Quatre-Bras-Scenario 5" (l. 3009-3011).
    let game = c1();
    let choice = &game.choices[0];
    assert_eq!(
        (choice.id.as_str(), choice.by.as_str()),
        ("derlon", "french")
    );
    assert_eq!(choice.at, game.battle("ligny").expect("ligny").start);
    assert_eq!(choice.default.as_deref(), Some("historical"));
    let at_ligny = choice.option("ligny").expect("ligny option");
    assert!(at_ligny.scenarios[0].scenario.contains("ligny8"));
    assert_eq!(at_ligny.drop_arrivals[0].battle, "quatre-bras");
    let at_qb = choice.option("quatre-bras").expect("qb option");
    assert!(at_qb.scenarios[0].scenario.contains("qb5"));
    assert_eq!(at_qb.drop_arrivals[0].battle, "ligny");
}

#[test]
fn a_game_round_trips_through_json_and_ron() {
    let game = c1();
    let document = Document::Game(game.clone());
    for format in [Format::Json, Format::Ron] {
        let text = document.to_text(format).expect("writes");
        match load_document(&text, format) {
            Ok(Document::Game(back)) => assert_eq!(back, game, "{format:?}"),
            other => panic!("{format:?}: {other:?}\n{text}"),
        }
    }
}

#[test]
fn a_game_with_every_construct_round_trips() {
    let text = r#"(
        kind: game, format_version: 2, id: "g", name: "G",
        battles: [
            (id: "a", scenario: "a.scenario.ron", start: (date: "1815-06-17", time: "22:00"), schedule: none),
            (id: "b", scenario: "b.scenario.ron", start: (date: "1815-06-18", time: "11:00"),
             release: (date: "1815-06-18", time: "15:00")),
        ],
        overlaps: [(a: "a", b: "b", hexes: [("0101", "3020")])],
        transfers: [(id: "a-b", from: (battle: "a", at: Entry("to-b")), to: (battle: "b", at: Edge("east")),
                     hours: [(arms: ["cavalry"], hours: 2), (arms: ["infantry", "artillery"], hours: 3)], both_ways: true)],
        travel: (night_hours: [3, 3, 2], rain_hours: 1),
        choices: [(id: "c", by: "french", at: (date: "1815-06-17", time: "21:30"), default: "stay",
                   options: [(id: "stay", name: "Stay"),
                             (id: "go", name: "Go", scenarios: [(battle: "a", scenario: "c.scenario.ron")],
                              battles: ["b"], transfers: ["a-b"],
                              drop_arrivals: [(battle: "a", units: (formations: ["x"]))],
                              releases: [(battle: "b", release: (date: "1815-06-18", time: "12:00"))])])],
    )"#;
    let game = match load_document(text, Format::Ron) {
        Ok(Document::Game(game)) => game,
        other => panic!("{other:?}"),
    };
    for format in [Format::Json, Format::Ron] {
        let written = Document::Game(game.clone()).to_text(format).expect("w");
        match load_document(&written, format) {
            Ok(Document::Game(back)) => assert_eq!(back, game, "{format:?}"),
            other => panic!("{format:?}: {other:?}\n{written}"),
        }
    }
    // Wavre to Waterloo (l. 2964): leaving at the 2130 turn, then the
    // night: infantry (3 hours) is on the way 30 minutes + 3 hours.
    let day = ClockTurn {
        minutes: 30,
        night: false,
        rain: false,
    };
    let night = ClockTurn {
        minutes: 180,
        night: true,
        rain: false,
    };
    let turns = [day, night, night, day];
    assert_eq!(game.arrival_turn("a-b", "infantry", &turns, 0), Some(2));
    assert_eq!(game.arrival_turn("a-b", "cavalry", &turns, 0), Some(2));
    assert_eq!(game.arrival_turn("a-b", "leader", &turns, 0), None);
}

#[test]
fn a_bad_date_is_refused_with_a_pointer() {
    let text = c1_text()
        .replace("1815-06-16\", time: \"13:00", "1815-13-16\", time: \"13:00");
    let Err(e) = load_document(&text, Format::Ron) else {
        panic!("a month 13 loads");
    };
    assert!(e.to_string().contains("/battles/0/start/date"), "{e}");
}

/// The hours of a transfer are keyed by the series' arm of a unit's class
/// ("2 hours (for cavalry) or 3 hours (for infantry/artillery)", l. 2964).
#[test]
fn a_units_hours_come_from_its_class_arm() {
    let series = match load_document(
        &std::fs::read_to_string(
            root().join("schema/series/vive-l-empereur.series.ron"),
        )
        .expect("series"),
        Format::Ron,
    ) {
        Ok(Document::Series(s)) => s,
        other => panic!("{other:?}"),
    };
    let counters = berthier_schema::pack::load_counters(
        &root().join("counters/ligny-1815/ligny-1815.counters.ron"),
    )
    .expect("ligny counters");
    let transfer: berthier_schema::game::Transfer = berthier_schema::parse(
        r#"(id: "wavre-waterloo", from: (battle: "wavre", at: Edge("west")),
            to: (battle: "waterloo", at: Edge("east")),
            hours: [(arms: ["cavalry"], hours: 2), (arms: ["infantry", "artillery"], hours: 3)])"#,
        Format::Ron,
    )
    .expect("transfer");
    let hours = |id: &str| {
        let unit = counters.unit(id).expect("unit");
        transfer.hours_for_unit(&series, unit)
    };
    assert_eq!(hours("fr-040"), Some(2), "Jacquinot's cavalry");
    assert_eq!(hours("fr-024"), Some(3), "Quiot's infantry");
    assert_eq!(hours("fr-042"), Some(3), "Quiot's artillery");
    assert_eq!(hours("fr-derlon"), None, "a leader has no hours here");
}

/// "Follow both reinforcement schedules" (l. 3007): each battle's turns
/// run on the one game clock, Ligny's from 13:00 and Quatre-Bras's from
/// 14:00 on 16 June, so d'Erlon's 1900 arrival at Quatre-Bras (QB1
/// l. 2039) and Ligny's 1900 turn are the same moment.
#[test]
fn each_battles_schedule_runs_on_the_game_clock() {
    let game = c1();
    let track = |rel: &str| match load_document(
        &std::fs::read_to_string(root().join(rel)).expect("scenario"),
        Format::Ron,
    ) {
        Ok(Document::Scenario(s)) => s.turns,
        other => panic!("{other:?}"),
    };
    let qb = track("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let ligny = track("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    let at =
        |battle: &str, track: &berthier_schema::scenario::TurnTrack, clock| {
            let turn = track.turn_at(clock).expect("on the track");
            game.battle(battle)
                .expect("battle")
                .turn_minutes(track, turn)
        };
    let ligny_start = game.battle("ligny").expect("ligny").start.minutes();
    assert_eq!(at("ligny", &ligny, "13:00"), ligny_start);
    let qb_1900 = at("quatre-bras", &qb, "19:00").expect("qb 1900");
    assert_eq!(Some(qb_1900), at("ligny", &ligny, "19:00"));
    assert_eq!(qb_1900 - ligny_start.expect("start"), 6 * 60);
}
