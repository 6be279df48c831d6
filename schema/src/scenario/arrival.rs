//! Reinforcements: who arrives, when and where, and the alternatives.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Losses, Trigger, TurnRef, UnitSet};
use crate::placement::{Location, Placement};

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
    /// Where they enter; `None` when the rulebook prints no entry
    /// ("1500: Brunswick unit 56", Waterloo 3, seed 001 l. 2746): say so in
    /// `text`, and the entry simulation leaves the arrival out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<Location>,
    /// Placed on the map at once instead of entering by an edge (§XIII:
    /// "Young Guard ... at Rossomme and adjacent hexes", l. 2800).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<Placement>,
    /// Steps the units have lost when they arrive ("74 (2)"; "Exelmans
    /// cavalry with 2 losses").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<Losses>,
    /// State they arrive in, by series state id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// They arrive group after group rather than at once ("one division an
    /// hour", l. 3019).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cadence: Option<Cadence>,
    /// They arrive only if this happens ("If the Prussian army is still at
    /// Ligny on the morning of the 17th", l. 3020).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Trigger>,
    /// They enter right after these units, by the same entry ("it
    /// immediately follows the Guard", seed 001 l. 3130).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<UnitSet>,
    /// They arrive only when this scenario option is chosen (a schedule or
    /// map of several, optional units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
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

/// Units that arrive group after group: the first group at the arrival's
/// time, each next one `every_minutes` later.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cadence {
    /// Minutes between two groups.
    #[schemars(range(min = 1))]
    pub every_minutes: u16,
    /// The groups; together they are the arrival's units.
    pub groups: Vec<UnitSet>,
    /// Whether the groups come in the order listed or in the owner's
    /// ("the cavalry units first, then one infantry brigade per hour": the
    /// brigades' order is not printed).
    #[serde(default)]
    pub order: CadenceOrder,
}

/// The order of a cadence's groups.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CadenceOrder {
    /// As listed.
    #[default]
    Listed,
    /// The owning player's choice.
    OwnersChoice,
}
