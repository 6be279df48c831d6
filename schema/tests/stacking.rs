//! The declarative stacking rules judge stacks the way the rulebooks do.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use berthier_schema::stacking::{
    HexFacts, Limit, Measure, PairOnlyIn, StackUnit, Stacking,
};
use berthier_schema::{
    Document, Format, RuleOverrides, Series, parse_document,
};

fn mini_series() -> Series {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/mini/mini.series.ron"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let Ok(Document::Series(series)) = parse_document(&text, Format::Ron)
    else {
        panic!("mini series does not load");
    };
    series
}

fn mini_stacking() -> Stacking {
    mini_series().stacking.expect("stacking")
}

fn unit(id: &str, class: &str, formation: &str, state: &str) -> StackUnit {
    StackUnit {
        id: id.into(),
        class: class.into(),
        formation: formation.into(),
        name: id.into(),
        state: state.into(),
        ..StackUnit::default()
    }
}

#[test]
fn two_infantry_of_one_formation_stack_and_a_leader_is_free() {
    let rules = mini_stacking();
    let stack = [
        unit("a", "infantry", "f1", "good_order"),
        unit("b", "infantry", "f1", "good_order"),
        unit("g", "leader", "army", "good_order"),
    ];
    assert_eq!(rules.violations(&stack), Vec::<String>::new());
}

#[test]
fn mixed_formations_or_three_units_are_refused() {
    let rules = mini_stacking();
    let mixed = [
        unit("a", "infantry", "f1", "good_order"),
        unit("b", "infantry", "f2", "good_order"),
    ];
    assert_eq!(rules.violations(&mixed).len(), 1);
    let three = [
        unit("a", "infantry", "f1", "good_order"),
        unit("b", "infantry", "f1", "good_order"),
        unit("c", "infantry", "f1", "good_order"),
    ];
    assert_eq!(rules.violations(&three).len(), 1);
}

#[test]
fn routed_never_stacks_with_good_order() {
    let rules = mini_stacking();
    let stack = [
        unit("a", "infantry", "f1", "routed"),
        unit("b", "infantry", "f1", "good_order"),
    ];
    let found = rules.violations(&stack);
    assert!(found.iter().any(|v| v.contains("routed")), "{found:?}");
}

#[test]
fn step_limits_sum_current_steps() {
    let rules = Stacking {
        limits: vec![Limit {
            name: "infantry and artillery".into(),
            classes: vec!["infantry".into(), "artillery".into()],
            measure: Measure::Rating("steps".into()),
            max: 10,
        }],
        ..Stacking::default()
    };
    let with_steps = |id: &str, class: &str, steps: i32| StackUnit {
        ratings: BTreeMap::from([("steps".to_owned(), steps)]),
        ..unit(id, class, "f", "good_order")
    };
    let ten = [
        with_steps("a", "infantry", 8),
        with_steps("b", "artillery", 2),
    ];
    assert!(rules.violations(&ten).is_empty());
    let eleven = [
        with_steps("a", "infantry", 9),
        with_steps("b", "artillery", 2),
    ];
    assert_eq!(rules.violations(&eleven).len(), 1);
}

#[test]
fn a_battle_override_replaces_a_combination() {
    let series = mini_series();
    let overrides: RuleOverrides = ron::from_str(
        r#"(stacking: Some((
            remove_allowed: ["two cavalry of one formation"],
            add_allowed: [(name: "three cavalry of one formation",
                groups: [(classes: ["cavalry"], max: 3, same_formation: true)])],
        )))"#,
    )
    .expect("override");
    let three = [
        unit("a", "cavalry", "f1", "good_order"),
        unit("b", "cavalry", "f1", "good_order"),
        unit("c", "cavalry", "f1", "good_order"),
    ];
    let base = series.stacking.clone().expect("stacking");
    assert_eq!(base.violations(&three).len(), 1);
    let battle = series.with_overrides(&overrides);
    assert!(
        battle
            .stacking
            .expect("stacking")
            .violations(&three)
            .is_empty()
    );
}

/// The Vive l'Empereur series' IV.3 pair (001 l. 248): general order with
/// limbered artillery only in a town, or in a forest on a road.
#[test]
fn general_order_with_limbered_artillery_only_in_town_or_forest_road() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/series/vive-l-empereur.series.ron"
    );
    let text = std::fs::read_to_string(path).expect("series");
    let Ok(Document::Series(series)) = parse_document(&text, Format::Ron)
    else {
        panic!("VLE series does not load");
    };
    let stacking = series.stacking.expect("stacking");
    let pair: &PairOnlyIn = &stacking.pairs_only_in[0];
    let posed = |id: &str, class: &str, posture: &str| StackUnit {
        posture: Some(posture.into()),
        ..unit(id, class, "f", "good_order")
    };
    let inf = posed("i", "infantry", "general_order");
    let art = posed("a", "artillery", "limbered");
    let col = posed("c", "infantry", "column");
    assert_eq!(pair.offenders(&[&inf, &art]), Some(("i", "a")));
    assert_eq!(pair.offenders(&[&col, &art]), None);
    let at = |terrain: &str, roads: &[&str]| {
        pair.allowed_in(HexFacts { terrain, roads })
    };
    assert!(at("town", &[]));
    assert!(at("forest", &["road"]));
    assert!(at("forest", &["trail"]), "any road class is a road");
    assert!(!at("forest", &[]));
    assert!(!at("castle", &["road"]));
    assert_eq!(pair.describe_hexes(), "town, or forest on a road");
}
