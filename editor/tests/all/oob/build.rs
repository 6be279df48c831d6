//! An order of battle built through the view from a counters file with
//! two sides and nothing else: two formations under an army, a unit,
//! renamed and moved; each step undone in turn; the save keeps the
//! file's comment.

use std::path::{Path, PathBuf};

use berthier_editor::app::App;

use super::{click, oob, open_app, retype_name, root, shows};

/// A counters file naming two sides and no formation or unit.
fn empty_counters(dir: &Path) -> PathBuf {
    let series = root()
        .join("schema/series/vive-l-empereur.series.ron")
        .canonicalize()
        .expect("series");
    let text = format!(
        "// A battle still to be built.\n(\n    kind: counters,\n    \
         format_version: 2,\n    id: \"test\",\n    name: \"Test battle\",\n    \
         series: {:?},\n    sides: [\n        (id: \"french\", name: \
         \"French\"),\n        (id: \"austrian\", name: \"Austrian\"),\n    \
         ],\n)\n",
        series.display().to_string()
    );
    let path = dir.join("test.counters.ron");
    std::fs::write(&path, text).expect("write");
    path
}

/// (formation names, units as (name, formation id)) of the file.
fn state(app: &App) -> (Vec<String>, Vec<(String, Option<String>)>) {
    let own = oob(app).doc().own();
    (
        own.formations.iter().map(|f| f.name.clone()).collect(),
        own.units
            .iter()
            .map(|u| (u.name.clone(), u.formation.clone()))
            .collect(),
    )
}

fn add_formation(app: &mut App, select: &str, name: &str) {
    click(app, select);
    click(app, "Add formation");
    retype_name(app, name);
}

#[test]
fn build_two_formations_rename_move_and_undo_each_step() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = empty_counters(dir.path());
    let mut app = open_app(&path, dir.path());
    assert!(shows(&app, "French") && shows(&app, "Austrian"));

    let mut states = vec![state(&app)];
    add_formation(&mut app, "French", "Armee d'Italie");
    states.push(state(&app));
    add_formation(&mut app, "Armee d'Italie · army", "Joubert");
    states.push(state(&app));
    add_formation(&mut app, "Armee d'Italie · army", "Massena");
    states.push(state(&app));
    click(&mut app, "Joubert · wing");
    click(&mut app, "Add unit");
    retype_name(&mut app, "39e");
    states.push(state(&app));
    click(&mut app, "Move to…");
    click(&mut app, "→ Massena · wing");
    states.push(state(&app));

    let (formations, units) = states.last().expect("built").clone();
    assert_eq!(formations, ["Armee d'Italie", "Joubert", "Massena"]);
    let massena = oob(&app).doc().own().formations[2].id.clone();
    assert_eq!(units, [("39e".to_owned(), Some(massena))]);
    assert!(shows(&app, "Massena · wing · 1 unit"), "the tree shows it");
    assert!(shows(&app, "Joubert · wing"));

    // Save, then undo to the empty file one step at a time: adding and
    // renaming each count, typing a name is one step.
    click(&mut app, "Save");
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(
        saved.starts_with("// A battle still to be built."),
        "{saved}"
    );
    assert!(saved.contains("name: \"39e\""), "{saved}");
    let mut seen = Vec::new();
    while oob(&app).doc().can_undo() {
        click(&mut app, "Undo");
        seen.push(state(&app));
    }
    assert_eq!(seen.len(), 9, "add and rename of each item, and the move");
    // Undoing the move, then each item's rename and its adding.
    assert_eq!(seen[0], states[4], "the move undone");
    assert_eq!(seen[1].1[0].0, "New unit", "the unit's rename undone");
    assert_eq!(seen[2], states[3], "the unit gone");
    assert_eq!(seen[3].0[2], "New formation", "Massena's rename undone");
    assert_eq!(seen[4], states[2]);
    assert_eq!(seen[5].0[1], "New formation");
    assert_eq!(seen[6], states[1]);
    assert_eq!(seen[7].0[0], "New formation");
    assert_eq!(seen[8], states[0], "back to the empty file");
    assert!(oob(&app).is_dirty(), "differs from the save");
    // And redone to the saved state, which is clean again.
    for _ in 0..9 {
        click(&mut app, "Redo");
    }
    assert_eq!(state(&app), states[5]);
    assert!(!oob(&app).is_dirty());
}
