//! The Forces tab's finer parts, made in the window: units whose losses
//! count five times on their group ("counted as 5 losses on the morale
//! demoralization level of the II Corps", Quatre-Bras 1, seed 001
//! l. 2073), a level that strikes only some units ("only the non British
//! and non KGL units are demoralized", SR 5, l. 3219), and an attachment;
//! each one undo step, a factor typed as a word refused, all saved and
//! validated.

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::setup::{
    AttachmentEdit as A, ForcesEdit as F, Message as Setup, PartEdit as P, Tab,
};
use berthier_schema::scenario::{MoraleLevel, ScenarioSide as Side, UnitSet};
use berthier_tools::unit_set::Member;

use super::pack::{example_battle_in, saved_example};
use super::*;

fn forces(app: &mut App, e: F) {
    let _ = app.update(Message::Setup(Setup::Forces(e)));
}

fn blue(app: &App) -> Side {
    match app.screen() {
        Screen::Setup(s) => s.doc().scenario().sides[0].clone(),
        _ => panic!("Setup"),
    }
}

fn only(id: &str) -> UnitSet {
    UnitSet {
        units: vec![id.into()],
        ..UnitSet::default()
    }
}

#[test]
fn loss_weights_level_scopes_and_attachments_are_made_on_the_forces_tab() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut app, root) = example_battle_in(dir.path(), "Setup");
    let _ = app.update(Message::Setup(Setup::Show(Tab::Forces)));
    forces(&mut app, F::AddGroup(0));
    forces(&mut app, F::Steps(0, 0, "8".into()));
    forces(&mut app, F::Demoralization(0, 0, "4".into()));
    forces(&mut app, F::Desperate(0, 0, "6".into()));
    forces(
        &mut app,
        F::GroupMember(0, 0, Member::Formation("blue-1".into()), true),
    );

    click(&mut app, "Losses that count more");
    forces(&mut app, F::Part(0, 0, P::Factor(0, "five".into())));
    assert!(
        shows(
            &mut app,
            "\"five\" is not a whole number: the field keeps its value"
        ),
        "a word is refused"
    );
    forces(&mut app, F::Part(0, 0, P::Factor(0, "5".into())));
    forces(
        &mut app,
        F::Part(0, 0, P::WeightMember(0, Member::Unit("b2".into()), true)),
    );
    assert!(shows(&mut app, "Each loss of these counts"));
    click(&mut app, "A level for some units only");
    forces(
        &mut app,
        F::Part(0, 0, P::ScopeMember(0, Member::Unit("b1".into()), true)),
    );
    forces(
        &mut app,
        F::Part(0, 0, P::ScopeLevel(0, MoraleLevel::Desperate(0))),
    );
    let group = blue(&app).morale[0].clone();
    assert_eq!(group.loss_weights.len(), 1);
    assert_eq!(group.loss_weights[0].factor, 5);
    assert_eq!(group.loss_weights[0].units, only("b2"));
    assert_eq!(group.scopes[0].level, MoraleLevel::Desperate(0));
    assert_eq!(group.scopes[0].units, only("b1"));

    click(&mut app, "Add attachment");
    forces(
        &mut app,
        F::Attachment(0, A::Member(0, Member::Unit("b2".into()), true)),
    );
    let attached = blue(&app).attachments;
    assert_eq!(attached.len(), 1);
    assert_eq!(attached[0].to, "blue-1", "the side's first formation");
    assert_eq!(attached[0].units, only("b2"));
    assert!(shows(&mut app, "Attachments: 1"));
    // Each a step of its own.
    click(&mut app, "Undo");
    assert!(blue(&app).attachments[0].units.units.is_empty());
    click(&mut app, "Undo");
    assert!(blue(&app).attachments.is_empty());
    click(&mut app, "Redo");
    click(&mut app, "Redo");

    click(&mut app, "Save");
    let (saved, text) = saved_example(&root);
    assert_eq!(saved.sides[0].morale, blue(&app).morale, "{text}");
    assert_eq!(saved.sides[0].attachments, blue(&app).attachments, "{text}");
    assert_validates(&root);
}
