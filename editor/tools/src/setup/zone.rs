//! The hexes an instruction allows, as the validator decides them
//! (`berthier_schema::zone::Zone`, the evaluator behind SET001/SET002):
//! the hexes where its first unit may stand, and those the model cannot
//! decide (a placement partly in words).

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::placement::Names;
use berthier_schema::placement::Placement;
use berthier_schema::scenario::Instruction;
use berthier_schema::zone::{Verdict, Zone};

/// An instruction's zone on the map.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Shaded {
    /// Hexes it allows.
    pub allowed: Vec<HexId>,
    /// Hexes it may allow (the model cannot decide).
    pub undecided: Vec<HexId>,
    /// Why some hexes cannot be decided (the first reason).
    pub why: Option<String>,
}

/// The zone of `instruction` (for a relative placement, "adjacent to
/// unit X", it depends on where the other units are set up now).
pub fn shade(b: &Battle<'_>, instruction: &Instruction) -> Shaded {
    let zone = Zone::new(b.map, b);
    let unit = b
        .units_in(&instruction.units)
        .first()
        .map_or(String::new(), |u| u.id.clone());
    let mut out = Shaded::default();
    for hex in crate::scene::all_hexes(b.map) {
        match zone.allows(&instruction.placement, &unit, hex) {
            Verdict::Yes => out.allowed.push(hex),
            Verdict::No => {}
            Verdict::Unknown(why) => {
                out.undecided.push(hex);
                out.why.get_or_insert(why);
            }
        }
    }
    out
}

/// Whether a placement holds words the model could not structure
/// (shown in red with the rulebook's text).
pub fn is_text(p: &Placement) -> bool {
    match p {
        Placement::Unstructured(_) => true,
        Placement::All(parts) | Placement::AnyOf(parts) => {
            parts.iter().any(is_text)
        }
        Placement::Not(inner) => is_text(inner),
        _ => false,
    }
}

/// The instruction's words: the rulebook text, else the placement said
/// with the names of what it refers to.
pub fn words(instruction: &Instruction, names: &Names<'_>) -> String {
    match &instruction.text {
        Some(text) => text.clone(),
        None => names.placement(&instruction.placement),
    }
}

/// After its zone was changed on the map, the instruction's words say the
/// new zone: words that said the old one would be shown to players, and
/// quoted by the findings, for a zone no longer checked ("within one hex"
/// left on a radius of 2). Undo brings the old words back with the zone.
pub fn reword(instruction: &mut Instruction, names: &Names<'_>) {
    instruction.text = Some(names.placement(&instruction.placement));
}
