//! Variants on the Setup screen: "New variant" writes a file that names
//! the scenario as its base and inherits everything (it validates like
//! its base and its comparison shows no change), opened at once; a
//! bundled variant (Ligny 2 on Ligny 1) compared with its base, read-only.

use berthier_editor::scenario_findings;
use berthier_editor::screen::setup::{self, Tab};

use super::{click, copy_tree, open_setup, setup, shows};

fn errors(path: &std::path::Path) -> Vec<String> {
    let outcome =
        scenario_findings::check(path, &Default::default()).expect("checks");
    outcome
        .findings
        .iter()
        .filter(|d| d.severity.as_str() == "error")
        .map(|d| format!("{} {}", d.code, d.message))
        .collect()
}

#[test]
fn a_new_variant_inherits_everything_and_validates() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let base = dir
        .path()
        .join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let original = std::fs::read(&base).expect("read");
    let mut app = open_setup(&base, dir.path());
    click(&mut app, "New variant");
    let new = dir
        .path()
        .join("scenarios/quatre-bras-1815/qb1-historical-variant.scenario.ron");
    assert!(new.is_file());
    assert_eq!(std::fs::read(&base).expect("read"), original, "base kept");
    let screen = setup(&app);
    assert_eq!(screen.doc().path(), new, "the variant is open");
    assert!(screen.doc().variant_of.is_some());
    let text = std::fs::read_to_string(&new).expect("read");
    assert!(
        text.contains("base: \"qb1-historical.scenario.ron\""),
        "{text}"
    );
    // It resolves to its base: the same errors, no change in any part.
    assert_eq!(errors(&new), errors(&base));
    let sections = screen.variant_diff().expect("a variant").as_ref();
    let sections = sections.expect("the base loads").clone();
    assert_eq!(sections.len(), 3);
    assert!(
        sections.iter().all(|s| s.changes.is_empty()),
        "{sections:?}"
    );
    assert!(sections[0].inherited > 0);
    let _ = app.update(berthier_editor::app::Message::Setup(
        setup::Message::Show(Tab::Variant),
    ));
    let line = format!("Setup: 0 changed, {} inherited", sections[0].inherited);
    assert!(shows(&app, &line), "{line}");

    // A variant of the variant (a chain, which the model resolves) ...
    click(&mut app, "New variant");
    let chained = dir.path().join(
        "scenarios/quatre-bras-1815/qb1-historical-variant-variant.scenario.ron",
    );
    assert_eq!(errors(&chained), errors(&base));
    // ... and a second variant of the base does not overwrite the first.
    let mut app = open_setup(&base, dir.path());
    click(&mut app, "New variant");
    let second = dir.path().join(
        "scenarios/quatre-bras-1815/qb1-historical-variant-2.scenario.ron",
    );
    assert_eq!(setup(&app).doc().path(), second);
    assert!(std::fs::read_to_string(&new).expect("read") == text);
}

#[test]
fn a_bundled_variant_is_compared_with_its_base() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let path = dir.path().join(
        "scenarios/ligny-1815/ligny2-la-victoire-en-chantant.scenario.ron",
    );
    let mut app = open_setup(&path, dir.path());
    click(&mut app, "Vs base");
    let sections = setup(&app).variant_diff().expect("a variant").as_ref();
    let sections = sections.expect("the base loads").clone();
    let titles: Vec<&str> = sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Setup", "Schedule", "Victory"]);
    // Ligny 2 is a new setup at 1500 (l. 2269) on Ligny 1's schedule from
    // 1500 on: its setup differs, some arrivals are inherited.
    assert!(!sections[0].changes.is_empty());
    assert!(sections[1].inherited > 0, "{:?}", sections[1]);
    assert!(shows(
        &app,
        "Compared with its base, ligny1-historical.scenario.ron"
    ));
    let first = sections[0].changes[0].clone();
    assert!(shows(&app, &first), "{first}");
}
