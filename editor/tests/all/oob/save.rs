//! Saving an edited order of battle keeps the file: on every bundled
//! counters file (copied with its series and the scenarios), a rename
//! and a rating set rewrite only the edited entry, the file reads back
//! as edited, and every comment stays. Deleting a unit a scenario names
//! asks first.

use std::path::{Path, PathBuf};

use berthier_editor::screen::oob::{Message, OobScreen};
use berthier_tools::oob::{OobDoc, SaveOutcome, ops};

use super::bundled::bundled;
use super::root;
use crate::common::files::copy_tree;

/// The pack's counters, series and scenarios copied under `dir`, so the
/// files' relative paths hold; returns `dir`.
fn copy_pack(dir: &Path) -> PathBuf {
    copy_tree(dir, &["counters", "schema/series", "scenarios"]);
    dir.to_owned()
}

/// The lines of the entry with `id: "<id>"` in `text`, written on one line
/// (`(id: "<id>", ...`) or one field a line (`(` then `id: "<id>",`, as
/// the VASSAL import writes): from its opening line to the one before the
/// next entry, comment or list end at the same indentation.
fn entry_lines(text: &str, id: &str) -> std::ops::Range<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let inline = format!("(id: \"{id}\"");
    let field = format!("id: \"{id}\",");
    let start = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let t = l.trim_start();
            if t.starts_with(&inline) {
                Some(i)
            } else if t == field && i > 0 && lines[i - 1].trim() == "(" {
                Some(i - 1)
            } else {
                None
            }
        })
        .unwrap_or_else(|| panic!("entry {id}"));
    let indent = |l: &str| l.len() - l.trim_start().len();
    let depth = indent(lines[start]);
    let end = (start + 1..lines.len())
        .find(|&i| {
            let t = lines[i].trim_start();
            indent(lines[i]) <= depth
                && (t.starts_with('(')
                    || t.starts_with(']')
                    || t.starts_with("//"))
        })
        .unwrap_or(lines.len());
    start..end
}

/// The lines of `before` that differ from `after`: between their common
/// first and last lines.
fn changed_lines(before: &str, after: &str) -> std::ops::Range<usize> {
    let (a, b): (Vec<&str>, Vec<&str>) =
        (before.lines().collect(), after.lines().collect());
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    head..a.len() - tail
}

#[test]
fn each_bundled_file_saves_only_the_edited_entry() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = copy_pack(dir.path());
    let mut edited = 0;
    for original in bundled() {
        let rel = original.strip_prefix(root()).expect("in the repo");
        let path = pack.join(rel);
        let before = std::fs::read_to_string(&path).expect("read");
        let mut doc = OobDoc::open(&path).expect("opens");
        // A battle file may define no unit of its own: since Wavre shares
        // Grouchy's wing with Ligny, Ligny's armies are all in the campaign
        // files it includes. The X Corps' file defines only a formation
        // whose units the rulebook never prints (001 l. 3128).
        let Some(unit) = doc.own().units.first().cloned() else {
            let own = doc.own();
            let unknown =
                own.formations.iter().all(|f| f.units_unknown.is_some());
            assert!(!own.include.is_empty() || unknown, "{}", rel.display());
            continue;
        };
        edited += 1;
        let rename = ops::rename(&doc, &unit.id, "Renamed unit").expect("own");
        doc.apply(rename, None);
        let ids = [unit.id.clone()];
        let rating = ops::set_rating(&doc, &ids, "line", "steps", Some(3));
        doc.apply(rating.expect("own unit"), None);
        assert_eq!(
            doc.save().unwrap(),
            SaveOutcome::Saved,
            "{}",
            rel.display()
        );

        let after = std::fs::read_to_string(&path).expect("read");
        let changed = changed_lines(&before, &after);
        let entry = entry_lines(&before, &unit.id);
        assert!(
            changed.start >= entry.start && changed.end <= entry.end,
            "{}: lines {changed:?} changed, entry is {entry:?}",
            rel.display()
        );
        let format = berthier_schema::Format::Ron;
        assert!(berthier_schema::preserve::keeps_comments(
            &before, &after, format
        ));
        let reread = OobDoc::open(&path).expect("reopens");
        let saved = reread.own().unit(&unit.id).expect("still there");
        assert_eq!(saved.name, "Renamed unit");
        assert_eq!(saved.rating("line", "steps"), Some(3));
        assert_eq!(reread.own().units.len(), doc.own().units.len());
    }
    assert!(edited >= 9, "{edited} files edited");
}

#[test]
fn deleting_a_unit_a_scenario_names_asks_first() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = copy_pack(dir.path());
    let path = pack.join("counters/rivoli-1797/rivoli-1797.counters.ron");
    let mut screen = OobScreen::new(OobDoc::open(&path).expect("opens"));
    let unit = |kind| berthier_tools::oob::tree::Item {
        kind,
        id: "bonaparte".to_owned(),
    };
    let _ = screen.update(Message::Select(unit(
        berthier_tools::oob::tree::Kind::Leader,
    )));
    let _ = screen.update(Message::Delete);
    let confirm = screen.confirm().expect("asks");
    assert!(
        confirm
            .named_by
            .iter()
            .any(|s| s == "historical.scenario.ron"),
        "{:?}",
        confirm.named_by
    );
    assert!(screen.doc().own().unit("bonaparte").is_some(), "not yet");
    let _ = screen.update(Message::ConfirmDelete(false));
    assert!(screen.doc().own().unit("bonaparte").is_some(), "cancelled");
    let _ = screen.update(Message::Delete);
    let _ = screen.update(Message::ConfirmDelete(true));
    assert!(screen.doc().own().unit("bonaparte").is_none(), "deleted");
    // The formation it commanded lost its commander in the same step.
    let _ = screen.update(Message::Undo);
    assert!(screen.doc().own().unit("bonaparte").is_some(), "undone");
    assert!(!screen.is_dirty());
}
