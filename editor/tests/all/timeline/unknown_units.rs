//! An arrival of a formation whose units the rulebook never prints (the X
//! Corps, 001 l. 3128): its card names the formation and says its units
//! are unknown, with what the rulebook prints of it, instead of "(no
//! units)".

use super::{copy_of, root, timeline, timeline_app};

#[test]
fn an_arrival_of_a_formation_with_unknown_units_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bundled = root().join(
        "scenarios/combined-1815/variation-x-corps-2-lamarque-at-quatre-bras.scenario.ron",
    );
    let path = copy_of(&bundled, dir.path());
    let app = timeline_app(&path, dir.path());
    let cards = timeline(&app).cards();
    let x = cards
        .iter()
        .find(|c| c.title == "X Corps (Lamarque) (units unknown)")
        .unwrap_or_else(|| {
            let titles: Vec<&str> =
                cards.iter().map(|c| c.title.as_str()).collect();
            panic!("no X Corps card: {titles:?}")
        });
    assert!(x.unit_names.is_empty());
    assert!(
        x.notes.iter().any(|n| n.contains(
            "units unknown (2 divisions including a brigade of Young \
             Guard, 36 steps)"
        )),
        "{:?}",
        x.notes
    );
    assert!(super::shows(&app, &x.title));
    // Its count line says unknown, not "0 units", after the side's name.
    assert!(x.units_unknown);
    let counters = timeline(&app).doc().counters.as_ref().expect("counters");
    let side = counters.sides.iter().find(|s| s.id == x.side_id);
    let name = side.expect("the side").name.as_str();
    assert_ne!(name, x.side_id, "a name, not the id");
    let count = format!("{name} · units unknown");
    assert!(super::shows(&app, &count), "no `{count}` line");
}
