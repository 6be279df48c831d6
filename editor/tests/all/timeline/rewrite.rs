//! The Timeline's save asks the same question as the map's and the order
//! of battle's when the file's comments cannot be kept: nothing is written
//! until the author answers; "Keep the file" keeps it, "Rewrite the whole
//! file" writes the schedule whole.

use berthier_schema::scenario::TurnRef;
use berthier_schema::{Document, Format};

use super::{click, copy_of, root, shows, timeline, timeline_app};

/// The file changed under the window into text the model cannot read (a
/// half-finished hand edit, two comments kept): patching it is impossible.
const HAND_EDIT: &str =
    "// mine\n/* also mine */\n(kind: scenario, format_version: 1,\n";

#[test]
fn a_save_that_cannot_keep_the_comments_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bundled =
        root().join("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let path = copy_of(&bundled, dir.path());
    let mut app = timeline_app(&path, dir.path());
    click(&mut app, "Netherlands cavalry 84");
    click(&mut app, "Later ▶");
    std::fs::write(&path, HAND_EDIT).expect("hand edit");

    click(&mut app, "Save");
    assert_eq!(timeline(&app).rewrite_pending(), Some(2));
    let question = "This save cannot keep the file's comments and layout \
                    (2 comments would be lost).";
    assert!(shows(&app, question));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), HAND_EDIT);

    click(&mut app, "Keep the file");
    assert!(!shows(&app, question));
    assert!(timeline(&app).is_dirty());
    assert_eq!(std::fs::read_to_string(&path).expect("file"), HAND_EDIT);

    click(&mut app, "Save");
    click(&mut app, "Rewrite the whole file");
    assert!(!timeline(&app).is_dirty());
    let text = std::fs::read_to_string(&path).expect("file");
    let Ok(Document::Scenario(written)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("not a scenario: {text}");
    };
    assert_eq!(
        written.sides[1].reinforcements[2].at,
        TurnRef::Clock("15:00".into())
    );
    assert_eq!(&written, timeline(&app).doc().scenario());
}
