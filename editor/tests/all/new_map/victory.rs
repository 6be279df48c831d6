//! The Victory tab's holds, combinations and tie-breaks, made in the
//! window on the example battle: "Sombreffe (but the Chateau)" (Ligny 1,
//! seed 001 l. 2233) as a hold of a village leaving out its chateau, two
//! conditions combined and split again, a condition moved into the list
//! that decides a tie and back; each change one undo step, all saved.

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::map_canvas;
use berthier_editor::screen::setup::{Message as Setup, Tab, VictoryEdit};
use berthier_schema::HexId;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{Condition, VictoryCondition};

use super::pack::{new_pack, saved_example};
use super::*;

fn setup(app: &mut App, m: Setup) {
    let _ = app.update(Message::Setup(m));
}

fn victory(app: &App) -> Vec<VictoryCondition> {
    match app.screen() {
        Screen::Setup(s) => s.doc().scenario().victory.clone(),
        _ => panic!("Setup"),
    }
}

fn tie_break(app: &App) -> Vec<VictoryCondition> {
    match app.screen() {
        Screen::Setup(s) => s
            .doc()
            .scenario()
            .victory_levels
            .clone()
            .map(|l| l.tie_break)
            .unwrap_or_default(),
        _ => panic!("Setup"),
    }
}

/// A press and release on `label`'s hex.
fn click_hex(app: &mut App, label: &str) {
    let hex: HexId = label.parse().expect("hex");
    let at = match app.screen() {
        Screen::Setup(s) => s.point_of(hex),
        _ => panic!("Setup"),
    };
    let modifiers = iced::keyboard::Modifiers::empty();
    setup(
        app,
        Setup::Canvas(map_canvas::Message::Press { at, modifiers }),
    );
    setup(app, Setup::Released(Some(at)));
}

/// The example map with a village of three hexes holding a chateau.
fn add_village(root: &Path) {
    let file = root.join("maps/example/example.map.ron");
    let text = std::fs::read_to_string(&file).expect("map");
    let village = "        (id: \"village\", name: \"The village\", hexes: \
                   [\"0604\", \"0605\", \"0704\"]),\n        (id: \
                   \"chateau\", name: \"The chateau\", hexes: [\"0605\"]),\n";
    let edited = text.replacen(
        "    places: [\n",
        &format!("    places: [\n{village}"),
        1,
    );
    assert_ne!(edited, text);
    std::fs::write(&file, edited).expect("write");
}

#[test]
fn a_hold_leaves_out_its_chateau_and_conditions_combine_and_break_ties() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let root = dir.path().join("p");
    new_pack(&mut app, &root, "jours-de-gloire@1", true);
    add_village(&root);
    click(&mut app, "Example battle");
    click(&mut app, "Setup");
    setup(&mut app, Setup::Show(Tab::Victory));
    let before = victory(&app).len();

    click(&mut app, "Add hold: Blue");
    assert!(
        shows(&mut app, "Blue: hold The village, 1 VP"),
        "the first place"
    );
    click(&mut app, "Pick on map");
    click_hex(&mut app, "0504");
    assert!(shows(&mut app, "Blue: hold The hamlet, 1 VP"));
    click(&mut app, "Pick on map");
    click_hex(&mut app, "0704");
    click(&mut app, "Leave out hexes");
    click_hex(&mut app, "0605");
    click_hex(&mut app, "0202");
    assert!(shows(
        &mut app,
        "Hex 0202 is not part of The village: only its own hexes can be left out."
    ));
    assert!(shows(
        &mut app,
        "Blue: hold The village but The chateau, 1 VP"
    ));
    let hold = victory(&app)[before].condition.clone();
    let Condition::Hold { at, except, .. } = &hold else {
        panic!("{hold:?}");
    };
    assert_eq!(at, &Location::Place("village".into()));
    assert_eq!(except, &[Location::Place("chateau".into())]);
    let Screen::Setup(s) = app.screen() else {
        panic!("Setup");
    };
    let drawn = s.victory().drawn;
    let held = drawn
        .iter()
        .find(|d| d.label.contains("village"))
        .unwrap_or_else(|| panic!("{drawn:#?}"));
    let hexes: Vec<String> = held.hexes.iter().map(|h| h.to_string()).collect();
    assert_eq!(hexes, ["0604", "0704"], "the chateau is not drawn as held");

    // Combined with a new objective: every one of them, then any one.
    click(&mut app, "Add objective: Blue");
    setup(&mut app, Setup::Victory(VictoryEdit::CombineWith(before)));
    assert_eq!(victory(&app).len(), before + 1);
    assert!(shows(
        &mut app,
        "Blue: every one of (objective The village, 1 VP; hold The village but \
         The chateau, 1 VP)"
    ));
    click(&mut app, "Undo");
    assert_eq!(victory(&app).len(), before + 2, "combining was one step");
    click(&mut app, "Redo");
    setup(
        &mut app,
        Setup::Victory(VictoryEdit::Combination(
            berthier_tools::setup::victory_combine::Combination::Any,
        )),
    );
    assert!(
        shows(
            &mut app,
            "Blue: any one of (objective The village, 1 VP; hold The village but The chateau, 1 VP)"
        ),
        "{:#?}",
        victory(&app)
    );
    click(&mut app, "Split into parts");
    assert_eq!(victory(&app).len(), before + 2);
    assert_eq!(
        victory(&app)[before + 1].condition,
        hold,
        "given back whole"
    );

    // The hold decides a tie, and comes back.
    setup(&mut app, Setup::SelectCondition(before + 1));
    click(&mut app, "Use to break ties");
    assert_eq!(tie_break(&app).len(), 1);
    assert!(shows(&mut app, "Equal totals are won by, tried in order:"));
    click(&mut app, "Back to conditions");
    assert!(tie_break(&app).is_empty());
    click(&mut app, "Undo");
    assert_eq!(tie_break(&app).len(), 1, "each move one step");
    assert_eq!(victory(&app).len(), before + 1);

    click(&mut app, "Save");
    let (saved, text) = saved_example(&root);
    assert_eq!(saved.victory, victory(&app), "{text}");
    let levels = saved.victory_levels.expect("the tie-break is written");
    assert_eq!(levels.tie_break[0].condition, hold, "{text}");
    assert_validates(&root);
}
