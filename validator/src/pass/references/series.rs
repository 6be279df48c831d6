//! Series: the `extends` chain, which must resolve without a cycle, and
//! the effective series it gives; the ids inside a series are checked by
//! `berthier_rules::check::references` (unique ids, then classes, ratings
//! and terrain against the effective series).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::series::Series;
use berthier_schema::standard::{self, StandardSeries};
use berthier_schema::{DocKind, Document, Format, RuleOverrides};

use super::{Ctx, Pack, Resolved};
use crate::code::Code;
use crate::pass::schema::Checked;
use crate::source::SourceFile;
use crate::walk::{Candidate, Root};
use berthier_rules::check::references;

/// Where a standard series sits among the run's documents: a path no file
/// can have (canonical paths are absolute), so it never meets a pack file.
pub(crate) fn standard_path(series: &StandardSeries) -> PathBuf {
    PathBuf::from(format!("berthier:series/{}.series.ron", series.pinned()))
}

impl Pack {
    /// Resolves a series reference: a standard series' name leads to the
    /// embedded series (an unknown one is `Missing`, reported as REF043 by
    /// [`Ctx::series_document`]), anything else is a path ([`Pack::resolve`]).
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

impl Ctx<'_> {
    /// Checks a series reference: a standard series' name must be shipped
    /// (REF043, with the known names), a path as any document reference
    /// ([`Ctx::document`]). The series document when it resolves.
    pub(super) fn series_document(
        &mut self,
        pointer: &str,
        reference: &str,
    ) -> Option<Arc<Checked>> {
        if !standard::is_name(reference) {
            return self.document(pointer, reference, DocKind::Series);
        }
        match standard::find(reference) {
            Ok(series) => self.pack.get(&standard_path(series)).cloned(),
            Err(e) => {
                let help = match e.suggestion() {
                    Some(name) => format!(
                        "write `{name}`, or a path to a series file ending \
                         in .series.ron (`berthier-validate series list` \
                         shows every standard series)"
                    ),
                    None => "write a standard series' name \
                             (`berthier-validate series list`) or a path to a \
                             series file ending in .series.ron"
                        .to_owned(),
                };
                self.report(Code::Ref043, pointer, e.to_string()).help =
                    Some(help);
                None
            }
        }
    }
}

pub(super) fn check(ctx: &mut Ctx<'_>, s: &Series) {
    ctx.findings(references::series_ids(s));
    let own = match &s.extends {
        Some(reference) => extends(ctx, reference),
        None => Some(Arc::new(s.clone())),
    };
    if let Some(effective) = own {
        ctx.findings(references::series_refs(s, &effective));
    }
}

/// Checks `extends`; the effective series when the chain resolves.
fn extends(ctx: &mut Ctx<'_>, reference: &str) -> Option<Arc<Series>> {
    ctx.series_document("/extends", reference)?;
    let me = ctx.src.at.path.clone();
    let pack = ctx.pack;
    match pack.resolve_series(ctx.src, reference) {
        Resolved::Found(parent) if leads_to(pack, &parent, &me) => {
            ctx.report(
                Code::Ref013,
                "/extends",
                format!(
                    "`extends` loops back to this series via `{reference}`"
                ),
            );
            None
        }
        Resolved::Found(_) => effective(pack, &me),
        _ => None,
    }
}

/// Whether following `extends` from `start` reaches `target`.
fn leads_to(pack: &Pack, start: &Path, target: &Path) -> bool {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut current = start.to_path_buf();
    loop {
        if current == target {
            return true;
        }
        if seen.contains(&current) {
            return false; // a loop not through `target`: reported there
        }
        seen.push(current.clone());
        let Some(next) = parent_of(pack, &current) else {
            return false;
        };
        current = next;
    }
}

fn parent_of(pack: &Pack, path: &Path) -> Option<PathBuf> {
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
pub(super) fn effective(pack: &Pack, path: &Path) -> Option<Arc<Series>> {
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
pub(super) fn with_scenario(
    series: Arc<Series>,
    overrides: Option<&RuleOverrides>,
) -> Arc<Series> {
    match overrides {
        Some(o) => Arc::new(series.with_overrides(o)),
        None => series,
    }
}
