//! "The artillery is spread one unit per brigade" (seed 001 l. 2212):
//! `Count::PerFormation` against setups the SET008 fixtures do not show
//! (a unit with no formation near it, more units than formations).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use berthier_validator::{Code, Diagnostic};

/// The SET008 clean case (two brigades, two companies spread one each) in
/// a copy of the mini pack, with each `(from, to)` replaced in its
/// scenario.
fn findings(changes: &[(&str, &str)]) -> Vec<Diagnostic> {
    let pack = common::pack();
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules/SET008/clean");
    for file in ["mini.counters.ron", "mini.scenario.ron"] {
        std::fs::copy(case.join(file), pack.path().join(file)).expect("copy");
    }
    for (from, to) in changes {
        common::mutate(pack.path(), "mini.scenario.ron", from, to);
    }
    let path = pack.path().join("mini.scenario.ron");
    berthier_validator::validate(&[path])
        .expect("run")
        .diagnostics
}

fn codes(found: &[Diagnostic], code: Code) -> Vec<&Diagnostic> {
    found.iter().filter(|d| d.code == code).collect()
}

#[test]
fn a_unit_with_no_formation_in_its_hex_is_located_at_its_hex() {
    // `within: 0`: the companies must stand in a brigade's hex, and the
    // first (0302) stands by the 1st Brigade (0202), not with it.
    let found = findings(&[("within: 1", "within: 0")]);
    let set008 = codes(&found, Code::Set008);
    assert_eq!(set008.len(), 1, "{found:#?}");
    assert_eq!(set008[0].pointer, "/sides/0/setup/2/hex");
    assert!(
        set008[0].message.contains("1st Skirmishers"),
        "{}",
        set008[0].message
    );
}

#[test]
fn more_units_than_formations_need_every_formation_served() {
    // Two companies, one brigade (the 1st): both stand by it (0302 and
    // 0201 by 0202), which is right ("Five artillery units for four
    // brigades", Ligny 1, l. 2212).
    let one_brigade = (
        r#"formations: ["blue-1", "blue-2"]"#,
        r#"formations: ["blue-1"]"#,
    );
    let by_it = (r#"(unit: "s2", hex: "0504""#, r#"(unit: "s2", hex: "0201""#);
    let found = findings(&[one_brigade, by_it]);
    assert!(codes(&found, Code::Set008).is_empty(), "{found:#?}");
    // The 2nd brigade alone: the first company does not stand by it.
    let found = findings(&[(
        r#"formations: ["blue-1", "blue-2"]"#,
        r#"formations: ["blue-2"]"#,
    )]);
    let set008 = codes(&found, Code::Set008);
    assert_eq!(set008.len(), 1, "{found:#?}");
    assert_eq!(set008[0].pointer, "/sides/0/setup/2/hex");
}
