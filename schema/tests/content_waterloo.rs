//! The bundled Waterloo content (map, counters and scenarios) matches the
//! counts printed in the rulebook (001_20a723eb3f18919f.txt, Waterloo
//! l. 2588-2861): units per side and per corps, arrival groups, starting
//! losses and morale totals, and the armies defined once for the campaign.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod vle_common;

use std::collections::BTreeMap;

use berthier_schema::counters::Counters;
use berthier_schema::scenario::{Losses, Scenario};
use vle_common::{
    Battle, battle, check_battle, check_counts, m, morale, series, side,
};

/// Steps lost by each unit a `Losses` list names (`each` only: the
/// Waterloo scenarios print per-unit losses).
fn per_unit(list: &[Losses], out: &mut BTreeMap<String, u16>) {
    for l in list {
        let each = u16::from(l.each.expect("per-unit losses"));
        for u in &l.units.units {
            *out.entry(u.clone()).or_default() += each;
        }
    }
}

/// Every starting loss of a side: at setup and with its arrivals.
fn losses(s: &Scenario, id: &str) -> BTreeMap<String, u16> {
    let side = side(s, id);
    let mut out = BTreeMap::new();
    per_unit(&side.losses, &mut out);
    for r in &side.reinforcements {
        per_unit(&r.losses, &mut out);
    }
    out
}

/// The losses of `losses` that fall on units of `formation`.
fn losses_in(
    c: &Counters,
    losses: &BTreeMap<String, u16>,
    formation: &str,
) -> u16 {
    losses
        .iter()
        .filter(|(id, _)| {
            c.unit(id).is_some_and(|u| c.in_formation(u, formation))
        })
        .map(|(_, n)| n)
        .sum()
}

/// Combat units per formation among those a side sets up or brings.
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

#[test]
fn waterloo_1_matches_the_rulebook() {
    let s = series();
    let b = battle("waterloo-1815");
    let counts = check_battle(&b, &s);
    // (scenario, side, combat units set up, combat units arriving), counted
    // from l. 2596-2640: the French 86 (I Corps 21, II Corps without Girard
    // 18, the Guard 23, VI Corps 9, III and IV Cavalry Corps 5 each, Domon
    // and Subervie 4, the Gendarmes); the Anglo-Allied 62 placed by the
    // text and the five cavalry units only Waterloo 6 numbers; the
    // Prussians 39 in nine arrivals.
    check_counts(
        &counts,
        &[
            ("w1-historical", "french", 86, 0),
            ("w1-historical", "anglo-allied", 67, 0),
            ("w1-historical", "prussian", 0, 39),
        ],
    );
    let w1 = &b.scenarios["w1-historical"];
    assert_eq!((w1.turns.first.as_str(), w1.turns.count), ("11:00", 22));
    assert_eq!(
        w1.turns.turn_at("21:30"),
        Some(22),
        "ends with the 2130 turn"
    );
    assert_eq!(w1.sets_up_first.as_deref(), Some("anglo-allied"));
    assert_eq!(w1.moves_first.as_deref(), Some("french"));
    let c = &b.counters;
    // Per corps (l. 2599-2604); the Guard's 23 counters and the
    // Gendarmes, Napoleon's escort.
    let fr = |f| combat_in(&b, w1, "french", f);
    assert_eq!(
        [fr("fr-i"), fr("fr-ii"), fr("fr-guard"), fr("fr-vi")],
        [21, 18, 24, 9]
    );
    assert_eq!([fr("fr-iiic"), fr("fr-iv-cav-corps")], [5, 5]);
    let pr = |f| combat_in(&b, w1, "prussian", f);
    assert_eq!([pr("pr-i"), pr("pr-ii"), pr("pr-iv")], [6, 11, 22]);
    // Arrival groups: nine, all Prussian, at St Lambert or by the road to
    // Ohain (l. 2630-2638).
    let times: Vec<_> = side(w1, "prussian")
        .reinforcements
        .iter()
        .map(|r| match &r.at {
            berthier_schema::scenario::TurnRef::Clock(t) => t.as_str(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        times,
        [
            "13:00", "13:30", "14:00", "15:00", "16:00", "18:00", "18:30",
            "18:30", "19:30"
        ]
    );
    // Starting losses. French: the II Corps per-unit list adds up to 13
    // (l. 2600) where l. 2698 states 11; the III Cavalry Corps 1.
    let fr_losses = losses(w1, "french");
    assert_eq!(losses_in(c, &fr_losses, "fr-ii"), 13);
    assert_eq!(losses_in(c, &fr_losses, "fr-iiic"), 1);
    assert_eq!(fr_losses.values().sum::<u16>(), 14);
    // Prussian: I Corps 9, II Corps 20 (l. 2698), IV Corps 7.
    let pr_losses = losses(w1, "prussian");
    assert_eq!(
        [
            losses_in(c, &pr_losses, "pr-i"),
            losses_in(c, &pr_losses, "pr-ii"),
            losses_in(c, &pr_losses, "pr-iv"),
        ],
        [9, 20, 7]
    );
    // Anglo-Allied: 01, 07, 15B, 16, 13, 14, 56-58, 43-46 (l. 2614-2623).
    let aa_losses = losses(w1, "anglo-allied");
    assert_eq!((aa_losses.len(), aa_losses.values().sum::<u16>()), (13, 13));
    // Morale tables (l. 2682-2696).
    assert_eq!(
        morale(&b, "w1-historical", "french"),
        [
            m("Guard", 74, 0, &[]),
            m("I", 69, 35, &[50]),
            m("II", 74, 37, &[54]),
            m("VI + cav", 37, 19, &[27]),
            m("III Cav", 15, 8, &[13]),
            m("IV Cav", 12, 6, &[11]),
        ]
    );
    assert_eq!(
        morale(&b, "w1-historical", "anglo-allied"),
        [
            m("I", 70, 35, &[44, 57]),
            m("II including Chasse", 56, 28, &[36, 46]),
            m("Reserve", 83, 42, &[53, 68]),
            // Printed 44-56: 56 is above the 52 steps (provenance).
            m("Cavalry including the Dutch cav.", 52, 26, &[44]),
        ]
    );
    assert_eq!(
        morale(&b, "w1-historical", "prussian"),
        [
            m("I", 27, 14, &[20]),
            m("II", 65, 33, &[47]),
            m("IV", 114, 57, &[78])
        ]
    );
    let total = |side: &str| {
        morale(&b, "w1-historical", side)
            .iter()
            .map(|g| g.1)
            .sum::<u16>()
    };
    assert_eq!(
        [total("french"), total("anglo-allied"), total("prussian")],
        [281, 261, 206]
    );
}

/// The armies of 16 and 18 June are defined once: Waterloo's counters
/// include the Quatre-Bras file (Ney's wing and the Anglo-Allied army),
/// the Guard-and-reserve file Ligny includes, and the Prussian army file
/// Ligny includes; Waterloo's own file adds only what the other battles
/// do not have.
#[test]
fn the_waterloo_armies_are_the_campaign_files() {
    let (qb, ligny, w) = (
        battle("quatre-bras-1815"),
        battle("ligny-1815"),
        battle("waterloo-1815"),
    );
    for id in ["fr-045", "fr-124", "fr-016", "aa-01", "aa-84", "fr-ney"] {
        assert!(qb.counters.unit(id).is_some(), "{id}");
        assert!(w.counters.unit(id).is_some(), "{id}");
    }
    for id in [
        "fr-001",
        "fr-102",
        "fr-129",
        "fr-napoleon",
        "pr-74",
        "pr-01",
    ] {
        assert!(ligny.counters.unit(id).is_some(), "{id}");
        assert!(w.counters.unit(id).is_some(), "{id}");
    }
    // Waterloo puts the Guard light cavalry under the Guard and Ney's
    // wing under the army (its include's parents).
    let parent =
        |f: &str| w.counters.formation(f).and_then(|f| f.parent.clone());
    assert_eq!(parent("fr-guard-light-cav").as_deref(), Some("fr-guard"));
    assert_eq!(parent("fr-left-wing").as_deref(), Some("fr-army"));
    // Waterloo-only units: Hill's corps and Lambert; none of them in the
    // other battles.
    for id in ["aa-23", "aa-50", "aa-hill"] {
        assert!(w.counters.unit(id).is_some(), "{id}");
        assert!(qb.counters.unit(id).is_none(), "{id}");
    }
    // The reserve artillery and the cavalry corps are in the Quatre-Bras
    // order of battle (Combining games 2 brings them to that map on the
    // evening of the 16th, l. 3022-3034), which Waterloo includes; no
    // Quatre-Bras scenario fields them.
    let qb1 = &qb.scenarios["qb1-historical"];
    let aa = qb1.sides.iter().find(|s| s.side == "anglo-allied").unwrap();
    for id in ["aa-79", "aa-65", "aa-uxbridge"] {
        assert!(w.counters.unit(id).is_some(), "{id}");
        assert!(qb.counters.unit(id).is_some(), "{id}");
        assert!(aa.absent.iter().any(|a| a == id), "{id}");
    }
}

#[test]
fn waterloo_2_to_11_match_the_rulebook() {
    let s = series();
    let b = battle("waterloo-1815");
    let names: Vec<_> = b.scenarios.keys().map(String::as_str).collect();
    // Waterloo 7 prints no scenario: it sends the reader to Wavre 2-4
    // (l. 2837), of which Wavre 2 is played on the Waterloo map (l. 2941).
    assert_eq!(
        names,
        [
            "w1-historical",
            "w10-rethinking-the-pursuit-force",
            "w11-shuffling-the-allied-army",
            "w2-derlons-attack",
            "w3-hougoumont",
            "w4-cavalry-madness",
            "w5-holding-the-prussians",
            "w6-the-guard-dies",
            "w7-wavre2-no-strawberries-for-grouchy",
            "w8-prince-frederic",
            "w9-no-rain-today",
        ]
    );
    let counts = check_battle(&b, &s);
    // (scenario, side, combat units set up, combat units arriving), counted
    // from l. 2702-2861; variants 2, 5 and 8-11 are resolved on Waterloo 1.
    check_counts(
        &counts,
        &[
            // W2: I Corps 24-41, artilleries 22, 23, 42-44, cuirassiers 129;
            // 130-132 at 1430. Per W1: east of the road (14), Ompteda 08,
            // 09, Somerset 65, 66.
            ("w2-derlons-attack", "french", 24, 3),
            ("w2-derlons-attack", "anglo-allied", 18, 0),
            ("w2-derlons-attack", "prussian", 0, 0),
            // W3: 49-53 and 65; 58-61 and 66 at 1400. 03, 15A; 04, 56.
            ("w3-hougoumont", "french", 6, 5),
            ("w3-hougoumont", "anglo-allied", 2, 2),
            // W4: 129-133, 16, 17, 20; 124-128, 18, 19, 21 at 1700. The
            // Allied units west of the road (27), Chasse (5), three of the
            // reserve artillery.
            ("w4-cavalry-madness", "french", 8, 8),
            ("w4-cavalry-madness", "anglo-allied", 35, 0),
            // W5: 102-108, 112, 113 and 116, 117, 80, 81; 11-14, 02. The
            // Prussians 68-73, 80, 81, 74-78, 62-64, 79; W1's IV and II Corps
            // arrivals from 1600 (4 + 6 + 5).
            ("w5-holding-the-prussians", "french", 13, 5),
            ("w5-holding-the-prussians", "prussian", 17, 15),
            ("w5-holding-the-prussians", "anglo-allied", 0, 0),
            // W6: Donzelot 4, Bachelu 4, Old Guard 03-10, 22, 23. First line
            // 6 (the printed 22 read as Adam's 24; 22 left with Chasse),
            // second line 10, three reserve guns.
            ("w6-the-guard-dies", "french", 18, 0),
            ("w6-the-guard-dies", "anglo-allied", 19, 0),
            // W7 (Wavre 2, l. 2941-2954): W1 and, by the trail south-east of
            // Maransart, Exelmans 5, the III Corps 16, Pajol and Teste 6,
            // Gerard 17; by the road to Ohain Thielmann's 16 after W1's 39.
            ("w7-wavre2-no-strawberries-for-grouchy", "french", 86, 44),
            ("w7-wavre2-no-strawberries-for-grouchy", "prussian", 0, 55),
            // W8: W1 and the Hal force 31-41.
            ("w8-prince-frederic", "anglo-allied", 78, 0),
            ("w8-prince-frederic", "prussian", 0, 39),
            // W9: W1's units, the Prussians an hour earlier.
            ("w9-no-rain-today", "french", 86, 0),
            ("w9-no-rain-today", "prussian", 0, 39),
            // W10: W1 and Girard 54-57, Teste 109-111.
            ("w10-rethinking-the-pursuit-force", "french", 93, 0),
            ("w11-shuffling-the-allied-army", "anglo-allied", 67, 0),
        ],
    );
    let turns: BTreeMap<_, _> = b
        .scenarios
        .iter()
        .map(|(n, s)| {
            (
                n.as_str(),
                (
                    s.turns.first.as_str(),
                    s.turns.count,
                    s.turns.count_to_last(),
                ),
            )
        })
        .collect();
    // Printed counts kept; the printed start and end give another for 2-4.
    for (name, first, count, to_last) in [
        ("w2-derlons-attack", "13:30", 9, 7),
        ("w3-hougoumont", "11:30", 16, 17),
        ("w4-cavalry-madness", "16:00", 7, 6),
        ("w5-holding-the-prussians", "16:00", 12, 12),
        ("w6-the-guard-dies", "19:00", 6, 6),
        ("w9-no-rain-today", "06:00", 32, 32),
        ("w11-shuffling-the-allied-army", "11:00", 22, 22),
    ] {
        assert_eq!(turns[name], (first, count, Some(to_last)), "{name}");
    }
    let w5 = &b.scenarios["w5-holding-the-prussians"];
    assert_eq!(w5.sets_up_first.as_deref(), Some("french"), "l. 2786");
    // W9: the first Prussian arrival at 1200 instead of 1300 (l. 2851).
    let w9 = &b.scenarios["w9-no-rain-today"];
    assert_eq!(
        side(w9, "prussian").reinforcements[0].at,
        berthier_schema::scenario::TurnRef::Clock("12:00".into())
    );
    assert_eq!(side(w9, "anglo-allied").releases.len(), 1, "Lambert");
    // Starting losses: W6 Donzelot one each, Bachelu two each (l. 2817-2818);
    // W10 adds Girard's four to W1's fourteen (l. 2857).
    let w6 = &b.scenarios["w6-the-guard-dies"];
    assert_eq!(losses(w6, "french").values().sum::<u16>(), 12);
    let w10 = &b.scenarios["w10-rethinking-the-pursuit-force"];
    assert_eq!(losses(w10, "french").values().sum::<u16>(), 18);
    // W7: Grouchy's wing brings its Ligny losses, 2 + 6 + 1 + 7 (l. 2943-2946).
    let w7 = &b.scenarios["w7-wavre2-no-strawberries-for-grouchy"];
    let arriving: u16 = side(w7, "french")
        .reinforcements
        .iter()
        .flat_map(|r| &r.losses)
        .filter_map(|l| l.total)
        .sum();
    assert_eq!(arriving, 16);
    // W2's losses per scenario 1 on the units it keeps (l. 2716).
    let w2 = &b.scenarios["w2-derlons-attack"];
    assert_eq!(losses(w2, "anglo-allied").values().sum::<u16>(), 8);
}
