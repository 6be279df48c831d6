//! Counters files' `include` lists in the pack: each file's effective
//! counters (its own items, then every included file's, merged by
//! `berthier_schema::include::merge_included`, the one merge every tool
//! uses), worked out once per run, and the check of the list itself
//! (REF001, REF002, REF010 for the path; REF031 and REF035 from
//! `berthier_rules`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::counters::Counters;
use berthier_schema::include::{Merged, merge_included};
use berthier_schema::{DocKind, Document};

use super::{Ctx, Pack, Resolved};
use crate::code::Code;
use berthier_rules::check::references::include as rules;

/// Longest chain of includes followed before calling it a loop.
const MAX_DEPTH: usize = 16;

impl Pack {
    /// The counters file at `path` (canonical), its includes merged; `None`
    /// when it is not a loaded counters file. An include that loops or
    /// does not load is left out (the file's own check says why).
    pub fn effective_counters(&self, path: &Path) -> Option<Arc<Merged>> {
        self.merged_within(path, &mut Vec::new())
    }

    fn merged_within(
        &self,
        path: &Path,
        open: &mut Vec<PathBuf>,
    ) -> Option<Arc<Merged>> {
        if let Some(known) = self.merged_known(path) {
            return known;
        }
        if open.iter().any(|p| p == path) || open.len() >= MAX_DEPTH {
            return None;
        }
        let entry = self.get(path)?;
        let Some(Document::Counters(own)) = &entry.document else {
            return None;
        };
        open.push(path.to_owned());
        let included: Vec<Option<Arc<Merged>>> = own
            .include
            .iter()
            .map(|include| match self.resolve(&entry.source, &include.path) {
                Resolved::Found(p) => self.merged_within(&p, open),
                _ => None,
            })
            .collect();
        open.pop();
        let refs: Vec<Option<&Counters>> = included
            .iter()
            .map(|m| m.as_deref().map(|m| &m.counters))
            .collect();
        let merged = Arc::new(merge_included(own, &refs));
        if open.is_empty()
            && let Ok(mut cache) = self.merged.lock()
        {
            cache.insert(path.to_owned(), Some(Arc::clone(&merged)));
        }
        Some(merged)
    }

    /// Each unit and formation id the counters file at `path` (canonical)
    /// and its includes define, with the file (relative to the pack root)
    /// that defines it: the first definition, as the merge keeps it.
    pub fn definitions(&self, path: &Path) -> BTreeMap<String, String> {
        let mut found = BTreeMap::new();
        self.define_within(path, &mut found, 0);
        found
    }

    fn define_within(
        &self,
        path: &Path,
        found: &mut BTreeMap<String, String>,
        depth: usize,
    ) {
        let Some(entry) = self.get(path) else { return };
        let Some(Document::Counters(c)) = &entry.document else {
            return;
        };
        if depth >= MAX_DEPTH {
            return;
        }
        let file = &entry.source.at.rel;
        let ids = c.units.iter().map(|u| &u.id);
        for id in ids.chain(c.formations.iter().map(|f| &f.id)) {
            found.entry(id.clone()).or_insert_with(|| file.clone());
        }
        for include in &c.include {
            if let Resolved::Found(p) =
                self.resolve(&entry.source, &include.path)
            {
                self.define_within(&p, found, depth + 1);
            }
        }
    }

    fn merged_known(&self, path: &Path) -> Option<Option<Arc<Merged>>> {
        self.merged.lock().ok()?.get(path).cloned()
    }

    /// Whether `target` is reached by following includes from `from`.
    fn includes_reach(&self, from: &Path, target: &Path, depth: usize) -> bool {
        if depth >= MAX_DEPTH {
            return true;
        }
        let Some(entry) = self.get(from) else {
            return false;
        };
        let Some(Document::Counters(c)) = &entry.document else {
            return false;
        };
        c.include.iter().any(|include| {
            match self.resolve(&entry.source, &include.path) {
                Resolved::Found(p) => {
                    p == target || self.includes_reach(&p, target, depth + 1)
                }
                _ => false,
            }
        })
    }
}

/// Checks a counters file's includes; its effective counters when they
/// can be made.
pub(super) fn check(ctx: &mut Ctx<'_>, own: &Counters) -> Option<Arc<Merged>> {
    let here = ctx.src.at.path.clone();
    let mut files = Vec::with_capacity(own.include.len());
    for (k, include) in own.include.iter().enumerate() {
        let pointer = format!("/include/{k}/path");
        let entry = ctx.document(&pointer, &include.path, DocKind::Counters);
        let path = entry.map(|e| e.source.at.path.clone());
        if let Some(p) = &path
            && (p == &here || ctx.pack.includes_reach(p, &here, 0))
        {
            ctx.report(
                Code::Ref035,
                &pointer,
                format!("`{}` includes this file again: a loop", include.path),
            );
        }
        files.push(path);
    }
    let merged = ctx.pack.effective_counters(&here)?;
    let own_len = |k: usize, list: &'static str| -> usize {
        let entry = files[k].as_ref().and_then(|p| ctx.pack.get(p));
        match entry.and_then(|e| e.document.as_ref()) {
            Some(Document::Counters(c)) => match list {
                "formations" => c.formations.len(),
                "units" => c.units.len(),
                _ => c.markers.len(),
            },
            _ => 0,
        }
    };
    let (findings, elsewhere) = rules::check(own, &merged, &own_len);
    ctx.findings(findings);
    for e in elsewhere {
        let Some(entry) =
            files[e.include].as_ref().and_then(|p| ctx.pack.get(p))
        else {
            continue;
        };
        let f = e.finding;
        ctx.out
            .push(entry.source.at_pointer(f.code, &f.pointer, f.message));
    }
    Some(merged)
}

/// Whether a finding of the effective counters points at an item the
/// file itself defines (the others are the included files' to report).
pub(super) fn points_at_own(own: &Counters, pointer: &str) -> bool {
    let mut parts = pointer.split('/').skip(1);
    let (Some(list), Some(index)) = (parts.next(), parts.next()) else {
        return true;
    };
    let Ok(index) = index.parse::<usize>() else {
        return true;
    };
    let len = match list {
        "sides" => own.sides.len(),
        "formations" => own.formations.len(),
        "units" => own.units.len(),
        "markers" => own.markers.len(),
        _ => return true,
    };
    index < len
}
