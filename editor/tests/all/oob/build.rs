//! An order of battle built through the view from a counters file with
//! no side, formation or unit: two sides, two formations under an army
//! and a unit under each, each named by typing, a unit moved; saved, then
//! each step undone in turn and redone to the saved state.

use std::path::{Path, PathBuf};

use berthier_editor::app::App;

use super::{click, oob, open_app, retype_name, root, shows};

/// A counters file with a header and a comment, and nothing else.
fn empty_counters(dir: &Path) -> PathBuf {
    let series = root()
        .join("schema/series/vive-l-empereur.series.ron")
        .canonicalize()
        .expect("series");
    let text = format!(
        "// A battle still to be built.\n(\n    kind: counters,\n    \
         format_version: 2,\n    id: \"test\",\n    name: \"Test battle\",\n    \
         series: {:?},\n    sides: [],\n)\n",
        series.display().to_string()
    );
    let path = dir.join("test.counters.ron");
    std::fs::write(&path, text).expect("write");
    path
}

/// Every name in the file, and each unit's formation.
type State = (Vec<String>, Vec<String>, Vec<(String, Option<String>)>);

fn state(app: &App) -> State {
    let own = oob(app).doc().own();
    (
        own.sides.iter().map(|s| s.name.clone()).collect(),
        own.formations.iter().map(|f| f.name.clone()).collect(),
        own.units
            .iter()
            .map(|u| (u.name.clone(), u.formation.clone()))
            .collect(),
    )
}

/// Selects `select` in the tree, presses `add` and types `name`.
fn add(app: &mut App, select: Option<&str>, add: &str, name: &str) {
    if let Some(select) = select {
        click(app, select);
    }
    click(app, add);
    retype_name(app, name);
}

#[test]
fn build_two_formations_rename_move_and_undo_each_step() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = empty_counters(dir.path());
    let mut app = open_app(&path, dir.path());

    let mut states = vec![state(&app)];
    add(&mut app, None, "Add side", "French");
    states.push(state(&app));
    add(&mut app, None, "Add side", "Austrian");
    states.push(state(&app));
    add(&mut app, Some("French"), "Add formation", "Armee d'Italie");
    states.push(state(&app));
    let army = "Armee d'Italie · army";
    add(&mut app, Some(army), "Add formation", "Joubert");
    states.push(state(&app));
    add(&mut app, Some(army), "Add formation", "Massena");
    states.push(state(&app));
    add(&mut app, Some("Massena · wing"), "Add unit", "1er leger");
    states.push(state(&app));
    add(&mut app, Some("Joubert · wing"), "Add unit", "39e");
    states.push(state(&app));
    click(&mut app, "Move to…");
    click(&mut app, "→ Massena · wing");
    states.push(state(&app));

    let (sides, formations, units) = states.last().expect("built").clone();
    assert_eq!(sides, ["French", "Austrian"]);
    assert_eq!(formations, ["Armee d'Italie", "Joubert", "Massena"]);
    let massena = oob(&app).doc().own().formations[2].id.clone();
    let mut units = units;
    units.sort();
    let under_massena = |name: &str| (name.to_owned(), Some(massena.clone()));
    assert_eq!(units, [under_massena("1er leger"), under_massena("39e")]);
    assert!(shows(&app, "Massena · wing · 2 units"), "the tree shows it");
    assert!(shows(&app, "Joubert · wing") && shows(&app, "Austrian"));

    click(&mut app, "Save");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(
        saved.starts_with("// A battle still to be built."),
        "{saved}"
    );
    assert!(saved.contains("name: \"39e\""), "{saved}");

    // Undo to the empty file one step at a time: the move, then each
    // item's name (typing it was one step) and its adding.
    let mut seen = Vec::new();
    while oob(&app).doc().can_undo() {
        click(&mut app, "Undo");
        seen.push(state(&app));
    }
    assert_eq!(seen.len(), 15, "add and name of seven items, and the move");
    assert_eq!(seen[0], states[7], "the move undone");
    for item in (0..7).rev() {
        let named = &seen[1 + 2 * (6 - item)];
        let all_names = [&named.0[..], &named.1[..]].concat();
        let unnamed = all_names.iter().any(|n| n.starts_with("New "))
            || named.2.iter().any(|(n, _)| n == "New unit");
        assert!(unnamed, "item {item}'s name undone: {named:?}");
        assert_eq!(seen[2 + 2 * (6 - item)], states[item], "item {item} gone");
    }
    assert!(oob(&app).is_dirty(), "differs from the save");
    for _ in 0..15 {
        click(&mut app, "Redo");
    }
    assert_eq!(state(&app), states[8]);
    assert!(!oob(&app).is_dirty(), "back at the saved state");
}
