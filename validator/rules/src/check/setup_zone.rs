//! SET001, SET002, SET004: every unit's concrete hex satisfies its setup
//! instructions.
//!
//! ## What it does
//! For each instruction of a side and each unit it names that the side
//! sets up, evaluates the placement (exact hex, hex or adjacent, within N
//! of a place, region polygon, side of a hex line, on a road between two
//! places, half distance, stacked with or adjacent to a unit, any of /
//! all of / not) on the unit's hex. SET001: the hex is outside it, or the
//! unit is not in the state or formation the instruction requires. SET004:
//! a leader (or any unit) to be placed "with any unit of X" or "stacked
//! with" a unit shares no hex with one. SET002 (information): the
//! placement cannot be decided (a unit it refers to is not set up, a place
//! without hexes); placements kept as text are REF014 and not repeated.
//!
//! ## Why
//! The setup a designer lays out must be one the printed instructions
//! allow.
//!
//! ## Example
//! `lebley-1` set up in 1520 when its instruction says "1511 or one of the
//! six adjacent hexes".
//!
//! Rulebook: the scenario's setup instructions (Rivoli "Initial
//! deployment", Vive l'Empereur scenario set-ups and the note on set-ups,
//! "half distance").

use berthier_schema::battle::Battle;
use berthier_schema::placement::Placement;
use berthier_schema::scenario::Instruction;
use berthier_schema::zone::{Verdict, Zone};

use super::common::Setup;
use super::{Finding, Scene};
use crate::code::{Code, Rule};

/// Documentation of the codes of this module.
pub const DOCS: &[(Code, Rule)] = &[
    (
        Code::Set001,
        Rule {
            summary: "Setup hex outside the unit's placement",
            what: "Evaluates every setup instruction on the hex of each unit \
                   it names: exact hex, hex or adjacent, within N hexes of a \
                   place, region polygon, side of a hex line, on a road \
                   between two places, half distance, stacked with or \
                   adjacent to a unit, and their combinations. Reports a \
                   hex the placement excludes, and a unit not in the state \
                   or formation the instruction requires.",
            why: "The concrete setup must be one the printed instructions \
                  allow.",
            example: "instructions: [(units: (units: [\"lebley-1\"]), \
                      placement: HexOrAdjacent(\"1511\"))], setup: \
                      [(unit: \"lebley-1\", hex: \"1520\")]",
            rulebook: Some("the scenario's setup instructions"),
        },
    ),
    (
        Code::Set002,
        Rule {
            summary: "Placement cannot be decided",
            what: "Information: a placement could not be evaluated for a \
                   unit (it refers to a unit that is not set up, or to a \
                   location without hexes). Placements kept as text are \
                   REF014 instead.",
            why: "An undecidable placement must not pass silently.",
            example: "placement: StackedWith(\"r1\")   // r1 arrives later",
            rulebook: Some("the scenario's setup instructions"),
        },
    ),
    (
        Code::Set004,
        Rule {
            summary: "Unit placed \"with\" a unit shares no hex with one",
            what: "Reports a unit (typically a leader) whose instruction is \
                   `WithAnyUnitOf(..)` (\"with any unit of the I Corps\", \
                   \"with any unit\") or `StackedWith(..)` but whose hex \
                   holds no such unit.",
            why: "Leaders placed with their troops command from there; a \
                  lone leader may have to retreat at once.",
            example: "(units: (units: [\"fr-ney\"]), placement: \
                      WithAnyUnitOf(None)) with fr-ney alone in 2020",
            rulebook: Some(
                "the scenario's setup instructions; Vive l'Empereur §XVII; \
                 Jours de Gloire 2.7",
            ),
        },
    ),
];

/// SET001, SET002 and SET004 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let zone = Zone::new(b.map, b);
    let mut out = Vec::new();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for ins in &side.instructions {
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
        Placement::Unstructured(_) => true,
        Placement::All(parts) | Placement::AnyOf(parts) => {
            parts.iter().any(has_text)
        }
        Placement::Not(inner) => has_text(inner),
        _ => false,
    }
}
