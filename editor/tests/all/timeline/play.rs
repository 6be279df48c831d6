//! "Play the schedule" on Quatre-Bras 1: the turns stepped through, each
//! column that enters drawn from the validator's own simulation
//! (`berthier_rules::schedule`), the same as calling it directly.

use berthier_rules::schedule::play;
use berthier_tools::timeline::names::Names;

use super::{click, copy_of, root, shows, timeline, timeline_app};

#[test]
fn playing_steps_through_the_turns_with_the_entry_simulation() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bundled =
        root().join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let mut app = timeline_app(&copy_of(&bundled, dir.path()), dir.path());
    // The cards: the formation and the entry point as printed.
    let card = &timeline(&app).cards()[0];
    assert_eq!(
        (card.title.as_str(), card.short_entry.as_str()),
        ("6th division (Jerome)", "Road to Charleroi")
    );
    assert!(shows(&app, "Road to Charleroi"));
    click(&mut app, "Play the schedule");
    assert_eq!(timeline(&app).playing(), Some(1));
    assert!(shows(&app, "Turn 1 of 13 — 14:00"));
    let screen = timeline(&app);
    let battle = screen.doc().battle().expect("battle");
    let direct = play(&battle);
    assert_eq!(screen.played(), Some(&direct), "the rules' own play");
    // 1400: Jerome's 6th division by the road to Charleroi (seed 001
    // l. 2036): the French side's first arrival.
    let column = direct.turns[0]
        .columns
        .iter()
        .find(|c| c.side == 0 && c.arrival == 0)
        .expect("fr-ii-6 enters on turn 1");
    let hexes: Vec<String> =
        column.hexes.iter().map(ToString::to_string).collect();
    // Named as the counters print them, not by id.
    assert!(shows(
        &app,
        &format!("6th division (Jerome) enters at {}:", hexes.join(", "))
    ));
    // One entry hex and no printed allowances: the order on one line.
    let names = Names::of(&battle);
    assert_eq!(names.unit("fr-049"), "Jerome 049");
    let order: Vec<String> = column
        .entered
        .iter()
        .map(|e| names.units(&e.units, " + "))
        .collect();
    assert_eq!(order.len(), 7, "{order:?}");
    assert!(shows(
        &app,
        &format!(
            "  In this order: {}; movement left unknown (no printed \
             allowance).",
            order.join(", ")
        )
    ));
    click(&mut app, "Turn ▶");
    click(&mut app, "Turn ▶");
    assert!(shows(&app, "Turn 3 of 13 — 15:00"));
    assert!(
        !timeline(&app).marks().is_empty(),
        "entries drawn on the map"
    );
    click(&mut app, "Stop playing");
    assert_eq!(timeline(&app).playing(), None);
}
