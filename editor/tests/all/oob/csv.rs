//! CSV import and export on the order of battle screen: the file's units
//! exported; a CSV with one bad row imports nothing and the screen names
//! the row's line; then a good one is imported as one undo step, and
//! undone.

use berthier_editor::app::Message;
use berthier_editor::screen::oob::Message as Oob;
use berthier_schema::Counters;

use super::{click, oob, open_app, shows};
use crate::common::oob_csv::{
    column, copy_tree, quatre_bras, row_of, rows, write_rows,
};

fn units(counters: &Counters) -> String {
    format!("{:?}", counters.units)
}

#[test]
fn a_bad_row_imports_nothing_and_is_named_then_a_good_csv_is_one_step() {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(dir.path());
    let file = quatre_bras(dir.path());
    let mut app = open_app(&file, dir.path());
    assert!(shows(&app, "Import CSV…") && shows(&app, "Export CSV…"));
    let original = units(oob(&app).doc().own());
    let on_disk = std::fs::read(&file).expect("counters");

    // Export: what the dialog would pick is sent as the message.
    let exported = dir.path().join("quatre-bras.csv");
    let _ = app.update(Message::Oob(Oob::ExportCsv(exported.clone())));
    let n = oob(&app).doc().own().units.len();
    let notice = format!("Exported {n} unit(s) to quatre-bras.csv.");
    assert_eq!(oob(&app).notice(), Some(notice.as_str()));
    assert!(shows(&app, &notice));
    let text = std::fs::read_to_string(&exported).expect("exported");
    assert_eq!(text.lines().count(), n + 1, "a heading and a row a unit");

    // One good edit and one bad cell: nothing lands, the line is named.
    let good = rows(&file);
    let fire = column(&good, "line:fire");
    let (good_row, bad_row) =
        (row_of(&good, "fr-045"), row_of(&good, "fr-046"));
    let mut bad = good.clone();
    bad[good_row][fire] = "3".into();
    bad[bad_row][fire] = "x".into();
    let bad_csv = dir.path().join("bad.csv");
    write_rows(&bad_csv, &bad);
    // With CRLF line ends, as spreadsheets write them (RFC 4180): the
    // line named is still the file's.
    let crlf = std::fs::read_to_string(&bad_csv).expect("csv");
    std::fs::write(&bad_csv, crlf.replace('\n', "\r\n")).expect("write");
    let _ = app.update(Message::Oob(Oob::ImportCsv(bad_csv)));
    let error = oob(&app).csv_error().expect("the import is refused");
    let line = bad_row + 1; // the heading is line 1
    assert!(
        error.starts_with("bad.csv: 1 bad row(s), nothing imported"),
        "{error}"
    );
    assert!(
        error.contains(&format!("bad.csv: line {line}: ")),
        "{error}"
    );
    assert!(error.contains("is not a whole number"), "{error}");
    assert!(shows(&app, error), "the screen shows the refusal");
    assert_eq!(units(oob(&app).doc().own()), original, "nothing imported");
    assert!(!oob(&app).is_dirty() && !oob(&app).doc().can_undo());

    // The good CSV: the edit and a new unit, one undo step.
    let mut edited = good.clone();
    edited[good_row][fire] = "3".into();
    let mut new_unit = good[good_row].clone();
    new_unit[0] = "fr-045b".into();
    new_unit[2] = "Bachelu 045 bis".into();
    edited.push(new_unit);
    let good_csv = dir.path().join("good.csv");
    write_rows(&good_csv, &edited);
    let _ = app.update(Message::Oob(Oob::ImportCsv(good_csv)));
    assert_eq!(oob(&app).csv_error(), None, "the refusal is gone");
    let notice = "Imported good.csv: 1 unit(s) changed, 1 added.";
    assert_eq!(oob(&app).notice(), Some(notice));
    let own = oob(&app).doc().own();
    assert_eq!(
        own.unit("fr-045").expect("fr-045").rating("line", "fire"),
        Some(3)
    );
    assert!(own.unit("fr-045b").is_some(), "the new row is a new unit");
    assert_eq!(own.units.len(), n + 1);
    assert!(oob(&app).is_dirty());

    click(&mut app, "Undo");
    assert_eq!(
        units(oob(&app).doc().own()),
        original,
        "one step undoes all"
    );
    assert!(!oob(&app).is_dirty() && !oob(&app).doc().can_undo());
    click(&mut app, "Redo");
    assert_eq!(oob(&app).doc().own().units.len(), n + 1);
    assert_eq!(
        std::fs::read(&file).expect("counters"),
        on_disk,
        "an import is an edit like any other: the file changes on Save"
    );
}
