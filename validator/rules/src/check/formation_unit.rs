//! TER005: the formation a unit is set up in must be one its class (and,
//! where the series says so, its tags) may take, in the state it is in.
//!
//! What follows is `docs/TER005.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/TER005.md")]

use berthier_schema::battle::Battle;
use berthier_schema::series::FormationDef;

use super::common::Setup;
use super::{Finding, Scene};
use crate::code::Code;

/// TER005 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    scene
        .setups
        .iter()
        .filter_map(|s| formation_of_unit(scene, b, s))
        .collect()
}

fn formation_of_unit(
    scene: &Scene<'_, '_>,
    b: &Battle<'_>,
    s: &Setup<'_>,
) -> Option<Finding> {
    let posture = s.placed.formation.as_deref()?;
    let def = b.series.formations.iter().find(|f| f.id == posture)?;
    let unit = s.unit?;
    let finding = |message: String| {
        let f = Finding::new(Code::Ter005, s.pointer("formation"), message)
            .hex(s.placed.hex);
        match &def.section {
            Some(section) => f.help(format!("see {section}")),
            None => f,
        }
    };
    let may_take = std::iter::once(&unit.class)
        .chain(unit.class_as.values())
        .any(|class| def.classes.contains(class));
    if !may_take {
        return Some(finding(format!(
            "{}, {}, is set up in {}, which only {} may take",
            s.label(),
            unit.class,
            def.name,
            def.classes.join(", ")
        )));
    }
    if !def.tags.is_empty() && !unit.tags.iter().any(|t| def.tags.contains(t)) {
        return Some(finding(format!(
            "{} is set up in {}, which only units tagged {} may take",
            s.label(),
            def.name,
            def.tags.join(" or ")
        )));
    }
    let state = b.state_of(s.placed);
    if def.states.is_empty() || def.states.contains(&state) {
        return company(scene, b, s, def).map(finding);
    }
    Some(finding(format!(
        "{} is set up in {} while {}; {} is only for units {}",
        s.label(),
        def.name,
        state_name(b, &state),
        def.name,
        states_named(b, def)
    )))
}

/// The display name of a state id (the id when the series lacks it).
fn state_name(b: &Battle<'_>, id: &str) -> String {
    b.series
        .states
        .iter()
        .find(|s| s.id == id)
        .map_or_else(|| id.to_owned(), |s| s.name.to_lowercase())
}

/// `in good order` or `in good order or disordered`.
fn states_named(b: &Battle<'_>, def: &FormationDef) -> String {
    let names: Vec<String> =
        def.states.iter().map(|s| state_name(b, s)).collect();
    format!("in {}", names.join(" or "))
}

/// What is wrong when the unit's class needs a friendly unit in its hex to
/// take `def` and none is there.
fn company(
    scene: &Scene<'_, '_>,
    b: &Battle<'_>,
    s: &Setup<'_>,
    def: &FormationDef,
) -> Option<String> {
    let unit = s.unit?;
    let needs = def.needs_company.get(&unit.class)?;
    let side = s.unit_side()?;
    let stack = scene.stack(s.placed.hex);
    let found = stack.iter().any(|o| {
        (o.side, o.index) != (s.side, s.index)
            && o.unit_side() == Some(side)
            && b.stack_unit(o.placed).is_some_and(|u| needs.matches(&u))
    });
    if found {
        return None;
    }
    let mut wanted = Vec::new();
    if !needs.classes.is_empty() {
        wanted.push(needs.classes.join(" or "));
    }
    if !needs.formations.is_empty() {
        wanted.push(format!("in {}", needs.formations.join(" or ")));
    }
    let wanted = if wanted.is_empty() {
        "another friendly unit".to_owned()
    } else {
        format!("a friendly unit ({})", wanted.join(", "))
    };
    Some(format!(
        "{}, {}, is set up in {} without {wanted} in hex {}",
        s.label(),
        unit.class,
        def.name,
        s.placed.hex
    ))
}
