//! One-key tool shortcuts through the app's key handling: a letter picks
//! its tool on the map screen, with Ctrl it does not, and every tool has a
//! distinct key listed in editor/README.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::app::{App, Message, Screen};
use berthier_tools::recent::Recent;
use berthier_tools::tool::Tool;
use iced::keyboard::Modifiers;

use crate::common;

fn press(app: &mut App, c: &str, modifiers: Modifiers) {
    let _ = app.update(Message::Key(common::key_press(c, modifiers)));
}

fn tool(app: &App) -> Tool {
    match app.screen() {
        Screen::Map(s) => s.settings().tool,
        _ => panic!("not on the map screen"),
    }
}

#[test]
fn a_letter_picks_its_tool_and_ctrl_letters_do_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let recent = Recent::at(Some(dir.path().join("config")));
    let mut app = App::with_recent(Some(&path), recent);
    for t in Tool::ALL {
        press(&mut app, &t.key().to_string(), Modifiers::empty());
        assert_eq!(tool(&app), t, "key {}", t.key());
    }
    press(&mut app, "G", Modifiers::SHIFT);
    assert_eq!(tool(&app), Tool::Fill, "either case");
    press(&mut app, "e", Modifiers::CTRL);
    assert_eq!(tool(&app), Tool::Fill, "Ctrl+E is no tool key");
}

#[test]
fn every_tool_key_is_distinct_and_documented() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/README.md"
    ))
    .expect("README");
    let mut keys: Vec<char> = Tool::ALL.iter().map(|t| t.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), Tool::ALL.len());
    for t in Tool::ALL {
        let row =
            format!("| {} | `{}` |", t.label(), t.key().to_ascii_uppercase());
        assert!(readme.contains(&row), "README lacks {row}");
    }
    assert!(!keys.contains(&'f'), "F fits the map to the window");
}
