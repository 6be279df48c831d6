//! Maps, counters files and scenarios: the files each names (REF001,
//! REF002, REF010; a map's scan and each sheet's), loaded, then the checks of `berthier_rules` on the
//! documents: for a map every check the map and its series decide on
//! their own, which the editor's findings panel runs too (`check::map`:
//! hexes on the map, series ids, hexsides, roads, entry points,
//! MAP001-MAP004); for counters and scenarios their ids
//! (`check::references`).

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::scenario::Scenario;
use berthier_schema::series::Series;
use berthier_schema::{DocKind, Document};

use super::{Ctx, include};
use crate::code::Code;
use crate::pack::memo::{CountersKey, MapKey};
use crate::pack::series;
use berthier_rules::check::map as map_checks;
use berthier_rules::check::references;

pub(super) fn check(ctx: &mut Ctx<'_>, map: &Map) {
    let series = series_of(ctx, "/series", &map.series);
    if let Some(scan) = &map.scan {
        ctx.file("/scan", scan);
    }
    // A sheet scanned apart names its own scan, checked as the map's.
    for (i, sheet) in map.sheets.iter().enumerate() {
        if let Some(scan) = &sheet.scan {
            ctx.file(&format!("/sheets/{i}/scan"), scan);
        }
    }
    let run = || map_checks::check(map, series.as_deref());
    let path = &ctx.src.at.path;
    let findings = match (ctx.pack.memo(), ctx.pack.get(path)) {
        (Some(memo), Some(entry)) => {
            let key = MapKey {
                entry: std::sync::Arc::clone(entry),
                series: series.clone(),
            };
            memo.map(path, key, run)
        }
        _ => run(),
    };
    ctx.findings(findings);
}

pub(super) fn counters(ctx: &mut Ctx<'_>, c: &Counters) {
    let series = series_of(ctx, "/series", &c.series);
    let Some(merged) = include::check(ctx, c) else {
        ctx.findings(counters_rules(ctx, c, series));
        return;
    };
    // The effective counters are checked as one (a unit's formation may
    // be an included one); findings about included items are their
    // files' own.
    let findings = counters_rules(ctx, &merged.counters, series);
    ctx.findings(
        findings
            .into_iter()
            .filter(|f| include::points_at_own(c, &f.pointer))
            .collect(),
    );
}

/// `berthier_rules`' checks of the (effective) counters `c`, kept in a
/// session's memo.
fn counters_rules(
    ctx: &Ctx<'_>,
    c: &Counters,
    series: Option<std::sync::Arc<Series>>,
) -> Vec<berthier_rules::check::Finding> {
    let run = || references::counters(c, series.as_deref());
    let Some(memo) = ctx.pack.memo() else {
        return run();
    };
    let key = CountersKey {
        counters: c.clone(),
        series: series.clone(),
    };
    memo.counters(&ctx.src.at.path, key, run)
}

pub(super) fn scenario(ctx: &mut Ctx<'_>, s: &Scenario) {
    let series = series_of(ctx, "/series", &s.series)
        .map(|base| series::with_scenario(base, s.rule_overrides.as_ref()));
    let map_entry = ctx.document("/map", &s.map, DocKind::Map);
    let counters_entry =
        ctx.document("/counters", &s.counters, DocKind::Counters);
    let map = match map_entry.as_deref().and_then(|e| e.document.as_ref()) {
        Some(Document::Map(m)) => Some(m),
        _ => None,
    };
    let counters = counters_entry
        .and_then(|e| ctx.pack.effective_counters(&e.source.at.path));
    let counters = counters.as_deref().map(|m| &m.counters);
    ctx.findings(references::scenario(s, series.as_deref(), map, counters));
}

/// The effective series a map or counters file names.
pub(super) fn series_of(
    ctx: &mut Ctx<'_>,
    pointer: &str,
    reference: &str,
) -> Option<std::sync::Arc<Series>> {
    let entry = ctx.series_document(pointer, reference)?;
    let effective = series::effective(ctx.pack, &entry.source.at.path);
    if effective.is_none()
        && let Some(Document::Series(_)) = &entry.document
    {
        ctx.report(
            Code::Ref010,
            pointer,
            format!("the `extends` chain of `{reference}` does not resolve"),
        );
    }
    effective
}
