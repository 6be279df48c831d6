//! One variant step: a base scenario and a variant's changes make the
//! resolved scenario, with the origin of each part and the changes that
//! could not be applied. Reads no file (`schema::pack::load_scenario`
//! follows the chain of `base` files).

use super::issue::{Issue, IssueKind};
use super::origin::{Layer, StepOrigins};
use super::select::Selector;
use super::{
    Instruction, Scenario, ScenarioSide, ScenarioVariant, SideChanges,
    TurnTrack, UnitSet,
};
use crate::counters::Counters;

/// A variant applied to its base.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The resolved scenario (`base` resolved away: series, map and
    /// counters paths are relative to the variant's file).
    pub scenario: Scenario,
    /// Where each resolved part was written.
    pub origins: StepOrigins,
    /// Changes that could not be applied (left out of `scenario`).
    pub issues: Vec<Issue>,
}

/// A path written in the base (relative to the base file), made relative
/// to the variant whose `base` is `base_ref`: `../x/l1.ron` and
/// `../../maps/m.ron` give `../../maps/m.ron`. Lexical: `a/..` cancels.
pub fn rebase(base_ref: &str, inherited: &str) -> String {
    let folder = base_ref.rsplit_once('/').map_or("", |(dir, _)| dir);
    let mut parts: Vec<&str> = Vec::new();
    for part in folder.split('/').chain(inherited.split('/')) {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// Applies `variant` to `base` (the base already resolved). `counters`,
/// when given, tells which units and sub-formations a formation holds (for
/// `drop_setup`, `keep_arrivals`, `drop_arrivals` and `shift_arrivals`);
/// without it a formation selects only itself.
pub fn apply_variant(
    base: &Scenario,
    variant: &ScenarioVariant,
    counters: Option<&Counters>,
) -> Step {
    let mut step = Step {
        scenario: base.clone(),
        origins: StepOrigins::default(),
        issues: Vec::new(),
    };
    top_level(&mut step, base, variant);
    ids::edit_keyed_lists(&mut step, variant);
    map_state::apply(&mut step, variant);
    let turns = step.scenario.turns.clone();
    for (j, changes) in variant.sides.iter().enumerate() {
        let Some(k) = base.sides.iter().position(|s| s.side == changes.side)
        else {
            step.issues.push(Issue {
                pointer: format!("/sides/{j}/side"),
                kind: IssueKind::UnknownSide(changes.side.clone()),
            });
            continue;
        };
        let mut ctx = SideCtx {
            k,
            j,
            counters,
            turns: &turns,
            base_turns: &base.turns,
            origins: &mut step.origins,
            issues: &mut step.issues,
        };
        ctx.apply(&mut step.scenario.sides[k], changes);
    }
    step
}

/// The document-level fields: the variant's own, stated or inherited.
fn top_level(step: &mut Step, base: &Scenario, v: &ScenarioVariant) {
    files(step, base, v);
    let s = &mut step.scenario;
    let o = &mut step.origins;
    s.schema.clone_from(&v.schema);
    s.format_version = v.format_version;
    s.id.clone_from(&v.id);
    s.name.clone_from(&v.name);
    replace(
        o,
        "/description",
        &mut s.description,
        v.description.as_ref(),
    );
    if let Some(turns) = stated(o, "/turns", v.turns.clone()) {
        s.turns = turns;
    }
    replace(
        o,
        "/sets_up_first",
        &mut s.sets_up_first,
        v.sets_up_first.as_ref(),
    );
    replace(
        o,
        "/moves_first",
        &mut s.moves_first,
        v.moves_first.as_ref(),
    );
    replace(
        o,
        "/rule_overrides",
        &mut s.rule_overrides,
        v.rule_overrides.as_ref(),
    );
    extend(
        o,
        "/provenance",
        &mut s.provenance,
        None,
        &v.provenance,
        "/provenance",
    );
    o.add("/sides", Layer::Base, "/sides");
}

/// The files a variant names: its series, the base's unless stated; its
/// map and counters, the base's (a stated one must be the same file).
fn files(step: &mut Step, base: &Scenario, v: &ScenarioVariant) {
    let s = &mut step.scenario;
    let o = &mut step.origins;
    // A standard series' name is the same from any folder.
    let inherited_series = if crate::reference::is_name(&base.series) {
        base.series.clone()
    } else {
        rebase(&v.base, &base.series)
    };
    s.series =
        stated(o, "/series", v.series.clone()).unwrap_or(inherited_series);
    for (field, mine, theirs, slot) in [
        ("map", &v.map, &base.map, &mut s.map),
        ("counters", &v.counters, &base.counters, &mut s.counters),
    ] {
        let inherited = rebase(&v.base, theirs);
        *slot = inherited.clone();
        let pointer = format!("/{field}");
        if let Some(mine) = stated(o, &pointer, mine.clone())
            && rebase("", &mine) != inherited
        {
            step.issues.push(Issue {
                pointer,
                kind: IssueKind::OtherFile {
                    field,
                    stated: mine,
                    base: inherited,
                },
            });
        }
    }
}

/// Records `pointer`'s origin: the variant's when it states `value`, else
/// the base's; returns the stated value.
fn stated<T>(
    o: &mut StepOrigins,
    pointer: &str,
    value: Option<T>,
) -> Option<T> {
    let layer = if value.is_some() {
        Layer::Variant
    } else {
        Layer::Base
    };
    o.add(pointer, layer, pointer);
    value
}

/// An optional field the variant may state.
fn replace<T: Clone>(
    o: &mut StepOrigins,
    pointer: &str,
    slot: &mut Option<T>,
    value: Option<&T>,
) {
    if let Some(value) = stated(o, pointer, value) {
        *slot = Some(value.clone());
    }
}

/// A list the variant may state whole, then extend with `added` (written
/// at `added_at`).
fn extend<T: Clone>(
    o: &mut StepOrigins,
    pointer: &str,
    list: &mut Vec<T>,
    whole: Option<&Vec<T>>,
    added: &[T],
    added_at: &str,
) {
    if let Some(whole) = stated(o, pointer, whole) {
        list.clone_from(whole);
    }
    for (i, item) in added.iter().enumerate() {
        o.add(
            format!("{pointer}/{}", list.len()),
            Layer::Variant,
            format!("{added_at}/{i}"),
        );
        list.push(item.clone());
    }
}

/// A list element and where it was written.
struct Item<T> {
    value: T,
    layer: Layer,
    at: String,
    /// Where its `at` (time) was changed, for a shifted arrival.
    shifted: Option<String>,
}

/// Applying one side's changes.
struct SideCtx<'a> {
    /// The side's index in the base and in the resolved scenario.
    k: usize,
    /// The changes' index in the variant's `sides`.
    j: usize,
    counters: Option<&'a Counters>,
    /// The resolved turn track (shifted arrivals must start its turns).
    turns: &'a TurnTrack,
    /// The base's turn track (inherited arrival times are read on it).
    base_turns: &'a TurnTrack,
    origins: &'a mut StepOrigins,
    issues: &'a mut Vec<Issue>,
}

impl<'a> SideCtx<'a> {
    fn apply(&mut self, side: &mut ScenarioSide, c: &SideChanges) {
        self.origins
            .add(self.resolved(""), Layer::Base, self.resolved(""));
        let mut instructions = self.items("instructions", &side.instructions);
        match &c.instructions {
            Some(whole) => instructions = self.whole("instructions", whole),
            None => self.edit_instructions(&mut instructions, c),
        }
        self.add(&mut instructions, "add_instructions", &c.add_instructions);
        side.instructions = self.emit("instructions", instructions);
        let mut setup = self.items("setup", &side.setup);
        match &c.setup {
            Some(whole) => setup = self.whole("setup", whole),
            None => {
                if let Some(drop) = &c.drop_setup {
                    setup.retain(|p| !self.select(drop).unit(&p.value.unit));
                }
            }
        }
        self.add(&mut setup, "add_setup", &c.add_setup);
        side.setup = self.emit("setup", setup);
        let mut arrivals = self.items("reinforcements", &side.reinforcements);
        match &c.reinforcements {
            Some(whole) => arrivals = self.whole("reinforcements", whole),
            None => self.edit_arrivals(&mut arrivals, c),
        }
        self.add(&mut arrivals, "add_reinforcements", &c.add_reinforcements);
        side.reinforcements = self.emit("reinforcements", arrivals);
        let mut morale = self.items("morale", &side.morale);
        if let Some(whole) = &c.morale {
            morale = self.whole("morale", whole);
        }
        self.add(&mut morale, "add_morale", &c.add_morale);
        side.morale = self.emit("morale", morale);
        self.lists(side, c);
    }

    /// The lists a variant can only state whole.
    fn lists(&mut self, side: &mut ScenarioSide, c: &SideChanges) {
        self.list("absent", &mut side.absent, &c.absent);
        self.list(
            "markers_at_start",
            &mut side.markers_at_start,
            &c.markers_at_start,
        );
        self.list(
            "special_markers",
            &mut side.special_markers,
            &c.special_markers,
        );
        self.list("losses", &mut side.losses, &c.losses);
        self.list("attachments", &mut side.attachments, &c.attachments);
        self.list("withdrawals", &mut side.withdrawals, &c.withdrawals);
        self.list("releases", &mut side.releases, &c.releases);
        self.list("leaders", &mut side.leaders, &c.leaders);
        self.list("retreat", &mut side.retreat, &c.retreat);
        self.list(
            "lines_of_communication",
            &mut side.lines_of_communication,
            &c.lines_of_communication,
        );
    }

    fn list<T: Clone>(
        &mut self,
        field: &str,
        slot: &mut Vec<T>,
        whole: &Option<Vec<T>>,
    ) {
        if let Some(whole) = whole {
            self.origins.add(
                self.resolved(field),
                Layer::Variant,
                self.written(field),
            );
            slot.clone_from(whole);
        }
    }

    /// A pointer into the resolved side.
    fn resolved(&self, field: &str) -> String {
        match field {
            "" => format!("/sides/{}", self.k),
            _ => format!("/sides/{}/{field}", self.k),
        }
    }

    /// A pointer into the variant's changes for this side.
    fn written(&self, field: &str) -> String {
        format!("/sides/{}/{field}", self.j)
    }

    fn items<T: Clone>(&self, field: &str, list: &[T]) -> Vec<Item<T>> {
        let at = self.resolved(field);
        item_list(list, Layer::Base, &at)
    }

    fn whole<T: Clone>(&mut self, field: &str, list: &[T]) -> Vec<Item<T>> {
        let at = self.written(field);
        self.origins
            .add(self.resolved(field), Layer::Variant, at.clone());
        item_list(list, Layer::Variant, &at)
    }

    fn add<T: Clone>(
        &self,
        items: &mut Vec<Item<T>>,
        field: &str,
        added: &[T],
    ) {
        items.extend(item_list(added, Layer::Variant, &self.written(field)));
    }

    /// The list's values, its elements' origins recorded.
    fn emit<T>(&mut self, field: &str, items: Vec<Item<T>>) -> Vec<T> {
        let list = self.resolved(field);
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let here = format!("{list}/{i}");
                if let Some(shift) = item.shifted {
                    self.origins.add(
                        format!("{here}/at"),
                        Layer::Variant,
                        shift,
                    );
                }
                self.origins.add(here, item.layer, item.at);
                item.value
            })
            .collect()
    }

    fn edit_instructions(
        &mut self,
        items: &mut Vec<Item<Instruction>>,
        c: &SideChanges,
    ) {
        let id_of = |i: &Item<Instruction>| i.value.id.clone();
        for (r, new) in c.replace_instructions.iter().enumerate() {
            let pointer = self.written(&format!("replace_instructions/{r}"));
            let found = new.id.as_ref().and_then(|id| {
                items.iter().position(|i| id_of(i).as_ref() == Some(id))
            });
            match found {
                Some(at) => {
                    items[at] = Item {
                        value: new.clone(),
                        layer: Layer::Variant,
                        at: pointer,
                        shifted: None,
                    };
                }
                None => self.unknown_instruction(
                    c,
                    format!("{pointer}/id"),
                    new.id.as_deref(),
                ),
            }
        }
        for (r, id) in c.remove_instructions.iter().enumerate() {
            let before = items.len();
            items.retain(|i| id_of(i).as_ref() != Some(id));
            if items.len() == before {
                let pointer = self.written(&format!("remove_instructions/{r}"));
                self.unknown_instruction(c, pointer, Some(id));
            }
        }
    }

    fn unknown_instruction(
        &mut self,
        c: &SideChanges,
        pointer: String,
        id: Option<&str>,
    ) {
        self.issues.push(Issue {
            pointer,
            kind: IssueKind::UnknownInstruction {
                side: c.side.clone(),
                id: id.unwrap_or("(none)").to_owned(),
            },
        });
    }

    fn select<'s>(&self, set: &'s UnitSet) -> Selector<'s>
    where
        'a: 's,
    {
        Selector {
            set,
            counters: self.counters,
        }
    }
}

fn item_list<T: Clone>(list: &[T], layer: Layer, at: &str) -> Vec<Item<T>> {
    list.iter()
        .enumerate()
        .map(|(i, value)| Item {
            value: value.clone(),
            layer,
            at: format!("{at}/{i}"),
            shifted: None,
        })
        .collect()
}

#[path = "resolve_arrivals.rs"]
mod arrivals;
#[path = "resolve_ids.rs"]
mod ids;
#[path = "resolve_map.rs"]
mod map_state;

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;
