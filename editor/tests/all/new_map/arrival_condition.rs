//! An arrival's condition made on the Timeline: "Once Wellington arrives
//! at Quatre-Bras" (seed 001 l. 3175) as a part watching a unit, "cannot
//! move before the 1400 turn" (l. 3007) as a turn moved with − and +,
//! every part or any one, a part taken out; each change one undo step,
//! the card saying it in names, all saved and validated.

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::timeline::{
    ConditionEdit as C, Message as Timeline,
};
use berthier_schema::scenario::{Trigger, TurnRef, UnitSet};
use berthier_tools::timeline::condition_edit::PartKind;
use berthier_tools::unit_set::Member;

use super::pack::{example_battle_in, saved_example};
use super::*;

fn timeline(app: &mut App, m: Timeline) {
    let _ = app.update(Message::Timeline(m));
}

fn condition(app: &App) -> Option<Trigger> {
    match app.screen() {
        Screen::Timeline(t) => t.doc().scenario().sides[0].reinforcements[0]
            .condition
            .clone(),
        _ => panic!("Timeline"),
    }
}

#[test]
fn an_arrival_waits_for_a_unit_and_a_turn() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Timeline");
    click(&mut app, "Add arrival: Blue");
    // The example sets up every unit: this arrival brings none, so that
    // the pack validates (a unit both set up and arriving is SET003).
    assert!(shows(&mut app, "Comes whatever happens."));

    timeline(&mut app, Timeline::Condition(C::Add(PartKind::Arrives)));
    timeline(
        &mut app,
        Timeline::Condition(C::Member(0, Member::Unit("r1".into()), true)),
    );
    timeline(&mut app, Timeline::Condition(C::Add(PartKind::NotBefore)));
    timeline(&mut app, Timeline::Condition(C::Turn(1, 1)));
    let watched = UnitSet {
        units: vec!["r1".into()],
        ..UnitSet::default()
    };
    assert_eq!(
        condition(&app),
        Some(Trigger::All(vec![
            Trigger::Arrives(watched.clone()),
            Trigger::Turn(TurnRef::Turn(3)),
        ])),
        "a turn after the arrival's own"
    );
    assert!(shows(&mut app, "Comes only if:"));
    let red = match app.screen() {
        Screen::Timeline(t) => t
            .doc()
            .counters
            .as_ref()
            .expect("counters")
            .units
            .iter()
            .find(|u| u.id == "r1")
            .map(|u| u.name.clone())
            .expect("r1"),
        _ => panic!("Timeline"),
    };
    assert!(
        shows(&mut app, &format!("• once {red} is on the map")),
        "by name"
    );
    assert!(shows(&mut app, "• not before turn 3"));

    // Any one is enough; then undone, one step.
    timeline(&mut app, Timeline::Condition(C::Any(true)));
    assert!(matches!(condition(&app), Some(Trigger::AnyOf(_))));
    click(&mut app, "Undo");
    assert!(matches!(condition(&app), Some(Trigger::All(_))));

    // The turn part taken out: the unit alone is the condition.
    timeline(&mut app, Timeline::Condition(C::Remove(1)));
    assert_eq!(condition(&app), Some(Trigger::Arrives(watched.clone())));

    // A scenario with no option cannot wait for one: said, not added.
    timeline(&mut app, Timeline::Condition(C::Add(PartKind::Chosen)));
    assert!(shows(
        &mut app,
        "The scenario has no option yet: add one on the Setup screen's Rules tab."
    ));
    assert_eq!(condition(&app), Some(Trigger::Arrives(watched.clone())));

    click(&mut app, "Save");
    let (s, text) = saved_example(&root);
    assert_eq!(
        s.sides[0].reinforcements[0].condition,
        Some(Trigger::Arrives(watched)),
        "{text}"
    );
    assert_validates(&root);
}
