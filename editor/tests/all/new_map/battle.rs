//! A whole battle built in the window from an empty folder, with no file
//! written by hand (the only file brought is the scanned sheet): New
//! pack, New map from the scan, the grid registered with a landmark read
//! on the scan, terrain, a named river and a road painted, a place and two
//! map edges; an order of battle for two sides; a scenario on them with
//! two setup instructions, two arrivals and a victory objective. Saved,
//! the folder is then checked by the validator, which reports exactly
//! what the window's findings panel shows.

use berthier_editor::app::{Message, Screen};
use berthier_editor::map_canvas::Message as Canvas;
use berthier_editor::screen::map::{form as place_form, panel};
use berthier_editor::screen::new_map::Message as MapForm;
use berthier_editor::screen::new_scenario::Message as ScenarioForm;
use berthier_editor::screen::oob::Message as Oob;
use berthier_editor::screen::setup::{Message as Setup, Tab};
use berthier_editor::screen::timeline::Message as Timeline;
use berthier_editor::screen::{register, setup::SetupScreen};
use berthier_rules::Diagnostic;
use berthier_schema::map::Compass;
use berthier_schema::placement::Location;
use berthier_schema::{Document, Format, HexId, Hexside};
use berthier_tools::setup::zone_kind::ZoneKind;
use berthier_tools::tool::Tool;
use berthier_tools::unit_set::Member;
use iced::{Point, Size, keyboard, widget};

use super::pack::new_pack;
use super::*;
use crate::app_ui::{click_scan, printed_truth, with_ui};

fn hex(s: &str) -> HexId {
    s.parse().expect("hex")
}

fn canvas(app: &mut App, m: Canvas) {
    send(app, map::Message::Canvas(m));
}

fn tool(app: &mut App, m: panel::Message) {
    send(app, map::Message::Panel(m));
}

/// The canvas point of scan pixel `px` on the map screen.
fn at_px(app: &App, px: [f64; 2]) -> Point {
    map_of(app).viewport().to_screen(px)
}

/// A press and release at each point in turn, as one drag.
fn stroke(app: &mut App, points: &[Point]) {
    let modifiers = keyboard::Modifiers::empty();
    canvas(
        app,
        Canvas::Press {
            at: points[0],
            modifiers,
        },
    );
    for p in &points[1..] {
        canvas(app, Canvas::Drag(*p));
    }
    canvas(app, Canvas::Release);
}

fn centre(app: &App, id: &str) -> Point {
    at_px(app, map_of(app).opened().map.grid.center_px(hex(id)))
}

/// Register grid on the new map's scan: proposed automatically, one
/// landmark read on the scan (hex 0508, clicked 2 px off its printed
/// centre), proposed again from it, accepted.
fn register_with_a_landmark(app: &mut App) {
    let propose = |app: &mut App| {
        let Screen::Register(r, _) = app.screen() else {
            panic!("Register grid");
        };
        let job = r.job().expect("the map has a scan");
        let found = job();
        let _ =
            app.update(Message::Register(register::Message::Proposed(found)));
    };
    // The canvas learns its size (and fits the scan) on its first event.
    with_ui(app, |ui| {
        let at = Point::new(600.0, 400.0);
        ui.point_at(at);
        let moved = iced::mouse::Event::CursorMoved { position: at };
        let _ = ui.simulate([iced::Event::Mouse(moved)]);
    });
    propose(app);
    let truth = printed_truth();
    let c = truth.center_px(hex("0508"));
    let view = crate::app_ui::register(app).viewport();
    with_ui(app, |ui| click_scan(ui, view, [c[0] + 2.0, c[1] - 1.5]));
    with_ui(app, |ui| {
        ui.click(widget::Id::new(register::view::NUMBER_ID))
            .expect("number input");
        let _ = ui.typewrite("0508");
        let _ = ui.tap_key(keyboard::key::Named::Enter);
    });
    propose(app);
    let r = crate::app_ui::register(app);
    assert!(r.can_accept(), "{}", r.status());
    assert!(r.warnings().is_empty(), "{:?}", r.warnings());
    click(app, "Accept");
    assert!(matches!(app.screen(), Screen::Map(_)), "back on the map");
    let err = berthier_tools::registration::max_centre_error(
        &map_of(app).opened().map.grid,
        &truth,
        &crate::app_ui::demo_hexes(),
    );
    assert!(err < 1.0, "registered {err} px off the printed grid");
}

/// Terrain, a named river, a road, a place and the west and east edges,
/// each painted or made with its tool; saved.
fn paint_the_map(app: &mut App) {
    canvas(app, Canvas::Resized(Size::new(1000.0, 700.0)));
    tool(app, panel::Message::Tool(Tool::Terrain));
    tool(app, panel::Message::Terrain("woods".into()));
    stroke(app, &[centre(app, "0303"), centre(app, "0304")]);

    // La Vère between columns 08 and 09, rows 05 to 07.
    tool(app, panel::Message::Tool(Tool::Hexside));
    tool(app, panel::Message::Hexside("river".into()));
    tool(app, panel::Message::FeatureName("La Vère".into()));
    for (a, b) in [("0805", "0905"), ("0806", "0906"), ("0807", "0907")] {
        let grid = &map_of(app).opened().map.grid;
        let (a, b) = (grid.center_px(hex(a)), grid.center_px(hex(b)));
        let near = [a[0] + (b[0] - a[0]) * 0.45, a[1] + (b[1] - a[1]) * 0.45];
        let p = at_px(app, near);
        stroke(app, &[p]);
    }

    // A road from 0703 to 0905, bridged over the river.
    tool(app, panel::Message::Tool(Tool::Road));
    tool(app, panel::Message::Road("road".into()));
    tool(app, panel::Message::RoadName("Route de Vère".into()));
    let road = [
        centre(app, "0703"),
        centre(app, "0705"),
        centre(app, "0805"),
    ];
    stroke(app, &road);
    stroke(app, &[centre(app, "0805"), centre(app, "0905")]);

    tool(app, panel::Message::Tool(Tool::Place));
    stroke(app, &[centre(app, "0505")]);
    send(
        app,
        map::Message::Form(place_form::Message::Name("Les Granges".into())),
    );
    send(app, map::Message::Form(place_form::Message::Create));

    tool(app, panel::Message::Tool(Tool::Edge));
    for (side, name) in
        [(Compass::West, "West edge"), (Compass::East, "East edge")]
    {
        let side = place_form::Side(side);
        send(app, map::Message::Form(place_form::Message::Side(side)));
        send(
            app,
            map::Message::Form(place_form::Message::Name(name.into())),
        );
        send(app, map::Message::Form(place_form::Message::AddEdge));
    }
    click(app, "Save");

    let map = &map_of(app).opened().map;
    assert_eq!(
        map.hexes
            .get(&hex("0303"))
            .and_then(|h| h.terrain.as_deref()),
        Some("woods")
    );
    let river = Hexside::between(hex("0806"), hex("0906")).expect("side");
    assert!(map.hexsides.iter().any(|f| f.at == river
        && f.feature == "river"
        && f.name.as_deref() == Some("La Vère")));
    assert_eq!(map.roads.len(), 1);
    assert_eq!(map.roads[0].name.as_deref(), Some("Route de Vère"));
    assert_eq!(map.places[0].name, "Les Granges");
    let edges: Vec<&str> = map.edges.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(edges, ["west-edge", "east-edge"]);
}

fn oob(app: &mut App, m: Oob) {
    let _ = app.update(Message::Oob(m));
}

/// Selects the tree row `row`, adds below it with `add`, names it.
fn add_named(app: &mut App, row: Option<&str>, add: &str, name: &str) {
    if let Some(row) = row {
        click(app, row);
    }
    click(app, add);
    oob(app, Oob::Rename(name.into()));
}

/// Two sides, each with a brigade of two units.
fn build_the_order_of_battle(app: &mut App) {
    click(app, "New order of battle…");
    let _ = app.update(Message::NewOob(
        berthier_editor::screen::new_oob::Message::Name(
            "Combat de la Vère 1809".into(),
        ),
    ));
    click(app, "Create order of battle");
    assert!(matches!(app.screen(), Screen::Oob(_)));
    add_named(app, None, "Add side", "Armée française");
    add_named(
        app,
        Some("Armée française"),
        "Add formation",
        "Brigade Piré",
    );
    add_named(app, Some("Brigade Piré · army"), "Add unit", "8e Hussards");
    add_named(
        app,
        Some("Brigade Piré · army · 1 unit"),
        "Add unit",
        "16e Chasseurs",
    );
    add_named(app, None, "Add side", "Armée autrichienne");
    add_named(
        app,
        Some("Armée autrichienne"),
        "Add formation",
        "Brigade Mayer",
    );
    add_named(app, Some("Brigade Mayer · army"), "Add unit", "IR 4");
    add_named(
        app,
        Some("Brigade Mayer · army · 1 unit"),
        "Add unit",
        "Chevau-légers",
    );
    click(app, "Save");
    // Ids made from the names, as the names were typed.
    let Screen::Oob(o) = app.screen() else {
        panic!("the order of battle");
    };
    let own = o.doc().own();
    let ids = |v: Vec<&String>| v.into_iter().cloned().collect::<Vec<_>>();
    assert_eq!(
        ids(own.sides.iter().map(|s| &s.id).collect()),
        ["armee-francaise", "armee-autrichienne"]
    );
    assert_eq!(
        ids(own.formations.iter().map(|f| &f.id).collect()),
        ["brigade-pire", "brigade-mayer"]
    );
    assert_eq!(
        ids(own.units.iter().map(|u| &u.id).collect()),
        ["8e-hussards", "16e-chasseurs", "ir-4", "chevau-legers"]
    );
}

fn setup_screen(app: &App) -> &SetupScreen {
    match app.screen() {
        Screen::Setup(s) => s,
        Screen::Error(e) => panic!("error screen: {}", e.error()),
        _ => panic!("not Setup"),
    }
}

fn setup(app: &mut App, m: Setup) {
    let _ = app.update(Message::Setup(m));
}

/// The id the order of battle gave the unit named `name`.
fn unit_id(app: &App, name: &str) -> String {
    let counters = &setup_screen(app).doc().counters;
    let unit = counters.units.iter().find(|u| u.name == name);
    unit.unwrap_or_else(|| panic!("{name}")).id.clone()
}

/// New scenario on the pack's map and order of battle; then two setup
/// instructions (the hussars within a hex of Les Granges, the Austrian
/// line on the east edge) and an objective, saved on Setup.
fn write_the_scenario(app: &mut App) {
    click(app, "New scenario…");
    let form = |app: &mut App, m: ScenarioForm| {
        let _ = app.update(Message::NewScenario(m));
    };
    form(app, ScenarioForm::Name("Combat de la Vère".into()));
    form(app, ScenarioForm::Date("16 May 1809".into()));
    form(app, ScenarioForm::Last("14:00".into()));
    click(app, "Create scenario");
    assert!(matches!(app.screen(), Screen::Setup(_)), "Setup opens");
    assert!(shows(app, "Armée française"), "sides by name");

    setup(app, Setup::Show(Tab::Instructions));
    setup(app, Setup::AddInstruction(0));
    let hussars = unit_id(app, "8e Hussards");
    setup(app, Setup::AddMember(Member::Unit(hussars)));
    setup(app, Setup::AddInstruction(1));
    let line = unit_id(app, "IR 4");
    setup(app, Setup::AddMember(Member::Unit(line)));
    setup(app, Setup::ZoneKind(ZoneKind::Edge));
    setup(app, Setup::ZoneTarget("east-edge".into()));
    // The radius of a new instruction is kept: "−" puts it on the edge.
    click(app, "−");
    let sides = &setup_screen(app).doc().scenario().sides;
    assert_eq!(
        sides[1].instructions[0].text.as_deref(),
        Some("on the East edge")
    );
    assert!(shows(app, "within one hex of Les Granges"));

    // The hussars set up at Les Granges, picked in the roster and put
    // down with a click; the Austrian line is left for the findings.
    let hussars = unit_id(app, "8e Hussards");
    setup(app, Setup::Canvas(Canvas::Resized(Size::new(800.0, 600.0))));
    setup(app, Setup::Pick(hussars.clone()));
    let at = setup_screen(app).point_of(hex("0505"));
    setup(
        app,
        Setup::Canvas(Canvas::Press {
            at,
            modifiers: keyboard::Modifiers::empty(),
        }),
    );
    setup(app, Setup::Released(Some(at)));
    assert_eq!(setup_screen(app).doc().placed(&hussars), Some((0, 0)));

    setup(app, Setup::Show(Tab::Victory));
    click(app, "Add objective: Armée française");
    click(app, "Save");
}

/// The chasseurs on turn 2 by the west edge, the Austrian light horse
/// on turn 3 by the east edge picked on the small map; saved.
fn schedule_the_arrivals(app: &mut App) {
    click(app, "Back to map");
    click(app, "Timeline");
    let timeline = |app: &mut App, m: Timeline| {
        let _ = app.update(Message::Timeline(m));
    };
    let id = |app: &App, name: &str| {
        let Screen::Timeline(t) = app.screen() else {
            panic!("Timeline");
        };
        let counters = t.doc().counters.as_ref().expect("counters read");
        counters
            .units
            .iter()
            .find(|u| u.name == name)
            .map(|u| u.id.clone())
            .expect("unit")
    };
    click(app, "Add arrival: Armée française");
    let chasseurs = id(app, "16e Chasseurs");
    timeline(app, Timeline::AddMember(Member::Unit(chasseurs)));
    click(app, "Add arrival: Armée autrichienne");
    let light_horse = id(app, "Chevau-légers");
    timeline(app, Timeline::AddMember(Member::Unit(light_horse)));
    timeline(app, Timeline::Later);
    timeline(app, Timeline::PickEntry(true));
    let size = Size::new(420.0, 300.0);
    let Screen::Timeline(t) = app.screen() else {
        panic!("Timeline");
    };
    let at = t.minimap_point(hex("1606"), size).expect("the map loaded");
    timeline(app, Timeline::MapPointer(at, size));
    timeline(app, Timeline::MapPress);
    click(app, "Save");
    let Screen::Timeline(t) = app.screen() else {
        panic!("Timeline");
    };
    let arrivals = &t.doc().scenario().sides[1].reinforcements;
    assert_eq!(arrivals[0].entry, Some(Location::Edge("east-edge".into())));
}

/// What the two must agree on: every word a user reads, and where.
fn key(d: &Diagnostic) -> String {
    format!(
        "{}[{}] {}:{}:{} {:?} {} {:?}",
        d.severity.as_str(),
        d.code,
        d.file,
        d.line,
        d.column,
        d.hex,
        d.message,
        d.help
    )
}

#[test]
fn a_battle_is_built_in_the_window_from_an_empty_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let recent =
        berthier_tools::recent::Recent::at(Some(dir.path().join("config")));
    let mut app = App::demo_in(Some(&dir.path().join("data")), recent);
    assert!(matches!(app.screen(), Screen::Map(_)), "the demo at start");
    // The scanned sheet, the one file brought.
    let root = dir.path().join("vere");
    new_pack(&mut app, &root, "jours-de-gloire@1", false);
    let scan = root.join("scans/vere-sheet.png");
    std::fs::create_dir_all(scan.parent().expect("folder")).expect("scans");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/demo/demo-scan.png"),
        &scan,
    )
    .expect("scan");

    click(&mut app, "New map…");
    form(&mut app, MapForm::ScanPicked(Some(scan)));
    form(&mut app, MapForm::Name("Combat de la Vère".into()));
    for (bound, v) in [
        (berthier_editor::map_form::Bound::FirstCol, "1"),
        (berthier_editor::map_form::Bound::LastCol, "16"),
        (berthier_editor::map_form::Bound::FirstRow, "1"),
        (berthier_editor::map_form::Bound::LastRow, "12"),
    ] {
        form(&mut app, MapForm::Extent(bound, v.into()));
    }
    click(&mut app, "Create map");
    assert!(matches!(app.screen(), Screen::Register(..)));
    register_with_a_landmark(&mut app);
    paint_the_map(&mut app);
    build_the_order_of_battle(&mut app);
    write_the_scenario(&mut app);
    schedule_the_arrivals(&mut app);

    // Every document reads back as the window left it.
    let scenario_path =
        root.join("scenarios/combat-de-la-vere/combat-de-la-vere.scenario.ron");
    let text = std::fs::read_to_string(&scenario_path).expect("saved");
    let Ok(Document::Scenario(s)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    let instructions: usize =
        s.sides.iter().map(|s| s.instructions.len()).sum();
    let arrivals: usize = s.sides.iter().map(|s| s.reinforcements.len()).sum();
    assert_eq!((instructions, arrivals), (2, 2), "{text}");
    assert!(s.victory.iter().any(|v| matches!(
        &v.condition,
        berthier_schema::scenario::Condition::Objective { .. }
    )));

    // The panel's findings (the Timeline's, checked now) are the
    // validator's on the folder, word for word.
    app.check_live_now();
    let Screen::Timeline(t) = app.screen() else {
        panic!("Timeline");
    };
    let mut mine: Vec<String> = t.live().findings().iter().map(key).collect();
    let theirs = berthier_validator::validate(std::slice::from_ref(&root))
        .expect("validates")
        .diagnostics;
    let mut theirs: Vec<String> = theirs.iter().map(key).collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs);
    // Each is listed with names where the validator quotes ids for the
    // file's author ("8e Hussards", not `8e-hussards (8e Hussards)`).
    assert!(!mine.is_empty(), "an unplaced unit is a finding to compare");
    let live = t.live();
    let worded: Vec<String> =
        live.findings().iter().map(|d| live.worded(d)).collect();
    for (worded, d) in worded.iter().zip(live.findings()) {
        for id in [
            "8e-hussards",
            "ir-4",
            "armee-francaise",
            "armee-autrichienne",
        ] {
            assert!(
                !worded.contains(id),
                "{worded} (validator: {})",
                d.message
            );
        }
    }
    for worded in worded {
        assert!(shows(&mut app, &worded), "the panel shows {worded}");
    }
}
