use super::*;
use crate::format::Format;
use crate::scenario::TurnRef;
use crate::text::parse;

const BASE: &str = r#"(
    kind: scenario, format_version: 2, id: "base", name: "Base",
    series: "../s.series.ron", map: "../m.map.ron", counters: "../c.counters.ron",
    turns: (first: "13:00", minutes_per_turn: 30, count: 18),
    sides: [
        (side: "french",
         instructions: [
            (id: "girard", units: (units: ["fr-054"]), placement: At(Place("a"))),
            (units: (units: ["fr-067"]), placement: At(Place("b"))),
            (id: "cavalry", units: (units: ["fr-114"]), placement: At(Place("c"))),
         ],
         setup: [
            (unit: "fr-054", hex: "0512"),
            (unit: "fr-067", hex: "1830"),
         ],
         reinforcements: [
            (at: Clock("18:00"), units: (units: ["fr-036", "fr-040"]), entry: Entry("roman")),
            (at: Clock("19:00"), formation: "fr-vi", units: (units: ["fr-102"]), entry: Entry("road")),
            (at: Turn(3), units: (formations: ["fr-guard"]), entry: Entry("road")),
         ]),
        (side: "prussian"),
    ],
    victory: [(side: "french", condition: Text("win"))],
)"#;

fn base() -> Scenario {
    parse(BASE, Format::Ron).expect("base")
}

fn variant(sides: &str) -> ScenarioVariant {
    let text = format!(
        r#"(kind: scenario, format_version: 2, id: "v", name: "V",
            base: "../base/l1.scenario.ron", sides: [{sides}])"#
    );
    parse(&text, Format::Ron).expect("variant")
}

fn french(step: &Step) -> &ScenarioSide {
    &step.scenario.sides[0]
}

fn ids(side: &ScenarioSide) -> Vec<Option<&str>> {
    side.instructions.iter().map(|i| i.id.as_deref()).collect()
}

#[test]
fn inherited_paths_are_rebased_to_the_variant() {
    let step = apply_variant(&base(), &variant(""), None);
    assert_eq!(step.scenario.map, "../m.map.ron");
    assert_eq!(rebase("../base/l1.ron", "../m.map.ron"), "../m.map.ron");
    assert_eq!(rebase("l1.ron", "../../maps/m.ron"), "../../maps/m.ron");
    assert_eq!(rebase("x/l1.ron", "../../maps/m.ron"), "../maps/m.ron");
    assert_eq!(step.scenario.id, "v");
    assert!(step.issues.is_empty());
    assert_eq!(step.scenario.sides, base().sides);
}

#[test]
fn instructions_are_replaced_removed_and_added_by_id() {
    let v = variant(
        r#"(side: "french",
            replace_instructions: [(id: "cavalry", units: (units: ["fr-115"]), placement: At(Place("d")))],
            remove_instructions: ["girard"],
            add_instructions: [(units: (units: ["fr-001"]), placement: At(Place("e")))])"#,
    );
    let step = apply_variant(&base(), &v, None);
    assert!(step.issues.is_empty(), "{:?}", step.issues);
    assert_eq!(ids(french(&step)), [None, Some("cavalry"), None]);
    assert_eq!(french(&step).instructions[1].units.units, ["fr-115"]);
    // The id-less instruction is the base's; the replaced one the variant's.
    let o = &step.origins;
    assert_eq!(
        o.lookup("/sides/0/instructions/0/units"),
        (Layer::Base, "/sides/0/instructions/1/units".into())
    );
    assert_eq!(
        o.lookup("/sides/0/instructions/1/placement"),
        (
            Layer::Variant,
            "/sides/0/replace_instructions/0/placement".into()
        )
    );
    assert_eq!(
        o.lookup("/sides/0/instructions/2"),
        (Layer::Variant, "/sides/0/add_instructions/0".into())
    );
}

#[test]
fn an_unknown_instruction_id_or_side_is_an_issue() {
    let v = variant(
        r#"(side: "french", remove_instructions: ["nobody"],
            replace_instructions: [(units: (), placement: At(Place("d")))]),
           (side: "austrian")"#,
    );
    let step = apply_variant(&base(), &v, None);
    let pointers: Vec<&str> =
        step.issues.iter().map(|i| i.pointer.as_str()).collect();
    assert_eq!(
        pointers,
        [
            "/sides/0/replace_instructions/0/id",
            "/sides/0/remove_instructions/0",
            "/sides/1/side"
        ]
    );
    assert_eq!(french(&step).instructions, base().sides[0].instructions);
}

#[test]
fn arrivals_are_dropped_kept_by_unit_or_formation_and_added() {
    let v = variant(
        r#"(side: "french", drop_arrivals: (units: ["fr-036"], formations: ["fr-vi"]),
            add_reinforcements: [(at: Clock("15:30"), units: (units: ["fr-derlon"]), entry: Entry("roman"))],
            drop_setup: (units: ["fr-067"]))"#,
    );
    let step = apply_variant(&base(), &v, None);
    let arrivals = &french(&step).reinforcements;
    assert_eq!(arrivals.len(), 3);
    assert_eq!(arrivals[0].units.units, ["fr-040"]);
    assert_eq!(arrivals[1].units.formations, ["fr-guard"]);
    assert_eq!(arrivals[2].units.units, ["fr-derlon"]);
    assert_eq!(
        step.origins.lookup("/sides/0/reinforcements/1"),
        (Layer::Base, "/sides/0/reinforcements/2".into())
    );
    assert_eq!(french(&step).setup.len(), 1);
    let kept =
        variant(r#"(side: "french", keep_arrivals: (formations: ["fr-vi"]))"#);
    let step = apply_variant(&base(), &kept, None);
    assert_eq!(french(&step).reinforcements.len(), 1);
    assert_eq!(french(&step).reinforcements[0].units.units, ["fr-102"]);
}

#[test]
fn a_shift_moves_clock_and_turn_arrivals_and_points_at_itself() {
    let v = variant(r#"(side: "french", shift_arrivals: [(minutes: -60)])"#);
    let step = apply_variant(&base(), &v, None);
    assert!(step.issues.is_empty(), "{:?}", step.issues);
    let at: Vec<&TurnRef> =
        french(&step).reinforcements.iter().map(|a| &a.at).collect();
    assert_eq!(
        at,
        [
            &TurnRef::Clock("17:00".into()),
            &TurnRef::Clock("18:00".into()),
            // Turn 3 (14:00) an hour earlier is turn 1 (13:00).
            &TurnRef::Turn(1),
        ]
    );
    assert_eq!(
        step.origins.lookup("/sides/0/reinforcements/0/at"),
        (Layer::Variant, "/sides/0/shift_arrivals/0/minutes".into())
    );
}

#[test]
fn a_shift_off_the_turn_track_is_an_issue() {
    let v = variant(
        r#"(side: "french", shift_arrivals: [(units: (formations: ["fr-guard"]), minutes: -90)])"#,
    );
    let step = apply_variant(&base(), &v, None);
    assert_eq!(step.issues.len(), 1);
    assert_eq!(step.issues[0].pointer, "/sides/0/shift_arrivals/0/minutes");
    assert!(matches!(
        step.issues[0].kind,
        IssueKind::ShiftOffTrack { .. }
    ));
    assert_eq!(french(&step).reinforcements[2].at, TurnRef::Turn(3));
}

#[test]
fn stated_fields_replace_and_another_map_is_an_issue() {
    let mut v = variant("");
    v.map = Some("../other.map.ron".into());
    v.counters = Some("../c.counters.ron".into());
    v.turns = Some(TurnTrack {
        date: None,
        first: "09:00".into(),
        minutes_per_turn: 60,
        count: 4,
        special: Vec::new(),
        first_date: None,
        ends_when: None,
        last: None,
    });
    v.add_victory = base().victory;
    let step = apply_variant(&base(), &v, None);
    assert_eq!(step.issues.len(), 1, "{:?}", step.issues);
    assert_eq!(step.issues[0].pointer, "/map");
    assert_eq!(step.scenario.turns.count, 4);
    assert_eq!(step.scenario.victory.len(), 2);
    assert_eq!(
        step.origins.lookup("/victory/1/side"),
        (Layer::Variant, "/add_victory/0/side".into())
    );
    assert_eq!(
        step.origins.lookup("/victory/0"),
        (Layer::Base, "/victory/0".into())
    );
    assert_eq!(
        step.origins.lookup("/turns/count"),
        (Layer::Variant, "/turns/count".into())
    );
}

#[test]
fn a_later_start_keeps_the_arrivals_of_its_window_on_the_base_track() {
    // The variant starts at 17:00 (as Quatre-Bras 2 starts at 1800 and
    // keeps scenario 1's schedule from then on, l. 2112): a 14:00 arrival
    // (turn 3 of the base) is left out although turn 3 exists on both.
    let mut v = variant(
        r#"(side: "french", keep_arrivals_within: (from: Clock("17:00")))"#,
    );
    v.turns = Some(TurnTrack {
        first: "17:00".into(),
        count: 10,
        ..base().turns
    });
    let step = apply_variant(&base(), &v, None);
    assert!(step.issues.is_empty(), "{:?}", step.issues);
    let at: Vec<&TurnRef> =
        french(&step).reinforcements.iter().map(|a| &a.at).collect();
    assert_eq!(
        at,
        [
            &TurnRef::Clock("18:00".into()),
            &TurnRef::Clock("19:00".into())
        ]
    );
    assert_eq!(
        step.origins.lookup("/sides/0/reinforcements/1/entry"),
        (Layer::Base, "/sides/0/reinforcements/1/entry".into())
    );
}

#[test]
fn a_window_with_units_keeps_or_drops_only_their_part_inside_it() {
    let kept = variant(
        r#"(side: "french", keep_arrivals_within: (units: (units: ["fr-040", "fr-102"]), until: Clock("18:30")))"#,
    );
    let step = apply_variant(&base(), &kept, None);
    let arrivals = &french(&step).reinforcements;
    assert_eq!(arrivals.len(), 1);
    assert_eq!(arrivals[0].units.units, ["fr-040"]);
    let dropped = variant(
        r#"(side: "french", drop_arrivals_within: [(units: (units: ["fr-036"]), from: Turn(10), until: Turn(11)), (until: Turn(3))])"#,
    );
    let step = apply_variant(&base(), &dropped, None);
    let arrivals = &french(&step).reinforcements;
    assert_eq!(arrivals.len(), 2);
    assert_eq!(arrivals[0].units.units, ["fr-040"]);
    assert_eq!(arrivals[1].units.units, ["fr-102"]);
}

#[test]
fn a_window_off_the_base_track_or_empty_is_an_issue_and_keeps_all() {
    let v = variant(
        r#"(side: "french", keep_arrivals_within: (from: Turn(19)),
            drop_arrivals_within: [(from: Clock("19:00"), until: Clock("18:00"))])"#,
    );
    let step = apply_variant(&base(), &v, None);
    let found: Vec<(&str, bool)> = step
        .issues
        .iter()
        .map(|i| {
            let off = matches!(i.kind, IssueKind::WindowOffTrack { .. });
            (i.pointer.as_str(), off)
        })
        .collect();
    assert_eq!(
        found,
        [
            ("/sides/0/keep_arrivals_within/from", true),
            ("/sides/0/drop_arrivals_within/0/until", false)
        ]
    );
    assert_eq!(french(&step).reinforcements, base().sides[0].reinforcements);
}

#[test]
fn victory_and_special_rules_are_replaced_and_removed_by_id() {
    let mut b = base();
    let text = r#"[(id: "sombreffe", side: "french", condition: Text("all of it")),
        (id: "ligny", side: "french", condition: Text("ligny")),
        (side: "french", condition: Text("no id"))]"#;
    b.victory = parse(text, Format::Ron).expect("victory");
    b.special_rules = parse(
        r#"[(id: "command", title: "Command", text: "Vandamme"), (title: "Towns", text: "XVI-6")]"#,
        Format::Ron,
    )
    .expect("rules");
    let mut v = variant("");
    v.replace_victory = parse(
        r#"[(id: "sombreffe", side: "french", condition: Text("but the chateau")),
            (id: "nowhere", side: "french", condition: Text("x"))]"#,
        Format::Ron,
    )
    .expect("replace");
    v.remove_victory = vec!["ligny".into()];
    v.remove_special_rules = vec!["command".into(), "towns".into()];
    let step = apply_variant(&b, &v, None);
    let conditions: Vec<_> =
        step.scenario.victory.iter().map(|c| &c.condition).collect();
    assert_eq!(
        conditions,
        [
            &crate::scenario::Condition::Text("but the chateau".into()),
            &crate::scenario::Condition::Text("no id".into())
        ]
    );
    assert_eq!(step.scenario.special_rules.len(), 1);
    let issues: Vec<_> = step
        .issues
        .iter()
        .map(|i| (i.pointer.as_str(), i.kind.to_string()))
        .collect();
    assert_eq!(
        issues,
        [
            (
                "/replace_victory/1/id",
                "the base has no victory condition with id `nowhere`".into()
            ),
            (
                "/remove_special_rules/1",
                "the base has no special rule with id `towns`".into()
            )
        ]
    );
    let o = &step.origins;
    assert_eq!(
        o.lookup("/victory/0/condition"),
        (Layer::Variant, "/replace_victory/0/condition".into())
    );
    assert_eq!(
        o.lookup("/victory/1/side"),
        (Layer::Base, "/victory/2/side".into())
    );
}

/// The base with the two bridges of Wavre 1 damaged (001 l. 2917).
fn bridges_base() -> Scenario {
    let mut base = base();
    base.map_state = parse::<Vec<crate::scenario::FeatureState>>(
        r#"[(at: Place("basse-wavre"), feature: "bridge", state: "damaged"),
            (at: Place("limelette"), feature: "bridge", state: "damaged")]"#,
        Format::Ron,
    )
    .expect("states");
    base
}

fn map_variant(changes: &str) -> ScenarioVariant {
    let text = format!(
        r#"(kind: scenario, format_version: 2, id: "v", name: "V",
            base: "../base/l1.scenario.ron", {changes})"#
    );
    parse(&text, Format::Ron).expect("variant")
}

#[test]
fn set_map_state_changes_the_same_feature_in_its_place_and_adds_others() {
    let v = map_variant(
        r#"set_map_state: [
            (at: Place("limelette"), feature: "bridge", state: "intact"),
            (at: Place("bierges"), feature: "bridge", state: "damaged")]"#,
    );
    let step = apply_variant(&bridges_base(), &v, None);
    let states: Vec<(String, &str)> = step
        .scenario
        .map_state
        .iter()
        .map(|s| (s.at.to_string(), s.state.as_str()))
        .collect();
    assert_eq!(states.len(), 3);
    assert_eq!(states[0].1, "damaged");
    assert!(states[1].0.contains("limelette") && states[1].1 == "intact");
    assert!(states[2].0.contains("bierges"));
    assert!(step.issues.is_empty());
    let (layer, at) = step.origins.lookup("/map_state/1/state");
    assert_eq!(
        (layer, at.as_str()),
        (Layer::Variant, "/set_map_state/0/state")
    );
    let (layer, _) = step.origins.lookup("/map_state/0");
    assert_eq!(layer, Layer::Base);
}

#[test]
fn set_map_state_that_repeats_the_base_is_an_issue() {
    let v = map_variant(
        r#"set_map_state: [(at: Place("limelette"), feature: "bridge", state: "damaged")]"#,
    );
    let step = apply_variant(&bridges_base(), &v, None);
    assert_eq!(step.issues.len(), 1);
    assert_eq!(step.issues[0].pointer, "/set_map_state/0/state");
    assert!(matches!(
        step.issues[0].kind,
        IssueKind::MapStateUnchanged { .. }
    ));
}

#[test]
fn a_stated_map_state_replaces_the_base_s_and_ignores_the_changes() {
    let v = map_variant(
        r#"map_state: [], set_map_state: [(at: Place("limelette"), feature: "bridge", state: "intact")]"#,
    );
    let step = apply_variant(&bridges_base(), &v, None);
    assert!(step.scenario.map_state.is_empty());
}
