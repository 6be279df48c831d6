//! Counters files' `include` lists in the pack: each file's effective
//! counters (its own items, then every included file's, merged by
//! `berthier_schema::include::merge_included`, the one merge every tool
//! uses), worked out once per run, and the check of the list itself
//! (REF001, REF002, REF010 for the path; REF031 and REF035 from
//! `berthier_rules`).

use std::sync::Arc;

use berthier_schema::counters::Counters;
use berthier_schema::include::Merged;
use berthier_schema::{DocKind, Document};

use super::Ctx;
use crate::code::Code;
use berthier_rules::check::references::include as rules;

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
            && (p == &here || ctx.pack.includes_reach(p, &here))
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
