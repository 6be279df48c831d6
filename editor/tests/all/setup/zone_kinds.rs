//! Choosing what an instruction's zone is measured from, on Ligny 1 and
//! Waterloo 1: a place's "within 4" becomes "within 4 of" a map edge
//! chosen by name, then a unit to stack with, then anywhere, each one
//! undo step with words that follow; a kind the map has nothing of says
//! so and changes nothing; an instruction tied to a scenario option.
//! Saved keeping the file's comments.

use berthier_editor::app::{App, Message};
use berthier_editor::screen::setup::{self, Tab};
use berthier_schema::placement::{Location, Placement};
use berthier_tools::setup::zone_kind::ZoneKind;

use super::{click, open_copy, press, setup, shows};

fn send(app: &mut App, m: setup::Message) {
    let _ = app.update(Message::Setup(m));
}

fn placement(app: &App, side: usize, i: usize) -> Placement {
    setup(app).doc().scenario().sides[side].instructions[i]
        .placement
        .clone()
}

/// The kind of the first instruction's zone.
fn zone_kind(app: &App) -> ZoneKind {
    berthier_tools::setup::zone_kind::kind(&placement(app, 0, 0))
}

/// The part of the instruction the kind list acts on.
fn zone(app: &App) -> Placement {
    let p = placement(app, 0, 1);
    berthier_tools::setup::zone_edit::target(&p)
        .expect("a zone")
        .clone()
}

fn words(app: &App, side: usize, i: usize) -> String {
    let ins = &setup(app).doc().scenario().sides[side].instructions[i];
    ins.text.clone().unwrap_or_default()
}

#[test]
fn a_zone_becomes_an_edge_a_unit_and_anywhere_each_one_step() {
    let (_dir, path, original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    // III Corps: within 4 hexes of Fleurus and in a band (l. 2189).
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    let before = placement(&app, 0, 1);
    assert!(shows(&app, "Zone:"), "the kind list");

    send(&mut app, setup::Message::ZoneKind(ZoneKind::Edge));
    assert!(
        matches!(placement(&app, 0, 1), Placement::All(_)),
        "the band kept"
    );
    let edge = |id: &str| Placement::Within {
        of: Location::Edge(id.into()),
        hexes: 4,
    };
    assert_eq!(
        zone(&app),
        edge("north"),
        "the map's first edge, radius kept"
    );
    let now = words(&app, 0, 1);
    assert!(now.contains("within 4 hexes of the North edge"), "{now}");
    send(&mut app, setup::Message::ZoneTarget("east".into()));
    assert_eq!(zone(&app), edge("east"));
    let now = words(&app, 0, 1);
    assert!(now.contains("within 4 hexes of the East edge"), "{now}");
    assert!(shows(&app, &now), "the list shows the new words");
    assert!(
        !shows(&app, "Pick on map"),
        "an edge is chosen, not clicked"
    );

    // Stacked with a unit of the side, named as the order of battle does.
    send(&mut app, setup::Message::ZoneKind(ZoneKind::StackedWith));
    let Placement::StackedWith(unit) = zone(&app) else {
        panic!("{:?}", zone(&app));
    };
    let counters = &setup(&app).doc().counters;
    let name = &counters
        .units
        .iter()
        .find(|u| u.id == unit)
        .expect("unit")
        .name;
    assert!(words(&app, 0, 1).contains(&format!("stacked with {name}")));

    send(&mut app, setup::Message::ZoneKind(ZoneKind::Anywhere));
    assert!(words(&app, 0, 1).contains("anywhere on the map"));

    // Ligny's map names no river: nothing changes, and it says why.
    let anywhere = placement(&app, 0, 1);
    send(&mut app, setup::Message::ZoneKind(ZoneKind::River));
    assert_eq!(placement(&app, 0, 1), anywhere);
    assert!(shows(
        &app,
        "This map has no named river or stream: name its hexsides on the \
         map screen."
    ));

    // One undo step each: anywhere, the unit, the east edge, the north.
    for _ in 0..4 {
        click(&mut app, "Undo");
    }
    assert_eq!(placement(&app, 0, 1), before);
    for _ in 0..4 {
        click(&mut app, "Redo");
    }
    assert_eq!(placement(&app, 0, 1), anywhere);

    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    let first_comment = original
        .lines()
        .find(|l| l.trim_start().starts_with("//"))
        .expect("the file has comments");
    assert!(text.contains(first_comment), "comments kept");
    assert!(text.contains("Anywhere"), "{text}");
}

#[test]
fn an_instruction_is_tied_to_a_scenario_option_and_back() {
    let (_dir, path, _original, mut app) =
        open_copy("scenarios/waterloo-1815/w1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 0));
    let option = |app: &App| {
        setup(app).doc().scenario().sides[0].instructions[0]
            .option
            .clone()
    };
    assert_eq!(option(&app), None);
    assert!(shows(&app, "Set up:"));
    send(
        &mut app,
        setup::Message::InstructionOption(Some("guard-activation".into())),
    );
    assert_eq!(option(&app).as_deref(), Some("guard-activation"));
    click(&mut app, "Undo");
    assert_eq!(option(&app), None, "one undo step");
    click(&mut app, "Redo");
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("option: \"guard-activation\""), "{text}");
}

#[test]
fn a_stretch_of_road_is_chosen_by_name_and_its_ends_picked_on_the_map() {
    let (_dir, path, _original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    send(&mut app, setup::Message::ZoneKind(ZoneKind::RoadStretch));
    let map = setup(&app).doc().opened.map.clone();
    let fleurus = map.place("fleurus").expect("Fleurus").hexes[0];
    let free = berthier_tools::scene::all_hexes(&map)
        .find(|h| !map.places.iter().any(|p| p.hexes.contains(h)))
        .expect("a hex in no place");
    click(&mut app, "Pick one end");
    press(&mut app, fleurus);
    click(&mut app, "Pick the other end");
    press(&mut app, free);
    let Location::RoadStretch { road, from, to } = (match zone(&app) {
        Placement::At(l) | Placement::Within { of: l, .. } => l,
        other => panic!("{other:?}"),
    }) else {
        panic!("a stretch");
    };
    assert_eq!(road, map.roads[0].id, "the map's first road");
    assert_eq!(*from, Location::Place("fleurus".into()));
    assert_eq!(*to, Location::Hex(free));
    let now = words(&app, 0, 1);
    assert!(
        now.contains(&format!("between Fleurus and hex {free}")),
        "{now}"
    );
    // Three steps: the kind, then each end.
    for _ in 0..3 {
        click(&mut app, "Undo");
    }
    assert_eq!(
        berthier_tools::setup::zone_kind::kind(&placement(&app, 0, 1)),
        ZoneKind::HexOrPlace
    );
    for _ in 0..3 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("RoadStretch"), "{text}");
}

#[test]
fn a_band_between_two_places_is_picked_on_the_map_and_widened() {
    let (_dir, path, _original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    send(&mut app, setup::Message::ZoneKind(ZoneKind::Band));
    let map = setup(&app).doc().opened.map.clone();
    let fleurus = map.place("fleurus").expect("Fleurus").hexes[0];
    let free = berthier_tools::scene::all_hexes(&map)
        .find(|h| !map.places.iter().any(|p| p.hexes.contains(h)))
        .expect("a hex in no place");
    click(&mut app, "Pick one side");
    press(&mut app, fleurus);
    click(&mut app, "Pick the other side");
    press(&mut app, free);
    send(&mut app, setup::Message::Radius(2));
    assert_eq!(
        zone(&app),
        Placement::Band {
            a: Location::Place("fleurus".into()),
            b: Location::Hex(free),
            width: 2,
        }
    );
    let now = words(&app, 0, 1);
    assert!(
        now.contains(&format!(
            "within 2 hexes of the line between Fleurus and hex {free}"
        )),
        "{now}"
    );
    assert!(shows(&app, "Radius: within 2"));
    // Four steps: the kind, each side, the width.
    for _ in 0..4 {
        click(&mut app, "Undo");
    }
    assert_eq!(
        berthier_tools::setup::zone_kind::kind(&placement(&app, 0, 1)),
        ZoneKind::HexOrPlace
    );
    for _ in 0..4 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(
        text.contains(&format!("b: Hex(\"{free}\"), width: 2")),
        "{text}"
    );
}

#[test]
fn a_zone_borrows_another_scenarios_deployment_named_by_its_name() {
    let (dir, path, _original, mut app) =
        open_copy("scenarios/ligny-1815/ligny3-vandamme-attacks.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 0));
    send(&mut app, setup::Message::ZoneKind(ZoneKind::DeploymentOf));
    let offered: Vec<(String, String)> =
        setup(&app).doc().deployments().to_vec();
    assert!(
        offered.contains(&(
            "ligny1-historical.scenario.ron".into(),
            "Ligny 1 - Historical scenario".into()
        )),
        "{offered:?}"
    );
    assert!(
        !offered.iter().any(|(p, _)| p.contains("ligny3")),
        "not itself"
    );
    assert!(
        offered.iter().all(|(p, _)| !p.contains("waterloo")),
        "only scenarios on the same map: {offered:?}"
    );
    send(
        &mut app,
        setup::Message::ZoneTarget("ligny1-historical.scenario.ron".into()),
    );
    let deployment = |only| Placement::DeploymentOf {
        scenario: "ligny1-historical.scenario.ron".into(),
        units: None,
        setup_hexes: only,
    };
    let zone0 = |app: &App| {
        let p = placement(app, 0, 0);
        berthier_tools::setup::zone_edit::target(&p)
            .expect("a zone")
            .clone()
    };
    assert_eq!(zone0(&app), deployment(false));
    // The map shades the zones Ligny 1's French instructions allow, read
    // from its file, as the validator reads them.
    let shaded = setup(&app).zone().expect("shaded").clone();
    assert!(shaded.undecided.is_empty(), "{:?}", shaded.why);
    assert!(shaded.allowed.len() > 10, "{}", shaded.allowed.len());
    let allowed = shaded.allowed.len();
    let now = words(&app, 0, 0);
    assert!(
        now.contains(
            "where \u{201c}Ligny 1 - Historical scenario\u{201d} deploys them"
        ),
        "{now}"
    );
    click(&mut app, "Only the hexes its setup uses");
    assert_eq!(zone0(&app), deployment(true));
    let hexes = setup(&app).zone().expect("shaded").allowed.len();
    assert!(hexes > 0 && hexes < allowed, "{hexes} of {allowed}");
    let now = words(&app, 0, 0);
    assert!(now.contains("in a hex where \u{201c}Ligny 1"), "{now}");
    // Three steps: the kind (its first scenario), the scenario, the hexes.
    for _ in 0..3 {
        click(&mut app, "Undo");
    }
    assert_ne!(zone_kind(&app), ZoneKind::DeploymentOf);
    for _ in 0..3 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(
        text.contains("DeploymentOf(scenario: \"ligny1-historical.scenario.ron\", setup_hexes: true)"),
        "{text}"
    );
    // The validator resolves it: no "cannot be used" (REF038) or "deploys
    // none of them" (REF039).
    let report = berthier_validator::validate(std::slice::from_ref(&path))
        .expect("runs");
    let broken: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| matches!(d.code.as_str(), "REF038" | "REF039"))
        .map(|d| d.message.clone())
        .collect();
    assert!(broken.is_empty(), "{broken:?}");
    drop(dir);
}

#[test]
fn a_zone_north_of_a_place_turns_south_and_keeps_its_place() {
    use berthier_schema::map::Compass;
    let (_dir, _path, _original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    let before = placement(&app, 0, 1);
    send(&mut app, setup::Message::ZoneKind(ZoneKind::SideOf));
    let fleurus = Location::Place("fleurus".into());
    let side_of = |side| Placement::SideOf {
        of: fleurus.clone(),
        side,
        inclusive: false,
    };
    assert_eq!(zone(&app), side_of(Compass::North), "measured from Fleurus");
    assert!(shows(&app, "Side:") && shows(&app, "Pick on map"));
    send(&mut app, setup::Message::ZoneSide(Compass::South));
    assert_eq!(zone(&app), side_of(Compass::South));
    let now = words(&app, 0, 1);
    assert!(now.contains("south of Fleurus"), "{now}");
    click(&mut app, "Undo");
    click(&mut app, "Undo");
    assert_eq!(placement(&app, 0, 1), before, "one step each");
}

#[test]
fn a_zone_north_of_a_line_is_clicked_point_by_point() {
    use berthier_schema::map::Compass;
    let (_dir, path, _original, mut app) =
        open_copy("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    send(&mut app, setup::Message::Show(Tab::Instructions));
    send(&mut app, setup::Message::SelectInstruction(0, 1));
    let before = placement(&app, 0, 1);
    send(&mut app, setup::Message::ZoneKind(ZoneKind::LineSide));
    let map = setup(&app).doc().opened.map.clone();
    let free: Vec<_> = berthier_tools::scene::all_hexes(&map)
        .filter(|h| !map.places.iter().any(|p| p.hexes.contains(h)))
        .take(40)
        .collect();
    let (a, b) = (free[5], free[30]);
    click(&mut app, "Add line points");
    press(&mut app, a);
    press(&mut app, b);
    send(&mut app, setup::Message::ZoneSide(Compass::South));
    send(&mut app, setup::Message::ZoneInclusive(true));
    let fleurus = Location::Place("fleurus".into());
    assert_eq!(
        zone(&app),
        Placement::SideOfLine {
            line: vec![fleurus, Location::Hex(a), Location::Hex(b)],
            side: Compass::South,
            inclusive: true,
        },
        "from Fleurus, then the points clicked"
    );
    let now = words(&app, 0, 1);
    assert!(
        now.contains(&format!("south of the line Fleurus - hex {a} - hex {b}")),
        "{now}"
    );
    // The kind, two points, the side, the edge: five steps.
    for _ in 0..5 {
        click(&mut app, "Undo");
    }
    assert_eq!(placement(&app, 0, 1), before);
    for _ in 0..5 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("SideOfLine("), "{text}");
}
