//! A new formation's and unit's id follows its name while nothing names
//! it ("Brigade Piré" gives `brigade-pire`), in a pack on disk: a
//! formation with a unit under it, a unit a scenario of the pack names,
//! and any id once saved keep their ids; each rename is undone exactly.

use std::path::Path;

use berthier_tools::oob::{OobDoc, ops};

/// A pack with a counters file of one side and a scenario naming the
/// unit id `named` (none when empty).
fn pack(dir: &Path, named: &str) -> OobDoc {
    let counters = dir.join("counters/vere/vere.counters.ron");
    std::fs::create_dir_all(counters.parent().expect("folder")).expect("dir");
    std::fs::write(
        &counters,
        "(kind: counters, format_version: 2, id: \"vere\", name: \"Vère\",\n \
         series: \"jours-de-gloire@1\", sides: [(id: \"fr\", name: \"Français\")])\n",
    )
    .expect("counters");
    let scenario = dir.join("scenarios/vere/vere.scenario.ron");
    std::fs::create_dir_all(scenario.parent().expect("folder")).expect("dir");
    std::fs::write(
        &scenario,
        format!(
            "(kind: scenario, format_version: 2, id: \"vere\", name: \"V\",\n \
             series: \"jours-de-gloire@1\", map: \"../../maps/m.map.ron\",\n \
             counters: \"../../counters/vere/vere.counters.ron\",\n \
             turns: (first: \"09:00\", minutes_per_turn: 60, count: 6),\n \
             sides: [(side: \"fr\", setup: [(unit: \"{named}\", hex: \"0101\")])])\n"
        ),
    )
    .expect("scenario");
    OobDoc::open(&counters).expect("opens")
}

fn rename(doc: &mut OobDoc, id: &str, name: &str) {
    let edit = ops::rename(doc, id, name).expect("own item");
    doc.apply(edit, Some(format!("rename {id}")));
}

#[test]
fn a_new_formation_and_unit_take_their_ids_from_their_names() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut doc = pack(dir.path(), "");
    let (edit, placeholder) = ops::add_formation(&doc, "fr", None);
    doc.apply(edit, None);
    assert_eq!(placeholder, "fr-formation");
    rename(&mut doc, &placeholder, "Brigade Piré");
    assert_eq!(doc.own().formations[0].id, "brigade-pire");
    // Typed on: the id made by the last name follows the new one.
    rename(&mut doc, "brigade-pire", "Brigade Piré II");
    assert_eq!(doc.own().formations[0].id, "brigade-pire-ii");

    let (edit, unit) = ops::add_unit(&doc, "fr", Some("brigade-pire-ii"));
    doc.apply(edit, None);
    rename(&mut doc, &unit, "8e Hussards");
    assert_eq!(doc.own().units[0].id, "8e-hussards");
    assert_eq!(
        doc.own().units[0].formation.as_deref(),
        Some("brigade-pire-ii")
    );
    // A unit is under it now: the formation keeps its id.
    rename(&mut doc, "brigade-pire-ii", "Brigade Colbert");
    assert_eq!(doc.own().formations[0].id, "brigade-pire-ii");
    assert_eq!(doc.own().formations[0].name, "Brigade Colbert");

    // Each rename is undone exactly, id and all.
    assert!(doc.undo());
    assert_eq!(doc.own().formations[0].name, "Brigade Piré II");
    assert!(doc.undo());
    assert_eq!(doc.own().units[0].id, unit, "back to the placeholder");
    assert_eq!(doc.own().units[0].name, "New unit");

    // Once saved, an id is in the file for scenarios to name: kept.
    assert!(doc.redo());
    doc.save().expect("saved");
    rename(&mut doc, "8e-hussards", "8e Hussards (Colbert)");
    assert_eq!(doc.own().units[0].id, "8e-hussards");
    assert_eq!(doc.own().units[0].name, "8e Hussards (Colbert)");
}

#[test]
fn a_unit_a_scenario_names_keeps_its_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut doc = pack(dir.path(), "fr-unit");
    let (edit, unit) = ops::add_unit(&doc, "fr", None);
    doc.apply(edit, None);
    assert_eq!(unit, "fr-unit", "the id the scenario names");
    rename(&mut doc, &unit, "8e Hussards");
    assert_eq!(doc.own().units[0].id, "fr-unit");
    assert_eq!(doc.own().units[0].name, "8e Hussards");
}
