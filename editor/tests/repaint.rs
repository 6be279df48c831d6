//! After a change of screen the window background steps for a few frames,
//! which makes the CPU renderer repaint the whole window (it left a strip
//! of the old screen otherwise), then settles on the theme's background.

use berthier_editor::app::App;
use berthier_editor::project;
use berthier_editor::recent::Recent;
use iced::Theme;

mod app_ui;
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
    assert!(first[..6].iter().any(|c| *c != base), "{first:?}");
    assert!(first[6..].iter().all(|c| *c == base), "{first:?}");

    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    let after = backgrounds(&app, 12);
    assert!(after[..6].iter().any(|c| *c != base), "{after:?}");
    assert!(after[6..].iter().all(|c| *c == base), "{after:?}");
    // The same screen again: nothing to repaint.
    assert!(backgrounds(&app, 4).iter().all(|c| *c == base));
}
