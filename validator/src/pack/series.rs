//! Series in the pack: a standard series' name resolved to the embedded
//! series (a document of the run with a path no file can have), and each
//! series file's effective rules (its `extends` chain merged), once per
//! run.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::series::Series;
use berthier_schema::standard::{self, StandardSeries};
use berthier_schema::{DocKind, Document, Format, RuleOverrides};

use super::{Pack, Resolved};
use crate::schema_pass::Checked;
use crate::source::SourceFile;
use crate::walk::{Candidate, Root};

/// Where a standard series sits among the run's documents: a path no file
/// can have (canonical paths are absolute), so it never meets a pack file.
pub(crate) fn standard_path(series: &StandardSeries) -> PathBuf {
    PathBuf::from(format!("berthier:series/{}.series.ron", series.pinned()))
}

impl Pack {
    /// Resolves a series reference: a standard series' name leads to the
    /// embedded series (an unknown one is `Missing`, reported as REF043 by
    /// `Ctx::series_document` in pass 2), anything else is a path ([`Pack::resolve`]).
    pub fn resolve_series(
        &self,
        from: &SourceFile,
        reference: &str,
    ) -> Resolved {
        if !standard::is_name(reference) {
            return self.resolve(from, reference);
        }
        match standard::find(reference) {
            Ok(series) => Resolved::Found(standard_path(series)),
            Err(_) => Resolved::Missing(reference.to_owned()),
        }
    }
}

/// The standard series a [`standard_path`] stands for, as a document of
/// the run (loaded on first use like any file; never reported on).
pub(super) fn standard_at(path: &Path) -> Option<Checked> {
    let pinned = path
        .to_str()?
        .strip_prefix("berthier:series/")?
        .strip_suffix(".series.ron")?;
    standard::find(pinned).ok().map(standard_entry)
}

/// A standard series as a document of the run.
fn standard_entry(series: &'static StandardSeries) -> Checked {
    let root = Arc::new(Root {
        dir: PathBuf::from("berthier:"),
        shown: "berthier:".into(),
    });
    let candidate = Candidate {
        root,
        path: standard_path(series),
        rel: format!("series/{}.series.ron", series.pinned()),
    };
    let document = series.document().ok().map(Document::Series);
    Checked {
        source: SourceFile::new(candidate, series.text.into(), Format::Ron),
        kind: Some(DocKind::Series),
        document,
        diagnostics: Vec::new(),
        unreadable: None,
    }
}

/// The series the series at `path` extends, when it resolves.
pub(crate) fn parent_of(pack: &Pack, path: &Path) -> Option<PathBuf> {
    let entry = pack.get(path)?;
    let Some(Document::Series(s)) = &entry.document else {
        return None;
    };
    match pack.resolve_series(&entry.source, s.extends.as_deref()?) {
        Resolved::Found(parent) => Some(parent),
        _ => None,
    }
}

/// The series at `path` with its `extends` chain applied: the parent's
/// rules, changed by this series' `overrides`, plus this series' own
/// definitions (replacing those with the same id). `None` on a loop or a
/// broken link.
pub(crate) fn effective(pack: &Pack, path: &Path) -> Option<Arc<Series>> {
    let cached = pack
        .effective
        .lock()
        .ok()
        .and_then(|cache| cache.get(path).cloned());
    if let Some(found) = cached {
        return found;
    }
    let merged = merge_from_files(pack, path).map(Arc::new);
    if let Ok(mut cache) = pack.effective.lock() {
        cache.insert(path.to_path_buf(), merged.clone());
    }
    merged
}

fn merge_from_files(pack: &Pack, path: &Path) -> Option<Series> {
    let mut chain: Vec<&Series> = Vec::new();
    let mut current = path.to_path_buf();
    let mut seen: Vec<PathBuf> = Vec::new();
    loop {
        if seen.contains(&current) {
            return None;
        }
        seen.push(current.clone());
        let entry = pack.get(&current)?;
        let Some(Document::Series(s)) = &entry.document else {
            return None;
        };
        chain.push(s);
        match &s.extends {
            None => break,
            Some(_) => current = parent_of(pack, &current)?,
        }
    }
    merge_chain(&chain)
}

/// The effective series of an `extends` chain given child first (the
/// series itself, then its parent, and so on), merged by the model's one
/// implementation.
pub(crate) fn merge_chain(chain: &[&Series]) -> Option<Series> {
    let base_first: Vec<Series> =
        chain.iter().rev().map(|s| (*s).clone()).collect();
    berthier_schema::pack::resolve_series(&base_first)
}

/// The effective series with a scenario's `rule_overrides` applied.
pub(crate) fn with_scenario(
    series: Arc<Series>,
    overrides: Option<&RuleOverrides>,
) -> Arc<Series> {
    match overrides {
        Some(o) => Arc::new(series.with_overrides(o)),
        None => series,
    }
}
