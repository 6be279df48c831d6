//! Maps: the series and scan files a map names (REF001, REF002, REF010),
//! then every check the map and its series decide on their own, which the
//! editor's findings panel runs too (`check::map`: hexes on the map,
//! series ids, hexsides, roads, entry points, MAP001-MAP004).

use berthier_schema::map::Map;
use berthier_schema::series::Series;
use berthier_schema::{DocKind, Document};

use super::{Ctx, series};
use crate::check::map as map_checks;
use crate::code::Code;

pub(super) fn check(ctx: &mut Ctx<'_>, map: &Map) {
    let series = series_of(ctx, "/series", &map.series);
    if let Some(scan) = &map.scan {
        ctx.file("/scan", scan);
    }
    map_checks::check(map, series.as_deref())
        .into_iter()
        .for_each(|f| ctx.finding(f));
}

/// The effective series a map or counters file names.
pub(super) fn series_of(
    ctx: &mut Ctx<'_>,
    pointer: &str,
    reference: &str,
) -> Option<std::sync::Arc<Series>> {
    let entry = ctx.document(pointer, reference, DocKind::Series)?;
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
