//! Maps: every hex on the map, hexsides between neighbours, roads as paths
//! of adjacent hexes, series ids for terrain, features and road classes,
//! and entry points naming existing edges and roads; then the map checks
//! the editor runs live (`check::map`: MAP001-MAP004).

use berthier_schema::map::Map;
use berthier_schema::series::Series;
use berthier_schema::{DocKind, Document};

use super::{Ctx, id_pointers, ids, series};
use crate::check::map as map_checks;
use crate::code::Code;

pub(super) fn check(ctx: &mut Ctx<'_>, map: &Map) {
    let series = series_of(ctx, "/series", &map.series);
    if let Some(scan) = &map.scan {
        ctx.file("/scan", scan);
    }
    ctx.unique("road", id_pointers("/roads", &map.roads));
    ctx.unique("place", id_pointers("/places", &map.places));
    ctx.unique("edge", id_pointers("/edges", &map.edges));
    ctx.unique(
        "entry point",
        id_pointers("/entry_points", &map.entry_points),
    );
    painted(ctx, map, series.as_deref());
    hexsides(ctx, map, series.as_deref());
    roads(ctx, map, series.as_deref());
    named(ctx, map);
    if let Some(series) = &series {
        map_checks::painted(map, series)
            .into_iter()
            .for_each(|f| ctx.finding(f));
    }
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

fn painted(ctx: &mut Ctx<'_>, map: &Map, series: Option<&Series>) {
    let terrain = series.map(|s| ids(&s.terrain));
    for (hex, data) in &map.hexes {
        let base = format!("/hexes/{hex}");
        ctx.hex_on_map_at(map, *hex, &base, true);
        if let (Some(known), Some(t)) = (&terrain, &data.terrain)
            && !known.contains(t.as_str())
        {
            let d = ctx.report(
                Code::Ref008,
                &format!("{base}/terrain"),
                format!("terrain `{t}` is not defined by the series"),
            );
            d.hex = Some(*hex);
        }
    }
}

fn hexsides(ctx: &mut Ctx<'_>, map: &Map, series: Option<&Series>) {
    for (i, side) in map.hexsides.iter().enumerate() {
        let at = format!("/hexsides/{i}/at");
        let [a, b] = side.at.hexes();
        ctx.hex_on_map(map, a, &at);
        ctx.hex_on_map(map, b, &at);
        if !side.at.is_on(&map.grid) {
            let d = ctx.report(
                Code::Ref009,
                &at,
                format!(
                    "hexes {a} and {b} of hexside {} are not adjacent",
                    side.at
                ),
            );
            d.hex = Some(a);
            d.help = Some(
                "check the hex numbers, or the grid's `shift` if many \
                 hexsides are reported"
                    .into(),
            );
        }
        let Some(series) = series else { continue };
        let Some(kind) = series.hexside_type(&side.feature) else {
            ctx.report(
                Code::Ref008,
                &format!("/hexsides/{i}/feature"),
                format!(
                    "hexside feature `{}` is not defined by the series",
                    side.feature
                ),
            );
            continue;
        };
        high_hex(ctx, i, side, kind.directed);
    }
}

fn high_hex(
    ctx: &mut Ctx<'_>,
    i: usize,
    side: &berthier_schema::map::HexsideFeature,
    directed: bool,
) {
    match side.high {
        None if directed => {
            ctx.report(
                Code::Ref015,
                &format!("/hexsides/{i}"),
                format!(
                    "`{}` is directed: hexside {} must name its `high` hex",
                    side.feature, side.at
                ),
            );
        }
        Some(high) if side.at.other(high).is_none() => {
            let d = ctx.report(
                Code::Ref015,
                &format!("/hexsides/{i}/high"),
                format!("high hex {high} is not one of hexside {}", side.at),
            );
            d.hex = Some(high);
        }
        _ => {}
    }
}

fn roads(ctx: &mut Ctx<'_>, map: &Map, series: Option<&Series>) {
    let classes = series.map(|s| ids(&s.road_types));
    for (i, road) in map.roads.iter().enumerate() {
        if let Some(known) = &classes
            && !known.contains(road.class.as_str())
        {
            ctx.report(
                Code::Ref008,
                &format!("/roads/{i}/class"),
                format!(
                    "road class `{}` is not defined by the series",
                    road.class
                ),
            );
        }
        for (j, hex) in road.hexes.iter().enumerate() {
            ctx.hex_on_map(map, *hex, &format!("/roads/{i}/hexes/{j}"));
        }
    }
    // REF012, shared with the editor's live checks.
    map_checks::road_gap::check(map)
        .into_iter()
        .for_each(|f| ctx.finding(f));
}

/// Places, edges and entry points.
fn named(ctx: &mut Ctx<'_>, map: &Map) {
    for (i, place) in map.places.iter().enumerate() {
        for (j, hex) in place.hexes.iter().enumerate() {
            ctx.hex_on_map(map, *hex, &format!("/places/{i}/hexes/{j}"));
        }
    }
    for (i, edge) in map.edges.iter().enumerate() {
        for (j, hex) in edge.hexes.iter().enumerate() {
            ctx.hex_on_map(map, *hex, &format!("/edges/{i}/hexes/{j}"));
        }
    }
    let edges = ids(&map.edges);
    let roads = ids(&map.roads);
    for (i, entry) in map.entry_points.iter().enumerate() {
        for (j, hex) in entry.hexes.iter().enumerate() {
            ctx.hex_on_map(map, *hex, &format!("/entry_points/{i}/hexes/{j}"));
        }
        if let Some(edge) = &entry.edge
            && !edges.contains(edge.as_str())
        {
            ctx.report(
                Code::Ref006,
                &format!("/entry_points/{i}/edge"),
                format!("edge `{edge}` is not on the map"),
            );
        }
        if let Some(road) = &entry.road
            && !roads.contains(road.as_str())
        {
            ctx.report(
                Code::Ref006,
                &format!("/entry_points/{i}/road"),
                format!("road `{road}` is not on the map"),
            );
        }
    }
}
