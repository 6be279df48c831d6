use super::super::scenarios::tests::Memory;
use super::super::scenarios::{ResolvedScenario, resolve_scenario};
use super::*;
use crate::document::{Format, parse_document};

/// A scenario on map `m` whose French side has `instructions` and
/// `setup` (RON lists).
fn scenario(id: &str, map: &str, instructions: &str, setup: &str) -> String {
    format!(
        r#"(kind: scenario, format_version: 2, id: "{id}", name: "{id}",
        series: "s", map: "{map}", counters: "c",
        turns: (first: "13:00", minutes_per_turn: 30, count: 18),
        sides: [(side: "french", instructions: {instructions}, setup: {setup}),
                (side: "prussian", instructions: [(units: (units: ["pr-01"]), placement: At(Place("brye")))])])"#
    )
}

fn resolve(files: &mut Memory, name: &str) -> ResolvedScenario<String> {
    let text = files.0.get(name).expect("file").clone();
    let document = parse_document(&text, Format::Ron).expect("parses");
    resolve_scenario(files, name.to_owned(), &document).expect("resolves")
}

fn historical() -> String {
    scenario(
        "w1",
        "m",
        r#"[(units: (units: ["fr-01"]), placement: At(Place("rossomme"))),
            (units: (formations: ["fr-i"]), placement: Within(of: Place("belle-alliance"), hexes: 1))]"#,
        r#"[(unit: "fr-01", hex: "1010"), (unit: "fr-02", hex: "1111")]"#,
    )
}

fn placement_of(r: &ResolvedScenario<String>) -> &Placement {
    &r.scenario.sides[0].instructions[0].placement
}

#[test]
fn a_deployment_becomes_the_placements_of_the_other_scenario() {
    let w8 = scenario(
        "w8",
        "m",
        r#"[(units: (formations: ["fr-i"]), placement: All([DeploymentOf(scenario: "w1", units: Some((formations: ["fr-i"]))), Not(At(Place("x")))])),
            (units: (units: ["fr-03"]), placement: DeploymentOf(scenario: "w1"))]"#,
        "[]",
    );
    let w11 = scenario(
        "w11",
        "m",
        r#"[(units: (), placement: DeploymentOf(scenario: "w1", setup_hexes: true))]"#,
        "[]",
    );
    let mut files =
        Memory([("w1", historical()), ("w8", w8), ("w11", w11)].into());
    let r = resolve(&mut files, "w8");
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    let Placement::All(parts) = placement_of(&r) else {
        panic!("{:?}", placement_of(&r))
    };
    // Only the instruction naming the I Corps (no counters: by name).
    assert_eq!(parts[0], Placement::AnyOf(vec![historical_placement(1)]));
    // Without units: every French instruction of W1.
    let whole = &r.scenario.sides[0].instructions[1].placement;
    assert_eq!(
        whole,
        &Placement::AnyOf(vec![
            historical_placement(0),
            historical_placement(1)
        ])
    );
    let r = resolve(&mut files, "w11");
    let hexes = |h: &str| Placement::Hex(h.parse().expect("hex"));
    assert_eq!(
        placement_of(&r),
        &Placement::AnyOf(vec![hexes("1010"), hexes("1111")])
    );
}

fn historical_placement(i: usize) -> Placement {
    let text = historical();
    let Ok(Document::Scenario(s)) = parse_document(&text, Format::Ron) else {
        panic!("historical")
    };
    s.sides[0].instructions[i].placement.clone()
}

#[test]
fn a_missing_cyclic_other_map_or_empty_deployment_is_an_issue() {
    let refer = |id: &str, to: &str, map: &str, units: &str| {
        let p = format!(
            r#"[(units: (), placement: DeploymentOf(scenario: "{to}"{units}))]"#
        );
        scenario(id, map, &p, "[]")
    };
    let mut files = Memory(
        [
            ("w1", historical()),
            ("a", refer("a", "b", "m", "")),
            ("b", refer("b", "a", "m", "")),
            ("gone", refer("gone", "nowhere", "m", "")),
            ("other", refer("other", "w1", "m2", "")),
            (
                "empty",
                refer(
                    "empty",
                    "w1",
                    "m",
                    r#", units: Some((formations: ["fr-vi"]))"#,
                ),
            ),
        ]
        .into(),
    );
    for (name, words) in [
        (
            "a",
            "its own deployment of another scenario does not resolve",
        ),
        (
            "b",
            "its own deployment of another scenario does not resolve",
        ),
        ("gone", "missing"),
        ("other", "another map"),
        ("empty", "deploys none of `fr-vi`"),
    ] {
        let r = resolve(&mut files, name);
        assert_eq!(r.issues.len(), 1, "{name}: {:?}", r.issues);
        let (file, issue) = &r.issues[0];
        assert_eq!(file, name);
        assert_eq!(
            issue.pointer,
            "/sides/0/instructions/0/placement/DeploymentOf/scenario"
        );
        assert!(
            issue.kind.to_string().contains(words),
            "{name}: {}",
            issue.kind
        );
        assert!(matches!(placement_of(&r), Placement::DeploymentOf { .. }));
    }
    // The scenario naming itself.
    files.0.insert("self", refer("self", "self", "m", ""));
    let r = resolve(&mut files, "self");
    assert!(r.issues[0].1.kind.to_string().contains("leads back"));
}

/// [`Memory`], counting the documents read.
struct Counted(Memory, usize);

impl ScenarioFiles for Counted {
    type File = String;
    type Error = String;

    fn read(
        &mut self,
        from: &String,
        reference: &str,
    ) -> Result<(String, Document), String> {
        self.1 += 1;
        self.0.read(from, reference)
    }

    fn counters(
        &mut self,
        from: &String,
        reference: &str,
    ) -> Option<crate::counters::Counters> {
        self.0.counters(from, reference)
    }

    fn identity(&mut self, from: &String, reference: &str) -> Option<String> {
        self.0.identity(from, reference)
    }
}

/// Eight scenarios, each placing ten units as the next one's deployment
/// (the reliability probe's case, past 60 s): each scenario of the chain
/// is read once per placement level, not ten times per placement.
#[test]
fn a_chain_of_deployments_reads_each_scenario_once() {
    const NAMES: [&str; 8] = ["d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"];
    let mut pairs = vec![("d7", historical())];
    for (k, name) in NAMES.iter().enumerate().take(7) {
        let next = NAMES[k + 1];
        let ten: Vec<String> = (0..10)
            .map(|u| {
                format!(
                    r#"(units: (units: ["fr-{u:02}"]), placement: DeploymentOf(scenario: "{next}"))"#
                )
            })
            .collect();
        pairs.push((
            name,
            scenario(name, "m", &format!("[{}]", ten.join(",")), "[]"),
        ));
    }
    let mut files = Counted(Memory(pairs.into_iter().collect()), 0);
    let text = files.0.0.get("d0").expect("d0").clone();
    let document = parse_document(&text, Format::Ron).expect("parses");
    let r = resolve_scenario(&mut files, "d0".to_owned(), &document)
        .expect("resolves");
    assert!(r.issues.is_empty(), "{:?}", r.issues);
    assert!(matches!(placement_of(&r), Placement::AnyOf(_)));
    assert!(files.1 <= 64, "{} reads", files.1);
}
