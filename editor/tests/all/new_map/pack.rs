//! New pack and the pack panel: the form writes what `berthier-validate
//! init` writes for the series chosen, the pack opens on its home page,
//! its documents are listed by name and open with a click, and the New map
//! and New order of battle forms put files in the pack's folders on the
//! pack's series. A folder that is not a pack says so.

use berthier_editor::app::{Message, Screen};
use berthier_editor::map_form::Field;
use berthier_editor::screen::new_map::SeriesChoice;
use berthier_editor::screen::new_pack::Message as Form;
use berthier_schema::{Document, Format};

use super::*;

/// A new pack with the example battle in `dir`'s `p`, the battle open on
/// the screen its bar's button `screen` shows (Setup, Timeline); the app
/// and the pack's folder.
pub(super) fn example_battle_in(
    dir: &Path,
    screen: &str,
) -> (App, std::path::PathBuf) {
    let rivoli = pack(dir);
    let mut app = app_at(&rivoli, dir);
    let root = dir.join("p");
    new_pack(&mut app, &root, "jours-de-gloire@1", true);
    click(&mut app, "Example battle");
    click(&mut app, screen);
    (app, root)
}

/// The example battle's scenario as saved in the pack at `root`, with
/// its text; its opening comments must be kept.
pub(super) fn saved_example(
    root: &Path,
) -> (berthier_schema::Scenario, String) {
    let file = root.join("scenarios/example/example.scenario.ron");
    let text = std::fs::read_to_string(&file).expect("saved");
    assert!(text.starts_with("// An example battle"), "comments kept");
    let Ok(Document::Scenario(s)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    (s, text)
}

fn pack_form(app: &mut App, m: Form) {
    let _ = app.update(Message::NewPack(m));
}

/// From the map shown, New pack into `folder` on `series`.
pub(super) fn new_pack(
    app: &mut App,
    folder: &Path,
    series: &str,
    example: bool,
) {
    click(app, "New pack…");
    assert!(matches!(app.screen(), Screen::NewPack(..)));
    pack_form(app, Form::Folder(folder.display().to_string()));
    pack_form(app, Form::Series(SeriesChoice::Standard(series.into())));
    pack_form(app, Form::Example(example));
    click(app, "Create pack");
}

#[test]
fn a_pack_on_vive_l_empereur_starts_empty_and_takes_a_new_map() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let vere = dir.path().join("vere");
    new_pack(&mut app, &vere, "vive-l-empereur@1", true);

    assert!(matches!(app.screen(), Screen::Pack), "the pack's home");
    assert!(vere.join("berthier.toml").is_file());
    assert!(
        vere.join(".github/workflows/berthier-validate.yml")
            .is_file()
    );
    // The example battle is Jours de Gloire's: not written on VLE.
    assert!(!vere.join("maps/example").exists());
    assert!(shows(&mut app, "Pack: vere"));
    assert!(shows(&mut app, "none yet"));

    click(&mut app, "New map…");
    assert!(
        matches!(app.screen(), Screen::NewMap(..)),
        "the New map form"
    );
    // The pack's series (read back from the file below), and a folder of
    // its own under maps/.
    form(&mut app, new_map::Message::Name("Combat de la Vère".into()));
    click(&mut app, "Create map");
    let file = vere.join("maps/combat-de-la-vere/combat-de-la-vere.map.ron");
    let text = std::fs::read_to_string(&file).expect("the map in maps/<id>/");
    assert!(text.contains("series: \"vive-l-empereur@1\""), "{text}");
    assert!(matches!(app.screen(), Screen::Map(_)));
    // The panel lists the new map under its name.
    assert!(shows(&mut app, "Combat de la Vère"));
    assert!(shows(&mut app, "Orders of battle"));
}

#[test]
fn the_example_pack_lists_its_battle_and_opens_it_with_a_click() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let example = dir.path().join("example");
    new_pack(&mut app, &example, "jours-de-gloire@1", true);
    assert!(matches!(app.screen(), Screen::Pack));
    for name in ["Example field", "Example order of battle", "Example battle"] {
        assert!(shows(&mut app, name), "{name} listed");
    }
    click(&mut app, "Example battle");
    assert!(matches!(app.screen(), Screen::Map(_)), "the scenario's map");
    assert!(shows(&mut app, "Setup"), "the scenario's bar");

    // A new order of battle goes in counters/<id>/ on the pack's series.
    click(&mut app, "New order of battle…");
    let _ = app.update(Message::NewOob(
        berthier_editor::screen::new_oob::Message::Name(
            "Armée de la Vère".into(),
        ),
    ));
    click(&mut app, "Create order of battle");
    let file =
        example.join("counters/armee-de-la-vere/armee-de-la-vere.counters.ron");
    let text = std::fs::read_to_string(&file).expect("written");
    let Ok(Document::Counters(c)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    assert_eq!(c.series, "jours-de-gloire@1");
}

#[test]
fn a_pack_is_never_written_over_an_existing_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let taken = dir.path().join("taken");
    std::fs::create_dir_all(&taken).expect("folder");
    std::fs::write(taken.join("berthier.toml"), "# mine\n").expect("mine");
    new_pack(&mut app, &taken, "jours-de-gloire@1", false);
    let Screen::NewPack(form, _) = app.screen() else {
        panic!("still on the form");
    };
    let problem = form.problem(Field::File).expect("a problem");
    assert!(problem.contains("would overwrite"), "{problem}");
    assert!(problem.contains("berthier.toml"), "{problem}");
    assert_eq!(
        std::fs::read_to_string(taken.join("berthier.toml")).expect("kept"),
        "# mine\n"
    );
    // Cancel goes back to the map, as it was.
    click(&mut app, "Cancel");
    assert!(matches!(app.screen(), Screen::Map(_)));
}

#[test]
fn a_folder_opens_as_its_pack_or_says_it_is_not_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = dir.path().join("plain");
    std::fs::create_dir_all(&plain).expect("folder");
    let app = app_at(&plain, dir.path());
    let Screen::Error(e) = app.screen() else {
        panic!("the error screen");
    };
    assert!(
        e.error().message.contains("not a pack"),
        "{}",
        e.error().message
    );

    std::fs::write(plain.join("berthier.toml"), "exclude = []\n")
        .expect("config");
    let mut app = app_at(&plain, dir.path());
    assert!(matches!(app.screen(), Screen::Pack));
    assert!(shows(&mut app, "Pack: plain"));
}

#[test]
fn a_new_scenario_on_the_packs_map_and_order_of_battle_opens_in_setup() {
    use berthier_editor::screen::new_scenario::Message as Scenario;
    let scenario = |app: &mut App, m: Scenario| {
        let _ = app.update(Message::NewScenario(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let root = dir.path().join("vere");
    new_pack(&mut app, &root, "jours-de-gloire@1", true);
    click(&mut app, "New scenario…");
    assert!(matches!(app.screen(), Screen::NewScenario(..)));
    // The pack's map and order of battle, and its sides, by their names.
    let Screen::NewScenario(form, _) = app.screen() else {
        panic!("the form");
    };
    let chosen = |c: Option<&berthier_editor::screen::new_scenario::Choice>| {
        c.map(|c| c.name.clone())
    };
    assert_eq!(chosen(form.map()).as_deref(), Some("Example field"));
    assert_eq!(
        chosen(form.counters()).as_deref(),
        Some("Example order of battle")
    );
    let sides: Vec<String> =
        form.sides().iter().map(ToString::to_string).collect();
    assert_eq!(sides, ["Blue", "Red"]);

    scenario(&mut app, Scenario::Name("Combat de la Vère".into()));
    scenario(&mut app, Scenario::Date("16 May 1809".into()));
    scenario(&mut app, Scenario::Last("9h".into()));
    click(&mut app, "Create scenario");
    let Screen::NewScenario(form, _) = app.screen() else {
        panic!("still on the form");
    };
    assert!(
        form.problem(Field::Turns)
            .is_some_and(|p| p.contains("HH:MM"))
    );
    scenario(&mut app, Scenario::Last("14:00".into()));
    assert!(shows(&mut app, "6 turns"));
    click(&mut app, "Create scenario");

    assert!(matches!(app.screen(), Screen::Setup(_)), "Setup opens");
    // Its tabs name the sides as the order of battle does, not by id.
    assert!(shows(&mut app, "Blue") && !shows(&mut app, "blue"));
    let file =
        root.join("scenarios/combat-de-la-vere/combat-de-la-vere.scenario.ron");
    let text = std::fs::read_to_string(&file).expect("written");
    let Ok(Document::Scenario(s)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("{text}");
    };
    assert_eq!(s.name, "Combat de la Vère");
    assert_eq!(s.series, "jours-de-gloire@1");
    assert_eq!(s.map, "../../maps/example/example.map.ron");
    assert_eq!(s.counters, "../../counters/example/example.counters.ron");
    assert_eq!((s.turns.first.as_str(), s.turns.count), ("09:00", 6));
    assert_eq!(s.turns.date.as_deref(), Some("16 May 1809"));
    let sides: Vec<&str> = s.sides.iter().map(|s| s.side.as_str()).collect();
    assert_eq!(sides, ["blue", "red"]);
    assert_eq!(s.sets_up_first.as_deref(), Some("blue"));
}

#[test]
fn instructions_are_added_given_units_duplicated_and_deleted_in_setup() {
    use berthier_editor::screen::setup::{Message as Setup, Tab};
    use berthier_tools::setup::instruction_edit::Member;
    let setup = |app: &mut App, m: Setup| {
        let _ = app.update(Message::Setup(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    setup(&mut app, Setup::Show(Tab::Instructions));
    let instructions = |app: &App| match app.screen() {
        Screen::Setup(s) => s.doc().scenario().sides[1].instructions.clone(),
        _ => panic!("Setup"),
    };
    assert!(instructions(&app).is_empty(), "Red has none in the example");

    setup(&mut app, Setup::AddInstruction(1));
    setup(
        &mut app,
        Setup::AddMember(Member::Formation("red-1".into())),
    );
    let added = instructions(&app);
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].units.formations, ["red-1"]);
    assert_eq!(
        added[0].text.as_deref(),
        Some("within one hex of The hamlet")
    );
    assert!(shows(&mut app, "Places: Red brigade (formation)"));

    click(&mut app, "Duplicate");
    assert_eq!(instructions(&app).len(), 2);
    click(&mut app, "Delete");
    assert_eq!(instructions(&app).len(), 1);
    click(&mut app, "Undo");
    assert_eq!(instructions(&app).len(), 2, "one step each");

    click(&mut app, "Save");
    let (s, text) = saved_example(&root);
    assert_eq!(s.sides[1].instructions.len(), 2, "{text}");
    assert_eq!(s.sides[1].instructions[0].units.formations, ["red-1"]);
}

#[test]
fn arrivals_are_added_given_units_duplicated_and_deleted_on_the_timeline() {
    use berthier_editor::screen::timeline::Message as Timeline;
    use berthier_schema::scenario::TurnRef;
    use berthier_tools::unit_set::Member;
    let timeline = |app: &mut App, m: Timeline| {
        let _ = app.update(Message::Timeline(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    let arrivals = |app: &App| match app.screen() {
        Screen::Timeline(s) => {
            s.doc().scenario().sides[0].reinforcements.clone()
        }
        _ => panic!("Timeline"),
    };
    assert!(arrivals(&app).is_empty(), "Blue has none in the example");
    assert!(shows(&mut app, "Add arrival: Blue"), "sides by name");

    click(&mut app, "Add arrival: Blue");
    timeline(&mut app, Timeline::AddMember(Member::Unit("b2".into())));
    let added = arrivals(&app);
    assert_eq!(added.len(), 1);
    assert_eq!(added[0].at, TurnRef::Turn(2));
    assert_eq!(added[0].units.units, ["b2"]);
    assert_eq!(
        added[0].entry,
        Some(berthier_schema::Location::Edge("west".into())),
        "the map's first edge"
    );
    assert!(shows(&mut app, "Brings: Hussars"));
    click(&mut app, "Duplicate");
    assert_eq!(arrivals(&app).len(), 2);
    click(&mut app, "Delete");
    click(&mut app, "Undo");
    assert_eq!(arrivals(&app).len(), 2, "one step each");

    click(&mut app, "Save");
    let (s, text) = saved_example(&root);
    assert_eq!(s.sides[0].reinforcements.len(), 2, "{text}");
}

#[test]
fn a_victory_objective_is_added_placed_scored_and_saved_in_setup() {
    use berthier_editor::map_canvas;
    use berthier_editor::screen::setup::{Message as Setup, Tab};
    use berthier_schema::placement::Location;
    use berthier_schema::scenario::Condition;
    let setup = |app: &mut App, m: Setup| {
        let _ = app.update(Message::Setup(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    setup(&mut app, Setup::Show(Tab::Victory));
    assert!(shows(
        &mut app,
        "Red: objective The hamlet, 3 VP (held by Blue)"
    ));
    click(&mut app, "Add objective: Blue");
    let victory = |app: &App| match app.screen() {
        Screen::Setup(s) => s.doc().scenario().victory.clone(),
        _ => panic!("Setup"),
    };
    assert_eq!(victory(&app).len(), 3);

    // Placed by a click on hex 0303 (no place there), 2 VP, held by Red.
    click(&mut app, "Pick on map");
    let hex: berthier_schema::HexId = "0303".parse().expect("hex");
    let at = match app.screen() {
        Screen::Setup(s) => s.point_of(hex),
        _ => panic!("Setup"),
    };
    setup(
        &mut app,
        Setup::Canvas(map_canvas::Message::Press {
            at,
            modifiers: iced::keyboard::Modifiers::empty(),
        }),
    );
    setup(&mut app, Setup::Released(Some(at)));
    click(&mut app, "+");
    setup(&mut app, Setup::HeldBy(Some("red".into())));
    let expected = Condition::Objective {
        at: Location::Hex(hex),
        points: 2,
        held_by: Some("red".into()),
    };
    assert_eq!(victory(&app)[2].condition, expected);
    assert!(shows(
        &mut app,
        "Blue: objective hex 0303, 2 VP (held by Red)"
    ));
    // Drawn on the Setup map where it now is.
    let Screen::Setup(s) = app.screen() else {
        panic!("Setup");
    };
    let drawn = s.victory().drawn;
    let objective = drawn
        .iter()
        .find(|d| d.hexes == [hex])
        .unwrap_or_else(|| panic!("{drawn:#?}"));
    assert_eq!(objective.points, Some(2));
    assert!(!s.victory().shapes(&s.doc().opened.map).is_empty());
    click(&mut app, "Undo");
    click(&mut app, "Redo");

    click(&mut app, "Save");
    let (s, text) = saved_example(&root);
    assert_eq!(s.victory.len(), 3, "{text}");
    assert_eq!(s.victory[2].condition, expected);
}

#[test]
fn setup_notices_its_scenario_changed_on_disk_and_reloads_it() {
    use berthier_editor::screen::setup::Message as Setup;
    let setup = |app: &mut App, m: Setup| {
        let _ = app.update(Message::Setup(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    setup(&mut app, Setup::CheckDisk);
    assert!(!shows(&mut app, "Reload"), "nothing changed yet");

    // Another program gives Red an instruction.
    let file = root.join("scenarios/example/example.scenario.ron");
    let text = std::fs::read_to_string(&file).expect("read");
    let edited = text.replace(
        "            side: \"red\",\n",
        "            side: \"red\",\n            instructions: [(units: (units: [\"r1\"]), placement: Anywhere)],\n",
    );
    assert_ne!(edited, text);
    std::fs::write(&file, edited).expect("write");
    setup(&mut app, Setup::CheckDisk);
    assert!(shows(
        &mut app,
        "Another program changed this scenario's file."
    ));
    click(&mut app, "Reload");
    let Screen::Setup(s) = app.screen() else {
        panic!("Setup again");
    };
    assert_eq!(s.doc().scenario().sides[1].instructions.len(), 1);
    assert!(!s.disk_changed());
}

#[test]
fn an_arrivals_time_forced_march_and_option_are_set_on_the_timeline() {
    use berthier_editor::screen::timeline::Message as Timeline;
    use berthier_schema::scenario::TurnRef;
    let timeline = |app: &mut App, m: Timeline| {
        let _ = app.update(Message::Timeline(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    let arrival = |app: &App| match app.screen() {
        Screen::Timeline(s) => {
            s.doc().scenario().sides[1].reinforcements[0].clone()
        }
        _ => panic!("Timeline"),
    };
    assert_eq!(arrival(&app).at, TurnRef::Clock("10:00".into()));
    click(&mut app, "Red brigade");
    assert!(shows(
        &mut app,
        "Time named by the clock (else by turn number)"
    ));
    assert!(shows(
        &mut app,
        "Arrives: always (the scenario has no options)."
    ));

    timeline(&mut app, Timeline::ByClock(false));
    assert_eq!(arrival(&app).at, TurnRef::Turn(2), "the same turn");
    timeline(&mut app, Timeline::NoForcedMarch(true));
    assert!(arrival(&app).no_forced_march);
    click(&mut app, "Undo");
    assert!(!arrival(&app).no_forced_march, "one step each");
    assert_eq!(arrival(&app).at, TurnRef::Turn(2));
    click(&mut app, "Undo");
    assert_eq!(arrival(&app).at, TurnRef::Clock("10:00".into()));
    click(&mut app, "Redo");
    click(&mut app, "Redo");

    click(&mut app, "Save");
    let (s, text) = saved_example(&root);
    let saved = &s.sides[1].reinforcements[0];
    assert_eq!(saved.at, TurnRef::Turn(2));
    assert!(saved.no_forced_march, "{text}");
}

#[test]
fn an_arrivals_alternative_entry_and_delay_table_are_made_on_the_timeline() {
    use berthier_editor::screen::timeline::{
        AlternativeEdit as Alt, Message as Timeline,
    };
    use berthier_schema::scenario::Chooser;
    let alt = |app: &mut App, e: Alt| {
        let _ = app.update(Message::Timeline(Timeline::Alternative(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    let arrival = |app: &App| match app.screen() {
        Screen::Timeline(s) => {
            s.doc().scenario().sides[1].reinforcements[0].clone()
        }
        _ => panic!("Timeline"),
    };
    click(&mut app, "Red brigade");
    assert!(shows(&mut app, "Or enters by:"));
    let Screen::Timeline(s) = app.screen() else {
        panic!("Timeline")
    };
    let map = s.doc().map.clone().expect("the map");
    let other = berthier_tools::ways::of(&map)
        .into_iter()
        .find(|w| arrival(&app).entry.as_ref() != Some(&w.location))
        .expect("another way onto the map");
    alt(&mut app, Alt::Add(other.location.clone()));
    assert!(shows(&mut app, &other.name), "named: {}", other.name);
    alt(&mut app, Alt::AddRow);
    alt(&mut app, Alt::AddRow);
    // Typing "12" into row 0's highest roll is one step; a word is refused.
    alt(&mut app, Alt::RollTo(0, "1".into()));
    alt(&mut app, Alt::RollTo(0, "12".into()));
    alt(&mut app, Alt::Delay(1, "two".into()));
    let Screen::Timeline(s) = app.screen() else {
        panic!("Timeline")
    };
    assert!(
        s.notice()
            .is_some_and(|n| n.contains("\"two\" is not a whole")),
        "{:?}",
        s.notice()
    );
    alt(&mut app, Alt::Delay(1, "2".into()));
    alt(&mut app, Alt::Chooser(1, Chooser::Opponent));
    alt(&mut app, Alt::RoadHexesOnly(true));
    let made = arrival(&app).alternatives.expect("alternatives");
    assert_eq!(made.entries, std::slice::from_ref(&other.location));
    assert!(made.road_hexes_only);
    let rows: Vec<_> = made
        .delay_table
        .iter()
        .map(|r| (r.roll, r.delay_turns, r.chooser))
        .collect();
    assert_eq!(
        rows,
        [([0, 12], 0, Chooser::Owner), ([1, 1], 2, Chooser::Opponent)]
    );
    // Seven steps: the entry, two rows, the roll, the delay, the chooser,
    // road hexes.
    for _ in 0..7 {
        click(&mut app, "Undo");
    }
    assert_eq!(arrival(&app).alternatives, None);
    for _ in 0..7 {
        click(&mut app, "Redo");
    }
    alt(&mut app, Alt::Remove(0));
    assert_eq!(arrival(&app).alternatives, None, "none left: no table");
    click(&mut app, "Undo");
    click(&mut app, "Save");
    let (saved, text) = saved_example(&root);
    let saved = saved.sides[1].reinforcements[0].alternatives.clone();
    assert_eq!(saved, Some(made), "{text}");
}

#[test]
fn special_rules_and_options_are_made_on_the_rules_tab_and_saved() {
    use berthier_editor::screen::setup::{Message as Setup, RuleEdit, Tab};
    let setup = |app: &mut App, m: Setup| {
        let _ = app.update(Message::Setup(m));
    };
    let rule = |app: &mut App, e: RuleEdit| {
        let _ = app.update(Message::Setup(Setup::Rules(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    setup(&mut app, Setup::Show(Tab::Rules));
    assert!(shows(&mut app, "Special rules: 0"));
    rule(&mut app, RuleEdit::NewOption("Balance the battle".into()));
    click(&mut app, "Add option");
    click(&mut app, "Add rule");
    for c in ["F", "Fo", "Fog"] {
        rule(&mut app, RuleEdit::Title(0, c.into()));
    }
    rule(
        &mut app,
        RuleEdit::Text(0, "No fire beyond one hex.".into()),
    );
    rule(
        &mut app,
        RuleEdit::Option(0, Some("balance-the-battle".into())),
    );
    let scenario = |app: &App| match app.screen() {
        Screen::Setup(s) => s.doc().scenario().clone(),
        _ => panic!("Setup"),
    };
    let s = scenario(&app);
    assert_eq!(s.options[0].id, "balance-the-battle");
    assert_eq!(s.special_rules[0].title, "Fog");
    assert_eq!(
        s.special_rules[0].option.as_deref(),
        Some("balance-the-battle")
    );
    // The rule holds under it: the option cannot go.
    rule(&mut app, RuleEdit::DeleteOption(0));
    assert_eq!(scenario(&app).options.len(), 1);
    let Screen::Setup(screen) = app.screen() else {
        panic!("Setup")
    };
    assert!(
        screen
            .notice()
            .is_some_and(|n| n.contains("hold only under"))
    );
    // Typing the title was one step: undo the option, the text, the
    // title, then the rule.
    click(&mut app, "Undo");
    click(&mut app, "Undo");
    assert_eq!(scenario(&app).special_rules[0].title, "Fog");
    click(&mut app, "Undo");
    assert_eq!(scenario(&app).special_rules[0].title, "New rule");
    for _ in 0..3 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let (saved, _) = saved_example(&root);
    assert_eq!(saved.special_rules, scenario(&app).special_rules);
    assert_eq!(saved.options, scenario(&app).options);
}

#[test]
fn an_exit_and_points_per_loss_are_made_on_the_victory_tab() {
    use berthier_editor::screen::setup::{Message as Setup, Tab};
    use berthier_schema::scenario::Condition;
    use berthier_tools::unit_set::Member;
    let setup = |app: &mut App, m: Setup| {
        let _ = app.update(Message::Setup(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    setup(&mut app, Setup::Show(Tab::Victory));
    click(&mut app, "Add exit: Red");
    let west = berthier_tools::ways::Way {
        location: berthier_schema::Location::Edge("west".into()),
        name: "West edge".into(),
    };
    setup(&mut app, Setup::ExitVia(west));
    setup(
        &mut app,
        Setup::ExitMember(Member::Formation("red-1".into()), true),
    );
    setup(&mut app, Setup::ExitCount(2));
    setup(&mut app, Setup::ExitAutomatic(true));
    assert!(shows(
        &mut app,
        "Red: exit 2 of Red brigade (formation) by the West edge"
    ));
    click(&mut app, "Add VP per loss: Blue");
    click(&mut app, "+");
    assert!(shows(&mut app, "Blue: 2 VP per enemy unit eliminated"));
    click(&mut app, "Undo");
    assert!(
        shows(&mut app, "Blue: 1 VP per enemy unit eliminated"),
        "one step"
    );
    click(&mut app, "Redo");
    // The exit is drawn on the map with its way.
    let Screen::Setup(s) = app.screen() else {
        panic!("Setup")
    };
    assert!(s.victory().drawn.iter().any(|d| d.exit), "the exit drawn");

    click(&mut app, "Save");
    let (saved, _) = saved_example(&root);
    let exit = saved
        .victory
        .iter()
        .find(|v| matches!(v.condition, Condition::Exit { .. }))
        .expect("the exit saved");
    let Condition::Exit {
        via,
        units,
        count,
        automatic,
    } = &exit.condition
    else {
        unreachable!()
    };
    assert_eq!(via, &berthier_schema::Location::Edge("west".into()));
    assert_eq!(
        (units.formations.as_slice(), *count, *automatic),
        (["red-1".to_owned()].as_slice(), 2, true)
    );
    assert!(
        saved
            .victory
            .iter()
            .any(|v| v.condition == Condition::Elimination { points: 2 })
    );
    // What the validator says of them: nothing.
    let report = berthier_validator::validate(std::slice::from_ref(&root))
        .expect("validates");
    let victory: Vec<&berthier_rules::Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == berthier_rules::Severity::Error)
        .collect();
    assert!(victory.is_empty(), "{victory:#?}");
}

#[test]
fn a_morale_group_and_losses_at_start_are_made_on_the_forces_tab() {
    use berthier_editor::screen::setup::{
        ForcesEdit as F, Message as Setup, Tab,
    };
    use berthier_tools::unit_set::Member;
    let forces = |app: &mut App, e: F| {
        let _ = app.update(Message::Setup(Setup::Forces(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    let _ = app.update(Message::Setup(Setup::Show(Tab::Forces)));
    assert!(shows(&mut app, "Morale groups: 0"));
    forces(&mut app, F::AddGroup(0));
    for typed in ["B", "Bl", "Blue brigade"] {
        forces(&mut app, F::Name(0, 0, typed.into()));
    }
    forces(&mut app, F::Steps(0, 0, "6".into()));
    forces(&mut app, F::Demoralization(0, 0, "3".into()));
    forces(&mut app, F::Desperate(0, 0, "5".into()));
    forces(&mut app, F::Steps(0, 0, "six".into()));
    forces(
        &mut app,
        F::GroupMember(0, 0, Member::Formation("blue-1".into()), true),
    );
    forces(&mut app, F::AddLosses(0));
    forces(
        &mut app,
        F::LossMember(0, 0, Member::Unit("b2".into()), true),
    );
    let group = |app: &App| match app.screen() {
        Screen::Setup(s) => s.doc().scenario().sides[0].morale[0].clone(),
        _ => panic!("Setup"),
    };
    let g = group(&app);
    assert_eq!(g.name, "Blue brigade");
    assert_eq!(
        (g.steps, g.demoralization, g.desperate.clone()),
        (6, Some(3), vec![5])
    );
    assert_eq!(g.units.formations, ["blue-1"]);
    let Screen::Setup(s) = app.screen() else {
        panic!("Setup")
    };
    assert!(
        s.notice()
            .is_some_and(|n| n.contains("\"six\" is not a whole number"))
    );
    // Typing the name was one step: undo the losses' unit, the losses,
    // the group's units, desperate, demoralization, steps, then the name.
    for _ in 0..7 {
        click(&mut app, "Undo");
    }
    assert_eq!(group(&app).name, "New group");
    for _ in 0..7 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let (saved, _) = saved_example(&root);
    assert_eq!(saved.sides[0].morale[0], group(&app));
    assert_eq!(saved.sides[0].losses[0].units.units, ["b2"]);
    assert_eq!(saved.sides[0].losses[0].each, Some(1));
}

#[test]
fn two_desperate_levels_are_typed_comma_and_all() {
    use berthier_editor::screen::setup::{
        ForcesEdit as F, Message as Setup, Tab,
    };
    let forces = |app: &mut App, e: F| {
        let _ = app.update(Message::Setup(Setup::Forces(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, _root) = example_battle_in(dir.path(), "Setup");
    let _ = app.update(Message::Setup(Setup::Show(Tab::Forces)));
    forces(&mut app, F::AddGroup(0));
    let levels = |app: &App| match app.screen() {
        Screen::Setup(s) => {
            s.doc().scenario().sides[0].morale[0].desperate.clone()
        }
        _ => panic!("Setup"),
    };
    // A split nationality's two levels ("Desperate 10 / 14"), typed key
    // by key: the comma stays on screen while it reads as one level.
    for typed in ["1", "10", "10,", "10, ", "10, 1", "10, 14"] {
        forces(&mut app, F::Desperate(0, 0, typed.into()));
        assert!(
            shows(&mut app, typed.trim_end()) || typed.ends_with(" "),
            "the field shows {typed:?}"
        );
    }
    assert_eq!(levels(&app), [10, 14]);
    click(&mut app, "Undo");
    assert!(levels(&app).is_empty(), "the typing was one step");
}

#[test]
fn levels_of_victory_are_made_band_by_band_on_the_victory_tab() {
    use berthier_editor::screen::setup::{
        LevelEdit as L, Message as Setup, Tab,
    };
    use berthier_schema::scenario::Outcome;
    let level = |app: &mut App, e: L| {
        let _ = app.update(Message::Setup(Setup::Level(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    let _ = app.update(Message::Setup(Setup::Show(Tab::Victory)));
    assert!(shows(&mut app, "None yet: the side with more points wins."));
    // "A difference of 1-4 VPs is a minor victory, a difference over 5
    // VPs is a major victory" (Waterloo 1, seed 001 l. 2662).
    click(&mut app, "Add level");
    level(&mut app, L::To(0, "4".into()));
    click(&mut app, "Add level");
    level(&mut app, L::From(1, "five".into()));
    level(&mut app, L::To(1, "9".into()));
    level(&mut app, L::To(1, "".into()));
    level(&mut app, L::Level(1, Outcome::Major));
    let bands = |app: &App| match app.screen() {
        Screen::Setup(s) => s
            .doc()
            .scenario()
            .victory_levels
            .clone()
            .map(|l| l.by_difference)
            .unwrap_or_default(),
        _ => panic!("Setup"),
    };
    let read: Vec<_> = bands(&app)
        .iter()
        .map(|b| (b.min, b.max, b.outcome))
        .collect();
    assert_eq!(
        read,
        [(1, Some(4), Outcome::Minor), (5, None, Outcome::Major)]
    );
    // Four steps: each band, the first's end, the second's end typed and
    // cleared (one field, one step); the second band came as a major
    // victory already, so choosing it changed nothing.
    for _ in 0..4 {
        click(&mut app, "Undo");
    }
    assert!(bands(&app).is_empty());
    for _ in 0..4 {
        click(&mut app, "Redo");
    }
    click(&mut app, "Save");
    let (saved, text) = saved_example(&root);
    let saved = saved.victory_levels.expect("written").by_difference;
    assert_eq!(saved, bands(&app), "{text}");
    // Bands that overlap are what the validator reports (VIC003).
    level(&mut app, L::From(1, "3".into()));
    click(&mut app, "Save");
    let report = berthier_validator::validate(std::slice::from_ref(&root))
        .expect("validate");
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.code.as_str() == "VIC003"),
        "{:?}",
        report.diagnostics
    );
}

/// OOB014's codes on the saved pack, with their messages.
fn morale_unknown(root: &Path) -> Vec<String> {
    let report =
        berthier_validator::validate(&[root.to_path_buf()]).expect("validate");
    report
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "OOB014")
        .map(|d| d.message.clone())
        .collect()
}

#[test]
fn a_level_printed_none_is_ticked_on_the_forces_tab() {
    use berthier_editor::screen::setup::{
        ForcesEdit as F, Message as Setup, Tab,
    };
    use berthier_schema::scenario::MoraleLevel;
    let forces = |app: &mut App, e: F| {
        let _ = app.update(Message::Setup(Setup::Forces(e)));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    let _ = app.update(Message::Setup(Setup::Show(Tab::Forces)));
    forces(&mut app, F::AddGroup(0));
    forces(&mut app, F::Steps(0, 0, "74".into()));
    click(&mut app, "Save");
    // Neither level given nor printed "None": not known, so not checked.
    assert_eq!(
        morale_unknown(&root).len(),
        1,
        "{:?}",
        morale_unknown(&root)
    );
    // The Guard's "74 None None" (Vive l'Empereur, seed 001 l. 2252).
    click(&mut app, "demoralization");
    click(&mut app, "desperate");
    let group = |app: &App| match app.screen() {
        Screen::Setup(s) => s.doc().scenario().sides[0].morale[0].clone(),
        _ => panic!("Setup"),
    };
    assert_eq!(
        group(&app).printed_none,
        [MoraleLevel::Demoralization, MoraleLevel::Desperate(0)]
    );
    click(&mut app, "Save");
    let (_, text) = saved_example(&root);
    assert!(
        text.contains("printed_none: [Demoralization, Desperate(0)]"),
        "{text}"
    );
    assert!(
        morale_unknown(&root).is_empty(),
        "{:?}",
        morale_unknown(&root)
    );
    // A number typed is no longer "None"; one tick is one undo step.
    forces(&mut app, F::Demoralization(0, 0, "37".into()));
    assert_eq!(group(&app).printed_none, [MoraleLevel::Desperate(0)]);
    click(&mut app, "Undo");
    click(&mut app, "Undo");
    assert_eq!(group(&app).printed_none, [MoraleLevel::Demoralization]);
}

#[test]
fn an_arrival_comes_in_groups_one_every_half_hour() {
    use berthier_editor::screen::timeline::Message as Timeline;
    use berthier_tools::unit_set::Member;
    let timeline = |app: &mut App, m: Timeline| {
        let _ = app.update(Message::Timeline(m));
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    click(&mut app, "Add arrival: Blue");
    // One unit: nothing to group, and it says why.
    timeline(&mut app, Timeline::AddMember(Member::Unit("b1".into())));
    timeline(&mut app, Timeline::InGroups(true));
    let Screen::Timeline(t) = app.screen() else {
        panic!("Timeline")
    };
    assert!(t.notice().is_some_and(|n| n.contains("at least two")));
    timeline(&mut app, Timeline::AddMember(Member::Unit("b2".into())));
    timeline(&mut app, Timeline::InGroups(true));
    let cadence = |app: &App| match app.screen() {
        Screen::Timeline(t) => t.doc().scenario().sides[0].reinforcements[0]
            .cadence
            .clone(),
        _ => panic!("Timeline"),
    };
    let c = cadence(&app).expect("in groups");
    assert_eq!((c.every_minutes, c.groups.len()), (60, 2));
    assert!(shows(&mut app, "min (2 groups)"));
    let Screen::Timeline(t) = app.screen() else {
        panic!("Timeline")
    };
    assert_eq!(
        t.cards().iter().filter(|c| c.side == 0).count(),
        2,
        "a card a group"
    );
    timeline(&mut app, Timeline::GroupMinutes("3".into()));
    timeline(&mut app, Timeline::GroupMinutes("30".into()));
    assert_eq!(cadence(&app).map(|c| c.every_minutes), Some(30));
    click(&mut app, "Undo");
    assert_eq!(cadence(&app).map(|c| c.every_minutes), Some(60), "one step");
    click(&mut app, "Redo");
    click(&mut app, "Save");
    let (saved, _) = saved_example(&root);
    let c = saved.sides[0].reinforcements[0]
        .cadence
        .clone()
        .expect("saved");
    assert_eq!(
        (c.every_minutes, c.groups[1].units.clone()),
        (30, vec!["b2".to_owned()])
    );
}
