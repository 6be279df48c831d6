//! The bundled combined games (001_20a723eb3f18919f.txt, "Combining
//! games" 2, 4 and 5, l. 3013-3114) match the counts the rulebook prints:
//! units per side, arrival groups and their times, starting losses,
//! transfers and their hours, and the clock over 16-18 June with its night
//! turns.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod vle_common;

/// Variations valid for the four games, 2 - Entering the X corps
/// (l. 3124-3136), items 1 to 5.
#[path = "content_combined/x_corps.rs"]
mod x_corps;

/// Night and Rain turns (l. 3098-3112).
#[path = "content_combined/night.rs"]
mod night;

use std::path::Path;

use berthier_schema::counters::Counters;
use berthier_schema::game::{ClockTurn, Game};
use berthier_schema::scenario::{Arrival, Scenario, TurnRef};
use berthier_schema::{Document, Format, load_document};
use vle_common::{loss_total, side};

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

/// Combining games 2 (l. 3013-3038), the Quatre-Bras map: Quatre-Bras 1
/// played through the three night turns into the 17th; d'Erlon one
/// division an hour from 1900; fourteen Anglo-Allied arrivals, three of
/// them brigades whose units are unknown (Ponsonby, Grant and Dornberg
/// have no unit number in 001: `units_unknown`, no counter).
#[test]
fn combining_games_2_quatre_bras_matches_the_rulebook() {
    let (s, c) = scenario("c2-quatre-bras-17-june.scenario.ron");
    assert_eq!(s.turns.first_date.as_deref(), Some("1815-06-16"));
    assert_eq!((s.turns.first.as_str(), s.turns.count), ("14:00", 51));
    // 2200-0100, 0100-0400, 0400-0600 (l. 3100) after the 2130 turn (16).
    assert_eq!(night_turns(&s), [17, 18, 19]);
    assert_eq!(
        s.turns.turn_at("06:00"),
        Some(20),
        "06:00 first comes on the 17th"
    );
    let at = |date, clock| s.turns.minutes_on(date, clock).expect("dated");
    assert_eq!(s.turns.turn_holding(at("1815-06-17", "06:00")), Ok(20));
    assert_eq!(s.turns.turn_holding(at("1815-06-17", "21:30")), Ok(51));
    // "0500: Vincke" falls inside the 0400-0600 night turn (ENT015).
    assert_eq!(
        s.turns.turn_holding(at("1815-06-17", "05:00")),
        Err(Some(19))
    );
    let fr = side(&s, "french");
    let derlon = fr.reinforcements.last().expect("d'Erlon");
    assert_eq!(when(derlon), "1815-06-16 19:00");
    let cadence = derlon.cadence.as_ref().expect("one division an hour");
    assert_eq!((cadence.every_minutes, cadence.groups.len()), (60, 3));
    assert_eq!(
        fr.reinforcements
            .iter()
            .filter(|a| a.formation.as_deref() == Some("fr-i"))
            .count(),
        1,
        "Quatre-Bras 1's three d'Erlon arrivals are replaced"
    );
    let aa = side(&s, "anglo-allied");
    let added: Vec<&Arrival> = aa
        .reinforcements
        .iter()
        .skip(aa.reinforcements.len() - 14)
        .collect();
    assert_eq!(
        added.iter().map(|a| when(a)).collect::<Vec<_>>(),
        [
            "1815-06-16 19:00",
            "1815-06-16 20:00",
            "1815-06-16 20:30",
            "1815-06-16 21:00",
            "1815-06-16 21:30",
            "1815-06-17 01:00",
            "1815-06-17 04:00",
            "1815-06-17 05:00",
            "1815-06-17 06:00",
            "1815-06-17 06:30",
            "1815-06-17 07:00",
            "1815-06-17 07:30",
            "1815-06-17 08:00",
            "1815-06-17 09:30",
        ]
    );
    // Vivian, Vandeleur, Somerset, Ponsonby, artillery 79-81, Ompteda,
    // 54-55, Vincke, Kruse, Grant, Arenschildt, Dornberg, Chasse, Trip and
    // Ghigny; the three brigades never numbered bring no counter.
    let (_, arriving) = counts(&s, &c, "anglo-allied");
    assert_eq!(
        arriving[arriving.len() - 14..],
        [2, 2, 2, 0, 3, 2, 2, 2, 3, 0, 1, 0, 5, 2]
    );
    for id in ["aa-cav-ponsonby", "aa-cav-grant", "aa-cav-dornberg"] {
        let f = c.formation(id).expect("defined");
        assert!(f.units_unknown.is_some(), "{id}: units never printed");
        assert_eq!(f.parent.as_deref(), Some("aa-cav"));
    }
    let (qb1, _) = scenario("../quatre-bras-1815/qb1-historical.scenario.ron");
    assert_eq!(
        aa.reinforcements.len(),
        side(&qb1, "anglo-allied").reinforcements.len() + 14
    );
    assert_eq!(aa.absent, ["aa-rockets", "aa-uxbridge"]);
}

/// Combining games 2, the Ligny map: Ligny 1 through the night, and the
/// Prussian IV Corps by the road to Wavre from 0800 on the 17th, one
/// brigade an hour, if the Prussians are still at Ligny (l. 3020).
#[test]
fn combining_games_2_ligny_matches_the_rulebook() {
    let (s, c) = scenario("c2-ligny-17-june.scenario.ron");
    assert_eq!((s.turns.first.as_str(), s.turns.count), ("13:00", 53));
    assert_eq!(night_turns(&s), [19, 20, 21]);
    let pr = side(&s, "prussian");
    let iv = pr.reinforcements.last().expect("IV Corps");
    assert_eq!(when(iv), "1815-06-17 08:00");
    assert!(iv.condition.is_some(), "if still at Ligny");
    assert_eq!(
        iv.cadence
            .as_ref()
            .map(|c| (c.every_minutes, c.groups.len())),
        Some((60, 5))
    );
    let (_, arriving) = counts(&s, &c, "prussian");
    assert_eq!(arriving.last(), Some(&22), "units 62 to 83");
    assert!(pr.absent.is_empty());
}

/// Combining games 2: Combining games 1's starts, release and join.
#[test]
fn combining_games_2_game_matches_the_rulebook() {
    let g = game("c2-quatre-bras-and-ligny-17-june.game.ron");
    let c1 = game("c1-quatre-bras-and-ligny.game.ron");
    let starts = |g: &Game| {
        g.battles
            .iter()
            .map(|b| (b.id.clone(), b.start.clone(), b.release.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(starts(&g), starts(&c1));
    let ends = |g: &Game| {
        g.joins
            .iter()
            .map(|j| (j.a.clone(), j.b.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(ends(&g), ends(&c1));
    assert!(g.battles.iter().all(|b| exists(&b.scenario)));
}

/// Combining games 5 (l. 3071-3110): four battles; the chart's five routes
/// (Waterloo - Wavre by both paths to la Chapelle St Lambert and Ohain),
/// each both ways, with their hours; night turns counting 3, 3 and 2
/// hours and rain turns one hour; the Allies' choice to stay or retreat
/// and the Prussian choice of map for the IV Corps.
#[test]
fn combining_games_5_game_matches_the_rulebook() {
    let g = game("c5-campaign.game.ron");
    let ids: Vec<&str> = g.battles.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["ligny", "quatre-bras", "waterloo", "wavre"]);
    assert!(g.battles.iter().all(|b| exists(&b.scenario)));
    // (cavalry, infantry, artillery) hours by route (l. 3091-3096).
    let hours = |id: &str| {
        let t = g.transfers.iter().find(|t| t.id == id).expect(id);
        assert!(t.both_ways, "{id}");
        ["cavalry", "infantry", "artillery"].map(|a| t.hours_for(a).expect(a))
    };
    assert_eq!(hours("wavre-waterloo-ohain"), [2, 3, 3]);
    assert_eq!(hours("wavre-waterloo-st-lambert-bierges"), [2, 3, 3]);
    assert_eq!(hours("quatre-bras-waterloo-brussels"), [1, 2, 2]);
    assert_eq!(hours("quatre-bras-waterloo-nivelles"), [3, 4, 4]);
    assert_eq!(hours("ligny-wavre-road"), [3, 4, 4]);
    assert_eq!(hours("ligny-wavre-trails"), [4, 6, 6]);
    assert_eq!(g.transfers.len(), 7);
    let travel = g.travel.as_ref().expect("night and rain");
    assert_eq!(
        (travel.night_hours.as_slice(), travel.rain_hours),
        (&[3, 3, 2][..], Some(1))
    );
    // 'There are also twelve turns of rain during these three days'
    // (l. 3102): twelve undated turns over the game's clock.
    let rain: Vec<_> = g
        .weather
        .iter()
        .map(|w| {
            (
                w.weather.as_str(),
                w.turns,
                w.from.date.as_str(),
                w.until.date.as_str(),
            )
        })
        .collect();
    assert_eq!(rain, [("rain", 12, "1815-06-16", "1815-06-18")]);
    // 'the Allied player may decide' (l. 3073): both Allied players.
    let retreat = &g.choices[0];
    assert_eq!(
        retreat.choosers().collect::<Vec<_>>(),
        ["anglo-allied", "prussian"]
    );
    let option = retreat.option("retreat").expect("retreat");
    assert_eq!(option.battles, ["waterloo", "wavre"]);
    assert_eq!(option.transfers.len(), 7);
    let iv = &g.choices[1];
    assert_eq!(
        (iv.by.as_str(), iv.at.date.as_str(), iv.at.time.as_str()),
        ("prussian", "1815-06-17", "10:00")
    );
    assert_eq!(iv.options.len(), 2);
}

/// Combining games 5, the maps: Waterloo and Wavre from the first night
/// turn of the 16th to the 2130 turn of the 18th with both nights; no unit
/// set up there; the IV Corps from 1000 on the 17th on Ligny or Wavre.
#[test]
fn combining_games_5_scenarios_match_the_rulebook() {
    for file in [
        "c5-waterloo-campaign.scenario.ron",
        "c5-wavre-campaign.scenario.ron",
    ] {
        let (s, c) = scenario(file);
        assert_eq!(
            (s.turns.first.as_str(), s.turns.count),
            ("22:00", 70),
            "{file}"
        );
        assert_eq!(night_turns(&s), [1, 2, 3, 36, 37, 38], "{file}");
        let at = |date, clock| s.turns.minutes_on(date, clock).expect("dated");
        assert_eq!(s.turns.turn_holding(at("1815-06-18", "21:30")), Ok(70));
        for side in &s.sides {
            assert_eq!(
                counts(&s, &c, &side.side).0,
                0,
                "{file}: {}",
                side.side
            );
        }
        assert!(s.victory.is_empty(), "{file}: none printed");
    }
    for (file, entry) in [
        ("c5-wavre-campaign.scenario.ron", "road-to-namur"),
        ("c5-ligny-campaign.scenario.ron", "road-to-wavre"),
    ] {
        let (s, c) = scenario(file);
        let pr = side(&s, "prussian");
        let iv: Vec<&Arrival> = pr
            .reinforcements
            .iter()
            .filter(|a| {
                arrival_units(&c, a)
                    .iter()
                    .any(|u| u == "pr-74" || u == "pr-62")
            })
            .collect();
        assert_eq!(
            iv.iter().map(|a| when(a)).collect::<Vec<_>>(),
            ["1815-06-17 10:00", "1815-06-17 11:00"],
            "{file}"
        );
        assert_eq!(
            iv.iter()
                .map(|a| combat(&c, &arrival_units(&c, a)))
                .collect::<Vec<_>>(),
            [6, 16],
            "{file}"
        );
        assert!(iv.iter().all(|a| a.entry
            == Some(berthier_schema::placement::Location::Entry(
                entry.into()
            ))));
    }
}

/// Variations valid for the four games, 1 - Davout in charge (l. 3116-3122;
/// SR 13, l. 3269, 3277): on each historical scenario where the leader it
/// changes is present, Davout in Ney's or Grouchy's place gives 3 orders a
/// turn (the army leaders give 1), as chief of staff Napoleon's orders are
/// unlimited; nothing else changes (units per side and arrivals are the
/// base's).
#[test]
fn davout_in_charge_matches_the_rulebook() {
    let cases = [
        (
            "qb1-ney",
            "../quatre-bras-1815/qb1-historical",
            "fr-ney",
            Some(3),
        ),
        (
            "ligny1-grouchy",
            "../ligny-1815/ligny1-historical",
            "fr-grouchy",
            Some(3),
        ),
        (
            "ligny1-chief-of-staff",
            "../ligny-1815/ligny1-historical",
            "fr-napoleon",
            None,
        ),
        (
            "w1-ney",
            "../waterloo-1815/w1-historical",
            "fr-ney",
            Some(3),
        ),
        (
            "w1-chief-of-staff",
            "../waterloo-1815/w1-historical",
            "fr-napoleon",
            None,
        ),
        (
            "wavre1-grouchy",
            "../wavre-1815/wavre1-historical",
            "fr-grouchy",
            Some(3),
        ),
    ];
    for (name, base, leader, orders) in cases {
        let file = format!("variation-davout-{name}.scenario.ron");
        let (v, c) = scenario(&file);
        let (b, _) = scenario(&format!("{base}.scenario.ron"));
        let roles = &side(&v, "french").leaders;
        // Davout's role, and the base's other SR 13 roles (only with the
        // option "initiative-and-obedience", l. 3266), which a variant's
        // leader list replaces and so restates.
        let davout: Vec<_> =
            roles.iter().filter(|r| r.option.is_none()).collect();
        assert_eq!(davout.len(), 1, "{name}");
        assert!(
            roles.iter().filter(|r| r.option.is_some()).all(|r| r
                .option
                .as_deref()
                == Some("initiative-and-obedience")
                && r.unit != leader),
            "{name}"
        );
        let role = davout[0];
        assert_eq!(role.unit, leader, "{name}");
        assert_eq!(role.orders_per_turn, orders, "{name}");
        assert_eq!(role.unlimited_orders, orders.is_none(), "{name}");
        // The leader plays in the base: set up or arriving.
        let fr = side(&b, "french");
        let present = fr.setup.iter().any(|p| p.unit == leader)
            || fr
                .reinforcements
                .iter()
                .any(|a| arrival_units(&c, a).iter().any(|u| u == leader));
        assert!(present, "{name}: {leader} does not play in {base}");
        assert!(
            v.special_rules
                .iter()
                .any(|r| r.id.as_deref() == Some("davout-in-charge"))
        );
        for s in ["french", "anglo-allied", "prussian"] {
            if b.sides.iter().any(|x| x.side == s) {
                assert_eq!(counts(&v, &c, s), counts(&b, &c, s), "{name} {s}");
            }
        }
    }
}
