//! The order of battle screen's files: saving (keeping comments, or
//! rewriting the whole file when asked), and CSV import and export.

use std::path::{Path, PathBuf};

use super::{Event, OobScreen};
use crate::screen::rewrite;
use berthier_tools::oob_csv::Change;

impl OobScreen {
    pub(super) fn save(&mut self) -> Option<Event> {
        let outcome = self.doc.save();
        rewrite::saved(outcome, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    pub(super) fn answer_rewrite(&mut self, yes: bool) -> Option<Event> {
        let rewritten = yes.then(|| self.doc.rewrite());
        rewrite::answered(rewritten, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    /// Where the CSV dialogs start: `name.csv` beside the counters file
    /// (`waterloo.counters.ron` gives `waterloo.csv`).
    pub(super) fn csv_path(&self) -> PathBuf {
        let path = self.doc.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let stem = name.split('.').next().unwrap_or_default();
        path.with_file_name(format!("{stem}.csv"))
    }

    /// Imports the CSV at `path` as one undo step; one bad row and nothing
    /// changes, every bad row listed with its line.
    pub(super) fn import_csv(&mut self, path: &Path) {
        let name = file_name(path);
        let text = match berthier_schema::io::read_regular_text(path) {
            Ok(text) => text,
            Err(e) => {
                self.csv_error = Some(format!("{name}: cannot read: {e}"));
                return;
            }
        };
        match self.doc.import_csv(&text) {
            Ok(changes) => {
                self.csv_error = None;
                self.notice = Some(imported(&name, &changes));
            }
            Err(rows) => {
                let mut error = format!(
                    "{name}: {} bad row(s), nothing imported",
                    rows.len()
                );
                for row in rows {
                    error.push_str(&format!("\n{name}: line {row}"));
                }
                self.notice = None;
                self.csv_error = Some(error);
            }
        }
    }

    /// Writes the file's own units to `path` as CSV.
    pub(super) fn export_csv(&mut self, path: &Path) {
        let name = file_name(path);
        let Some(text) = self.doc.export_csv() else {
            self.notice = Some(
                "Not exported: the series did not load, so the rating \
                 columns are unknown."
                    .to_owned(),
            );
            return;
        };
        self.notice = Some(
            match berthier_schema::io::save_atomic(path, text.as_bytes()) {
                Ok(()) => format!(
                    "Exported {} unit(s) to {name}.",
                    self.doc.own().units.len()
                ),
                Err(e) => format!("Not exported: cannot write {name}: {e}."),
            },
        );
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}

/// `Imported people.csv: 2 unit(s) changed, 1 added.`
fn imported(name: &str, changes: &[Change]) -> String {
    let added = changes
        .iter()
        .filter(|c| matches!(c, Change::Created(_)))
        .count();
    let changed = changes.len() - added;
    format!("Imported {name}: {changed} unit(s) changed, {added} added.")
}
