//! The bundled Wavre content (map, counters and scenarios) matches the
//! counts printed in the rulebook (001_20a723eb3f18919f.txt, Wavre
//! l. 2863-2999): units per side and per corps, arrival groups, starting
//! losses and morale totals, and the armies defined once for the campaign.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod vle_common;

use berthier_schema::counters::Counters;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{
    Condition, Outcome, Scenario, Trigger, TurnRef,
};
use vle_common::{
    Battle, battle, check_battle, check_counts, hexes_of, loss_total, m,
    morale, series, side,
};

/// Combat units of `formation` (by the counters' own grouping, before the
/// scenario's attachments) a side sets up or brings.
fn combat_in(b: &Battle, s: &Scenario, id: &str, formation: &str) -> usize {
    let side = side(s, id);
    let placed = side.setup.iter().map(|p| &p.unit);
    let arriving = side.reinforcements.iter().flat_map(|r| &r.units.units);
    placed
        .chain(arriving)
        .filter_map(|u| b.counters.unit(u))
        .filter(|u| u.class != "leader")
        .filter(|u| b.counters.in_formation(u, formation))
        .count()
}

fn clock(t: &TurnRef) -> &str {
    match t {
        TurnRef::Clock(t) => t.as_str(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wavre_1_matches_the_rulebook() {
    let s = series();
    let b = battle("wavre-1815");
    let counts = check_battle(&b, &s);
    // (scenario, side, combat units set up, combat units arriving), from
    // l. 2887-2905: the III Corps 67-79 and 82-84 on the road (16); Exelmans
    // 119-123, Gerard 85-101, Pajol 114, 115, 118 and Teste 109-111 (28);
    // the Prussians 14, 19, 53-55, 59, 49, 50, 51, 52, 60, 56-58, 61, 47.
    check_counts(
        &counts,
        &[
            ("wavre1-historical", "french", 16, 28),
            ("wavre1-historical", "prussian", 16, 0),
        ],
    );
    let w1 = &b.scenarios["wavre1-historical"];
    assert_eq!((w1.turns.first.as_str(), w1.turns.count), ("15:00", 14));
    assert_eq!(w1.turns.turn_at("21:30"), Some(14), "the 2130 turn");
    assert_eq!(w1.sets_up_first.as_deref(), Some("prussian"));
    assert_eq!(w1.moves_first.as_deref(), Some("french"));
    let fr = |f| combat_in(&b, w1, "french", f);
    assert_eq!(
        [fr("fr-iii"), fr("fr-iv"), fr("fr-ii-cav-corps")],
        [16, 17, 5]
    );
    assert_eq!([fr("fr-i-cav"), fr("fr-vi-teste")], [3, 3]);
    let pr = |f| combat_in(&b, w1, "prussian", f);
    // 'the rest of the 9th Brigade took the road to Brussels' (l. 2905):
    // 46 and 48 are not there; I Corps 14 and 19 are (l. 2898).
    assert_eq!([pr("pr-iii"), pr("pr-i"), pr("pr-iii-9")], [14, 2, 2]);
    // Three arrival groups, all by the road to Namur (l. 2893-2896).
    let arrivals: Vec<_> = side(w1, "french")
        .reinforcements
        .iter()
        .map(|r| (clock(&r.at), r.entry.clone()))
        .collect();
    let namur = Some(Location::Entry("road-to-namur".into()));
    assert_eq!(
        arrivals,
        [
            ("15:30", namur.clone()),
            ("16:30", namur.clone()),
            ("17:30", namur)
        ]
    );
    // 'losses taken in Ligny (16 for the French)' (l. 2932): III 6,
    // Exelmans 2, Gerard 7, Pajol 1; the Prussian unit 14 two.
    assert_eq!(loss_total(w1, "french"), 16);
    assert_eq!(loss_total(w1, "prussian"), 2);
    let french = morale(&b, "wavre1-historical", "french");
    assert_eq!(
        french,
        [
            m("III", 58, 29, &[41]),
            m("IV", 51, 26, &[37]),
            m("I Cav + Teste", 16, 8, &[12]),
            m("II Cav", 14, 7, &[10]),
        ]
    );
    assert_eq!(french.iter().map(|g| g.1).sum::<u16>(), 139);
    let started: u16 = side(w1, "french")
        .morale
        .iter()
        .filter_map(|g| g.starting_losses)
        .sum();
    assert_eq!(started, 16, "the Ligny losses counted by corps");
    assert_eq!(
        morale(&b, "wavre1-historical", "prussian"),
        [m("III + elements of I", 85, 43, &[58])]
    );
    // Pajol commands Teste; Thielmann the I Corps elements (l. 2896, 2898).
    assert_eq!(side(w1, "french").attachments[0].to, "fr-i-cav");
    assert_eq!(side(w1, "prussian").attachments[0].to, "pr-iii");
    // 'The bridges at Bas Wavre and Limelette are damaged' (l. 2917).
    let damaged: Vec<_> = w1
        .map_state
        .iter()
        .map(|f| (&f.at, f.state.as_str()))
        .collect();
    assert_eq!(
        damaged,
        [
            (&Location::Place("basse-wavre".into()), "damaged"),
            (&Location::Place("limelette".into()), "damaged"),
        ]
    );
    // Two of three conditions a minor French victory, three a major one,
    // one a minor and none a major Prussian victory (l. 2907-2913).
    let outcomes: Vec<_> = w1
        .victory
        .iter()
        .map(|v| (v.side.as_str(), v.outcome, kind(&v.condition)))
        .collect();
    assert_eq!(
        outcomes,
        [
            ("french", Some(Outcome::Major), ("at least", 3, 3)),
            ("french", Some(Outcome::Minor), ("exactly", 2, 3)),
            ("prussian", Some(Outcome::Minor), ("exactly", 1, 3)),
            ("prussian", Some(Outcome::Major), ("exactly", 0, 3)),
        ]
    );
}

fn kind(c: &Condition) -> (&'static str, u8, usize) {
    match c {
        Condition::AtLeast { count, of } => ("at least", *count, of.len()),
        Condition::Exactly { count, of } => ("exactly", *count, of.len()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wavre_3_to_6_match_the_rulebook() {
    let s = series();
    let b = battle("wavre-1815");
    let names: Vec<_> = b.scenarios.keys().map(String::as_str).collect();
    // Wavre 2 is played on the Waterloo map (l. 2941): it is Waterloo 7,
    // in scenarios/waterloo-1815.
    assert_eq!(
        names,
        [
            "wavre1-historical",
            "wavre3-grouchys-decision-gate-2",
            "wavre4-grouchys-decision-gate-3",
            "wavre5-closing-the-distance",
            "wavre6-crossing-the-dyle",
        ]
    );
    let counts = check_battle(&b, &s);
    check_counts(
        &counts,
        &[
            // W3: the III Corps enters at 1400, then W1's schedule; the
            // Prussians as in W1 (l. 2958-2960).
            ("wavre3-grouchys-decision-gate-2", "french", 0, 44),
            ("wavre3-grouchys-decision-gate-2", "prussian", 16, 0),
            // W4: Vandamme 16, Exelmans 5, Gerard 17 on the map; Pajol and
            // Teste to enter (l. 2970).
            ("wavre4-grouchys-decision-gate-3", "french", 38, 6),
            ("wavre4-grouchys-decision-gate-3", "prussian", 16, 0),
            // W5: Pajol 114, 115, 118 at Limelette; Vandamme and Teste,
            // Exelmans, Gerard entering. The III Corps as in W1 and the IV
            // Corps' 22 units on the road (l. 2984-2991).
            ("wavre5-closing-the-distance", "french", 3, 41),
            ("wavre5-closing-the-distance", "prussian", 38, 0),
            // W6: Exelmans, Pajol and Teste at the start, Vandamme and
            // Gerard later (l. 2997).
            ("wavre6-crossing-the-dyle", "french", 0, 44),
            ("wavre6-crossing-the-dyle", "prussian", 16, 0),
        ],
    );
    let turns = |n: &str| {
        let t = &b.scenarios[n].turns;
        (t.first.clone(), t.count, t.count_to_last())
    };
    // No end is printed for W3, W4 and W6: Wavre 1's 2130 turn is kept;
    // W5 ends when the IV Corps is gone (at most at 2130).
    assert_eq!(
        turns("wavre3-grouchys-decision-gate-2"),
        ("14:00".into(), 16, Some(16))
    );
    assert_eq!(
        turns("wavre4-grouchys-decision-gate-3"),
        ("17:00".into(), 10, Some(10))
    );
    assert_eq!(
        turns("wavre6-crossing-the-dyle"),
        ("15:00".into(), 14, Some(14))
    );
    let w5 = &b.scenarios["wavre5-closing-the-distance"];
    assert_eq!((w5.turns.first.as_str(), w5.turns.count), ("06:00", 32));
    assert!(matches!(w5.turns.ends_when, Some(Trigger::AllGone { .. })));
    // 'The bridge is not damaged' (l. 2988), on Wavre 1's two damaged
    // bridges (l. 2917): Basse-Wavre stays damaged.
    let bridges: Vec<_> = w5
        .map_state
        .iter()
        .map(|f| (f.at.clone(), f.state.as_str()))
        .collect();
    assert_eq!(
        bridges,
        [
            (Location::Place("basse-wavre".into()), "damaged"),
            (Location::Place("limelette".into()), "intact"),
        ]
    );
    // The IV Corps, 22 units, fills the road east of the Dyle one a hex
    // ('at least one unit per hex', l. 2985).
    let pr = |f| combat_in(&b, w5, "prussian", f);
    assert_eq!([pr("pr-iv"), pr("pr-iii")], [22, 14]);
    // Losses: W3 and W6 keep Wavre 1's 16 with the arrivals, W4 at setup;
    // W5 prints none (only the Prussian 14 of 'as in scenario 1').
    for n in [
        "wavre3-grouchys-decision-gate-2",
        "wavre4-grouchys-decision-gate-3",
        "wavre6-crossing-the-dyle",
    ] {
        assert_eq!(loss_total(&b.scenarios[n], "french"), 16, "{n}");
    }
    assert_eq!(loss_total(w5, "french"), 0);
    assert_eq!(loss_total(w5, "prussian"), 2);
    // W6's Vandamme and Gerard come at 1600 and 1630 by no printed entry.
    let w6 = &b.scenarios["wavre6-crossing-the-dyle"];
    let later: Vec<_> = side(w6, "french").reinforcements[1..]
        .iter()
        .map(|r| (clock(&r.at), r.entry.is_none()))
        .collect();
    assert_eq!(later, [("16:00", true), ("16:30", true)]);
}

/// Grouchy's wing is defined once for Ligny and Wavre, the I Cavalry
/// Corps and Teste once for Ligny, Waterloo and Wavre, the Prussians once
/// for all three; Wavre adds only Pajol and Exelmans.
#[test]
fn the_wavre_armies_are_the_campaign_files() {
    let (ligny, waterloo, wavre) = (
        battle("ligny-1815"),
        battle("waterloo-1815"),
        battle("wavre-1815"),
    );
    let has = |c: &Counters, id: &str| c.unit(id).is_some();
    for id in ["fr-067", "fr-085", "fr-119", "fr-grouchy", "fr-gerard"] {
        assert!(has(&ligny.counters, id) && has(&wavre.counters, id), "{id}");
    }
    for id in ["fr-109", "fr-114", "pr-47", "pr-thielmann", "pr-62"] {
        assert!(has(&waterloo.counters, id) && has(&wavre.counters, id));
    }
    for id in ["fr-pajol", "fr-exelmans"] {
        assert!(has(&wavre.counters, id) && !has(&ligny.counters, id));
    }
    // Ligny's wing hangs from the army, Wavre's is on its own.
    let parent = |c: &Counters| {
        c.formation("fr-right-wing").and_then(|f| f.parent.clone())
    };
    assert_eq!(parent(&ligny.counters).as_deref(), Some("fr-army"));
    assert_eq!(parent(&wavre.counters), None);
    // The Dyle's bridges and the south map (l. 2917, 2989).
    let dyle = hexes_of(&wavre.map, &Location::Hexsides("Dyle".into()));
    assert!(dyle.len() > 100, "the Dyle runs the length of both sheets");
    assert_eq!(wavre.map.sheets.len(), 2);
    let bridges = wavre
        .map
        .hexsides
        .iter()
        .filter(|h| h.feature == "bridge")
        .count();
    assert_eq!(bridges, 6);
}

/// Combining games 3 (l. 3040-3046): Waterloo 1 from 1100 with Wavre 1
/// from 1500 by default, or Wavre 3, 5 or 6; both paths from Wavre to
/// Waterloo take two hours for cavalry and three for infantry and
/// artillery, and leave and arrive by entries of the two maps.
#[test]
fn combining_games_3_matches_the_rulebook() {
    use berthier_schema::game::Game;
    use berthier_schema::{Document, Format, load_document};
    let path = vle_common::root()
        .join("scenarios/combined-1815/c3-waterloo-and-wavre.game.ron");
    let text = std::fs::read_to_string(&path).expect("c3");
    let game: Game = match load_document(&text, Format::Ron) {
        Ok(Document::Game(g)) => g,
        other => panic!("not a game: {other:?}"),
    };
    let starts: Vec<_> = game
        .battles
        .iter()
        .map(|b| (b.id.as_str(), b.start.time.as_str()))
        .collect();
    assert_eq!(starts, [("waterloo", "11:00"), ("wavre", "15:00")]);
    let choice = &game.choices[0];
    assert_eq!(choice.default.as_deref(), Some("historical"));
    assert_eq!(choice.options.len(), 4, "Wavre 1, 3, 5 or 6");
    // 'If both teams agree' (l. 3044): the French with both Allied sides.
    assert_eq!(
        choice.choosers().collect::<Vec<_>>(),
        ["french", "anglo-allied", "prussian"]
    );
    // Wavre 3 from 1400, Wavre 5 from 0600 ('this time, Wavre starts
    // first'), Wavre 6 from the battle's own 1500 (not printed).
    let switched: Vec<_> = choice
        .options
        .iter()
        .flat_map(|o| &o.scenarios)
        .map(|s| {
            let file = s.scenario.rsplit('/').next().unwrap_or_default();
            let start = s.start.as_ref().map(|t| t.time.as_str());
            (s.battle.as_str(), &file[..5], start)
        })
        .collect();
    assert_eq!(
        switched,
        [
            ("wavre", "wavre", Some("14:00")),
            ("wavre", "wavre", Some("06:00")),
            ("wavre", "wavre", None),
        ]
    );
    let (waterloo, wavre) = (battle("waterloo-1815"), battle("wavre-1815"));
    for t in &game.transfers {
        assert_eq!(
            (t.hours_for("cavalry"), t.hours_for("infantry")),
            (Some(2), Some(3)),
            "{}",
            t.id
        );
        assert_eq!(t.hours_for("artillery"), Some(3), "{}", t.id);
        assert_eq!(t.to.battle, "waterloo", "{}", t.id);
        assert!(!hexes_of(&wavre.map, &t.from.at).is_empty(), "{}", t.id);
        assert!(!hexes_of(&waterloo.map, &t.to.at).is_empty(), "{}", t.id);
    }
    // The Wavre battle's exits: by Ohain and both roads to la Chapelle St
    // Lambert, and Wavre 3's own two by the trail south of St Lambert
    // (Wavre 3 names the St Lambert ones only, l. 2960-2964).
    let opened = |id: &str| {
        let o = choice.option(id).expect("option");
        o.transfers.iter().map(String::as_str).collect::<Vec<_>>()
    };
    assert_eq!(game.transfers.len(), 5);
    assert!(game.transfers.iter().all(|t| t.from.battle == "wavre"));
    assert_eq!(opened("wavre-3").len(), 2);
    for id in ["historical", "wavre-5", "wavre-6"] {
        assert_eq!(
            opened(id),
            ["ohain", "st-lambert-bierges", "st-lambert-limale"]
        );
    }
}
