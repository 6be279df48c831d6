//! SET001, SET002, SET004: every unit's concrete hex satisfies its setup
//! instructions.
//!
//! What follows is `docs/SET001.md`, `docs/SET002.md` and `docs/SET004.md`
//! (under `validator/rules/`), the text `berthier-validate rule` and
//! `RULES.md` print.
#![doc = include_str!("../../docs/SET001.md")]
#![doc = include_str!("../../docs/SET002.md")]
#![doc = include_str!("../../docs/SET004.md")]

use berthier_schema::battle::Battle;
use berthier_schema::placement::Placement;
use berthier_schema::scenario::Instruction;
use berthier_schema::zone::{Verdict, Zone};

use super::common::Setup;
use super::{Finding, Scene};
use crate::code::Code;

/// SET001, SET002 and SET004 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let zone = Zone::new(b.map, b);
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for ins in &side.instructions {
            if ins.units.choose.is_some() {
                continue; // n of the candidates: setup_count (SET006)
            }
            for unit in b.units_in(&ins.units) {
                let Some(s) = scene.setup_of(i, &unit.id) else {
                    continue; // arriving, absent, or set up off the map
                };
                out.extend(placement(&zone, ins, s));
                out.extend(required_state(b, ins, s));
            }
        }
    }
    out
}

fn placement(
    zone: &Zone<'_>,
    ins: &Instruction,
    s: &Setup<'_>,
) -> Option<Finding> {
    let hex = s.placed.hex;
    // The instruction's words only go into a finding: not built for the
    // (many) units that pass.
    let printed = || describe(ins);
    match zone.allows(&ins.placement, &s.placed.unit, hex) {
        Verdict::Yes => None,
        Verdict::No => {
            let printed = printed();
            let with = matches!(
                ins.placement,
                Placement::WithAnyUnitOf(_) | Placement::StackedWith(_)
            );
            let (code, message) = if with {
                (
                    Code::Set004,
                    format!(
                        "{} in hex {hex} shares no hex with the unit it must \
                         be placed with ({printed})",
                        s.label()
                    ),
                )
            } else {
                (
                    Code::Set001,
                    format!(
                        "{} is set up in hex {hex}, outside its placement \
                         ({printed})",
                        s.label()
                    ),
                )
            };
            Some(Finding::new(code, s.pointer("hex"), message).hex(hex).help(
                "move the unit to a hex the instruction allows, or \
                           correct the instruction",
            ))
        }
        Verdict::Unknown(_) if has_text(&ins.placement) => None,
        Verdict::Unknown(why) => Some(
            Finding::new(
                Code::Set002,
                s.pointer("hex"),
                format!(
                    "placement of {} in hex {hex} cannot be decided: {why} \
                     ({})",
                    s.label(),
                    printed()
                ),
            )
            .hex(hex),
        ),
    }
}

/// The instruction's state or formation requirement.
fn required_state(
    b: &Battle<'_>,
    ins: &Instruction,
    s: &Setup<'_>,
) -> Option<Finding> {
    let wanted = ins.state.as_deref()?;
    let is_state = b.series.states.iter().any(|st| st.id == wanted);
    let is_formation = b.series.formations.iter().any(|f| f.id == wanted);
    let state = b.state_of(s.placed);
    let ok = (is_state && state == wanted)
        || (is_formation && s.placed.formation.as_deref() == Some(wanted))
        || !(is_state || is_formation);
    if ok {
        return None;
    }
    let field = if is_state { "state" } else { "formation" };
    Some(
        Finding::new(
            Code::Set001,
            s.pointer(field),
            format!(
                "{} must be set up {wanted} ({})",
                s.label(),
                describe(ins)
            ),
        )
        .hex(s.placed.hex),
    )
}

/// The instruction's printed words, or its placement in short.
fn describe(ins: &Instruction) -> String {
    let text = match &ins.text {
        Some(text) => format!("\"{text}\""),
        None => format!("{:?}", ins.placement),
    };
    if text.chars().count() > 160 {
        let cut: String = text.chars().take(157).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// Whether a placement holds text the vocabulary cannot evaluate.
fn has_text(p: &Placement) -> bool {
    match p {
        Placement::Unstructured(_) | Placement::DeploymentOf { .. } => true,
        Placement::All(parts) | Placement::AnyOf(parts) => {
            parts.iter().any(has_text)
        }
        Placement::Not(inner) => has_text(inner),
        _ => false,
    }
}
