//! A scenario resolved against its series, map and counters.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::battle::{Battle, resolve_series};
use berthier_schema::placement::Placement;
use berthier_schema::scenario::TurnRef;
use berthier_schema::zone::{Verdict, Zone};
use berthier_schema::{
    Counters, Document, Format, HexId, Map, Scenario, Series, load_document,
};

fn load(name: &str) -> Document {
    let path =
        format!("{}/tests/fixtures/mini/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture");
    load_document(&text, Format::Ron).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn pack() -> (Series, Map, Counters, Scenario) {
    let Document::Series(series) = load("mini.series.ron") else {
        panic!()
    };
    let Document::Map(map) = load("mini.map.ron") else {
        panic!()
    };
    let Document::Counters(counters) = load("mini.counters.ron") else {
        panic!()
    };
    let Document::Scenario(scenario) = load("mini.scenario.ron") else {
        panic!()
    };
    (series, map, counters, scenario)
}

#[test]
fn the_fixture_setup_is_one_legal_stack_with_its_leader() {
    let (series, map, counters, scenario) = pack();
    let battle = Battle::new(&series, &map, &counters, &scenario);
    let occupancy = battle.occupancy();
    let stack = &occupancy[&HexId::new(2, 2)];
    assert_eq!(stack.len(), 3);
    let units: Vec<_> =
        stack.iter().filter_map(|p| battle.stack_unit(p)).collect();
    assert_eq!(units[0].state, "good_order");
    assert_eq!(units[0].formation, "blue-1");
    let rules = battle.series.stacking.clone().expect("stacking");
    assert!(rules.violations(&units).is_empty());
}

#[test]
fn every_instruction_holds_for_the_fixture_setup() {
    let (series, map, counters, scenario) = pack();
    let battle = Battle::new(&series, &map, &counters, &scenario);
    let zone = Zone::new(&map, &battle);
    for side in &scenario.sides {
        for instruction in &side.instructions {
            for unit in battle.units_in(&instruction.units) {
                let placed = battle.placed(&unit.id).expect("set up");
                assert_eq!(
                    zone.allows(&instruction.placement, &unit.id, placed.hex),
                    Verdict::Yes,
                    "{}",
                    unit.id
                );
            }
        }
    }
    // The general must be with a unit: alone one hex away he is not.
    assert_eq!(
        zone.allows(
            &Placement::WithAnyUnitOf(None),
            "blue-general",
            HexId::new(3, 3)
        ),
        Verdict::No
    );
}

#[test]
fn schedule_times_map_to_turns() {
    let (series, map, counters, scenario) = pack();
    let battle = Battle::new(&series, &map, &counters, &scenario);
    assert_eq!(battle.turn_of(&TurnRef::Clock("10:00".into())), Ok(2));
    assert!(battle.turn_of(&TurnRef::Clock("10:30".into())).is_err());
    assert!(battle.turn_of(&TurnRef::Turn(5)).is_err());
}

#[test]
fn a_series_chain_applies_each_child_override() {
    let (series, ..) = pack();
    let mut child = series.clone();
    child.id = "mini-battle".into();
    child.overrides = Some(
        ron::from_str(r#"(forbidden_formations: [], stacking: Some((remove_allowed: ["two cavalry of one formation"])))"#)
            .expect("override"),
    );
    let resolved = resolve_series(&[series, child]).expect("chain");
    assert_eq!(resolved.id, "mini-battle");
    assert_eq!(resolved.stacking.expect("stacking").allowed.len(), 1);
}

/// The ids `Battle::units_in` resolves a unit set written in RON to.
fn resolve(battle: &Battle<'_>, set: &str) -> Vec<String> {
    let set: berthier_schema::scenario::UnitSet =
        berthier_schema::parse(set, Format::Ron).expect("unit set");
    battle.units_in(&set).iter().map(|u| u.id.clone()).collect()
}

#[test]
fn unit_sets_filter_by_class_arm_and_except() {
    let (series, map, counters, scenario) = pack();
    let battle = Battle::new(&series, &map, &counters, &scenario);
    let army = r#"(formations: ["blue-army"])"#;
    assert_eq!(resolve(&battle, army), ["blue-general", "b1", "b2"]);
    let infantry = r#"(formations: ["blue-army"], arms: ["infantry"])"#;
    assert_eq!(resolve(&battle, infantry), ["b1", "b2"]);
    let but_b2 = r#"(formations: ["blue-army"], classes: ["infantry"],
                     except: (units: ["b2"]))"#;
    assert_eq!(resolve(&battle, but_b2), ["b1"]);
    // A filter alone selects from every unit of the counters.
    assert_eq!(resolve(&battle, r#"(arms: ["cavalry"])"#), ["r1"]);
    // `except` of a whole formation, and `choose` leaves the candidates.
    let none =
        r#"(formations: ["blue-1"], except: (formations: ["blue-army"]))"#;
    assert!(resolve(&battle, none).is_empty());
    let pick = r#"(formations: ["blue-1"], choose: 1)"#;
    assert_eq!(resolve(&battle, pick), ["b1", "b2"]);
}
