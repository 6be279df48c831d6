//! A scenario: the turn track, each side's setup instructions and concrete
//! setup, the reinforcement schedule, and victory conditions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Provenance, ScenarioTag};
use crate::hex::HexId;
pub use crate::placement::UnitSet;
use crate::placement::{Location, Placement};
use crate::series::overrides::RuleOverrides;

mod arrival;
mod deployment;
mod forces;
mod issue;
mod origin;
mod play;
mod resolve;
mod select;
pub use select::selects_arrival;
mod trigger;
mod turns;
mod variant;
mod victory;
mod window;

pub use arrival::{
    AlternativeEntry, Arrival, Cadence, CadenceOrder, Chooser, DelayRow,
};
pub use deployment::{DeploymentAsk, deployment_placement};
pub use forces::{
    Attachment, LossWeight, Losses, MoraleGroup, MoraleLevel, MoraleScope,
    Withdrawal,
};
pub use issue::{Issue, IssueKind};
pub use origin::{Layer, StepOrigins};
pub use play::{FeatureState, LeaderRole, NoGo, Release, ScenarioOption};
pub use resolve::{Step, apply_variant, rebase};
pub use trigger::Trigger;
pub use turns::{
    TurnRef, TurnSpecial, TurnTrack, clock_minutes, date_after, day_number,
};
pub use variant::{ArrivalShift, ArrivalWindow, ScenarioVariant, SideChanges};
pub use victory::{
    Condition, Control, DifferenceBand, HoldHexes, Measure, Outcome,
    VictoryCondition, VictoryLevels,
};

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
    /// Format version of this file: 2; version 1 is still read (through
    /// the migration, `berthier-validate migrate`).
    #[schemars(range(min = 1, max = 2))]
    pub format_version: u32,
    /// Stable identifier, e.g. `rivoli-1797-historical`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The series: a standard series' name (`vive-l-empereur`, pinned
    /// `vive-l-empereur@1`) or the path of a series file relative to this
    /// file.
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
    /// How point totals read as levels of victory, and tie-breaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory_levels: Option<VictoryLevels>,
    /// Choices the players make before play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ScenarioOption>,
    /// Map features whose state this scenario sets (bridges damaged).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub map_state: Vec<FeatureState>,
    /// Areas units may not enter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_go: Vec<NoGo>,
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
    /// Units that must leave the map at a time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<Withdrawal>,
    /// Units that may not move until something happens.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<Release>,
    /// Leaders' powers in this scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderRole>,
}

/// One setup instruction as printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Instruction {
    /// Stable name, unique within the side, by which a variant replaces or
    /// removes this instruction (`ScenarioVariant`); an instruction without
    /// one is inherited as it is, or replaced with the whole list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
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
    /// Constraints across the units: per hex, one each, at most N in a
    /// sub-zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub counts: Vec<crate::placement::Count>,
    /// Only when this scenario option is chosen: "If the players decide to
    /// balance the battle, they can add the units 31 to 41 ... set within
    /// the area of deployment" (Waterloo 8, seed 001 l. 2843-2845). Its
    /// units count as accounted for (SET003) whether or not they are set
    /// up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
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
    /// For a formation that covers two hexes (Vive l'Empereur's
    /// tirailleurs, IV.6): the hexside the counter sits on, 0-5 clockwise
    /// from north as `facing` counts hexsides; the unit also occupies the
    /// hex across it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(max = 5))]
    pub on_hexside: Option<u8>,
}

/// A special rule as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    /// Identifier, unique among the scenario's special rules, by which a
    /// variant replaces or removes this one (`replace_special_rules`,
    /// `remove_special_rules`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Short title.
    pub title: String,
    /// The rule as printed.
    pub text: String,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Only when this scenario option is chosen ("Optional Guard
    /// activation").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
}
