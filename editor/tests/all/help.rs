//! Help > Rule codes: F1 opens the documentation of every finding code
//! over the screen shown, a code's heading in the live findings panel
//! opens it on that code, and Escape closes it.

use berthier_editor::app::{App, Message};
use berthier_editor::screen::rule_codes;
use berthier_rules::Code;
use iced::keyboard;

use crate::common::ui::{click, shows};
use crate::setup::setup;

fn key(app: &mut App, named: keyboard::key::Named) {
    let _ = app.update(Message::Key(crate::common::ui::named_key(named)));
}

#[test]
fn a_findings_heading_opens_its_code_and_f1_and_escape_open_and_close() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = crate::setup::open_qb1(dir.path());
    app.check_live_now();
    let first = setup(&app).live().findings().first().cloned();
    let finding = first.expect("the bundled scenario has findings (infos)");
    let count = setup(&app)
        .live()
        .findings()
        .iter()
        .filter(|d| d.code == finding.code)
        .count();
    assert!(app.rule_codes().is_none());

    // The code's heading in the panel opens its documentation.
    click(&mut app, &format!("{} ({count})", finding.code));
    let panel = app.rule_codes().expect("the panel opened");
    assert_eq!(panel.shown(), finding.code);
    assert!(shows(&app, "Rule codes"));
    assert!(
        shows(&app, finding.code.summary()),
        "its summary in the list"
    );
    assert!(shows(&app, "What it does"));

    // The filter finds a code by name; the one left is shown.
    let _ = app.update(Message::RuleCodes(rule_codes::Message::Filter(
        "stk001".into(),
    )));
    let panel = app.rule_codes().expect("still open");
    assert_eq!(panel.shown(), Code::Stk001);
    assert!(shows(&app, Code::Stk001.summary()));

    // A heading asked for while it is open shows that code, its row
    // scrolled into view.
    let scroll = app.update(Message::Setup(
        berthier_editor::screen::setup::Message::Live(
            berthier_editor::scenario_findings::live::Message::Explain(
                Code::Map012,
            ),
        ),
    ));
    assert_eq!(app.rule_codes().map(|p| p.shown()), Some(Code::Map012));
    assert!(scroll.units() > 0, "the list scrolls to it");

    key(&mut app, keyboard::key::Named::Escape);
    assert!(app.rule_codes().is_none(), "Escape closes it");
    assert!(!shows(&app, "Rule codes"));

    key(&mut app, keyboard::key::Named::F1);
    assert!(app.rule_codes().is_some(), "F1 opens it");
    click(&mut app, "Close");
    assert!(app.rule_codes().is_none(), "Close closes it");
}
