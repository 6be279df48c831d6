//! Night and rain turns as a battle booklet defines them: Le Retour de
//! l'Empereur, "Night and Rain turns" (seed 001 l. 3098-3112): "Night falls
//! at the end of the 2130 turn ... The night is divided in 3 turns:
//! 2200-0100, 0100-0400 and 0400-0600", what is forbidden "during the rain
//! or night turns", and the recovery and rally of units that do not move
//! through the night.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The night of a series: its turns, what they forbid, and what units that
/// stay still through it gain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightDef {
    /// The night turns in order, each a span of the clock; a turn track's
    /// run of night turns is checked against them (ENT021).
    pub turns: Vec<NightTurn>,
    /// What a night turn forbids or limits, in the rulebook's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<TurnRule>,
    /// Losses recovered by units that stay still through the night.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery: Option<NightRecovery>,
    /// Automatic rally of units that stay still through the night.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rally: Option<NightRally>,
    /// The rules as printed (what users read).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// One night turn: from a clock time to another (the next day's when it
/// is earlier), "2200-0100".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightTurn {
    /// When it starts, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub from: String,
    /// When it ends, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub until: String,
}

impl NightTurn {
    /// (start, length) in minutes; `None` when a time is not `HH:MM`.
    pub fn span(&self) -> Option<(u32, u32)> {
        let from = crate::common::clock_minutes(&self.from)?;
        let until = crate::common::clock_minutes(&self.until)?;
        let length = (until + 1440 - from) % 1440;
        Some((from, if length == 0 { 1440 } else { length }))
    }
}

/// A limit on what units may do during a turn (night or weather).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnRule {
    /// "There are no cavalry charges".
    NoCavalryCharges,
    /// "There is no fire of any kind".
    NoFire,
    /// "Infantry can engage in melee only if it starts the turn adjacent
    /// to the target": units of these arms (`infantry`) melee only then.
    MeleeOnlyFromAdjacency {
        /// The arms limited (series arm names).
        arms: Vec<String>,
    },
}

/// "Units that do not move at all during the three turns of a night
/// recover one step of losses at the end of the third turn. This does not
/// involve totally eliminated units" (seed 001 l. 3110).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightRecovery {
    /// Steps of losses recovered.
    #[schemars(range(min = 1))]
    pub steps: u8,
    /// At the end of this night turn (1 = the first), for units that did
    /// not move in any night turn up to it.
    #[schemars(range(min = 1))]
    pub at_end_of_turn: u8,
    /// Eliminated units recover nothing.
    #[serde(default)]
    pub not_eliminated: bool,
}

/// "Units that do not move at all during the three turns of night
/// automatically rally at the end of the fourth turn. These units do not
/// recover any loss as described above" (seed 001 l. 3112).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NightRally {
    /// At the end of this turn counted from the night's first (4 = the
    /// first day turn after a three-turn night), for units that did not
    /// move in any night turn.
    #[schemars(range(min = 1))]
    pub at_end_of_turn: u8,
    /// Units that rally so do not also recover losses.
    #[serde(default)]
    pub instead_of_recovery: bool,
}
