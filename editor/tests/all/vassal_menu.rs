//! File, "Import VASSAL module…": the import run from the editor, its bar,
//! and the imported battle opened.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_editor::app::{App, Message, Screen, VassalImport, WorkStatus};
use berthier_tools::recent::Recent;
use berthier_tools::vassal::export::battle::export;

use crate::app_ui::with_ui;

fn repo(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

#[test]
fn the_map_toolbar_imports_a_module_and_opens_its_setup() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("Rivoli.vmod");
    export(
        &repo("scenarios/rivoli-1797/historical.scenario.ron"),
        &vmod,
    )
    .unwrap();
    let recent = Recent::at(Some(tmp.path().join("config")));
    let mut app = App::with_recent(
        Some(&repo("maps/rivoli-1797/rivoli-1797.map.ron")),
        recent,
    );
    // The button is there and asks for the module (a dialog: a task).
    with_ui(&mut app, |ui| {
        ui.click("Import VASSAL…").unwrap();
    });
    // A folder with files gets a subfolder named after the module.
    let folder = tmp.path().join("maps");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("other.txt"), "x").unwrap();
    let _ = app.update(Message::Vassal(VassalImport::Run {
        module: vmod.clone(),
        folder: folder.clone(),
    }));
    let Some(WorkStatus::Running(s)) = app.work_status() else {
        panic!("no progress shown: {:?}", app.work_status());
    };
    assert!(s.starts_with("Importing") && s.contains("Rivoli"), "{s}");
    let s = s.clone();
    with_ui(&mut app, |ui| {
        assert!(ui.find(s.as_str()).is_ok());
    });
    // What the task runs, fed back as it would be.
    let out = folder.join("Rivoli");
    let done = berthier_editor::app::vassal_run(&vmod, &out);
    let _ = app.update(Message::Vassal(VassalImport::Done(done)));
    let Some(WorkStatus::Ended(s)) = app.work_status() else {
        panic!("no outcome shown");
    };
    assert!(s.contains("1 map(s), 59 counter(s), 1 setup(s)"), "{s}");
    // The imported scenario's map is open.
    let Screen::Map(map) = app.screen() else {
        panic!("the imported map is not open");
    };
    assert_eq!(map.opened().path, out.join("rivoli-1797.map.ron"));
    with_ui(&mut app, |ui| {
        ui.click("Dismiss").unwrap();
    });
    assert!(app.work_status().is_none());
}

#[test]
fn a_failed_import_says_why_and_leaves_the_map() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.vmod");
    std::fs::write(&bad, "not a zip").unwrap();
    let recent = Recent::at(Some(tmp.path().join("config")));
    let map = repo("maps/rivoli-1797/rivoli-1797.map.ron");
    let mut app = App::with_recent(Some(&map), recent);
    let out = tmp.path().join("out");
    let done = berthier_editor::app::vassal_run(&bad, &out);
    let _ = app.update(Message::Vassal(VassalImport::Done(done)));
    let Some(WorkStatus::Ended(s)) = app.work_status() else {
        panic!("no outcome shown");
    };
    assert!(
        s.starts_with("Import failed") && s.contains("bad.vmod"),
        "{s}"
    );
    assert!(!out.exists());
    let Screen::Map(shown) = app.screen() else {
        panic!("map gone")
    };
    assert_eq!(shown.opened().path, map);
}
