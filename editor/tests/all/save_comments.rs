//! The defect of the designer's trial, step by step through the app: open
//! a copy of a bundled map, Register grid, type a rotation, Accept, Ctrl+S.
//! Every comment of the file (the rulebook citations) must survive, and
//! only the grid's lines may change.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::register::{self, Field};
use berthier_schema::preserve::{comment_count, keeps_comments};
use berthier_schema::{Format, Map};
use berthier_tools::recent::Recent;
use iced::keyboard::Modifiers;

use crate::app_ui;
use crate::common;
use app_ui::with_ui;

/// The bundled map `name` copied into `dir`, its series named by absolute
/// path so it opens the same from there.
fn copy(name: &str, dir: &Path) -> PathBuf {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let from = maps.join(name).join(format!("{name}.map.ron"));
    let folder = from.parent().expect("folder").canonicalize().expect("abs");
    let text = std::fs::read_to_string(&from).expect("read map");
    let map: Map = berthier_schema::document::parse(&text, Format::Ron)
        .expect("bundled map");
    let mut text = text.replace(
        &format!("{:?}", map.series),
        &format!("{:?}", folder.join(&map.series).display().to_string()),
    );
    if let Some(scan) = &map.scan {
        let abs = folder.join(scan).display().to_string();
        text = text.replace(&format!("{scan:?}"), &format!("{abs:?}"));
    }
    let path = dir.join(format!("{name}.map.ron"));
    std::fs::write(&path, text).expect("write copy");
    path
}

fn ctrl_s() -> Message {
    Message::Key(common::key_press("s", Modifiers::CTRL))
}

fn register_rotation_and_save(name: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = copy(name, dir.path());
    let before = std::fs::read_to_string(&path).expect("read");
    let recent = Recent::at(Some(dir.path().join("config")));
    let mut app = App::with_recent(Some(&path), recent);
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    if app.map().is_some_and(|m| m.opened().scan.is_none()) {
        // A map with no scan is asked about one first.
        with_ui(&mut app, |ui| {
            ui.click("Register without a scan").expect("go on");
        });
    }
    assert!(matches!(app.screen(), Screen::Register(..)), "{name}");
    let field = register::Message::Field(Field::Rotation, "0.5".into());
    let _ = app.update(Message::Register(field));
    with_ui(&mut app, |ui| {
        ui.click("Accept").expect("accept");
    });
    assert!(matches!(app.screen(), Screen::Map(_)), "{name}");
    let _ = app.update(ctrl_s());
    let after = std::fs::read_to_string(&path).expect("read saved");
    let saved: Map =
        berthier_schema::document::parse(&after, Format::Ron).expect("reads");
    assert_eq!(saved.grid.rotation_deg, 0.5, "{name}");
    let comments = comment_count(&before, Format::Ron);
    assert!(comments > 0, "{name}");
    assert_eq!(comment_count(&after, Format::Ron), comments, "{name}");
    assert!(
        keeps_comments(&before, &after, Format::Ron),
        "{name}\n{after}"
    );
    let changed = after
        .lines()
        .filter(|l| !before.lines().any(|b| b == *l))
        .count();
    assert!(changed <= 2, "{name}: {changed} new lines\n{after}");
}

#[test]
fn registering_a_rotation_keeps_every_comment_of_every_bundled_map() {
    for name in [
        "rivoli-1797",
        "canope-1801",
        "ligny-1815",
        "quatre-bras-1815",
        "demo",
    ] {
        register_rotation_and_save(name);
    }
}
