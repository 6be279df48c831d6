//! The bundled Vive l'Empereur content (series, Quatre-Bras and Ligny maps,
//! counters and scenarios) loads, is internally consistent, and matches the
//! counts printed in the rulebook (001_20a723eb3f18919f.txt).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod vle_common;

use std::collections::{BTreeMap, BTreeSet};

use berthier_schema::Document;
use berthier_schema::counters::Counters;
use berthier_schema::stacking::StackUnit;
use vle_common::{
    Battle, battle, check_battle, check_counts, hex, load, m, morale, root,
    series,
};

#[test]
fn series_stacking_follows_v1_and_v2() {
    let s = series();
    let stacking = s.stacking.as_ref().expect("stacking");
    let unit = |id: &str, class: &str, steps: i32| StackUnit {
        id: id.into(),
        class: class.into(),
        state: "good_order".into(),
        ratings: BTreeMap::from([("steps".to_owned(), steps)]),
        ..StackUnit::default()
    };
    // §V.1: up to 10 steps of infantry and artillery...
    assert!(
        stacking
            .violations(&[unit("a", "infantry", 6), unit("b", "infantry", 4)])
            .is_empty()
    );
    assert!(
        stacking
            .violations(&[
                unit("a", "infantry", 6),
                unit("b", "artillery", 2),
                unit("c", "infantry", 2)
            ])
            .is_empty()
    );
    assert!(
        !stacking
            .violations(&[unit("a", "infantry", 6), unit("b", "infantry", 5)])
            .is_empty()
    );
    assert!(
        !stacking
            .violations(&[unit("a", "infantry", 9), unit("b", "artillery", 2)])
            .is_empty()
    );
    // ...or up to 7 of cavalry.
    assert!(
        stacking
            .violations(&[unit("a", "cavalry", 4), unit("b", "cavalry", 3)])
            .is_empty()
    );
    assert!(
        !stacking
            .violations(&[unit("a", "cavalry", 4), unit("b", "cavalry", 4)])
            .is_empty()
    );
    // §V.2: never cavalry with infantry or artillery.
    assert!(
        !stacking
            .violations(&[unit("a", "cavalry", 2), unit("b", "infantry", 2)])
            .is_empty()
    );
    assert!(
        !stacking
            .violations(&[unit("a", "cavalry", 2), unit("b", "artillery", 2)])
            .is_empty()
    );
    // §XIV.1: leaders do not count.
    assert!(
        stacking
            .violations(&[unit("a", "cavalry", 7), unit("n", "leader", 0)])
            .is_empty()
    );
    // §IV.5: order and disorder never share a hex.
    let mut d = unit("d", "infantry", 2);
    d.state = "disorganized".into();
    assert!(
        !stacking
            .violations(&[unit("a", "infantry", 2), d])
            .is_empty()
    );
    // §V.7: squares only with squares (and artillery).
    let mut sq = unit("s", "infantry", 3);
    sq.posture = Some("square".into());
    let mut col = unit("c", "infantry", 3);
    col.posture = Some("column".into());
    assert!(!stacking.violations(&[sq.clone(), col]).is_empty());
    assert!(
        stacking
            .violations(&[sq, unit("g", "artillery", 2)])
            .is_empty()
    );
}

#[test]
fn series_facing_entry_and_formations() {
    let s = series();
    let facing = s.facing.as_ref().expect("facing");
    assert_eq!(facing.mixed_min_shared_fronts, Some(2));
    let entry = s.entry.as_ref().expect("entry");
    assert_eq!(
        entry.column_cost,
        berthier_schema::series::ColumnCost::MinusOnePerUnit
    );
    let f = |id: &str| s.formations.iter().find(|f| f.id == id).expect(id);
    assert!(!f("cavalry_line").allowed_at_setup);
    assert_eq!(f("line").front_hexes, Some(2));
    assert!(f("square").only_in.contains(&"clear".to_owned()));
    assert!(f("general_order").mandatory_in.contains(&"town".to_owned()));
    assert!(s.class("leader").is_some_and(|c| c.leader));
    let clear = s.terrain_type("clear").expect("clear");
    assert_eq!(
        clear.movement["infantry"],
        berthier_schema::series::Cost::Mp(1)
    );
    let forest = s.terrain_type("forest").expect("forest");
    assert_eq!(
        forest.movement["cavalry"],
        berthier_schema::series::Cost::Mp(4)
    );
    assert_eq!(
        forest.movement["artillery"],
        berthier_schema::series::Cost::NotAllowed
    );
    assert!(s.hexside_type("river").is_some_and(|r| r.impassable));
    assert!(s.hexside_type("ridge").is_some_and(|r| r.directed));
}

#[test]
fn a_road_lifts_the_forest_but_not_the_fortified_farm() {
    // IV.11 (l. 373): "Movement not allowed in forest, brush, or marsh,
    // except through a road"; special rule 2 (l. 3162): "Cavalry and
    // artillery are not allowed inside" a fortified farm, road or not.
    let s = series();
    let terrain = |id: &str| s.terrain_type(id).expect(id);
    for id in ["forest", "brush", "marsh"] {
        assert!(!terrain(id).barred_even_on_road("artillery"), "{id}");
    }
    let farm = terrain("fortified_farm");
    assert!(farm.barred_even_on_road("cavalry"));
    assert!(farm.barred_even_on_road("artillery"));
    assert!(!farm.barred_even_on_road("infantry"));
}

#[test]
fn quatre_bras_matches_the_rulebook() {
    let s = series();
    let b = battle("quatre-bras-1815");
    let names: Vec<_> = b.scenarios.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "qb1-historical",
            "qb2-the-duke-strikes-back",
            "qb3-ney-ten-years-younger",
            "qb4-the-prince-of-orange-gamble",
            "qb5-derlon-at-the-rescue"
        ]
    );
    let counts = check_battle(&b, &s);
    // (scenario, side, combat units set up, combat units arriving), counted
    // from l. 2020-2156.
    check_counts(
        &counts,
        &[
            ("qb1-historical", "french", 14, 26),
            ("qb1-historical", "anglo-allied", 6, 24),
            ("qb2-the-duke-strikes-back", "french", 23, 14),
            ("qb2-the-duke-strikes-back", "anglo-allied", 27, 0),
            ("qb3-ney-ten-years-younger", "french", 23, 4),
            ("qb3-ney-ten-years-younger", "anglo-allied", 6, 24),
            ("qb4-the-prince-of-orange-gamble", "french", 14, 26),
            ("qb4-the-prince-of-orange-gamble", "anglo-allied", 6, 33),
            ("qb5-derlon-at-the-rescue", "french", 14, 33),
            ("qb5-derlon-at-the-rescue", "anglo-allied", 6, 24),
        ],
    );
    let turns: Vec<_> = b
        .scenarios
        .values()
        .map(|s| (s.turns.first.as_str(), s.turns.count))
        .collect();
    assert_eq!(
        turns,
        [
            ("14:00", 13),
            ("18:00", 8),
            ("14:00", 13),
            ("14:00", 13),
            ("14:00", 13)
        ]
    );
    // QB1 demoralization table (l. 2089-2090).
    assert_eq!(
        morale(&b, "qb1-historical", "french"),
        [
            m("I", 48, 24, &[35]),
            m("II", 74, 37, &[54]),
            m("III Cav", 15, 8, &[13])
        ]
    );
    assert_eq!(
        morale(&b, "qb1-historical", "anglo-allied"),
        [m("I", 64, 32, &[40, 51]), m("Reserve", 55, 28, &[35, 45])]
    );
    let qb1 = &b.scenarios["qb1-historical"];
    assert_eq!(qb1.sets_up_first.as_deref(), Some("anglo-allied"));
    assert_eq!(qb1.moves_first.as_deref(), Some("french"));
    let qb2 = &b.scenarios["qb2-the-duke-strikes-back"];
    assert_eq!(qb2.sets_up_first.as_deref(), Some("french"));
    assert_eq!(qb2.moves_first.as_deref(), Some("anglo-allied"));
    // Best brigade attached to Picton (l. 2088).
    let aa = qb1
        .sides
        .iter()
        .find(|s| s.side == "anglo-allied")
        .expect("aa");
    assert_eq!(aa.attachments[0].to, "aa-r-5");
    // QB2: Perponcher starts disorganized with 6 losses (l. 2106).
    let aa2 = qb2
        .sides
        .iter()
        .find(|s| s.side == "anglo-allied")
        .expect("aa");
    assert_eq!(
        aa2.setup
            .iter()
            .filter(|p| p.state.as_deref() == Some("disorganized"))
            .count(),
        6
    );
    assert_eq!(aa2.losses[0].total, Some(6));
    // Unit numbers as printed, unique per army.
    let printed: BTreeSet<_> = b
        .counters
        .units
        .iter()
        .filter_map(|u| u.printed.as_ref().map(|p| (u.side.clone(), p.clone())))
        .collect();
    assert_eq!(
        printed.len(),
        b.counters
            .units
            .iter()
            .filter(|u| u.printed.is_some())
            .count()
    );
    assert!(
        b.counters
            .unit("aa-15A")
            .is_some_and(|u| u.printed.as_deref() == Some("15A"))
    );
    let _ = hex("0101");
}

#[test]
fn ligny_matches_the_rulebook() {
    let s = series();
    let b = battle("ligny-1815");
    assert_eq!(b.scenarios.len(), 10, "Ligny 1 to 10");
    let counts = check_battle(&b, &s);
    // (scenario, side, combat units set up, combat units arriving), counted
    // from l. 2180-2518; variants 7-9 are built on Ligny 1.
    check_counts(
        &counts,
        &[
            ("ligny1-historical", "french", 33, 61),
            ("ligny1-historical", "prussian", 61, 0),
            ("ligny2-la-victoire-en-chantant", "french", 75, 19),
            ("ligny2-la-victoire-en-chantant", "prussian", 61, 0),
            ("ligny3-vandamme-attacks", "french", 22, 5),
            ("ligny3-vandamme-attacks", "prussian", 9, 12),
            ("ligny4-ligny-on-fire", "french", 10, 1),
            ("ligny4-ligny-on-fire", "prussian", 4, 5),
            ("ligny5-holding-thielmann", "french", 15, 0),
            ("ligny5-holding-thielmann", "prussian", 13, 0),
            ("ligny6-the-guard-attacks", "french", 25, 0),
            ("ligny6-the-guard-attacks", "prussian", 11, 3),
            ("ligny7-enter-the-prussian-iv-corps", "french", 33, 61),
            ("ligny7-enter-the-prussian-iv-corps", "prussian", 61, 22),
            ("ligny8-derlons-outflank", "french", 33, 75),
            ("ligny8-derlons-outflank", "prussian", 61, 0),
            ("ligny9-remembering-mouton", "french", 33, 61),
            ("ligny9-remembering-mouton", "prussian", 61, 0),
            ("ligny10-solving-the-traffic-jam", "french", 4, 90),
            ("ligny10-solving-the-traffic-jam", "prussian", 32, 29),
        ],
    );
    let turns: BTreeMap<_, _> = b
        .scenarios
        .iter()
        .map(|(n, s)| (n.as_str(), (s.turns.first.as_str(), s.turns.count)))
        .collect();
    for (name, first, count) in [
        ("ligny1-historical", "13:00", 18),
        ("ligny2-la-victoire-en-chantant", "15:00", 14),
        ("ligny3-vandamme-attacks", "14:00", 11),
        ("ligny4-ligny-on-fire", "14:00", 7),
        ("ligny5-holding-thielmann", "16:00", 9),
        ("ligny6-the-guard-attacks", "19:30", 5),
        ("ligny7-enter-the-prussian-iv-corps", "13:00", 18),
        ("ligny8-derlons-outflank", "13:00", 18),
        ("ligny9-remembering-mouton", "13:00", 18),
        ("ligny10-solving-the-traffic-jam", "09:00", 26),
    ] {
        assert_eq!(turns[name], (first, count), "{name}");
    }
    // Ligny 1 demoralization table (l. 2244-2262); the Guard (None/None)
    // and the IV Cav Corps (blank) have no levels (read here as 0).
    assert_eq!(
        morale(&b, "ligny1-historical", "french"),
        [
            m("Guard", 74, 0, &[]),
            m("III including II-7", 76, 38, &[55]),
            m("IV", 51, 26, &[37]),
            m("VI", 38, 19, &[28]),
            m("I Cav", 12, 6, &[9]),
            m("II Cav", 14, 7, &[11]),
            m("IV Cav", 12, 0, &[]),
        ]
    );
    let prussian = [
        m("I", 120, 60, &[87]),
        m("II", 117, 59, &[85]),
        m("III", 91, 46, &[62]),
    ];
    assert_eq!(morale(&b, "ligny1-historical", "prussian"), prussian);
    assert_eq!(
        morale(&b, "ligny2-la-victoire-en-chantant", "prussian"),
        prussian
    );
    for s in b.scenarios.values() {
        assert_eq!(s.sets_up_first.as_deref(), Some("prussian"), "{}", s.id);
        assert_eq!(s.moves_first.as_deref(), Some("french"), "{}", s.id);
    }
    // Ligny 6: the eight IV Corps infantry units have one loss each.
    let l6 = &b.scenarios["ligny6-the-guard-attacks"];
    let fr = l6
        .sides
        .iter()
        .find(|s| s.side == "french")
        .expect("french");
    assert_eq!(
        (fr.losses[0].units.units.len(), fr.losses[0].each),
        (8, Some(1))
    );
    // French and Prussian unit 22 are two counters (l. 2391, 2390).
    assert!(
        b.counters.unit("fr-022").is_some()
            && b.counters.unit("pr-22").is_some()
    );
}

/// "Combining games" 1 (001 l. 3007) plays Quatre-Bras and Ligny together:
/// the French units both battles use are defined once, in the army file
/// both include, and each battle still sees them in its own command.
#[test]
fn the_french_units_of_both_battles_are_defined_once() {
    let own = |name: &str| match load(
        &root().join(format!("counters/{name}/{name}.counters.ron")),
    ) {
        Document::Counters(c) => c,
        _ => panic!("{name}: not counters"),
    };
    let (qb, ligny, army) = (
        own("quatre-bras-1815"),
        own("ligny-1815"),
        own("armee-du-nord-1815"),
    );
    let ids = |c: &Counters| -> Vec<String> {
        let units = c.units.iter().map(|u| u.id.clone());
        units
            .chain(c.formations.iter().map(|f| f.id.clone()))
            .collect()
    };
    let (qb_ids, ligny_ids) = (ids(&qb), ids(&ligny));
    let both: Vec<&String> =
        qb_ids.iter().filter(|id| ligny_ids.contains(id)).collect();
    assert!(both.is_empty(), "defined in both battle files: {both:?}");
    assert_eq!(army.units.len(), 26, "I Corps, Girard's division, d'Erlon");
    let (qb_all, ligny_all) =
        (battle("quatre-bras-1815"), battle("ligny-1815"));
    for unit in &army.units {
        assert!(qb_all.counters.unit(&unit.id).is_some(), "{}", unit.id);
        assert!(ligny_all.counters.unit(&unit.id).is_some(), "{}", unit.id);
    }
    let parent = |b: &Battle, f: &str| {
        b.counters.formation(f).and_then(|f| f.parent.clone())
    };
    // Under Ney at Quatre-Bras (l. 2010-2012), the army's at Ligny.
    assert_eq!(parent(&qb_all, "fr-i").as_deref(), Some("fr-left-wing"));
    assert_eq!(parent(&ligny_all, "fr-i").as_deref(), Some("fr-army"));
}
