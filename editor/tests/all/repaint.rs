//! After a change of screen the window background steps for a few frames,
//! which makes the CPU renderer repaint the whole window (it left a strip
//! of the old screen otherwise), then settles on the theme's background.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map;
use berthier_tools::project;
use berthier_tools::recent::Recent;
use iced::Theme;

use crate::app_ui;
use crate::common;
use app_ui::with_ui;

fn backgrounds(app: &App, frames: usize) -> Vec<iced::Color> {
    (0..frames)
        .map(|_| app.style(&Theme::Light).background_color)
        .collect()
}

#[test]
fn each_new_screen_is_repainted_whole_then_settles() {
    let recent = std::env::temp_dir()
        .join(format!("berthier-repaint-{}", std::process::id()));
    let mut app = App::with_recent(
        Some(&project::demo_map_path()),
        Recent::at(Some(recent)),
    );
    let base = iced::theme::Base::base(&Theme::Light).background_color;
    let first = backgrounds(&app, 12);
    assert!(first[0] != base, "the first frame already repaints whole");
    assert!(first[..5].iter().any(|c| *c != base), "{first:?}");
    assert!(first[5..].iter().all(|c| *c == base), "{first:?}");

    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    let after = backgrounds(&app, 12);
    assert!(after[..5].iter().any(|c| *c != base), "{after:?}");
    assert!(after[5..].iter().all(|c| *c == base), "{after:?}");
    // The same screen again: nothing to repaint.
    assert!(backgrounds(&app, 4).iter().all(|c| *c == base));
}

#[test]
fn a_question_or_a_hidden_panel_that_moves_the_page_repaints_it_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = common::demo_copy(dir.path());
    let mut app = App::with_recent(
        Some(&path),
        Recent::at(Some(dir.path().join("config"))),
    );
    let base = iced::theme::Base::base(&Theme::Light).background_color;
    let _ = backgrounds(&app, 12);
    assert!(backgrounds(&app, 4).iter().all(|c| *c == base));
    let hide = map::Message::ShowPanel(map::Panel::Checks, false);
    let _ = app.update(Message::Map(hide));
    let after = backgrounds(&app, 12);
    assert!(after[..5].iter().any(|c| *c != base), "{after:?}");
    assert!(after[5..].iter().all(|c| *c == base), "{after:?}");
    // A stroke, then Reload: the unsaved changes question pushes the page
    // down.
    let canvas = |m| Message::Map(map::Message::Canvas(m));
    let _ = app.update(canvas(Canvas::Resized(iced::Size::new(800.0, 600.0))));
    let at = match app.screen() {
        Screen::Map(s) => {
            let hex = "0505".parse().expect("hex");
            s.viewport()
                .to_screen(s.opened().map.geometry().center_px(hex))
        }
        _ => panic!("the map screen"),
    };
    let woods = map::panel::Message::Terrain("woods".into());
    let _ = app.update(Message::Map(map::Message::Panel(woods)));
    let modifiers = iced::keyboard::Modifiers::default();
    let _ = app.update(canvas(Canvas::Press { at, modifiers }));
    let _ = app.update(canvas(Canvas::Release));
    let _ = backgrounds(&app, 12);
    with_ui(&mut app, |ui| {
        ui.click("Reload").expect("toolbar button");
    });
    assert!(app.unsaved().is_some(), "the question shows");
    let asked = backgrounds(&app, 12);
    assert!(asked[..1].iter().any(|c| *c != base), "{asked:?}");
    assert!(asked[5..].iter().all(|c| *c == base), "{asked:?}");
}
