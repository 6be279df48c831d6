//! REF008 for the ids a series' stacking rules name: the classes a limit
//! sums and the rating it measures, the exempt and on-top classes, the
//! classes and states of every allowed group, the selectors of forbidden
//! pairs and of pairs allowed only in some hexes, and the same in a
//! variant's `overrides`. Each of them selects units; an id the series
//! does not define selects none, and the rule it belongs to silently
//! stops applying (a "one horse per hex" limit on `classes: ["hors"]` lets
//! any number of cavalry stack).

use berthier_schema::series::Series;
use berthier_schema::series::overrides::RuleOverrides;
use berthier_schema::stacking::{
    Combination, ForbiddenPair, Limit, Measure, PairOnlyIn, Stacking,
};

use super::Out;
use super::series::{SeriesIds, formation};
use crate::pointer::{Pointer, at};

/// REF008 for the ids of `s`'s stacking rules and of its overrides,
/// against `known`, its effective series' ids.
pub(super) fn check(ctx: &mut Out, s: &Series, known: &SeriesIds<'_>) {
    if let Some(stacking) = &s.stacking {
        rules(ctx, known, &at("stacking"), stacking);
    }
    if let Some(overrides) = &s.overrides {
        changes(ctx, known, &at("overrides"), overrides);
    }
}

/// The ids of one set of stacking rules at `base`.
fn rules(ctx: &mut Out, known: &SeriesIds<'_>, base: &Pointer, st: &Stacking) {
    let exempt = base.field("exempt_classes");
    ctx.known_all(&known.classes, &exempt, &st.exempt_classes);
    ctx.known_all(&known.classes, &base.field("on_top"), &st.on_top);
    let at_base = (base, SERIES_LISTS);
    lists(ctx, known, at_base, &st.allowed, &st.limits, &st.forbidden);
    let pairs = base.field("pairs_only_in");
    for (i, pair) in st.pairs_only_in.iter().enumerate() {
        pair_only_in(ctx, known, &pairs.index(i), pair);
    }
}

/// The names of the fields holding allowed combinations, limits and
/// forbidden pairs: a series' stacking, or an override's additions.
const SERIES_LISTS: [&str; 3] = ["allowed", "limits", "forbidden"];
const OVERRIDE_LISTS: [&str; 3] =
    ["add_allowed", "add_limits", "add_forbidden"];

/// The ids of allowed combinations, limits and forbidden pairs, in the
/// fields of `base` that `names` gives.
fn lists(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    (base, names): (&Pointer, [&str; 3]),
    allowed: &[Combination],
    limits: &[Limit],
    forbidden: &[ForbiddenPair],
) {
    let [allowed_at, limits_at, forbidden_at] = names.map(|n| base.field(n));
    for (i, combination) in allowed.iter().enumerate() {
        allowed_ids(ctx, known, &allowed_at.index(i), combination);
    }
    for (i, limit) in limits.iter().enumerate() {
        limit_ids(ctx, known, &limits_at.index(i), limit);
    }
    for (i, pair) in forbidden.iter().enumerate() {
        let p = forbidden_at.index(i);
        known.selector(ctx, &p.field("a"), &pair.a);
        known.selector(ctx, &p.field("b"), &pair.b);
    }
}

/// An allowed combination: its groups' classes and states, and the rating
/// its total caps.
fn allowed_ids(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    combination: &Combination,
) {
    for (j, group) in combination.groups.iter().enumerate() {
        let g = base.field("groups").index(j);
        ctx.known_all(&known.classes, &g.field("classes"), &group.classes);
        ctx.known_all(&known.states, &g.field("states"), &group.states);
    }
    if let Some(cap) = &combination.max_total {
        let p = base.field("max_total").field("rating");
        ctx.known(&known.ratings, &p, &cap.rating);
    }
}

/// A limit: the classes it sums and the rating it measures.
fn limit_ids(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    limit: &Limit,
) {
    ctx.known_all(&known.classes, &base.field("classes"), &limit.classes);
    if let Measure::Rating(rating) = &limit.measure {
        let p = base.field("measure").field("Rating");
        ctx.known(&known.ratings, &p, rating);
    }
}

/// A pair allowed only in some hexes: both selectors, and the terrain and
/// road classes of its hexes.
fn pair_only_in(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    pair: &PairOnlyIn,
) {
    known.selector(ctx, &base.field("a"), &pair.a);
    known.selector(ctx, &base.field("b"), &pair.b);
    for (j, hex) in pair.hexes.iter().enumerate() {
        let h = base.field("hexes").index(j);
        ctx.known_all(&known.terrain, &h.field("terrain"), &hex.terrain);
        let roads = h.field("road_classes");
        ctx.known_all(&known.road_types, &roads, &hex.road_classes);
    }
}

/// A variant's overrides: the stacking rules it adds, the formations it
/// forbids, adds or replaces, and the terrain types it adds or replaces.
fn changes(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    overrides: &RuleOverrides,
) {
    if let Some(change) = &overrides.stacking {
        let st = base.field("stacking");
        let (allowed, limits) = (&change.add_allowed, &change.add_limits);
        let at_st = (&st, OVERRIDE_LISTS);
        lists(ctx, known, at_st, allowed, limits, &change.add_forbidden);
        let pairs = st.field("add_pairs_only_in");
        for (i, pair) in change.add_pairs_only_in.iter().enumerate() {
            pair_only_in(ctx, known, &pairs.index(i), pair);
        }
    }
    let forbidden = base.field("forbidden_formations");
    let list = &overrides.forbidden_formations;
    ctx.known_all(&known.formations, &forbidden, list);
    for (i, f) in overrides.formations.iter().enumerate() {
        formation(ctx, known, &base.field("formations").index(i), f);
    }
    for (i, t) in overrides.terrain.iter().enumerate() {
        let p = base.field("terrain").index(i).field("movement");
        for class in t.movement.keys() {
            ctx.known_key(&known.classes, &p.key(class), class);
        }
    }
}
