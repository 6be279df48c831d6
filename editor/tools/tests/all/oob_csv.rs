//! The order of battle as CSV: export then import leaves every bundled
//! counters file byte-identical; one bad row imports nothing and names its
//! line; a good CSV changes exactly the edited values, keeping comments.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::Format;
use berthier_schema::preserve::comment_count;
use berthier_tools::oob_csv::{self, Change, OobCsvError};

use crate::common::oob_csv::{
    column, copy_tree, quatre_bras, row_of, rows, write_rows,
};

fn counters_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("counters"))
        .unwrap()
        .flat_map(|d| std::fs::read_dir(d.unwrap().path()).unwrap())
        .map(|f| f.unwrap().path())
        // A battle folder may also hold counter images and an imported
        // module's image table (Ashcombe 1812's `images/`).
        .filter(|p| p.to_string_lossy().ends_with(".counters.ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn export_then_import_leaves_every_bundled_file_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(dir.path());
    let files = counters_files(dir.path());
    assert!(files.len() >= 5);
    for file in files {
        let before = std::fs::read(&file).unwrap();
        let csv_text = oob_csv::export_file(&file).unwrap();
        let loaded = oob_csv::load(&file).unwrap();
        // One row per own unit, under one heading.
        assert_eq!(csv_text.lines().count(), loaded.own.units.len() + 1);
        let (updated, changes) = oob_csv::apply(
            &loaded.own,
            &loaded.effective,
            &loaded.series,
            &csv_text,
        )
        .unwrap();
        assert_eq!(changes, [], "{file:?}");
        assert_eq!(updated, loaded.own);
        let csv_path = dir.path().join("oob.csv");
        std::fs::write(&csv_path, &csv_text).unwrap();
        let report = oob_csv::import_file(&file, &csv_path, false).unwrap();
        assert!(!report.written);
        assert_eq!(std::fs::read(&file).unwrap(), before, "{file:?}");
    }
}

/// A change that makes one row of the CSV wrong.
type Spoil = dyn Fn(&mut Vec<Vec<String>>);

#[test]
fn a_bad_row_imports_nothing_and_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(dir.path());
    let file = quatre_bras(dir.path());
    let before = std::fs::read(&file).unwrap();
    let good = rows(&file);
    let csv_path = dir.path().join("oob.csv");
    let fire = column(&good, "line:fire");
    let formation = column(&good, "formation");
    let r = row_of(&good, "fr-046");
    // A valid edit on one row and one fault on another: nothing lands.
    let cases: Vec<(&str, Box<Spoil>)> = vec![
        (
            "is not a whole number",
            Box::new(move |rows| rows[r][fire] = "x".into()),
        ),
        (
            "columns, the heading has",
            Box::new(move |rows| {
                rows[r].pop();
            }),
        ),
        (
            "unknown formation `fr-nowhere`",
            Box::new(move |rows| rows[r][formation] = "fr-nowhere".into()),
        ),
        (
            "duplicate id `fr-045`",
            Box::new(move |rows| rows[r][0] = "fr-045".into()),
        ),
    ];
    for (expected, spoil) in cases {
        let mut edited = good.clone();
        edited[row_of(&good, "fr-045")][fire] = "4".into();
        spoil(&mut edited);
        write_rows(&csv_path, &edited);
        let e = oob_csv::import_file(&file, &csv_path, false).unwrap_err();
        let OobCsvError::Rows(_, errors) = &e else {
            panic!("{e}");
        };
        assert_eq!(errors.len(), 1, "{e}");
        // The CSV's line: the heading is line 1, the rows follow.
        assert_eq!(errors[0].line, r as u64 + 1, "{e}");
        assert!(e.to_string().contains(expected), "{e}");
        assert!(
            e.to_string().contains(&format!("oob.csv:{}:", r + 1)),
            "{e}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before, "{expected}");
    }
}

#[test]
fn every_problem_of_a_row_is_reported_on_its_line() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(dir.path());
    let file = quatre_bras(dir.path());
    let mut edited = rows(&file);
    let r = row_of(&edited, "fr-046");
    let (fire, side, class) = (
        column(&edited, "line:fire"),
        column(&edited, "side"),
        column(&edited, "class"),
    );
    edited[r][fire] = "x".into();
    edited[r][side] = "nobody".into();
    edited[r][class] = "dragoons-of-nowhere".into();
    let csv_path = dir.path().join("oob.csv");
    write_rows(&csv_path, &edited);
    let e = oob_csv::import_file(&file, &csv_path, false).unwrap_err();
    let OobCsvError::Rows(_, errors) = &e else {
        panic!("{e}");
    };
    let messages: Vec<&str> =
        errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "unknown side `nobody`",
            "unknown class `dragoons-of-nowhere`",
            "line:fire: `x` is not a whole number",
        ],
        "{e}"
    );
    assert!(errors.iter().all(|e| e.line == r as u64 + 1), "{e}");
}

#[test]
fn a_good_csv_changes_exactly_the_edited_values_and_keeps_comments() {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(dir.path());
    let file = quatre_bras(dir.path());
    let before = std::fs::read_to_string(&file).unwrap();
    let mut edited = rows(&file);
    let r = row_of(&edited, "fr-045");
    let (fire, morale) = (
        column(&edited, "line:fire"),
        column(&edited, "column:morale"),
    );
    edited[r][fire] = "3".into();
    edited[r][morale] = "9".into();
    let mut new = edited[r].clone();
    new[0] = "fr-045b".into();
    new[2] = "Bachelu 045 bis".into();
    edited.push(new);
    let csv_path = dir.path().join("oob.csv");
    write_rows(&csv_path, &edited);

    let dry = oob_csv::import_file(&file, &csv_path, true).unwrap();
    assert!(!dry.written);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let report = oob_csv::import_file(&file, &csv_path, false).unwrap();
    assert!(report.written);
    assert_eq!(
        report.changes,
        [
            Change::Updated(
                "fr-045".into(),
                vec!["line:fire".into(), "column:morale".into()]
            ),
            Change::Created("fr-045b".into()),
        ]
    );
    let after = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        comment_count(&after, Format::Ron),
        comment_count(&before, Format::Ron)
    );
    // Every line but fr-045's is kept; what is new is fr-045's line and
    // the new unit (written over several lines: it is too long for one).
    let old: Vec<&str> = before.lines().collect();
    let now: Vec<&str> = after.lines().collect();
    let gone: Vec<&&str> = old.iter().filter(|l| !now.contains(l)).collect();
    assert_eq!(gone.len(), 1);
    assert!(gone[0].contains("\"fr-045\""));
    let added: Vec<&&str> = now.iter().filter(|l| !old.contains(l)).collect();
    assert!(
        added[0].contains("\"fr-045\"") && added[0].contains("\"fire\": 3")
    );
    let block = added[1..].iter().map(|l| l.trim()).collect::<String>();
    assert!(block.starts_with("(id: \"fr-045b\","), "{block}");
    assert_eq!(block.matches("id:").count(), 1, "{block}");
    let loaded = oob_csv::load(&file).unwrap();
    let unit = loaded.own.unit("fr-045").unwrap();
    assert_eq!(unit.rating("line", "fire"), Some(3));
    assert_eq!(unit.rating("column", "morale"), Some(9));
    assert_eq!(unit.rating("line", "morale"), None);
    assert_eq!(
        loaded.own.unit("fr-045b").unwrap().rating("line", "fire"),
        Some(3)
    );
    // Clearing a value makes it unknown again and removes it.
    write_rows(
        &csv_path,
        &rows(&file)
            .into_iter()
            .map(|mut row| {
                if row[0] == "fr-045" {
                    for cell in row.iter_mut().skip(8) {
                        cell.clear();
                    }
                }
                row
            })
            .collect::<Vec<_>>(),
    );
    oob_csv::import_file(&file, &csv_path, false).unwrap();
    let loaded = oob_csv::load(&file).unwrap();
    assert!(loaded.own.unit("fr-045").unwrap().ratings.is_empty());
}
