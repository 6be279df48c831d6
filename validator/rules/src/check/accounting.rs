//! SET003: every unit of the order of battle is accounted for exactly
//! once: set up, arriving as a reinforcement, or listed as absent.
//!
//! What follows is `docs/SET003.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/SET003.md")]

use rustc_hash::FxHashMap as HashMap;

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::placement::Placement;

use super::common::{self, Setup};
use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// SET003 for one scenario.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let mentions = mentions_of(b, &scene.entries);
    let mut repeated: Vec<(&str, &Vec<Mention>)> = mentions
        .iter()
        .filter(|(_, list)| list.len() > 1)
        .map(|(unit, list)| (*unit, list))
        .collect();
    repeated.sort_unstable_by_key(|(unit, _)| *unit); // unit id order
    let mut out = Vec::new();
    for (unit, list) in repeated {
        for mention in list.iter().skip(1) {
            let first = list[0].what();
            out.push(
                Finding::new(
                    Code::Set003,
                    mention.pointer(),
                    format!(
                        "{} is accounted for {} times: {} here, already \
                         {first}",
                        common::label(unit, b.counters.unit(unit)),
                        list.len(),
                        mention.what()
                    ),
                )
                .help("each unit is set up, arrives, or is absent, once"),
            );
        }
    }
    // The mentions are keyed by counters unit ids: as many as the units
    // means every unit is mentioned (an id defined twice counts once, so
    // then the units are always searched).
    let everyone = mentions.len() >= b.counters.units.len();
    for (i, side) in b.scenario.sides.iter().enumerate() {
        if everyone {
            break;
        }
        let missing: Vec<&Unit> = b
            .counters
            .units
            .iter()
            .filter(|u| {
                u.side == side.side && !mentions.contains_key(u.id.as_str())
            })
            .collect();
        if missing.is_empty() {
            continue;
        }
        let names: Vec<String> = missing
            .iter()
            .map(|u| common::label(&u.id, Some(u)))
            .collect();
        // The names for people, the ids for the file's `absent` list.
        let ids: Vec<String> = missing.iter().map(|u| u.id.clone()).collect();
        out.push(
            Finding::new(
                Code::Set003,
                at("sides").index(i).field("side"),
                format!(
                    "{} of side {} neither set up, nor arriving, nor \
                     absent: {}",
                    crate::words::plural(missing.len(), "unit"),
                    side_name(b, &side.side),
                    crate::words::list(&names, 10)
                ),
            )
            .help(format!(
                "set them up, schedule them, or list them in `absent` ({})",
                crate::words::list(&ids, 10)
            )),
        );
    }
    out
}

/// Where a unit is mentioned: side index, index in the list, and for an
/// arrival the unit's index in its `units` list when named there. The
/// pointer is only spelled out for a finding. Public so the editor's
/// setup roster shows each unit as this rule counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mention {
    /// Set up: side index, index in its `setup`.
    Setup(usize, usize),
    /// Arriving: side index, index in its `reinforcements`, index in the
    /// arrival's `units.units` when named there.
    Arriving(usize, usize, Option<usize>),
    /// Absent: side index, index in its `absent`.
    Absent(usize, usize),
    /// Named by an instruction that holds only under a scenario option.
    Optional(usize, usize),
    /// Named by an instruction whose placement is kept as text (REF014):
    /// present, where the text says, not checked.
    InText(usize, usize),
}

impl Mention {
    fn pointer(self) -> Pointer {
        let side = |i| at("sides").index(i);
        match self {
            Self::Setup(i, j) => side(i).field("setup").index(j).field("unit"),
            Self::Arriving(i, j, k) => {
                let units =
                    side(i).field("reinforcements").index(j).field("units");
                match k {
                    Some(k) => units.field("units").index(k),
                    None => units,
                }
            }
            Self::Absent(i, j) => side(i).field("absent").index(j),
            Self::Optional(i, j) | Self::InText(i, j) => {
                side(i).field("instructions").index(j).field("units")
            }
        }
    }

    /// "set up", "arriving", "absent", "optional" or "placed by text".
    pub fn what(self) -> &'static str {
        match self {
            Self::Setup(..) => "set up",
            Self::Arriving(..) => "arriving",
            Self::Absent(..) => "absent",
            Self::Optional(..) => "optional",
            Self::InText(..) => "placed by text",
        }
    }
}

/// Unit id to its mentions, in document order.
pub fn mentions<'a>(b: &Battle<'a>) -> HashMap<&'a str, Vec<Mention>> {
    mentions_of(b, &common::entries(b))
}

/// [`mentions`], the setup entries already read (`entries`, per side).
fn mentions_of<'a>(
    b: &Battle<'a>,
    entries: &[Vec<Setup<'a>>],
) -> HashMap<&'a str, Vec<Mention>> {
    // Sized for every unit once: most are mentioned.
    let mut seen: HashMap<&str, Vec<Mention>> =
        HashMap::with_capacity_and_hasher(
            b.counters.units.len(),
            Default::default(),
        );
    for (i, side) in b.scenario.sides.iter().enumerate() {
        let side_entries = entries.get(i).map_or(&[][..], Vec::as_slice);
        for entry in side_entries {
            if let Some(unit) = entry.unit {
                seen.entry(unit.id.as_str())
                    .or_default()
                    .push(Mention::Setup(i, entry.index));
            }
        }
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            // "Three of these" names candidates, not arrivals: counted below
            // only for units nothing else mentions.
            if arrival.units.choose.is_some() {
                continue;
            }
            for unit in b.units_in(&arrival.units) {
                let k = arrival.units.units.iter().position(|u| *u == unit.id);
                seen.entry(unit.id.as_str())
                    .or_default()
                    .push(Mention::Arriving(i, j, k));
            }
        }
        for (j, id) in side.absent.iter().enumerate() {
            if let Some(unit) = b.counters.unit(id) {
                seen.entry(unit.id.as_str())
                    .or_default()
                    .push(Mention::Absent(i, j));
            }
        }
    }
    optional_instructions(b, &mut seen);
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            if arrival.units.choose.is_none() {
                continue;
            }
            for unit in b.units_in(&arrival.units) {
                let list = seen.entry(unit.id.as_str()).or_default();
                if list.is_empty() {
                    list.push(Mention::Arriving(i, j, None));
                }
            }
        }
    }
    seen
}

/// Units an optional instruction places are accounted for when nothing
/// else mentions them: the option may be left out, so they may be absent.
/// So are units only an instruction kept as text places ("Vandamme's III
/// Corps is present at Waterloo", 001 l. 3134, with no hex or time): the
/// rulebook puts them in the battle, REF014 says their placement is not
/// checked.
fn optional_instructions<'a>(
    b: &Battle<'a>,
    seen: &mut HashMap<&'a str, Vec<Mention>>,
) {
    for (i, side) in b.scenario.sides.iter().enumerate() {
        for (j, instruction) in side.instructions.iter().enumerate() {
            let mention = if instruction.option.is_some() {
                Mention::Optional(i, j)
            } else if matches!(
                instruction.placement,
                Placement::Unstructured(_)
            ) {
                Mention::InText(i, j)
            } else {
                continue;
            };
            for unit in b.units_in(&instruction.units) {
                let list = seen.entry(unit.id.as_str()).or_default();
                if list.is_empty() {
                    list.push(mention);
                }
            }
        }
    }
}

/// A side's printed name, its id when the counters give none.
fn side_name<'a>(b: &'a Battle<'_>, id: &'a str) -> &'a str {
    b.counters
        .sides
        .iter()
        .find(|s| s.id == id && !s.name.is_empty())
        .map_or(id, |s| s.name.as_str())
}
