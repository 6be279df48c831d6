//! Scenario variants as documents: they round-trip through JSON and RON,
//! the JSON Schema tells them from full scenarios, and the bundled Ligny
//! variants resolve on Ligny 1 with each part traced to its file.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::pack::load_scenario;
use berthier_schema::scenario::TurnRef;
use berthier_schema::validate::schema_violations;
use berthier_schema::{DocKind, Document, Format, load_document};

fn ligny(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/ligny-1815")
        .join(name)
}

fn ligny8() -> Document {
    let text =
        std::fs::read_to_string(ligny("ligny8-derlons-outflank.scenario.ron"))
            .expect("read");
    load_document(&text, Format::Ron).expect("loads")
}

#[test]
fn a_variant_round_trips_through_json_and_ron() {
    let document = ligny8();
    assert!(matches!(document, Document::Variant(_)));
    let json = document.to_text(Format::Json).expect("json");
    let from_json = load_document(&json, Format::Json).expect("json loads");
    assert_eq!(from_json, document);
    let ron = from_json.to_text(Format::Ron).expect("ron");
    assert_eq!(
        load_document(&ron, Format::Ron).expect("ron loads"),
        document
    );
}

#[test]
fn the_json_schema_takes_variants_and_full_scenarios_apart() {
    let value = ligny8().to_json_value().expect("value");
    assert!(schema_violations(DocKind::Scenario, &value).is_empty());
    // A full scenario's field in a variant, and a variant's in a full one.
    let mut wrong = value.clone();
    wrong["victory_points"] = serde_json::json!(3);
    assert!(!schema_violations(DocKind::Scenario, &wrong).is_empty());
    let mut no_base = value;
    no_base.as_object_mut().expect("object").remove("base");
    let found = schema_violations(DocKind::Scenario, &no_base);
    assert!(
        found
            .iter()
            .any(|v| v.message.contains("\"series\" is a required")),
        "{found:#?}"
    );
}

#[test]
fn ligny_9_resolves_on_ligny_1_and_traces_each_part() {
    let resolved =
        load_scenario(&ligny("ligny9-remembering-mouton.scenario.ron"))
            .expect("resolves");
    assert!(resolved.is_variant());
    assert!(resolved.issues.is_empty(), "{:?}", resolved.issues);
    let s = &resolved.scenario;
    assert_eq!(s.id, "ligny-1815-9-remembering-mouton");
    assert_eq!(s.map, "../../maps/ligny-1815/ligny-1815.map.ron");
    let french = &s.sides[0];
    let mouton = french.reinforcements.last().expect("arrivals");
    assert_eq!(mouton.at, TurnRef::Clock("16:00".into()));
    assert_eq!(french.setup.len(), 36);
    let file_name =
        |p: &PathBuf| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let (file, pointer) = resolved.origin("/sides/0/setup/3/hex");
    assert_eq!(
        file_name(&file).as_deref(),
        Some("ligny1-historical.scenario.ron")
    );
    assert_eq!(pointer, "/sides/0/setup/3/hex");
    let last = french.reinforcements.len() - 1;
    let (file, pointer) =
        resolved.origin(&format!("/sides/0/reinforcements/{last}/at"));
    assert_eq!(
        file_name(&file).as_deref(),
        Some("ligny9-remembering-mouton.scenario.ron")
    );
    assert_eq!(pointer, "/sides/0/add_reinforcements/0/at");
}

/// Where two JSON values differ, as JSON Pointers (a list of another
/// length differs as a whole).
fn differences(
    a: &serde_json::Value,
    b: &serde_json::Value,
    at: &str,
) -> Vec<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            keys.into_iter()
                .flat_map(|k| {
                    let (p, q) = (&x.get(k), &y.get(k));
                    match (p, q) {
                        (Some(p), Some(q)) => {
                            differences(p, q, &format!("{at}/{k}"))
                        }
                        _ => vec![format!("{at}/{k}")],
                    }
                })
                .collect()
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .flat_map(|(i, (p, q))| differences(p, q, &format!("{at}/{i}")))
            .collect(),
        _ if a == b => Vec::new(),
        _ => vec![at.to_owned()],
    }
}

/// A bundled variant resolved, against the full copy it replaced (kept in
/// `tests/fixtures/variant-goldens`): the same scenario but for the listed
/// parts. `provenance` is the base's followed by the variant's, so it is
/// left out.
fn resolves_to_its_former_copy(
    variant: &Path,
    golden: &str,
    expected: &[&str],
) {
    let resolved = load_scenario(variant).expect("resolves");
    assert!(resolved.issues.is_empty(), "{:?}", resolved.issues);
    let golden_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/variant-goldens")
        .join(golden);
    let text = std::fs::read_to_string(golden_path).expect("golden");
    let Document::Scenario(copy) =
        load_document(&text, Format::Ron).expect("golden loads")
    else {
        panic!("the golden is a full scenario")
    };
    let mut a = serde_json::to_value(&resolved.scenario).expect("json");
    let mut b = serde_json::to_value(&copy).expect("json");
    for v in [&mut a, &mut b] {
        let object = v.as_object_mut().expect("object");
        object.remove("provenance");
        // Special rules are prose read as a whole: a variant adds its own
        // after the inherited ones, wherever the copy printed them.
        if let Some(serde_json::Value::Array(rules)) =
            object.get_mut("special_rules")
        {
            rules.sort_by_key(|r| r["title"].to_string());
        }
    }
    assert_eq!(differences(&a, &b, ""), expected);
}

#[test]
fn quatre_bras_2_resolves_to_its_former_full_copy() {
    let qb2 = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "../scenarios/quatre-bras-1815/qb2-the-duke-strikes-back.scenario.ron",
    );
    // Two parts are now inherited, as the rulebook says: scenario 1's
    // description (the battle's synopsis; QB2 prints none of its own), and
    // the Guard light cavalry's loss weight on II Corps ("Special rules ...
    // Same as scenario 1", l. 2116; moot, the Guard is absent). The copy
    // predates the loss weight.
    resolves_to_its_former_copy(
        &qb2,
        "qb2-the-duke-strikes-back.golden",
        // SR 4, 13 and 14 (l. 3177-3184, 3264-3277, 3281) are now in
        // scenario 1 and inherited: its special rules, SR 13's option and
        // the army leaders' roles under it.
        // SR 5's Anglo-Allied split (l. 3219) is scenario 1's groups'
        // scopes, inherited; the copy predates them.
        &[
            "/description",
            "/options",
            "/sides/0/leaders",
            "/sides/0/morale/1/loss_weights",
            "/sides/1/leaders",
            "/sides/1/morale/0/scopes",
            "/sides/1/morale/1/scopes",
            "/special_rules",
        ],
    );
}

#[test]
fn ligny_2_resolves_to_its_former_full_copy() {
    resolves_to_its_former_copy(
        &ligny("ligny2-la-victoire-en-chantant.scenario.ron"),
        "ligny2-la-victoire-en-chantant.golden",
        // The two inherited arrivals are printed twice (l. 2198-2199 and
        // 2289-2290, the same words); they now cite scenario 1's lines. The
        // Sombreffe condition is replaced by its id, which the copy lacks.
        // The Guard's levels printed "None" (l. 2252, now said as such,
        // `printed_none`) and SR 4, 13 and 14 (special rules, SR 13's option
        // and army leaders' roles) are scenario 1's, inherited; the copy
        // predates them.
        &[
            "/options",
            "/sides/0/leaders",
            "/sides/0/morale/0/printed_none",
            "/sides/0/reinforcements/0/text",
            "/sides/0/reinforcements/1/text",
            "/sides/1/leaders",
            "/special_rules",
            "/victory/2/id",
        ],
    );
}

#[test]
fn quatre_bras_3_resolves_to_its_former_full_copy() {
    let qb3 = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "../scenarios/quatre-bras-1815/qb3-ney-ten-years-younger.scenario.ron",
    );
    // SR 4, 13 and 14, inherited from scenario 1 (see Quatre-Bras 2).
    resolves_to_its_former_copy(
        &qb3,
        "qb3-ney-ten-years-younger.golden",
        // SR 5's Anglo-Allied split (l. 3219): scenario 1's scopes.
        &[
            "/options",
            "/sides/0/leaders",
            "/sides/1/leaders",
            "/sides/1/morale/0/scopes",
            "/sides/1/morale/1/scopes",
            "/special_rules",
        ],
    );
}
