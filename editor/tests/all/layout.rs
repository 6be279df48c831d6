//! A window that fits a laptop: at 1280x720 and 1024x700 every toolbar
//! button and tool lies inside the window; the side panels can be hidden;
//! a map still as Fit left it is fitted again after a resize.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use berthier_editor::app::App;
use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map::{Message, Panel};
use berthier_tools::recent::Recent;
use berthier_tools::tool::Tool;
use common::*;
use iced::{Point, Size};
use iced_test::Simulator;

const BUTTONS: [&str; 13] = [
    "New map…",
    "Open…",
    "Save",
    "Save as…",
    "Undo",
    "Redo",
    "Fit to window",
    "Reload",
    "Scan…",
    "Properties…",
    "Register grid",
    "Suggest terrain",
    "Checks",
];

fn app(dir: &std::path::Path) -> App {
    let path = demo_copy(dir);
    App::with_recent(Some(&path), Recent::at(Some(dir.join("config"))))
}

fn assert_all_inside(app: &App, size: Size) {
    let mut ui =
        Simulator::with_size(iced::Settings::default(), size, app.view());
    let labels = BUTTONS
        .iter()
        .copied()
        .chain(Tool::ALL.iter().map(|t| t.label()));
    for label in labels {
        let bounds = ui
            .find(label)
            .unwrap_or_else(|_| panic!("{label} at {size:?}"))
            .bounds();
        // A squeezed button is as unreachable as one off the window.
        let readable = 7.0 * label.chars().count().min(6) as f32;
        assert!(
            bounds.x >= 0.0
                && bounds.width >= readable
                && bounds.height >= 14.0
                && bounds.x + bounds.width <= size.width + 0.5
                && bounds.y + bounds.height <= size.height + 0.5,
            "{label} at {size:?}: {bounds:?}"
        );
    }
}

#[test]
fn every_button_and_tool_is_inside_a_laptop_window() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(dir.path());
    assert_all_inside(&app, Size::new(1280.0, 720.0));
    assert_all_inside(&app, Size::new(1024.0, 700.0));
}

#[test]
fn side_panels_can_be_hidden_and_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = screen(&demo_copy(dir.path()));
    update(&mut s, Message::ShowPanel(Panel::Tools, false));
    update(&mut s, Message::ShowPanel(Panel::Checks, false));
    {
        let mut ui = iced_test::simulator(s.view());
        assert!(ui.find("Terrain brush").is_err(), "tool panel hidden");
        assert!(ui.find("Tools").is_ok(), "its checkbox stays");
    }
    update(&mut s, Message::ShowPanel(Panel::Tools, true));
    let mut ui = iced_test::simulator(s.view());
    assert!(ui.find("Terrain brush").is_ok());
}

#[test]
fn a_fitted_map_follows_the_window_and_a_zoomed_one_stays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut s = screen(&demo_copy(dir.path()));
    let fitted = s.viewport().zoom;
    send(&mut s, Canvas::Resized(Size::new(500.0, 400.0)));
    let smaller = s.viewport().zoom;
    assert!(smaller < fitted * 0.7, "refitted: {fitted} -> {smaller}");
    send(
        &mut s,
        Canvas::Zoom {
            factor: 2.0,
            anchor: Point::new(100.0, 100.0),
        },
    );
    let zoomed = s.viewport().zoom;
    send(&mut s, Canvas::Resized(Size::new(1000.0, 800.0)));
    assert_eq!(s.viewport().zoom, zoomed, "a zoomed view is left as it is");
    update(&mut s, Message::FitToWindow);
    send(&mut s, Canvas::Resized(Size::new(700.0, 560.0)));
    let refit = s.viewport().zoom;
    assert!(
        refit < zoomed && (refit - smaller * 1.4).abs() / refit < 0.1,
        "{refit} vs {smaller}"
    );
}
