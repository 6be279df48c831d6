//! Editing an instruction's zone on the map, on Ligny 1: the radius of
//! "within 4 hexes of Fleurus" set with the buttons, the place it is
//! measured from picked by a click, a zone replaced by a region drawn
//! corner by corner (the model's region is a polygon of hex centres);
//! each one undo step; saved keeping the file's comments.

use berthier_editor::app::{App, Message};
use berthier_editor::screen::setup::{self, Tab};
use berthier_schema::HexId;
use berthier_schema::placement::{Location, Placement};

use super::{click, open_copy, press, setup, shows};

fn send(app: &mut App, m: setup::Message) {
    let _ = app.update(Message::Setup(m));
}

/// The part of the instruction the map edits act on.
fn zone(app: &App, side: usize, i: usize) -> Placement {
    let p = &setup(app).doc().scenario().sides[side].instructions[i].placement;
    berthier_tools::setup::zone_edit::target(p)
        .expect("an editable zone")
        .clone()
}

fn allowed(app: &App) -> usize {
    setup(app).zone().expect("a zone shaded").allowed.len()
}

#[test]
fn radius_pick_and_region_each_undone_then_saved_with_comments() {
    let (_dir, path, original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    // III Corps: within 4 hexes of Fleurus and in a band (l. 2189).
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    let fleurus = Location::Place("fleurus".into());
    let within = |n| Placement::Within {
        of: fleurus.clone(),
        hexes: n,
    };
    assert_eq!(zone(&app, 0, 1), within(4));
    assert!(shows(&app, "Radius: within 4"));
    let at4 = allowed(&app);
    let words = |app: &App| {
        setup(app).doc().scenario().sides[0].instructions[1]
            .text
            .clone()
    };
    let printed = words(&app);
    click(&mut app, "+");
    assert_eq!(zone(&app, 0, 1), within(5));
    assert!(allowed(&app) >= at4, "a wider zone allows no fewer hexes");
    // The words say the zone now checked, with the place's name; undo
    // brings the rulebook's words back with the radius.
    let now = words(&app).expect("words");
    assert!(now.contains("within 5 hexes of Fleurus"), "{now}");
    assert!(shows(&app, &now), "the list shows the new words");

    // Picked on the map: a hex of no place is the hex itself.
    let map = &setup(&app).doc().opened.map;
    let free = berthier_tools::scene::all_hexes(map)
        .filter(|h| h.to_string().as_str() > "W1500")
        .find(|h| !map.places.iter().any(|p| p.hexes.contains(h)))
        .expect("a hex in no place");
    click(&mut app, "Pick on map");
    press(&mut app, free);
    assert_eq!(
        zone(&app, 0, 1),
        Placement::Within {
            of: Location::Hex(free),
            hexes: 5
        }
    );
    assert_eq!(setup(&app).zone_tool(), None, "one pick, then disarmed");
    click(&mut app, "Undo");
    assert_eq!(zone(&app, 0, 1), within(5));
    click(&mut app, "Undo");
    assert_eq!(zone(&app, 0, 1), within(4));
    assert_eq!(words(&app), printed);
    assert!(!setup(&app).is_dirty());

    // Napoleon on the mill: replaced by a triangle drawn on the map.
    send(&mut app, setup::Message::SelectInstruction(0, 4));
    let mill = zone(&app, 0, 4);
    assert!(matches!(mill, Placement::At(_)), "{mill:?}");
    let corners: Vec<HexId> = ["W1010", "W1020", "W2015"]
        .iter()
        .map(|h| h.parse().expect("hex"))
        .collect();
    click(&mut app, "Draw region");
    for (k, c) in corners.iter().enumerate() {
        press(&mut app, *c);
        assert_eq!(zone(&app, 0, 4), Placement::Region(corners[..=k].to_vec()));
    }
    let inside = setup(&app).zone().expect("shaded").allowed.clone();
    assert!(inside.len() > 3, "a triangle, not its corners: {inside:?}");
    assert!(corners.iter().all(|c| inside.contains(c)));
    click(&mut app, "Undo");
    assert_eq!(zone(&app, 0, 4), Placement::Region(corners[..2].to_vec()));
    click(&mut app, "Redo");
    let drawn = corners.clone();

    click(&mut app, "Save");
    assert!(!setup(&app).is_dirty());
    let saved = std::fs::read_to_string(&path).expect("read");
    let fmt = berthier_schema::Format::Ron;
    assert!(berthier_schema::preserve::keeps_comments(
        &original, &saved, fmt
    ));
    let changed: Vec<(&str, &str)> = original
        .lines()
        .zip(saved.lines())
        .filter(|(a, b)| a != b)
        .collect();
    // The zone and, kept in step with it, the words that say it.
    assert_eq!(changed.len(), 2, "{changed:#?}");
    assert!(changed[0].1.contains("Region(["), "{changed:?}");
    assert!(
        changed[1]
            .1
            .contains("text: \"in the region W1010-W1020-W2015\""),
        "{changed:?}"
    );
    let reread = berthier_tools::setup::SetupDoc::open(&path).expect("opens");
    let p = &reread.scenario().sides[0].instructions[4].placement;
    assert_eq!(p, &Placement::Region(drawn));
}
