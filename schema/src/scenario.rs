//! A scenario: the turn track, each side's setup instructions and concrete
//! setup, the reinforcement schedule, and victory conditions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Provenance, ScenarioTag};
use crate::hex::HexId;
use crate::overrides::RuleOverrides;
use crate::placement::{Location, Placement};

/// A scenario file (`scenarios/<battle>/*.scenario.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `scenario`.
    pub kind: ScenarioTag,
    /// Format version of this file; this release reads 1.
    pub format_version: u32,
    /// Stable identifier, e.g. `rivoli-1797-historical`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Path of the series file, relative to this file.
    pub series: String,
    /// Path of the map file, relative to this file.
    pub map: String,
    /// Path of the counters file, relative to this file.
    pub counters: String,
    /// Introduction as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The turn track.
    pub turns: TurnTrack,
    /// Side that sets up first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets_up_first: Option<String>,
    /// Side that moves first each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_first: Option<String>,
    /// Per side: setup, reinforcements, activation, state.
    pub sides: Vec<ScenarioSide>,
    /// Victory conditions.
    #[serde(default)]
    pub victory: Vec<VictoryCondition>,
    /// Battle or scenario special rules, as text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRule>,
    /// Structured rule changes to the series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_overrides: Option<RuleOverrides>,
    /// Sources, choices made, inconsistencies in the rulebook.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
}

/// The turn track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnTrack {
    /// Date as printed ("14 January 1797").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Clock time of turn 1, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub first: String,
    /// Minutes per ordinary turn.
    #[schemars(range(min = 1))]
    pub minutes_per_turn: u16,
    /// Number of turns.
    #[schemars(range(min = 1))]
    pub count: u16,
    /// Turns that differ: night, fog, other lengths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<TurnSpecial>,
}

/// Turns that differ from the ordinary turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpecial {
    /// First and last turn number (1-based), inclusive.
    pub turns: [u16; 2],
    /// Night turns.
    #[serde(default)]
    pub night: bool,
    /// Fog turns.
    #[serde(default)]
    pub fog: bool,
    /// Length of each of these turns in minutes, if not the ordinary one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u16>,
    /// Activation markers per formation on these turns, if not the usual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers_per_formation: Option<u8>,
    /// Note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A turn, by number or by the clock time printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum TurnRef {
    /// Turn number, 1-based.
    Turn(u16),
    /// Clock time `HH:MM` that must fall on the turn track.
    Clock(String),
}

/// Which units an instruction is about.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct UnitSet {
    /// Unit ids.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    /// Every unit of these formations (and their sub-formations).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formations: Vec<String>,
}

/// One side's part of the scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSide {
    /// Side id from the counters file.
    pub side: String,
    /// Setup instructions as printed, as placement constraints.
    #[serde(default)]
    pub instructions: Vec<Instruction>,
    /// The concrete setup a designer laid out.
    #[serde(default)]
    pub setup: Vec<Placed>,
    /// Reinforcement schedule.
    #[serde(default)]
    pub reinforcements: Vec<Arrival>,
    /// Units of the counters file not used in this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// Formations whose activation markers are in the pool at start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers_at_start: Vec<String>,
    /// Special markers available (by marker id).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_markers: Vec<String>,
    /// Losses at start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<Losses>,
    /// Units re-parented for this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
    /// Morale groups: steps, demoralization and desperate levels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub morale: Vec<MoraleGroup>,
    /// Where routed units of this side go.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreat: Vec<Location>,
    /// Lines of communication.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines_of_communication: Vec<Location>,
}

/// One setup instruction as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Instruction {
    /// The units it places.
    pub units: UnitSet,
    /// Where they may go.
    pub placement: Placement,
    /// Formation or state required ("in disorder", "general order").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// One unit placed on the map at start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// Unit id.
    pub unit: String,
    /// Printed hex.
    pub hex: HexId,
    /// Facing: 0-5 clockwise from north (vertex or hexside by formation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 5))]
    pub facing: Option<u8>,
    /// Formation (line, column, square...), by series formation id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    /// State (good order, disordered...), by series state id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// Position in the stack, 0 = top.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<u8>,
}

/// Who picks an alternative entry.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Chooser {
    /// The owning player.
    Owner,
    /// The opponent.
    Opponent,
}

/// A die-roll row of an alternative entry delay table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DelayRow {
    /// Lowest and highest roll, inclusive.
    pub roll: [u8; 2],
    /// Turns of delay.
    pub delay_turns: u8,
    /// Who chooses the entry.
    pub chooser: Chooser,
}

/// Entries a player may choose instead of the historical one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AlternativeEntry {
    /// The allowed entries.
    pub entries: Vec<Location>,
    /// Only hexes on a road or track of these entries count.
    #[serde(default)]
    pub road_hexes_only: bool,
    /// Delay table rolled when an alternative is chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub delay_table: Vec<DelayRow>,
}

/// Units arriving as reinforcements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Arrival {
    /// When.
    pub at: TurnRef,
    /// Formation whose activation markers bring them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    /// The units.
    pub units: UnitSet,
    /// Where they enter.
    pub entry: Location,
    /// Optional alternative entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternatives: Option<AlternativeEntry>,
    /// May not force march (Rivoli's Lusignan).
    #[serde(default)]
    pub no_forced_march: bool,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Losses at start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Losses {
    /// The units concerned.
    pub units: UnitSet,
    /// Steps lost by each unit...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub each: Option<u8>,
    /// ...or in all, spread among the units (player's choice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u16>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Units attached to another formation for this scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attachment {
    /// The units moved.
    pub units: UnitSet,
    /// The formation they now belong to.
    pub to: String,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A morale group's levels (Vive l'Empereur corps morale).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleGroup {
    /// Name as printed ("II", "Reserve").
    pub name: String,
    /// Units counted.
    pub units: UnitSet,
    /// Steps as printed.
    pub steps: u16,
    /// Demoralization level as printed; `None` where the scenario prints
    /// none (Vive l'Empereur's Guard: "None").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demoralization: Option<u16>,
    /// Desperate levels as printed (one, or two for split nationalities).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub desperate: Vec<u16>,
    /// Note (e.g. why a level is not half the steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    /// Side that benefits.
    pub side: String,
    /// What it is.
    pub condition: Condition,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// The structured part of a victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Condition {
    /// Victory points for holding a location at the end.
    Objective {
        /// Where.
        at: Location,
        /// Points.
        points: i32,
        /// Side holding it at start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held_by: Option<String>,
    },
    /// Units leaving the map through a location.
    Exit {
        /// Through where.
        via: Location,
        /// Which units.
        units: UnitSet,
        /// How many of them (or formations, per the text).
        count: u16,
        /// Wins outright.
        #[serde(default)]
        automatic: bool,
    },
    /// Points per enemy unit or step eliminated.
    Elimination {
        /// Points per unit.
        points: i32,
    },
    /// A condition kept as text.
    Text(String),
}

/// A special rule as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    /// Short title.
    pub title: String,
    /// The rule as printed.
    pub text: String,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

impl TurnTrack {
    /// The start time of each turn in minutes after midnight (may pass
    /// 1440 for games running past midnight).
    pub fn start_minutes(&self) -> Option<Vec<u32>> {
        let mut now = clock_minutes(&self.first)?;
        let mut starts = Vec::with_capacity(usize::from(self.count));
        for turn in 1..=self.count {
            starts.push(now);
            let length = self
                .special
                .iter()
                .find(|s| (s.turns[0]..=s.turns[1]).contains(&turn))
                .and_then(|s| s.minutes)
                .unwrap_or(self.minutes_per_turn);
            now += u32::from(length);
        }
        Some(starts)
    }

    /// The turn (1-based) that starts at `clock`, if any.
    pub fn turn_at(&self, clock: &str) -> Option<u16> {
        let target = clock_minutes(clock)?;
        let starts = self.start_minutes()?;
        let index = starts.iter().position(|s| s % 1440 == target)?;
        u16::try_from(index + 1).ok()
    }
}

/// Minutes after midnight of an `HH:MM` time.
pub fn clock_minutes(clock: &str) -> Option<u32> {
    let (h, m) = clock.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && clock.len() == 5).then_some(h * 60 + m)
}
