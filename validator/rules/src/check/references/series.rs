//! Series: unique ids, and the references inside a series (classes,
//! ratings, states, formations, terrain, hexside and road types), checked
//! against its effective rules. Its `extends` chain is the caller's (a
//! file reference). The stacking rules' ids are
//! [`series_stacking`](super::series_stacking)'s.

use berthier_schema::series::{Cost, Series};
use berthier_schema::stacking::Selector;

use super::{HasId, Out, counter_sides, id_pointers, series_stacking};
use crate::check::Finding;
use crate::check::defined::Defined;
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

/// The ids an effective series defines, one set per kind, each able to
/// say "did you mean" of an id it lacks.
pub(super) struct SeriesIds<'s> {
    pub classes: Defined<'s>,
    pub ratings: Defined<'s>,
    pub states: Defined<'s>,
    pub formations: Defined<'s>,
    pub terrain: Defined<'s>,
    pub hexside_types: Defined<'s>,
    pub road_types: Defined<'s>,
    pub counter_sides: Defined<'s>,
}

impl<'s> SeriesIds<'s> {
    /// The ids `all` defines.
    pub fn of(all: &'s Series) -> Self {
        let mut sides: Vec<&str> = counter_sides(all).into_iter().collect();
        sides.sort_unstable();
        Self {
            classes: Defined::new("unit class", ids_of(&all.unit_classes)),
            ratings: Defined::new("rating", ids_of(&all.ratings)),
            states: Defined::new("state", ids_of(&all.states)),
            formations: Defined::new("formation", ids_of(&all.formations)),
            terrain: Defined::new("terrain", ids_of(&all.terrain)),
            hexside_types: Defined::new(
                "hexside type",
                ids_of(&all.hexside_types),
            ),
            road_types: Defined::new("road class", ids_of(&all.road_types)),
            counter_sides: Defined::new("counter side", sides)
                .described("is not a state or formation of the series"),
        }
    }

    /// REF008 for every class, state and formation `selector` names (a
    /// typo there makes the selector match nothing, so its rule never
    /// applies).
    pub fn selector(&self, ctx: &mut Out, base: &Pointer, selector: &Selector) {
        let lists = [
            ("classes", &selector.classes, &self.classes),
            ("states", &selector.states, &self.states),
            ("not_states", &selector.not_states, &self.states),
            ("formations", &selector.formations, &self.formations),
            ("not_formations", &selector.not_formations, &self.formations),
        ];
        for (field, list, defined) in lists {
            ctx.known_all(defined, &base.field(field), list);
        }
    }
}

/// The ids of a list of definitions, in order.
fn ids_of<T: HasId>(list: &[T]) -> impl Iterator<Item = &str> {
    list.iter().map(HasId::id)
}

/// REF008: the references inside `s` (rating, class, state, formation,
/// terrain, hexside and road ids, counter sides), checked against `all`,
/// its effective series (its `extends` chain applied).
pub fn internal(s: &Series, all: &Series) -> Vec<Finding> {
    let mut out = Out::default();
    let known = SeriesIds::of(all);
    out.list.extend(crate::check::series_night::check(s, all));
    out.list.extend(crate::check::series_stub::check(s, all));
    if let Some(entry) = &s.entry {
        out.list.extend(crate::check::entry_delay::check(
            entry,
            all,
            &at("entry"),
        ));
    }
    class_ratings(&mut out, s, &known);
    for (i, f) in s.formations.iter().enumerate() {
        formation(&mut out, &known, &at("formations").index(i), f);
    }
    movement(&mut out, s, &known);
    series_stacking::check(&mut out, s, &known);
    other_rules(&mut out, s, &known);
    out.list
}

/// REF008 for the counter sides and ratings each class carries.
fn class_ratings(ctx: &mut Out, s: &Series, known: &SeriesIds<'_>) {
    for (i, class) in s.unit_classes.iter().enumerate() {
        for (side, list) in &class.ratings {
            let base = at("unit_classes").index(i).field("ratings").key(side);
            ctx.known_key(&known.counter_sides, &base, side);
            ctx.known_all(&known.ratings, &base, list);
        }
    }
}

/// REF008 for the ids one formation names: its classes and states, the
/// terrain it is limited to or forced in, and the company it needs.
pub(super) fn formation(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    f: &berthier_schema::series::FormationDef,
) {
    ctx.known_all(&known.classes, &base.field("classes"), &f.classes);
    ctx.known_all(&known.states, &base.field("states"), &f.states);
    ctx.known_all(&known.terrain, &base.field("only_in"), &f.only_in);
    ctx.known_all(&known.terrain, &base.field("mandatory_in"), &f.mandatory_in);
    for (class, company) in &f.needs_company {
        let pointer = base.field("needs_company").key(class);
        ctx.known_key(&known.classes, &pointer, class);
        known.selector(ctx, &pointer, company);
    }
}

/// REF008 for the class keys of every movement table (terrain, hexside
/// and road types) and the classes a terrain keeps out even on a road.
fn movement(ctx: &mut Out, s: &Series, known: &SeriesIds<'_>) {
    for (i, t) in s.terrain.iter().enumerate() {
        let base = at("terrain").index(i);
        movement_keys(ctx, known, &base.field("movement"), &t.movement);
        let barred = base.field("not_lifted_by_road");
        ctx.known_all(&known.classes, &barred, &t.not_lifted_by_road);
    }
    for (i, t) in s.hexside_types.iter().enumerate() {
        let base = at("hexside_types").index(i).field("movement");
        movement_keys(ctx, known, &base, &t.movement);
    }
    for (i, t) in s.road_types.iter().enumerate() {
        let base = at("road_types").index(i).field("movement");
        movement_keys(ctx, known, &base, &t.movement);
    }
}

fn movement_keys(
    ctx: &mut Out,
    known: &SeriesIds<'_>,
    base: &Pointer,
    table: &std::collections::BTreeMap<String, Cost>,
) {
    for class in table.keys() {
        ctx.known_key(&known.classes, &base.key(class), class);
    }
}

/// REF008 for the ids of the rules outside stacking: `enemy_contact`,
/// `zone_of_control`, `demoralization`, facing's exempt classes and the
/// printed sides of `counter_art`. A typo
/// in any of them silently turns a check off.
fn other_rules(ctx: &mut Out, s: &Series, known: &SeriesIds<'_>) {
    for (i, rule) in s.enemy_contact.iter().enumerate() {
        let base = at("enemy_contact").index(i);
        known.selector(ctx, &base.field("units"), &rule.units);
        known.selector(ctx, &base.field("unless_with"), &rule.unless_with);
        for (j, exempt) in rule.enemy_exempt.iter().enumerate() {
            known.selector(ctx, &base.field("enemy_exempt").index(j), exempt);
        }
    }
    if let Some(zoc) = &s.zone_of_control {
        let base = at("zone_of_control");
        let (across, into) = (&zoc.not_into_across, &zoc.not_into_terrain);
        let p = base.field("not_into_across");
        ctx.known_all(&known.hexside_types, &p, across);
        ctx.known_all(&known.terrain, &base.field("not_into_terrain"), into);
    }
    if let Some(rule) = &s.demoralization {
        let base = at("demoralization");
        ctx.known_all(&known.classes, &base.field("classes"), &rule.classes);
        ctx.known_all(&known.states, &base.field("states"), &rule.states);
    }
    if let Some(facing) = &s.facing {
        let p = at("facing").field("exempt_classes");
        ctx.known_all(&known.classes, &p, &facing.exempt_classes);
    }
    if let Some(art) = &s.counter_art {
        for (i, side) in art.sides.iter().enumerate() {
            let p = at("counter_art").field("sides").index(i).field("id");
            ctx.known(&known.counter_sides, &p, &side.id);
        }
    }
}
