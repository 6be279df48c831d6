//! `berthier-validate migrate`: rewrites documents of an older format
//! version to the current one, in place, keeping every comment and the
//! layout outside the entries that change (`berthier_schema::migrate`).

use std::path::PathBuf;

use berthier_schema::migrate::migrate_text;
use berthier_schema::{Format, probe_kind};

use crate::RunError;
use crate::walk::{Candidate, SkipReason, Skipped, collect_walked};

/// What happened to one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Rewritten (or, with `--check`, would be).
    Migrated {
        /// As shown to the user.
        file: String,
        /// The line to print: versions and changes.
        summary: String,
    },
    /// At the current version already.
    Current,
    /// It could not be read or rewritten.
    Failed {
        /// As shown to the user.
        file: String,
        /// Why.
        message: String,
    },
}

/// The migration of every document under `paths`; with `check`, nothing
/// is written and the outcomes say what would be.
pub fn migrate(
    paths: &[PathBuf],
    check: bool,
) -> Result<Vec<Outcome>, RunError> {
    let walked = collect_walked(paths)?;
    let unread = walked.skipped.iter().filter_map(|skipped| {
        // A folder that cannot be read may hold documents to migrate: it
        // is a failure, not "0 files would migrate".
        let SkipReason::Unreadable(why) = &skipped.why else {
            return None;
        };
        Some(Outcome::Failed {
            file: shown_skipped(skipped),
            message: format!(
                "cannot read: {why}; its documents are not migrated"
            ),
        })
    });
    let done = walked
        .candidates
        .iter()
        .filter_map(|c| migrate_file(c, check));
    Ok(unread.chain(done).collect())
}

fn migrate_file(candidate: &Candidate, check: bool) -> Option<Outcome> {
    let file = shown(candidate);
    let failed = |message: String| {
        Some(Outcome::Failed {
            file: file.clone(),
            message,
        })
    };
    let format = Format::of_path(&candidate.path)?;
    let named =
        berthier_schema::DocKind::of_file_name(&candidate.rel).is_some();
    let text = match berthier_schema::io::read_regular_text(&candidate.path) {
        Ok(text) => text,
        Err(e) if named => return failed(format!("cannot read: {e}")),
        Err(_) => return None,
    };
    if !named && probe_kind(&text, format).is_err() {
        return None; // not a Berthier document (a package.json, say)
    }
    let migration = match migrate_text(&text, format) {
        Ok(Some(migration)) => migration,
        Ok(None) => return Some(Outcome::Current),
        Err(e) => return failed(e.to_string()),
    };
    let written = match check {
        true => Ok(()),
        false => berthier_schema::io::save_atomic(
            &candidate.path,
            migration.text.as_bytes(),
        ),
    };
    if let Err(e) = written {
        return failed(format!("cannot write: {e}"));
    }
    let upgrade = &migration.upgrade;
    let mut summary = format!(
        "{} format_version {} -> {}",
        migration.kind.as_str(),
        upgrade.from,
        upgrade.to
    );
    for change in &upgrade.changes {
        summary.push_str("; ");
        summary.push_str(change);
    }
    Some(Outcome::Migrated { file, summary })
}

fn shown(candidate: &Candidate) -> String {
    shown_at(&candidate.root.shown, &candidate.rel)
}

fn shown_skipped(skipped: &Skipped) -> String {
    shown_at(&skipped.root.shown, &skipped.rel)
}

/// `rel` as reached from the working directory, through the root `root`.
fn shown_at(root: &str, rel: &str) -> String {
    match (root, rel) {
        (_, "") => root.to_owned(),
        (".", _) => rel.to_owned(),
        _ => PathBuf::from(root).join(rel).display().to_string(),
    }
}
