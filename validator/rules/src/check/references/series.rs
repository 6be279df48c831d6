//! Series: unique ids, and the references inside a series (classes,
//! ratings, terrain), checked against its effective rules. Its `extends`
//! chain is the caller's (a file reference).

use std::collections::HashSet;

use berthier_schema::series::Series;

use super::{Out, counter_sides, id_pointers, ids as id_set};
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF003: every id a series defines twice.
pub fn ids(s: &Series) -> Vec<Finding> {
    let mut ctx = Out::default();
    ctx.unique("rating", id_pointers(&at("ratings"), &s.ratings));
    ctx.unique(
        "unit class",
        id_pointers(&at("unit_classes"), &s.unit_classes),
    );
    ctx.unique("state", id_pointers(&at("states"), &s.states));
    ctx.unique("formation", id_pointers(&at("formations"), &s.formations));
    ctx.unique("terrain", id_pointers(&at("terrain"), &s.terrain));
    ctx.unique(
        "hexside type",
        id_pointers(&at("hexside_types"), &s.hexside_types),
    );
    ctx.unique("road type", id_pointers(&at("road_types"), &s.road_types));
    ctx.list
}

/// REF008: the references inside `s` (rating and class ids, counter
/// sides, terrain), checked against `all`, its effective series (its
/// `extends` chain applied).
pub fn internal(s: &Series, all: &Series) -> Vec<Finding> {
    let mut out = Out::default();
    let ctx = &mut out;
    let classes = id_set(&all.unit_classes);
    let ratings = id_set(&all.ratings);
    let terrain = id_set(&all.terrain);
    let sides = counter_sides(all);
    ctx.list.extend(crate::check::series_night::check(s, all));
    if let Some(entry) = &s.entry {
        ctx.list.extend(crate::check::entry_delay::check(
            entry,
            all,
            &at("entry"),
        ));
    }
    for (i, class) in s.unit_classes.iter().enumerate() {
        for (side, list) in &class.ratings {
            let base = at("unit_classes").index(i).field("ratings").key(side);
            if !sides.contains(side.as_str()) {
                ctx.report_key(
                    Code::Ref008,
                    &base,
                    format!("counter side `{side}` is not a state or formation of the series"),
                );
            }
            for (j, rating) in list.iter().enumerate() {
                if !ratings.contains(rating.as_str()) {
                    ctx.report(
                        Code::Ref008,
                        &base.index(j),
                        format!(
                            "rating `{rating}` is not defined by the series"
                        ),
                    );
                }
            }
        }
    }
    for (i, f) in s.formations.iter().enumerate() {
        for (j, class) in f.classes.iter().enumerate() {
            if !classes.contains(class.as_str()) {
                ctx.report(
                    Code::Ref008,
                    &at("formations").index(i).field("classes").index(j),
                    format!(
                        "unit class `{class}` is not defined by the series"
                    ),
                );
            }
        }
        for (j, state) in f.states.iter().enumerate() {
            if !all.states.iter().any(|d| &d.id == state) {
                ctx.report(
                    Code::Ref008,
                    &at("formations").index(i).field("states").index(j),
                    format!("state `{state}` is not defined by the series"),
                );
            }
        }
        let lists =
            [("only_in", &f.only_in), ("mandatory_in", &f.mandatory_in)];
        for (field, list) in lists {
            for (j, t) in list.iter().enumerate() {
                if !terrain.contains(t.as_str()) {
                    ctx.report(
                        Code::Ref008,
                        &at("formations").index(i).field(field).index(j),
                        format!("terrain `{t}` is not defined by the series"),
                    );
                }
            }
        }
    }
    for (i, t) in s.terrain.iter().enumerate() {
        movement_keys(
            ctx,
            &at("terrain").index(i).field("movement"),
            t.movement.keys(),
            &classes,
        );
        for (j, class) in t.not_lifted_by_road.iter().enumerate() {
            if !classes.contains(class.as_str()) {
                ctx.report(
                    Code::Ref008,
                    &at("terrain")
                        .index(i)
                        .field("not_lifted_by_road")
                        .index(j),
                    format!(
                        "unit class `{class}` is not defined by the series"
                    ),
                );
            }
        }
    }
    for (i, t) in s.hexside_types.iter().enumerate() {
        movement_keys(
            ctx,
            &at("hexside_types").index(i).field("movement"),
            t.movement.keys(),
            &classes,
        );
    }
    for (i, t) in s.road_types.iter().enumerate() {
        movement_keys(
            ctx,
            &at("road_types").index(i).field("movement"),
            t.movement.keys(),
            &classes,
        );
    }
    new_rule_ids(ctx, s, &classes);
    feature_ids(ctx, s, all, &classes);
    out.list
}

/// REF008 for the ids in stacking `pairs_only_in` (classes, terrain, road
/// classes) and `zone_of_control` (hexside types, terrain): a typo there
/// silently turns STK005 or part of SET005 off.
fn feature_ids(
    ctx: &mut Out,
    s: &Series,
    all: &Series,
    classes: &HashSet<&str>,
) {
    let mut check = |pointer: Pointer, id: &str, what: &str, known: bool| {
        if !known {
            ctx.report(
                Code::Ref008,
                &pointer,
                format!("{what} `{id}` is not defined by the series"),
            );
        }
    };
    let terrain = |t: &str| all.terrain.iter().any(|x| x.id == t);
    let pairs = s.stacking.iter().flat_map(|st| st.pairs_only_in.iter());
    for (i, pair) in pairs.enumerate() {
        let base = at("stacking").field("pairs_only_in").index(i);
        for (field, selector) in [("a", &pair.a), ("b", &pair.b)] {
            for (j, class) in selector.classes.iter().enumerate() {
                let pointer = base.field(field).field("classes").index(j);
                check(
                    pointer,
                    class,
                    "unit class",
                    classes.contains(class.as_str()),
                );
            }
        }
        for (j, hex) in pair.hexes.iter().enumerate() {
            let at_hex = base.field("hexes").index(j);
            for (k, t) in hex.terrain.iter().enumerate() {
                let pointer = at_hex.field("terrain").index(k);
                check(pointer, t, "terrain", terrain(t));
            }
            for (k, r) in hex.road_classes.iter().enumerate() {
                let known = all.road_types.iter().any(|x| &x.id == r);
                let pointer = at_hex.field("road_classes").index(k);
                check(pointer, r, "road class", known);
            }
        }
    }
    if let Some(zoc) = &s.zone_of_control {
        let base = at("zone_of_control");
        for (j, h) in zoc.not_into_across.iter().enumerate() {
            let known = all.hexside_type(h).is_some();
            let pointer = base.field("not_into_across").index(j);
            check(pointer, h, "hexside type", known);
        }
        for (j, t) in zoc.not_into_terrain.iter().enumerate() {
            let pointer = base.field("not_into_terrain").index(j);
            check(pointer, t, "terrain", terrain(t));
        }
    }
}

/// REF008 for the class ids of the rules the coverage table added
/// (formations' `needs_company`, `stacking.on_top`, `enemy_contact`,
/// `demoralization`); a typo there silently turns a check off.
fn new_rule_ids(ctx: &mut Out, s: &Series, classes: &HashSet<&str>) {
    let mut check = |pointer: Pointer, class: &str| {
        if !classes.contains(class) {
            ctx.report(
                Code::Ref008,
                &pointer,
                format!("unit class `{class}` is not defined by the series"),
            );
        }
    };
    for (i, f) in s.formations.iter().enumerate() {
        for class in f.needs_company.keys() {
            let pointer =
                at("formations").index(i).field("needs_company").key(class);
            check(pointer, class);
        }
    }
    if let Some(stacking) = &s.stacking {
        for (j, class) in stacking.on_top.iter().enumerate() {
            check(at("stacking").field("on_top").index(j), class);
        }
    }
    for (i, rule) in s.enemy_contact.iter().enumerate() {
        let base = at("enemy_contact").index(i);
        for (j, class) in rule.units.classes.iter().enumerate() {
            check(base.field("units").field("classes").index(j), class);
        }
        for (j, class) in rule.unless_with.classes.iter().enumerate() {
            check(base.field("unless_with").field("classes").index(j), class);
        }
    }
    if let Some(rule) = &s.demoralization {
        for (j, class) in rule.classes.iter().enumerate() {
            check(at("demoralization").field("classes").index(j), class);
        }
    }
}

fn movement_keys<'k>(
    ctx: &mut Out,
    base: &Pointer,
    keys: impl Iterator<Item = &'k String>,
    classes: &HashSet<&str>,
) {
    for class in keys {
        if !classes.contains(class.as_str()) {
            ctx.report_key(
                Code::Ref008,
                &base.key(class),
                format!("unit class `{class}` is not defined by the series"),
            );
        }
    }
}
