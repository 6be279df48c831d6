//! REF016, REF017, REF019: every unit set's filters, resolved the way
//! every rule resolves them (`Battle::units_in`): a class or arm the
//! series does not define, a filter that leaves no unit, "choose n" of
//! fewer than n.
//!
//! What follows is `docs/REF016.md`, `docs/REF017.md` and `docs/REF019.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/REF016.md")]
#![doc = include_str!("../../docs/REF017.md")]
#![doc = include_str!("../../docs/REF019.md")]

use berthier_schema::battle::Battle;
use berthier_schema::placement::Count;
use berthier_schema::scenario::{Condition, UnitSet};

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// REF016, REF017 and REF019 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mut out = Vec::new();
    for (pointer, set) in unit_sets(b) {
        filters(b, &pointer, set, &mut out);
    }
    out
}

/// Every unit set of the scenario with its pointer.
fn unit_sets<'a>(b: &Battle<'a>) -> Vec<(Pointer, &'a UnitSet)> {
    let mut all = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        let base = at("sides").index(i);
        for (j, ins) in side.instructions.iter().enumerate() {
            let p = base.field("instructions").index(j);
            all.push((p.field("units"), &ins.units));
            for (k, count) in ins.counts.iter().enumerate() {
                if let Count::InZone { units: Some(u), .. } = count {
                    let p = p.field("counts").index(k).field("InZone");
                    all.push((p.field("units"), u));
                }
            }
        }
        let lists = [
            (
                "reinforcements",
                side.reinforcements
                    .iter()
                    .map(|a| &a.units)
                    .collect::<Vec<_>>(),
            ),
            ("losses", side.losses.iter().map(|l| &l.units).collect()),
            (
                "attachments",
                side.attachments.iter().map(|a| &a.units).collect(),
            ),
            ("morale", side.morale.iter().map(|m| &m.units).collect()),
        ];
        for (field, sets) in lists {
            for (j, set) in sets.into_iter().enumerate() {
                all.push((base.field(field).index(j).field("units"), set));
            }
        }
    }
    for (j, v) in b.scenario.victory.iter().enumerate() {
        if let Condition::Exit { units, .. } = &v.condition {
            let p = at("victory").index(j).field("condition").field("Exit");
            all.push((p.field("units"), units));
        }
    }
    all
}

/// The checks on one set and, recursively, its `except`.
fn filters(
    b: &Battle<'_>,
    pointer: &Pointer,
    set: &UnitSet,
    out: &mut Vec<Finding>,
) {
    let series = &b.series;
    let before = out.len();
    for (k, class) in set.classes.iter().enumerate() {
        if series.class(class).is_none() {
            out.push(unknown(
                pointer.field("classes").index(k),
                "class",
                class,
            ));
        }
    }
    for (k, arm) in set.arms.iter().enumerate() {
        if !series.unit_classes.iter().any(|c| &c.arm == arm) {
            out.push(unknown(pointer.field("arms").index(k), "arm", arm));
        }
    }
    if let Some(except) = &set.except {
        filters(b, &pointer.field("except"), except, out);
    }
    if !set.is_filtered() || out.len() > before {
        return; // nothing filtered, or REF019 says why nothing is left
    }
    let selected = b.units_in(set).len();
    if selected == 0 {
        out.push(
            Finding::new(
                Code::Ref016,
                pointer.clone(),
                "this unit set's filters (classes, arms, except) leave no \
                 unit of the counters file"
                    .to_owned(),
            )
            .help("check the class and arm ids, and what `except` removes"),
        );
    } else if let Some(n) = set.choose
        && (n == 0 || usize::from(n) > selected)
    {
        out.push(
            Finding::new(
                Code::Ref017,
                pointer.field("choose"),
                format!(
                    "choose {n} of this unit set, which holds {selected} \
                     units: the player must pick between 1 and {selected}"
                ),
            )
            .help("correct the number, or widen the set"),
        );
    }
}

fn unknown(pointer: Pointer, what: &str, id: &str) -> Finding {
    Finding::new(
        Code::Ref019,
        pointer,
        format!("{what} `{id}` is not a {what} of the series' unit classes"),
    )
    .help("use a unit class id, or an `arm` of one, from the series")
}
