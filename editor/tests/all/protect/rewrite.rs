//! A save that cannot keep the file's comments and layout writes nothing
//! and asks: rewrite the whole file, Save As, or cancel.

use berthier_editor::screen::map::{MapScreen, Message, panel};
use berthier_schema::Format;
use berthier_tools::files::{self, SaveOutcome};
use iced::Size;
use iced_test::Simulator;

use crate::common::*;

/// Clicks the button labelled `label` in the map screen.
fn click(s: &mut MapScreen, label: &str) {
    let messages: Vec<Message> = {
        let size = Size::new(1800.0, 1000.0);
        let mut ui =
            Simulator::with_size(iced::Settings::default(), size, s.view());
        ui.click(label).unwrap_or_else(|e| panic!("{label}: {e}"));
        ui.into_messages().collect()
    };
    for m in messages {
        update(s, m);
    }
}

fn shows(s: &MapScreen, label: &str) -> bool {
    let size = Size::new(1800.0, 1000.0);
    let mut ui =
        Simulator::with_size(iced::Settings::default(), size, s.view());
    ui.find(label).is_ok()
}

fn paint_woods(s: &mut MapScreen, hex: &str) {
    update(s, Message::Panel(panel::Message::Terrain("woods".into())));
    click_hex(s, hex);
}

#[test]
fn a_failed_patch_writes_nothing_and_counts_the_comments() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let before = std::fs::read_to_string(&path).expect("demo");
    let map = berthier_tools::project::resolve_map(&path).expect("map").1;
    let comments = files::count_comments(&before, Format::Ron);
    assert!(comments >= 2, "the demo has comments: {comments}");
    let refused = files::save_map_with(&map, &path, |_, _| None)
        .map_err(|e| e.to_string());
    assert_eq!(refused, Ok(SaveOutcome::NeedsRewrite { comments }));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), before);
    let patched = files::save_map_with(&map, &path, |o, _| Some(o.into()))
        .map_err(|e| e.to_string());
    assert_eq!(patched, Ok(SaveOutcome::Saved));
    // A new file has nothing to keep: it is written whole, no question.
    let fresh = dir.path().join("new.map.ron");
    let written = files::save_map_with(&map, &fresh, |_, _| None)
        .map_err(|e| e.to_string());
    assert_eq!(written, Ok(SaveOutcome::Saved));
    assert!(fresh.exists());
}

/// The file changed under the editor into text the model cannot read (a
/// half-finished hand edit): patching it is impossible.
fn break_the_file(path: &std::path::Path) {
    let text = "// mine\n/* also mine */\n(kind: map, format_version: 1,\n";
    std::fs::write(path, text).expect("hand edit");
}

/// The screen notices the hand edit and the author keeps their map over
/// it (a save never writes over a change it has not been told to keep).
fn keep_mine(s: &mut berthier_editor::screen::map::MapScreen) {
    use berthier_editor::screen::map::Message;
    let _ = s.update(Message::CheckDisk);
    assert!(s.changed_on_disk());
    let _ = s.update(Message::KeepMine);
}

#[test]
fn the_map_screen_asks_before_rewriting_the_whole_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let mut s = screen(&path);
    paint_woods(&mut s, "0505");
    break_the_file(&path);
    keep_mine(&mut s);
    let hand_edit = std::fs::read_to_string(&path).expect("file");

    click(&mut s, "Save");
    assert_eq!(s.rewrite_pending(), Some(2));
    let question = "This save cannot keep the file's comments and layout \
                    (2 comments would be lost).";
    assert!(shows(&s, question));
    assert!(shows(&s, "Save As…"));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), hand_edit);
    assert!(s.is_dirty());

    click(&mut s, "Cancel");
    assert_eq!(s.rewrite_pending(), None);
    assert!(!shows(&s, question));
    assert_eq!(std::fs::read_to_string(&path).expect("file"), hand_edit);
    assert!(s.is_dirty());

    click(&mut s, "Save");
    click(&mut s, "Rewrite the whole file");
    assert!(!s.is_dirty());
    assert_eq!(s.rewrite_pending(), None);
    let (_, on_disk) =
        berthier_tools::project::resolve_map(&path).expect("rewritten");
    assert_eq!(&on_disk, s.opened().map.as_ref());
}

#[test]
fn save_as_from_the_question_closes_it_and_writes_elsewhere() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = demo_copy(dir.path());
    let mut s = screen(&path);
    paint_woods(&mut s, "0505");
    break_the_file(&path);
    keep_mine(&mut s);
    click(&mut s, "Save");
    assert!(s.rewrite_pending().is_some());
    click(&mut s, "Save As…");
    assert_eq!(s.rewrite_pending(), None, "the dialog takes over");
    // The dialog's answer: an existing file, which is replaced whole.
    let other = dir.path().join("other.map.ron");
    std::fs::write(&other, "// old\n(kind: map)\n").expect("other");
    update(&mut s, Message::SaveTo(Some(other.clone())));
    assert!(!s.is_dirty());
    assert_eq!(s.opened().path, other);
    let (_, on_disk) =
        berthier_tools::project::resolve_map(&other).expect("saved");
    assert_eq!(on_disk.hexes, s.opened().map.hexes);
}
