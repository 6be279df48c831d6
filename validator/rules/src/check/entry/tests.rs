//! The entry simulation on small hand-made battles, and on Rivoli.

use berthier_schema::battle::{Battle, resolve_series};
use berthier_schema::{Counters, Format, Map, Scenario, Series, parse};

use super::plan::plan;
use super::sim::{Outcome, simulate};
use crate::check::Finding;
use crate::code::Code;

/// A series: infantry pay 2 MP for clear; two infantry of one formation
/// stack; `entry` is the series' entry rules.
fn series(entry: &str) -> String {
    format!(
        r#"(kind: series, format_version: 1, id: "t", name: "T",
    ratings: [(id: "movement", name: "MA")],
    unit_classes: [
        (id: "infantry", name: "Infantry", arm: "infantry"),
        (id: "leader", name: "Leader", arm: "leader", leader: true),
    ],
    states: [(id: "good_order", name: "Good order", default: true)],
    terrain: [
        (id: "clear", name: "Clear", movement: {{"infantry": Mp(2)}}),
        (id: "lake", name: "Lake", impassable: true),
    ],
    road_types: [(id: "road", name: "Road", movement: {{"infantry": Mp(1)}})],
    stacking: (exempt_classes: ["leader"], allowed: [
        (name: "two infantry of one formation",
         groups: [(classes: ["infantry"], max: 2, same_formation: true)]),
    ]),
    entry: {entry},
)"#
    )
}

const JDG: &str = "(column_cost: multiply_per_stack, forced_march_factor: 2, \
                   delay: next_activation, keep_out_radius: 1)";
const VLE: &str = "(column_cost: minus_one_per_unit, delay: next_turn)";

const MAP: &str = r#"(kind: map, format_version: 1, id: "m", name: "M",
    series: "t.series.ron",
    grid: (shift: odd, origin_hex: "0101", origin_px: (40.0, 40.0), hex_radius_px: 30.0),
    extent: [(cols: (1, 8), rows: (1, 6))],
    hexes: {
        "0101": (terrain: "clear"), "0801": (terrain: "clear"),
        "0403": (terrain: "clear"), "0106": (terrain: "lake"),
    },
    roads: [(id: "r", class: "road", hexes: ["0801", "0802", "0803"])],
    places: [(id: "town", name: "Town", hexes: ["0403"])],
    edges: [(id: "south", side: south)],
    entry_points: [
        (id: "west", name: "West", hexes: ["0101"]),
        (id: "east-road", name: "East road", hexes: ["0801"], road: "r"),
        (id: "nowhere", name: "Nowhere"),
    ],
)"#;

/// Counters: blue units b1..b8 (formation blue-2 from b5 on) with
/// movement `ma` (`None` for not printed), red r1, r2.
fn counters(ma: &str) -> String {
    let blue: String = (1..=8)
        .map(|i| {
            let f = if i <= 4 { "blue-1" } else { "blue-2" };
            format!(
                r#"(id: "b{i}", name: "B{i}", side: "blue", class: "infantry",
                   formation: "{f}", ratings: {{"good_order": {{"movement": {ma}}}}}),"#
            )
        })
        .collect();
    format!(
        r#"(kind: counters, format_version: 1, id: "c", name: "C",
    series: "t.series.ron",
    sides: [(id: "blue", name: "Blue"), (id: "red", name: "Red")],
    formations: [
        (id: "blue-1", name: "B1", side: "blue", level: "brigade",
         activation_markers: [(id: "b1-a"), (id: "b1-b")]),
        (id: "blue-2", name: "B2", side: "blue", level: "brigade",
         activation_markers: [(id: "b2-a"), (id: "b2-b")]),
        (id: "red-1", name: "R1", side: "red", level: "brigade",
         activation_markers: [(id: "r1-a"), (id: "r1-b")]),
    ],
    units: [{blue}
        (id: "r1", name: "R1", side: "red", class: "infantry", formation: "red-1"),
        (id: "r2", name: "R2", side: "red", class: "infantry", formation: "red-1"),
    ],
)"#
    )
}

/// A scenario of four hourly turns from 09:00, one marker per formation
/// on turn 1; `blue` and `red` are the sides' bodies.
fn scenario(blue: &str, red: &str) -> String {
    format!(
        r#"(kind: scenario, format_version: 1, id: "s", name: "S",
    series: "t.series.ron", map: "m.map.ron", counters: "c.counters.ron",
    turns: (first: "09:00", minutes_per_turn: 60, count: 4,
            special: [(turns: (1, 1), markers_per_formation: 1)]),
    sides: [(side: "blue", {blue}), (side: "red", {red})],
)"#
    )
}

struct World {
    series: Series,
    map: Map,
    counters: Counters,
    scenario: Scenario,
}

fn world(entry: &str, ma: &str, blue: &str, red: &str) -> World {
    World {
        series: parse(&series(entry), Format::Ron).expect("series"),
        map: parse(MAP, Format::Ron).expect("map"),
        counters: parse(&counters(ma), Format::Ron).expect("counters"),
        scenario: parse(&scenario(blue, red), Format::Ron).expect("scenario"),
    }
}

impl World {
    fn battle(&self) -> Battle<'_> {
        Battle::new(&self.series, &self.map, &self.counters, &self.scenario)
    }

    fn findings(&self) -> Vec<Finding> {
        super::check(&crate::check::Scene::new(&self.battle()))
    }
}

fn codes(findings: &[Finding], code: Code) -> Vec<&Finding> {
    findings.iter().filter(|f| f.code == code).collect()
}

/// Blue's b5..b8 (blue-2) arrive on turn 2 at `entry`.
fn blue_arrival(entry: &str, extra: &str) -> String {
    format!(
        r#"markers_at_start: ["blue-1"],
        setup: [(unit: "b1", hex: "0404")],
        reinforcements: [(at: Turn(2), formation: "blue-2",
            units: (units: ["b5", "b6", "b7", "b8"]), entry: {entry} {extra})]"#
    )
}

const RED: &str =
    r#"setup: [(unit: "r1", hex: "0606")], markers_at_start: ["red-1"]"#;

#[test]
fn pool_follows_arrivals_and_the_night_cap() {
    let w = world(JDG, "None", &blue_arrival("Entry(\"west\")", ""), RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    let pool = |t: usize, f: &str| sim.pool[t - 1].get(f).copied();
    assert_eq!(pool(1, "blue-1"), Some(1), "one marker on turn 1");
    assert_eq!(pool(1, "blue-2"), None);
    assert_eq!(pool(2, "blue-1"), Some(2));
    assert_eq!(pool(2, "blue-2"), Some(1), "arriving with no unit on map");
    assert_eq!(pool(3, "blue-2"), Some(2), "both once on the map");
    assert_eq!(sim.entered.get("b8"), Some(&2));
}

#[test]
fn the_fourth_stack_waits_for_the_next_turn() {
    // 3 MP, forced march 6: stacks 1-3 pay 2, 4, 6; stack 4 pays 8.
    let w = world(JDG, "3", &blue_arrival("Entry(\"west\")", ""), RED);
    let f = w.findings();
    let delayed = codes(&f, Code::Ent003);
    assert_eq!(delayed.len(), 0, "two units a stack: only two stacks");
    let w = world(JDG, "1", &blue_arrival("Entry(\"west\")", ""), RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    // 1 MP, forced 2: only stack 1 (2 MP) enters each turn.
    assert_eq!(sim.delays.len(), 1);
    let d = &sim.delays[0];
    assert_eq!(
        d.reason,
        "stack 2 pays 2×2 = 4 MP > 2 MP (forced march 2×1)"
    );
    assert_eq!(d.outcome, Outcome::Entered(3));
    let f = w.findings();
    let msg = &codes(&f, Code::Ent003)[0].message;
    assert!(msg.contains("cannot enter at 0101 on turn 2"), "{msg}");
    assert!(msg.ends_with("delayed to turn 3"), "{msg}");
}

#[test]
fn a_two_turn_delay_brings_the_refused_stack_two_turns_later() {
    // As above, but the series says "two-turn delay" (Rivoli's optional
    // arrivals, seed 000): the refused stack tries again on turn 4, not 3.
    let two_turns = JDG.replace("next_activation", "after(turns: 2)");
    let w = world(&two_turns, "1", &blue_arrival("Entry(\"west\")", ""), RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    assert_eq!(sim.delays.len(), 1);
    assert_eq!(sim.delays[0].outcome, Outcome::Entered(4));
    let f = w.findings();
    let msg = &codes(&f, Code::Ent003)[0].message;
    assert!(msg.ends_with("delayed to turn 4"), "{msg}");
}

#[test]
fn a_delay_of_every_second_activation_brings_fewer_the_same_turn() {
    // Two blue-2 markers in the pool on turn 2: a wait of one activation
    // tries at both, a wait of two only at the first.
    let blue = r#"markers_at_start: ["blue-1", "blue-2"],
        setup: [(unit: "b1", hex: "0404"), (unit: "b5", hex: "0405")],
        reinforcements: [(at: Turn(2), formation: "blue-2",
            units: (units: ["b6", "b7", "b8"]), entry: Entry("west"))]"#;
    let every_second = JDG.replace("next_activation", "after(activations: 2)");
    let w = world(&every_second, "1", blue, RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    assert_eq!(sim.delays.len(), 1);
    assert_eq!(sim.delays[0].outcome, Outcome::Entered(3));
}

#[test]
fn a_second_marker_brings_the_rest_the_same_turn() {
    // b4 (blue-2 by attachment? no: blue-1) - set up b5 so blue-2 is on map.
    let blue = r#"markers_at_start: ["blue-1", "blue-2"],
        setup: [(unit: "b1", hex: "0404"), (unit: "b5", hex: "0405")],
        reinforcements: [(at: Turn(2), formation: "blue-2",
            units: (units: ["b6", "b7", "b8"]), entry: Entry("west"))]"#;
    let w = world(JDG, "1", blue, RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    assert_eq!(sim.pool[1].get("blue-2"), Some(&2));
    assert_eq!(sim.delays.len(), 1);
    assert_eq!(sim.delays[0].outcome, Outcome::Entered(2));
    let f = w.findings();
    assert!(
        codes(&f, Code::Ent003)[0]
            .message
            .contains("next marker on turn 2")
    );
}

#[test]
fn no_forced_march_and_no_time_left() {
    let blue = blue_arrival("Entry(\"west\")", ", no_forced_march: true")
        .replace("Turn(2)", "Turn(4)");
    let w = world(JDG, "3", &blue, RED);
    let f = w.findings();
    let delayed = codes(&f, Code::Ent003);
    assert_eq!(delayed.len(), 1, "{delayed:?}");
    assert!(
        delayed[0]
            .message
            .contains("stack 2 pays 2×2 = 4 MP > 3 MP")
    );
    assert!(delayed[0].message.contains("when the game ends (turn 4)"));
}

#[test]
fn each_further_unit_on_a_road_loses_one_mp() {
    // Road rate 1 MP, 3 MP: units 1-3 enter (3, 2, 1 MP left), unit 4 has 0.
    let w = world(VLE, "3", &blue_arrival("Entry(\"east-road\")", ""), RED);
    let f = w.findings();
    let delayed = codes(&f, Code::Ent003);
    assert_eq!(delayed.len(), 1, "{delayed:?}");
    assert!(
        delayed[0].message.contains(
            "unit 4 on the road has 3 MP - 3 = 0 MP left < 1 MP entry cost"
        ),
        "{}",
        delayed[0].message
    );
    assert!(delayed[0].message.ends_with("delayed to turn 3"));
}

#[test]
fn the_played_schedule_shows_the_column_order_and_what_is_left() {
    // As above, played for a tool: units 1-3 on turn 2 with 3, 2 and 1 MP
    // left after the road's 1 MP, unit 4 delayed and entering on turn 3.
    let w = world(VLE, "3", &blue_arrival("Entry(\"east-road\")", ""), RED);
    let played = crate::schedule::play(&w.battle());
    let turn2 = &played.turns[1];
    assert_eq!(turn2.columns.len(), 1, "{turn2:?}");
    let column = &turn2.columns[0];
    assert_eq!((column.side, column.arrival), (0, 0));
    let left: Vec<Option<u32>> =
        column.entered.iter().map(|e| e.left).collect();
    assert_eq!(left, [Some(2), Some(1), Some(0)]);
    let hex = column.entered[0].hex.map(|h| h.to_string());
    assert_eq!(hex.as_deref(), Some("0801"));
    assert_eq!(turn2.delayed.len(), 1);
    assert_eq!(turn2.delayed[0].outcome, Outcome::Entered(3));
    let turn3 = &played.turns[2];
    assert_eq!(turn3.columns[0].entered[0].units.len(), 1);
    assert_eq!(
        turn3.pool.iter().find(|(f, _)| f == "blue-2").map(|p| p.1),
        Some(2)
    );
}

#[test]
fn unknown_allowances_are_never_a_failure() {
    let w = world(JDG, "None", &blue_arrival("Entry(\"west\")", ""), RED);
    assert!(codes(&w.findings(), Code::Ent003).is_empty());
}

#[test]
fn arrival_times_must_be_turns() {
    let blue = blue_arrival("Entry(\"west\")", "")
        .replace("Turn(2)", "Clock(\"10:30\")");
    let w = world(JDG, "None", &blue, RED);
    let f = w.findings();
    let off = codes(&f, Code::Ent001);
    assert_eq!(off.len(), 1);
    assert_eq!(off[0].pointer, "/sides/0/reinforcements/0/at");
    assert!(off[0].message.contains("10:30 does not start a turn"));
    let blue =
        blue_arrival("Entry(\"west\")", "").replace("Turn(2)", "Turn(5)");
    let w = world(JDG, "None", &blue, RED);
    assert!(
        codes(&w.findings(), Code::Ent001)[0]
            .message
            .contains("outside the game")
    );
}

#[test]
fn entries_resolve_to_passable_edge_hexes() {
    let lake = world(JDG, "None", &blue_arrival("Hex(\"0106\")", ""), RED);
    let f = lake.findings();
    assert!(codes(&f, Code::Ent002)[0].message.contains("impassable"));
    let none = world(JDG, "None", &blue_arrival("Entry(\"nowhere\")", ""), RED);
    assert!(
        codes(&none.findings(), Code::Ent002)[0]
            .message
            .contains("no hexes")
    );
    let inside = world(JDG, "None", &blue_arrival("Hex(\"0403\")", ""), RED);
    let f = inside.findings();
    assert_eq!(
        codes(&f, Code::Ent007)[0].hex.map(|h| h.to_string()),
        Some("0403".into())
    );
    let town = world(JDG, "None", &blue_arrival("Place(\"town\")", ""), RED);
    assert!(
        codes(&town.findings(), Code::Ent007).is_empty(),
        "places may be inside"
    );
    let edge = world(JDG, "None", &blue_arrival("Entry(\"west\")", ""), RED);
    let f = edge.findings();
    // No allowance printed: the entry itself is fine, the cost unchecked.
    assert!(f.iter().all(|f| f.code == Code::Ent024), "{f:?}");
    assert_eq!(codes(&f, Code::Ent024).len(), 1, "{f:?}");
    let known = world(JDG, "4", &blue_arrival("Entry(\"west\")", ""), RED);
    assert!(known.findings().is_empty(), "{:?}", known.findings());
}

#[test]
fn enemy_entry_hexes_are_kept_clear() {
    let red = r#"setup: [(unit: "r1", hex: "0102"), (unit: "r2", hex: "0303")],
        markers_at_start: ["red-1"]"#;
    let w = world(JDG, "None", &blue_arrival("Entry(\"west\")", ""), red);
    let f = w.findings();
    let near = codes(&f, Code::Ent005);
    assert_eq!(near.len(), 1, "{near:?}");
    assert_eq!(near[0].pointer, "/sides/1/setup/0/hex");
    assert!(near[0].message.contains("in 0102, next to 0101"));
    assert!(
        near[0]
            .help
            .as_deref()
            .unwrap_or("")
            .contains("until turn 2")
    );
}

#[test]
fn an_edge_entry_keeps_out_only_its_own_edge() {
    // The west column's diagonal neighbours are off the map, but they lie
    // west, not south: 0102 is not next to the south edge; 0305 is.
    let red = r#"setup: [(unit: "r1", hex: "0102"), (unit: "r2", hex: "0305")],
        markers_at_start: ["red-1"]"#;
    let w = world(JDG, "None", &blue_arrival("Edge(\"south\")", ""), red);
    let f = w.findings();
    let near = codes(&f, Code::Ent005);
    assert_eq!(near.len(), 1, "{near:?}");
    assert_eq!(near[0].pointer, "/sides/1/setup/1/hex");
}

#[test]
fn friendly_units_on_the_entry_hex_block_the_forced_march() {
    let blue =
        blue_arrival("Entry(\"west\")", "").replace("\"0404\"", "\"0101\"");
    let w = world(JDG, "3", &blue, RED);
    let f = w.findings();
    let crowd = codes(&f, Code::Ent004);
    assert_eq!(crowd.len(), 1);
    assert_eq!(crowd[0].pointer, "/sides/0/setup/0");
    assert!(crowd[0].message.contains("blocks the forced march"));
    // Without the forced march, 3 MP: only the first stack enters.
    assert!(
        codes(&f, Code::Ent003)[0]
            .message
            .contains("2×2 = 4 MP > 3 MP")
    );
}

#[test]
fn markers_follow_the_units() {
    let blue = r#"markers_at_start: ["blue-1"],
        setup: [(unit: "b1", hex: "0404"), (unit: "b5", hex: "0405")],
        reinforcements: [(at: Turn(3), formation: "blue-2",
            units: (units: ["b6"]), entry: Entry("west"))]"#;
    let red = r#"markers_at_start: ["red-1"]"#;
    let w = world(JDG, "None", blue, red);
    let f = w.findings();
    let m = codes(&f, Code::Ent006);
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m[0].message.contains("reach the pool only on turn 3"));
    assert_eq!(m[1].pointer, "/sides/1/markers_at_start/0");
}

/// Rivoli's historical scenario, as bundled.
fn rivoli() -> World {
    let read = |path: &str| {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        std::fs::read_to_string(format!("{root}/{path}")).expect(path)
    };
    let series: Series = parse(
        &read("schema/series/jours-de-gloire.series.ron"),
        Format::Ron,
    )
    .expect("series");
    World {
        series: resolve_series(&[series]).expect("chain"),
        map: parse(&read("maps/rivoli-1797/rivoli-1797.map.ron"), Format::Ron)
            .expect("map"),
        counters: parse(
            &read("counters/rivoli-1797/rivoli-1797.counters.ron"),
            Format::Ron,
        )
        .expect("counters"),
        scenario: parse(
            &read("scenarios/rivoli-1797/historical.scenario.ron"),
            Format::Ron,
        )
        .expect("scenario"),
    }
}

#[test]
fn rivoli_pool_and_schedule() {
    let w = rivoli();
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    let pool = |t: usize| sim.pool[t - 1].clone();
    for t in [1, 2] {
        assert!(pool(t).values().all(|n| *n == 1), "turn {t}: {:?}", pool(t));
        assert_eq!(pool(t).len(), 5, "{:?}", pool(t));
    }
    assert_eq!(pool(3).get("joubert"), Some(&2));
    assert_eq!(pool(4).get("quasdanovitch"), Some(&1));
    assert_eq!(pool(5).get("quasdanovitch"), Some(&2));
    assert_eq!(pool(5).get("massena"), Some(&2), "Leclerc is on the map");
    assert_eq!(pool(9).get("rey"), Some(&1));
    assert_eq!(pool(10).get("rey"), Some(&2));
    let f = w.findings();
    let errors: Vec<_> = f
        .iter()
        .filter(|f| f.code.severity() == crate::Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

/// `JDG` or `VLE` with an entry stack limit.
fn limited(rules: &str, limit: &str) -> String {
    rules.replace(')', &format!(", stack_limits: [{limit}])"))
}

#[test]
fn an_entry_stack_limit_makes_stacks_enter_unit_by_unit() {
    // 3 MP, forced march 6: one unit a stack pays 2, 4, 6, then 8.
    let rules = limited(JDG, "(max_units: 1)");
    let w = world(&rules, "3", &blue_arrival("Entry(\"west\")", ""), RED);
    let b = w.battle();
    let sim = simulate(&b, &plan(&b));
    assert_eq!(sim.delays.len(), 1, "{:?}", sim.delays);
    assert_eq!(sim.delays[0].units, ["b8"]);
    assert!(sim.delays[0].reason.starts_with("stack 4 pays 4×2 = 8 MP"));
}

#[test]
fn units_set_up_on_the_entry_hex_fill_it_for_a_limited_side() {
    let blue =
        blue_arrival("Entry(\"west\")", "").replace("\"0404\"", "\"0101\"");
    let w = world(
        &limited(VLE, r#"(max_units: 1, sides: ["blue"])"#),
        "3",
        &blue,
        RED,
    );
    let f = w.findings();
    let full = codes(&f, Code::Ent008);
    assert_eq!(full.len(), 1, "{full:?}");
    assert_eq!(full[0].pointer, "/sides/0/setup/0");
    assert!(full[0].message.contains("no unit may enter stacked"));
    let w = world(
        &limited(VLE, r#"(max_units: 2, sides: ["blue"])"#),
        "3",
        &blue,
        RED,
    );
    assert!(
        codes(&w.findings(), Code::Ent008).is_empty(),
        "room for one"
    );
    let w = world(
        &limited(VLE, r#"(max_units: 1, sides: ["red"])"#),
        "3",
        &blue,
        RED,
    );
    assert!(codes(&w.findings(), Code::Ent008).is_empty(), "red only");
}

#[test]
fn a_limit_the_scenario_adds_to_nothing_is_reported() {
    let add = |w: &mut World, side: &str| {
        let text = scenario(&blue_arrival("Entry(\"west\")", ""), RED).replace(
            "\n)",
            &format!(
                "\n    rule_overrides: (add_entry_stack_limits: \
                 [(max_units: 1, sides: [\"{side}\"])]),\n)"
            ),
        );
        w.scenario = parse(&text, Format::Ron).expect("scenario");
    };
    let mut w = world(VLE, "3", &blue_arrival("Entry(\"west\")", ""), RED);
    add(&mut w, "blue");
    assert!(codes(&w.findings(), Code::Ent008).is_empty());
    add(&mut w, "green");
    let f = w.findings();
    let unused = codes(&f, Code::Ent008);
    assert_eq!(unused.len(), 1, "{unused:?}");
    assert_eq!(
        unused[0].pointer,
        "/rule_overrides/add_entry_stack_limits/0"
    );
    assert!(unused[0].message.contains("no side `green`"));
    let mut w = world("None", "3", &blue_arrival("Entry(\"west\")", ""), RED);
    add(&mut w, "blue");
    let f = w.findings();
    assert!(
        codes(&f, Code::Ent008)[0]
            .message
            .contains("no entry rules")
    );
}

#[test]
fn a_ban_no_road_lifts_holds_on_a_road_entry() {
    // The east road's entry hex painted as a fortified farm (Vive
    // l'Empereur special rule 2, seed 001 l. 3162, "Cavalry and artillery
    // are not allowed inside"), here barring infantry: the road's 1 MP
    // rate lets the column in only while the series lets a road lift the
    // ban.
    let farm = |kept: &str| {
        format!(
            r#"(id: "farm", name: "Fortified farm",
                movement: {{"infantry": NotAllowed}}{kept}),
            (id: "lake""#
        )
    };
    let painted = MAP.replace(
        r#""0801": (terrain: "clear")"#,
        r#""0801": (terrain: "farm")"#,
    );
    let blue = blue_arrival("Entry(\"east-road\")", "");
    let mut w = world(VLE, "3", &blue, RED);
    w.map = parse(&painted, Format::Ron).expect("map");
    let with = |kept: &str| {
        let text = series(VLE).replace(r#"(id: "lake""#, &farm(kept));
        parse::<Series>(&text, Format::Ron).expect("series")
    };
    w.series = with("");
    let f = w.findings();
    assert!(
        codes(&f, Code::Ent003)
            .iter()
            .all(|d| !d.message.contains("never")),
        "{f:?}"
    );
    w.series = with(r#", not_lifted_by_road: ["infantry"]"#);
    let f = w.findings();
    let refused = codes(&f, Code::Ent003);
    assert_eq!(refused.len(), 4, "one a unit: {f:?}");
    for r in refused {
        assert!(
            r.message
                .contains("may not enter the entry hex; it can never"),
            "{}",
            r.message
        );
    }
}

/// Jours de Gloire's entry rules with 000 l. 333's radius: no forced march
/// with an enemy unit five hexes or less from the entry hex.
fn jdg_near() -> String {
    JDG.replace(
        "forced_march_factor: 2,",
        "forced_march_factor: 2, forced_march_enemy_radius: 5,",
    )
}

/// Red's r1 set up at `hex`.
fn red_at(hex: &str) -> String {
    format!(
        r#"setup: [(unit: "r1", hex: "{hex}")], markers_at_start: ["red-1"]"#
    )
}

#[test]
fn an_enemy_set_up_near_the_entry_takes_the_first_turns_forced_march() {
    // 3 MP: forced (6 MP) both stacks pay (2, 4); without, stack 2's 4 MP
    // is more than 3. r1 stands 2 hexes from the entry hex 0101.
    let blue =
        blue_arrival("Entry(\"west\")", "").replace("Turn(2)", "Turn(1)");
    let w = world(&jdg_near(), "3", &blue, &red_at("0301"));
    let f = w.findings();
    let delayed = codes(&f, Code::Ent003);
    assert_eq!(delayed.len(), 1, "{f:?}");
    assert!(
        delayed[0].message.contains(
            "stack 2 pays 2×2 = 4 MP > 3 MP (no forced march: enemy R1 \
             is set up 2 hexes from the entry hex 0101 (within 5))"
        ),
        "{}",
        delayed[0].message
    );
    assert!(codes(&f, Code::Ent022).is_empty(), "turn 1 is checked");
    // Six hexes away: the column force-marches.
    let w = world(&jdg_near(), "3", &blue, &red_at("0701"));
    let b = w.battle();
    assert_eq!(
        b.map.distance(
            "0101".parse().expect("hex"),
            "0701".parse().expect("hex")
        ),
        6
    );
    let f = w.findings();
    assert!(codes(&f, Code::Ent003).is_empty(), "{f:?}");
    // Without the series' radius the near enemy changes nothing.
    let w = world(JDG, "3", &blue, &red_at("0301"));
    assert!(codes(&w.findings(), Code::Ent003).is_empty());
}

#[test]
fn a_later_forced_march_is_reported_unchecked_when_it_matters() {
    // Turn 2: where r1 stands then is unknown. The column force-marches,
    // and its second stack (b7, b8) is said to depend on it.
    let blue = blue_arrival("Entry(\"west\")", "");
    let w = world(&jdg_near(), "3", &blue, &red_at("0701"));
    let f = w.findings();
    assert!(codes(&f, Code::Ent003).is_empty(), "{f:?}");
    let unchecked = codes(&f, Code::Ent022);
    assert_eq!(unchecked.len(), 1, "{f:?}");
    let msg = &unchecked[0].message;
    assert!(
        msg.contains(
            "forced march not checked for the turn 2 arrival of B2 on turn 2"
        ),
        "{msg}"
    );
    assert!(
        msg.ends_with(
            "without it B7, B8 could not pay their way in at that activation"
        ),
        "{msg}"
    );
    // 5 MP pays for both stacks without forcing: nothing depends on it.
    let w = world(&jdg_near(), "5", &blue, &red_at("0701"));
    assert!(codes(&w.findings(), Code::Ent022).is_empty());
    // Unknown allowances: nothing is computed, nothing reported here.
    let w = world(&jdg_near(), "None", &blue, &red_at("0701"));
    assert!(codes(&w.findings(), Code::Ent022).is_empty());
    // No radius in the series: nothing to check.
    let w = world(JDG, "3", &blue, &red_at("0701"));
    assert!(codes(&w.findings(), Code::Ent022).is_empty());
    // An arrival that may not force march anyway is not reported.
    let lusignan = blue_arrival("Entry(\"west\")", ", no_forced_march: true");
    let w = world(&jdg_near(), "3", &lusignan, &red_at("0701"));
    assert!(codes(&w.findings(), Code::Ent022).is_empty());
}
