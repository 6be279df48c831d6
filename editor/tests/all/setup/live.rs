//! The live findings panel on the Setup screen: an illegal stack made on
//! the map brings its finding into the panel, clicking it selects the
//! unit and its hex, and undoing clears it.

use berthier_editor::app::{App, Message};
use berthier_editor::map_canvas;
use berthier_editor::screen::setup;
use berthier_schema::HexId;

use super::{click, setup, shows};

fn hex(s: &str) -> HexId {
    s.parse().expect("hex id")
}

fn send(app: &mut App, m: setup::Message) {
    let _ = app.update(Message::Setup(m));
}

/// Checks the scenario now (the tests run no tasks) on the app's screen.
fn check(app: &mut App) {
    app.check_live_now();
}

/// The findings shown, as the panel words them.
fn worded(app: &App) -> Vec<String> {
    let live = setup(app).live();
    live.findings().iter().map(|d| live.worded(d)).collect()
}

#[test]
fn an_illegal_stack_is_a_live_finding_until_undone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = super::open_qb1(dir.path());
    send(
        &mut app,
        setup::Message::Canvas(map_canvas::Message::Resized(iced::Size::new(
            800.0, 600.0,
        ))),
    );
    check(&mut app);
    let before = worded(&app);
    assert!(
        !before.iter().any(|w| w.contains("hex 1921")),
        "{before:#?}"
    );
    let heading = setup(&app).live().heading();
    assert!(shows(&app, &heading), "{heading}");

    // Cavalry moved onto the infantry in 1921 (VlE V.7: a forbidden pair).
    // Picked in the roster (far down its grouped list, below the
    // window: picked as its row does).
    send(&mut app, setup::Message::Pick("fr-016".into()));
    let at = setup(&app).point_of(hex("1921"));
    send(
        &mut app,
        setup::Message::Canvas(map_canvas::Message::Press {
            at,
            modifiers: iced::keyboard::Modifiers::empty(),
        }),
    );
    send(&mut app, setup::Message::Released(Some(at)));
    assert!(setup(&app).live().checking(), "the edit asked for a check");
    check(&mut app);
    let after = worded(&app);
    let new: Vec<&String> =
        after.iter().filter(|w| !before.contains(w)).collect();
    let finding = new
        .iter()
        .find(|w| w.contains("1921"))
        .unwrap_or_else(|| panic!("{new:#?}"));
    assert!(shows(&app, finding), "the panel lists {finding}");

    // Clicking it selects a unit of the stack and its hex.
    send(&mut app, setup::Message::Show(setup::Tab::Instructions));
    click(&mut app, finding);
    assert_eq!(setup(&app).selected_hex(), Some(hex("1921")));
    assert!(setup(&app).selected_unit().is_some());
    let notice = setup(&app).notice().expect("a notice").to_owned();
    assert!(notice.contains("hex 1921"), "{notice}");
    // The unit by its name, not its id.
    let unit = setup(&app).selected_unit().expect("a unit").to_owned();
    let counters = &setup(&app).doc().counters;
    let name = &counters.unit(&unit).expect("in the counters").name;
    assert!(notice.ends_with(&format!(", {name}")), "{notice}");
    assert!(!notice.contains(&unit), "{notice}");
    assert!(shows(&app, &notice), "the toolbar shows {notice}");

    // Undone: the finding is gone, the list as it was, and the toolbar no
    // longer names it.
    click(&mut app, "Undo");
    check(&mut app);
    assert_eq!(worded(&app), before);
    assert!(!shows(&app, finding));
    assert_eq!(setup(&app).notice(), None);
    assert!(!shows(&app, &notice), "the toolbar still shows {notice}");
}

/// A hex selected near the map's right edge stays in view when the stack
/// panel opens there (defect 4 of the editor trial: the panel covered
/// it, and a drop on it did nothing).
#[test]
fn the_stack_panel_opening_leaves_the_selected_hex_in_view() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = super::open_qb1(dir.path());
    let width = 800.0;
    send(
        &mut app,
        setup::Message::Canvas(map_canvas::Message::Resized(iced::Size::new(
            width, 600.0,
        ))),
    );
    assert!(setup(&app).selected_hex().is_none());
    // Zoomed in, so the map fills the canvas.
    send(
        &mut app,
        setup::Message::Canvas(map_canvas::Message::Zoom {
            factor: 3.0,
            anchor: iced::Point::new(width / 2.0, 300.0),
        }),
    );
    // A hex the panel's 260 points would cover.
    let map = setup(&app).doc().opened.map.clone();
    let hex = berthier_tools::scene::all_hexes(&map)
        .find(|h| {
            let p = setup(&app).point_of(*h);
            p.x > width - 200.0
                && p.x < width - 20.0
                && p.y > 50.0
                && p.y < 550.0
        })
        .expect("a hex near the right edge");
    let at = setup(&app).point_of(hex);
    send(
        &mut app,
        setup::Message::Canvas(map_canvas::Message::Press {
            at,
            modifiers: iced::keyboard::Modifiers::empty(),
        }),
    );
    send(&mut app, setup::Message::Released(Some(at)));
    assert_eq!(setup(&app).selected_hex(), Some(hex));
    let now = setup(&app).point_of(hex);
    assert!(now.x < width - 261.0, "under the panel at x {}", now.x);
    assert!(now.x > 0.0, "off the left at x {}", now.x);
    assert!((now.y - at.y).abs() < 0.01, "moved only sideways");
}
