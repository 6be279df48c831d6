//! The bundled combined games (001_20a723eb3f18919f.txt, "Combining
//! games" 2, 4 and 5, l. 3013-3114) match the counts the rulebook prints:
//! units per side, arrival groups and their times, starting losses,
//! transfers and their hours, and the clock over 16-18 June with its night
//! turns.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod vle_common;

use std::path::Path;

use berthier_schema::counters::Counters;
use berthier_schema::game::{ClockTurn, Game};
use berthier_schema::scenario::{
    Arrival, Losses, Scenario, ScenarioSide, TurnRef,
};
use berthier_schema::{Document, Format, load_document};

const DIR: &str = "scenarios/combined-1815";

fn game(file: &str) -> Game {
    let path = vle_common::root().join(DIR).join(file);
    let text = std::fs::read_to_string(&path).expect("game file");
    match load_document(&text, Format::Ron) {
        Ok(Document::Game(g)) => g,
        other => panic!("{file}: not a game: {other:?}"),
    }
}

/// A scenario of the combined games, resolved on its base, with its
/// counters.
fn scenario(file: &str) -> (Scenario, Counters) {
    let dir = vle_common::root().join(DIR);
    let s = berthier_schema::pack::load_scenario(&dir.join(file))
        .unwrap_or_else(|e| panic!("{file}: {e}"))
        .scenario;
    let counters = berthier_schema::pack::load_counters(&dir.join(&s.counters))
        .unwrap_or_else(|e| panic!("{e}"));
    (s, counters)
}

fn side<'a>(s: &'a Scenario, id: &str) -> &'a ScenarioSide {
    s.sides.iter().find(|x| x.side == id).expect("side")
}

/// Combat units (not leaders) among `ids`.
fn combat<'a>(
    c: &Counters,
    ids: impl IntoIterator<Item = &'a String>,
) -> usize {
    ids.into_iter()
        .filter_map(|u| c.unit(u))
        .filter(|u| u.class != "leader")
        .count()
}

/// The units an arrival brings: its listed units and its formations'.
fn arrival_units(c: &Counters, a: &Arrival) -> Vec<String> {
    let mut out: Vec<String> = a.units.units.clone();
    for f in &a.units.formations {
        for u in &c.units {
            if c.in_formation(u, f) && !out.contains(&u.id) {
                out.push(u.id.clone());
            }
        }
    }
    out
}

/// (combat units set up, combat units per arrival) of a side.
fn counts(s: &Scenario, c: &Counters, id: &str) -> (usize, Vec<usize>) {
    let sd = side(s, id);
    let set_up = combat(c, sd.setup.iter().map(|p| &p.unit));
    let arriving = sd
        .reinforcements
        .iter()
        .map(|a| combat(c, &arrival_units(c, a)))
        .collect();
    (set_up, arriving)
}

fn when(a: &Arrival) -> String {
    match &a.at {
        TurnRef::Clock(t) => t.clone(),
        TurnRef::Dated { date, clock } => format!("{date} {clock}"),
        TurnRef::Turn(n) => format!("turn {n}"),
    }
}

fn steps(l: &Losses) -> u16 {
    match (l.each, l.total) {
        (Some(each), _) => u16::from(each) * l.units.units.len() as u16,
        (None, Some(total)) => total,
        (None, None) => panic!("losses with neither each nor total"),
    }
}

/// Every starting loss of a side, at set-up and with its arrivals.
fn loss_total(s: &Scenario, id: &str) -> u16 {
    let sd = side(s, id);
    let arriving = sd.reinforcements.iter().flat_map(|r| &r.losses);
    sd.losses.iter().chain(arriving).map(steps).sum()
}

fn night_turns(s: &Scenario) -> Vec<u16> {
    let turns = ClockTurn::from_track(&s.turns, &[]);
    (1..=s.turns.count)
        .filter(|t| turns[usize::from(*t) - 1].night)
        .collect()
}

fn exists(rel: &str) -> bool {
    Path::new(&vle_common::root().join(DIR).join(rel)).exists()
}

/// Combining games 4 (l. 3048-3069), the Waterloo area: no French on the
/// map and five French arrivals by the road to Charleroi from 1000 to
/// 1400; the Anglo-Allied without Lambert and the II Corps, which enter
/// with Chasse at 1000.
#[test]
fn combining_games_4_waterloo_matches_the_rulebook() {
    let (s, c) = scenario("c4-waterloo-17-june.scenario.ron");
    assert_eq!(s.turns.first_date.as_deref(), Some("1815-06-17"));
    assert_eq!((s.turns.first.as_str(), s.turns.count), ("10:00", 24));
    assert!(
        night_turns(&s).is_empty(),
        "a day game, 1000 to the 2130 turn"
    );
    let fr = side(&s, "french");
    assert_eq!(
        fr.reinforcements.iter().map(when).collect::<Vec<_>>(),
        ["10:00", "11:00", "12:00", "13:00", "14:00"]
    );
    // II Corps without Girard 18, I Corps 21, III + IV Cav 10, the Guard 23
    // and the Gendarmes, the VI Corps without Teste 9 (W1 l. 2598-2604).
    assert_eq!(counts(&s, &c, "french"), (0, vec![18, 21, 10, 24, 9]));
    // W1's II Corps per-unit losses (13) and the I Corps' 8.
    assert_eq!(loss_total(&s, "french"), 13 + 8);
    let aa = side(&s, "anglo-allied");
    assert_eq!(
        aa.reinforcements
            .iter()
            .map(|a| a.entry.clone())
            .collect::<Vec<_>>(),
        [
            Some(berthier_schema::placement::Location::Entry(
                "road-to-nivelles".into()
            )),
            Some(berthier_schema::placement::Location::Entry(
                "road-to-hal".into()
            )),
        ]
    );
    // Chasse 18-22 and the II Corps 23-30.
    let (aa_set_up, aa_arriving) = counts(&s, &c, "anglo-allied");
    assert_eq!(aa_arriving, [5, 8]);
    let (w1, _) = scenario("../waterloo-1815/w1-historical.scenario.ron");
    let (w1_set_up, _) = counts(&w1, &c, "anglo-allied");
    assert_eq!(aa_set_up, w1_set_up - 5 - 8 - 2, "minus Lambert too");
    assert!(
        !aa.setup
            .iter()
            .any(|p| p.unit == "aa-50" || p.unit == "aa-51")
    );
    assert_eq!(counts(&s, &c, "prussian"), (0, vec![]));
}

/// Combining games 4 (l. 3060-3069), the Wavre area: the I and II Corps
/// disordered at Bierges and Wavre with 3 losses on every infantry unit,
/// the III Corps with 7 on the road to Namur, the IV Corps' cavalry at 1000
/// then one brigade an hour; the French all entering at 1000.
#[test]
fn combining_games_4_wavre_matches_the_rulebook() {
    let (s, c) = scenario("c4-wavre-17-june.scenario.ron");
    assert_eq!(s.turns.first_date.as_deref(), Some("1815-06-17"));
    assert_eq!((s.turns.first.as_str(), s.turns.count), ("10:00", 24));
    let pr = side(&s, "prussian");
    // I Corps 23, II Corps 22, III Corps 16 combat units.
    let (set_up, arriving) = counts(&s, &c, "prussian");
    assert_eq!(set_up, 23 + 22 + 16);
    // The IV Corps: cavalry 74-78 with the reserve artillery 83, then four
    // brigades of three battalions and a battery.
    assert_eq!(arriving, [6, 16]);
    let cadence = pr.reinforcements[1].cadence.as_ref().expect("cadence");
    assert_eq!((cadence.every_minutes, cadence.groups.len()), (60, 4));
    assert_eq!(
        pr.reinforcements.iter().map(when).collect::<Vec<_>>(),
        ["10:00", "11:00"]
    );
    let disordered = pr
        .setup
        .iter()
        .filter(|p| p.state.as_deref() == Some("disorganized"))
        .count();
    assert_eq!(disordered, 23 + 22, "all the units of the I and II Corps");
    // 15 + 13 infantry units with 3 losses each, and the III Corps' 7.
    assert_eq!(loss_total(&s, "prussian"), 3 * 15 + 3 * 13 + 7);
    // III Corps and Exelmans east of the Dyle (18 + 5), IV Corps, Pajol and
    // Teste west (17 + 3 + 3), all at 1000.
    assert_eq!(counts(&s, &c, "french"), (0, vec![23, 23]));
    assert!(s.victory.is_empty(), "decided at Waterloo (l. 3069)");
}

/// Combining games 4: both maps from 1000 on the 17th, and the Prussians'
/// three ways from Wavre to Waterloo, two hours for cavalry and three for
/// infantry and artillery (l. 3046, 3069).
#[test]
fn combining_games_4_game_matches_the_rulebook() {
    let g = game("c4-waterloo-and-wavre-17-june.game.ron");
    for b in &g.battles {
        assert_eq!(
            (b.start.date.as_str(), b.start.time.as_str()),
            ("1815-06-17", "10:00")
        );
        assert!(exists(&b.scenario), "{}", b.scenario);
    }
    assert_eq!(g.transfers.len(), 3);
    for t in &g.transfers {
        assert_eq!(
            (t.from.battle.as_str(), t.to.battle.as_str()),
            ("wavre", "waterloo")
        );
        assert_eq!(
            ["cavalry", "infantry", "artillery"].map(|a| t.hours_for(a)),
            [Some(2), Some(3), Some(3)]
        );
    }
}
