//! Every bundled scenario opens in the Setup screen with each side's
//! roster (its set-up units as set up on their hexes), and saves back
//! byte-identical: untouched, and after a unit moved and moved back.

use berthier_editor::app::Message;
use berthier_editor::screen::setup::{self, Tab};
use berthier_tools::setup::roster::Status;

use super::{copy_tree, open_setup, scenarios, setup, shows};

#[test]
fn every_bundled_scenario_shows_both_rosters_and_saves_back_unchanged() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let all = scenarios(dir.path());
    assert!(all.len() >= 18, "{all:?}");
    for path in all {
        let name = path.display().to_string();
        let before = std::fs::read(&path).expect("read");
        let mut app = open_setup(&path, dir.path());
        let scenario = setup(&app).doc().scenario().clone();
        assert!(scenario.sides.len() >= 2, "{name}");
        for (i, side) in scenario.sides.iter().enumerate() {
            let roster = setup(&app).rosters()[i].clone();
            assert_eq!(roster.side, side.side, "{name}");
            assert!(!roster.entries.is_empty(), "{name}: {}", side.side);
            // Every setup entry's unit shows as set up on its hex.
            for placed in &side.setup {
                let entry = roster
                    .entries
                    .iter()
                    .find(|e| e.unit == placed.unit)
                    .unwrap_or_else(|| panic!("{name}: {}", placed.unit));
                assert_eq!(entry.status, Status::SetUp(placed.hex), "{name}");
            }
            // The side's tab lists it as the screen shows it.
            let _ = app
                .update(Message::Setup(setup::Message::Show(Tab::Roster(i))));
            let first = &roster.entries[0];
            assert!(shows(&app, &first.label), "{name}: {}", first.label);
            assert!(shows(&app, &first.status.label()), "{name}");
        }
        let _ = app.update(Message::Setup(setup::Message::Save));
        assert_eq!(std::fs::read(&path).expect("read"), before, "{name}");
        move_and_back(&mut app);
        assert_eq!(std::fs::read(&path).expect("read"), before, "{name}");
    }
}

/// Moves the first set-up unit to another hex and back, and saves: two
/// edits that cancel out, written through the comment-keeping writer.
fn move_and_back(app: &mut berthier_editor::app::App) {
    let doc = setup(app).doc();
    if !doc.is_editable() {
        return;
    }
    // Moving a unit drops its place in a stack: one with none comes back
    // exactly as it was.
    let mut placed = doc.scenario().sides.iter().flat_map(|s| &s.setup);
    let Some(placed) = placed.find(|p| p.stack.is_none()) else {
        return;
    };
    let (unit, home) = (placed.unit.clone(), placed.hex);
    let map = &doc.opened.map;
    let elsewhere = map
        .grid
        .neighbours(home)
        .into_iter()
        .find(|h| map.contains(*h))
        .expect("a neighbour on the map");
    let send = |app: &mut berthier_editor::app::App, m| {
        let _ = app.update(Message::Setup(m));
    };
    send(app, setup::Message::Pick(unit.clone()));
    send(app, setup::Message::Released(None));
    for hex in [elsewhere, home] {
        let at = setup(app).point_of(hex);
        send(
            app,
            setup::Message::Canvas(
                berthier_editor::map_canvas::Message::Press {
                    at,
                    modifiers: iced::keyboard::Modifiers::empty(),
                },
            ),
        );
        send(app, setup::Message::Released(Some(at)));
        send(app, setup::Message::Pick(unit.clone()));
        send(app, setup::Message::Released(None));
    }
    assert!(setup(app).is_dirty());
    send(app, setup::Message::Save);
    assert!(!setup(app).is_dirty(), "{:?}", setup(app).notice());
}

/// A scenario that no longer opens in Setup (broken on disk after its map
/// was shown) gives the error screen with the way back to the map, which
/// comes back as it was.
#[test]
fn a_setup_that_fails_to_open_keeps_the_way_back_to_the_map() {
    use berthier_editor::app::Screen;
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let path = scenarios(dir.path()).remove(0);
    let mut app = crate::common::ui::open_app(&path, dir.path());
    assert!(matches!(app.screen(), Screen::Map(_)), "the map first");
    std::fs::write(&path, "(kind: scenario, format_version: 2, id: ")
        .expect("break the file");
    super::click(&mut app, "Setup");
    let Screen::Error(error) = app.screen() else {
        panic!("expected the error screen");
    };
    let back = error.back_label().expect("a way back to the map");
    super::click(&mut app, &back);
    assert!(matches!(app.screen(), Screen::Map(_)), "back on the map");
    assert!(shows(&app, "Setup"), "the map's bar as before");
}
