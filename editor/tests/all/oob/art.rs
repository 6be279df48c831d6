//! The order of battle screen draws the selected unit's counter as the
//! printed one looks (as in the tree, on the map and in the
//! print-and-play sheet), the same art as the sheet, and redraws it as
//! a rating is typed: Bachelu's 045 on Quatre-Bras (Vive l'Empereur, line
//! side in front, column side behind, seed 001 l. 108).

use berthier_editor::screen::oob::{Message, OobScreen};
use berthier_tools::counter_art::{Art, UNKNOWN};
use berthier_tools::oob::OobDoc;
use berthier_tools::oob::tree::{Item, Kind};
use iced_test::simulator;

use super::root;

#[test]
fn the_selected_unit_shows_its_counter_and_a_typed_rating_on_it() {
    let path =
        root().join("counters/quatre-bras-1815/quatre-bras-1815.counters.ron");
    let mut screen = OobScreen::new(OobDoc::open(&path).expect("opens"));
    let select = Message::Select(Item {
        kind: Kind::Unit,
        id: "fr-045".to_owned(),
    });
    let _ = screen.update(select);
    let counter = screen.counter_of("fr-045").expect("a counter");
    // The same faces the sheet and the Setup map draw.
    let doc = screen.doc();
    let series = doc.series.as_ref().expect("series");
    let unit = doc.merged().unit("fr-045").expect("unit");
    assert_eq!(counter, Art::new(doc.merged(), series).counter(unit));
    assert_eq!(
        (counter.front.side.as_str(), counter.back.side.as_str()),
        ("line", "column")
    );
    let steps = |c: &berthier_tools::counter_art::Counter| {
        c.front
            .ratings
            .iter()
            .find(|p| p.rating == "steps")
            .map(|p| p.text.clone())
    };
    // The series prints steps on the right of the face (§III.1).
    assert_eq!(steps(&counter).as_deref(), Some(UNKNOWN));
    // Bachelu's division opened, as a designer does with its `+`.
    let _ = screen.update(Message::Toggle("fr-ii-5".to_owned()));
    {
        let mut ui = simulator(screen.view());
        assert!(ui.find("Counter as printed: front, back").is_ok());
    }
    // The tree draws each shown unit's and leader's counter before its
    // name: Ney (the command structure opens) and Bachelu's 045; a unit
    // of a shut formation is not drawn.
    assert!(screen.has_tree_icon("fr-ney"));
    assert!(screen.has_tree_icon("fr-045"));
    assert!(!screen.has_tree_icon("fr-049"), "Jerome's division is shut");

    let _ = screen.update(Message::Rating {
        units: vec!["fr-045".to_owned()],
        side: "line".to_owned(),
        rating: "steps".to_owned(),
        text: "4".to_owned(),
    });
    let counter = screen.counter_of("fr-045").expect("a counter");
    assert_eq!(steps(&counter).as_deref(), Some("4"));
    let _ = screen.update(Message::Undo);
    let counter = screen.counter_of("fr-045").expect("a counter");
    assert_eq!(steps(&counter).as_deref(), Some(UNKNOWN));
    assert!(screen.counter_of("no-such-unit").is_none());
}
