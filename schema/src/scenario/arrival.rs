//! Reinforcements: who arrives, when and where, and the alternatives.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{TurnRef, UnitSet};
use crate::placement::Location;

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
