//! Helpers for tests that drive the whole app through its view (iced_test).

#![allow(dead_code)]

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::overlay::CANVAS_ID;
use berthier_editor::screen::register::RegisterScreen;
use berthier_schema::HexId;
use berthier_tools::project;
use iced::{Point, mouse, widget};
use iced_test::Simulator;

/// Runs `f` on a simulator of the app's view, then feeds its messages.
pub fn with_ui(app: &mut App, f: impl FnOnce(&mut Simulator<'_, Message>)) {
    let messages: Vec<Message> = {
        let size = iced::Size::new(1800.0, 1000.0);
        let mut ui =
            Simulator::with_size(iced::Settings::default(), size, app.view());
        f(&mut ui);
        ui.into_messages().collect()
    };
    for m in messages {
        let _ = app.update(m);
    }
}

/// The register screen showing.
pub fn register(app: &App) -> &RegisterScreen {
    match app.screen() {
        Screen::Register(s, _) => s,
        _ => panic!("not on the register screen"),
    }
}

/// Clicks the map at a scan pixel (the canvas is found by its id).
pub fn click_scan(
    ui: &mut Simulator<'_, Message>,
    view: berthier_editor::map_canvas::geometry::Viewport,
    px: [f64; 2],
) {
    let canvas = ui
        .find(widget::Id::new(CANVAS_ID))
        .expect("canvas")
        .bounds();
    let p = view.to_screen(px);
    let at = Point::new(canvas.x + p.x, canvas.y + p.y);
    ui.point_at(at);
    // A fresh widget tree: the map canvas spends its first event learning
    // its size, so move the cursor before pressing.
    let _ = ui.simulate([
        iced::Event::Mouse(mouse::Event::CursorMoved { position: at }),
        iced::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)),
        iced::Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)),
    ]);
}

/// The demo scan's true grid, from the transform that printed it (not
/// the map file's recorded grid).
pub fn printed_truth() -> berthier_schema::Grid {
    use berthier_tools::render::{self, scanify};
    let map = project::open(&project::demo_map_path()).expect("demo").map;
    let (print, size) = render::print_grid(&map);
    scanify::demo_transform(size).grid(&print)
}

/// The demo map's extent.
pub fn demo_hexes() -> Vec<HexId> {
    let map = project::open(&project::demo_map_path()).expect("demo").map;
    berthier_tools::scene::all_hexes(&map).collect()
}
