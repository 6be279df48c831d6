//! The register screen's drag handles, key focus, undo and the progress of
//! automatic registration, through the app's view (iced_test).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::app::{App, Message};
use berthier_editor::map_canvas::geometry::Viewport;
use berthier_editor::screen::overlay::CANVAS_ID;
use berthier_editor::screen::register::handles::{self, Handle};
use berthier_editor::screen::register::task::Step;
use berthier_editor::screen::register::{self, view::NUMBER_ID};
use berthier_schema::Grid;
use berthier_tools::project;
use berthier_tools::recent::Recent;
use berthier_tools::registration::RefineStep;
use iced::{Point, Vector, keyboard, mouse, widget};
use iced_test::Simulator;

use crate::app_ui;
use app_ui::{register as screen, with_ui};

fn app() -> App {
    let recent = std::env::temp_dir()
        .join(format!("berthier-handles-ui-{}", std::process::id()));
    let mut app = App::with_recent(
        Some(&project::demo_map_path()),
        Recent::at(Some(recent)),
    );
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    // The canvas's first event tells it its size: it fits the scan.
    with_ui(&mut app, |ui| {
        let _ = ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
            position: Point::new(900.0, 500.0),
        })]);
    });
    assert!(screen(&app).viewport().zoom != 1.0, "fitted");
    app
}

fn window_point(
    ui: &mut Simulator<'_, Message>,
    view: Viewport,
    px: [f64; 2],
) -> Point {
    let canvas = ui
        .find(widget::Id::new(CANVAS_ID))
        .expect("canvas")
        .bounds();
    let p = view.to_screen(px);
    Point::new(canvas.x + p.x, canvas.y + p.y)
}

/// Presses at scan pixel `from`, moves in three steps by `by` screen
/// pixels, releases.
fn drag(app: &mut App, from: [f64; 2], by: Vector) {
    let view = screen(app).viewport();
    with_ui(app, |ui| {
        let at = window_point(ui, view, from);
        // The simulator's cursor is set apart from the events it sends.
        let move_to = |ui: &mut Simulator<'_, Message>, k: f32| {
            let position = at + by * k;
            ui.point_at(position);
            let _ =
                ui.simulate([iced::Event::Mouse(mouse::Event::CursorMoved {
                    position,
                })]);
        };
        move_to(ui, 0.0);
        let press = mouse::Event::ButtonPressed(mouse::Button::Left);
        let release = mouse::Event::ButtonReleased(mouse::Button::Left);
        let _ = ui.simulate([iced::Event::Mouse(press)]);
        move_to(ui, 0.3);
        move_to(ui, 0.7);
        move_to(ui, 1.0);
        let _ = ui.simulate([iced::Event::Mouse(release)]);
    });
}

fn handle_at(app: &App, which: Handle) -> [f64; 2] {
    let s = screen(app);
    handles::positions(s.grid(), &s.viewport())
        .into_iter()
        .find(|(h, _)| *h == which)
        .expect("handle")
        .1
}

/// Everything but the fields a handle may change.
fn same_except(a: &Grid, b: &Grid, origin: bool, rot: bool, size: bool) {
    assert_eq!(a.orientation, b.orientation);
    assert_eq!(a.shift, b.shift);
    assert_eq!(a.origin_hex, b.origin_hex);
    assert_eq!(a.aspect, b.aspect);
    if !origin {
        assert_eq!(a.origin_px, b.origin_px);
    }
    if !rot {
        assert_eq!(a.rotation_deg, b.rotation_deg);
    }
    if !size {
        assert_eq!(a.hex_radius_px, b.hex_radius_px);
    }
}

#[test]
fn dragging_the_origin_handle_moves_the_grid_in_one_undo_step() {
    let mut app = app();
    let before = screen(&app).grid().clone();
    let zoom = f64::from(screen(&app).viewport().zoom);
    drag(&mut app, before.origin_px, Vector::new(30.0, -20.0));
    let after = screen(&app).grid().clone();
    let moved = [
        after.origin_px[0] - before.origin_px[0],
        after.origin_px[1] - before.origin_px[1],
    ];
    assert!(
        (moved[0] - 30.0 / zoom).abs() < 1e-3,
        "{moved:?} at {zoom}: {}",
        screen(&app).status()
    );
    assert!((moved[1] + 20.0 / zoom).abs() < 1e-3, "{moved:?} at {zoom}");
    same_except(&before, &after, true, false, false);
    assert_eq!(screen(&app).undo_steps(), 1, "one drag, one step");
    with_ui(&mut app, |ui| {
        ui.click("Undo").expect("undo button");
    });
    assert_eq!(*screen(&app).grid(), before);
}

#[test]
fn dragging_the_rotation_handle_turns_about_the_origin() {
    let mut app = app();
    let before = screen(&app).grid().clone();
    let o = before.origin_px;
    let h = handle_at(&app, Handle::Rotation);
    // Move the handle 4 degrees clockwise around the origin.
    let (s, c) = 4f64.to_radians().sin_cos();
    let (dx, dy) = (h[0] - o[0], h[1] - o[1]);
    let to = [o[0] + dx * c - dy * s, o[1] + dx * s + dy * c];
    let zoom = screen(&app).viewport().zoom;
    let by =
        Vector::new((to[0] - h[0]) as f32 * zoom, (to[1] - h[1]) as f32 * zoom);
    drag(&mut app, h, by);
    let after = screen(&app).grid().clone();
    let turned = after.rotation_deg - before.rotation_deg;
    assert!((turned - 4.0).abs() < 0.05, "{turned}");
    same_except(&before, &after, false, true, false);
    assert_eq!(screen(&app).undo_steps(), 1);
}

#[test]
fn dragging_the_size_handle_scales_the_hexes() {
    let mut app = app();
    let before = screen(&app).grid().clone();
    let o = before.origin_px;
    let h = handle_at(&app, Handle::Size);
    // Pull the handle 10 % further from the origin.
    let zoom = screen(&app).viewport().zoom;
    let by = Vector::new(
        ((h[0] - o[0]) * 0.1) as f32 * zoom,
        ((h[1] - o[1]) * 0.1) as f32 * zoom,
    );
    drag(&mut app, h, by);
    let after = screen(&app).grid().clone();
    let ratio = after.hex_radius_px / before.hex_radius_px;
    assert!((ratio - 1.1).abs() < 0.01, "{ratio}");
    same_except(&before, &after, false, false, true);
    // The size field follows.
    let shown = format!("{:.3}", after.hex_radius_px);
    with_ui(&mut app, |ui| {
        ui.find(shown.as_str())
            .expect("radius field shows the new size");
    });
}

#[test]
fn a_press_away_from_the_handles_changes_nothing() {
    let mut app = app();
    let before = screen(&app).grid().clone();
    let c = before.center_px("0808".parse().expect("id"));
    drag(&mut app, c, Vector::new(40.0, 40.0));
    assert_eq!(*screen(&app).grid(), before);
    assert_eq!(screen(&app).undo_steps(), 0);
}

#[test]
fn arrows_nudge_only_after_the_map_was_clicked() {
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Three-point fit").expect("checkbox");
    });
    let before = screen(&app).grid().origin_px;
    let view = screen(&app).viewport();
    let c = screen(&app).grid().center_px("0808".parse().expect("id"));
    with_ui(&mut app, |ui| {
        // Typing in the number field, the mouse resting over the map: the
        // arrows move the text cursor, not the grid.
        ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
        let _ = ui.typewrite("08");
        let over_map = window_point(ui, view, c);
        ui.point_at(over_map);
        let _ = ui.tap_key(keyboard::key::Named::ArrowLeft);
        let _ = ui.tap_key(keyboard::Key::Character("]".into()));
    });
    assert_eq!(screen(&app).grid().origin_px, before, "typing, no nudge");
    assert_eq!(screen(&app).grid().rotation_deg, 0.6);
    with_ui(&mut app, |ui| {
        ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
        // Then a click on the map hands the keys back.
        let at = window_point(ui, view, c);
        ui.point_at(at);
        let _ = ui.simulate([
            iced::Event::Mouse(mouse::Event::CursorMoved { position: at }),
            iced::Event::Mouse(mouse::Event::ButtonPressed(
                mouse::Button::Left,
            )),
            iced::Event::Mouse(mouse::Event::ButtonReleased(
                mouse::Button::Left,
            )),
        ]);
        let _ = ui.tap_key(keyboard::key::Named::ArrowLeft);
    });
    let after = screen(&app).grid().origin_px;
    assert!((before[0] - after[0] - 0.1).abs() < 1e-9, "{after:?}");
    // Ctrl+Z on the register screen undoes the nudge.
    let ctrl_z = keyboard::Event::KeyPressed {
        key: keyboard::Key::Character("z".into()),
        modified_key: keyboard::Key::Character("z".into()),
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: keyboard::Location::Standard,
        modifiers: keyboard::Modifiers::CTRL,
        text: None,
        repeat: false,
    };
    let _ = app.update(Message::Key(ctrl_z));
    assert_eq!(screen(&app).grid().origin_px, before);
}

#[test]
fn automatic_registration_reports_its_steps() {
    let app = app();
    let job = screen(&app).reporting_job().expect("demo has a scan");
    let mut steps = Vec::new();
    let found = job(&mut |s| steps.push(s)).expect("found");
    assert!(found.1.rms() < 1.0);
    assert_eq!(steps.first(), Some(&Step::Decoding));
    assert!(steps.iter().any(|s| matches!(s, Step::Lattice { .. })));
    let last_measured = steps.iter().rev().find_map(|s| match s {
        Step::Refine(RefineStep::Measuring { done, total, .. }) => {
            Some((*done, *total))
        }
        _ => None,
    });
    assert_eq!(last_measured, Some((192, 192)));
    assert!(
        steps
            .iter()
            .any(|s| matches!(s, Step::Refine(RefineStep::Fitting { .. })))
    );
    // Each step shows in the status line.
    let mut app = app;
    let step = Step::Refine(RefineStep::Measuring {
        pass: 2,
        passes: 4,
        done: 50,
        total: 192,
    });
    let _ = app.update(Message::Register(register::Message::Step(step)));
    with_ui(&mut app, |ui| {
        ui.find("Automatic: pass 2/4, hexes measured 50/192")
            .expect("status line");
    });
}
