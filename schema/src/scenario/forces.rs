//! The state of each side's forces at start: losses, attachments, morale.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::UnitSet;

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
    /// With `total`: at most this many per unit ("10 losses spread among
    /// their infantry units, one per unit", seed 001 l. 2102).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_each: Option<u8>,
    /// Units left with fewer steps than this are eliminated ("units smaller
    /// than 3 steps are eliminated", l. 3063).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eliminate_below: Option<u8>,
    /// Only when this scenario option is chosen ("Girard with 4 losses, one
    /// per unit", Waterloo 10, seed 001 l. 2857).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
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
    /// Only when this scenario option is chosen ("W11 attachments are
    /// optional").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
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
    /// Demoralization level as printed; `None` where the table prints
    /// "None" (Vive l'Empereur's Guard, listed in `printed_none`) or where
    /// it prints nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demoralization: Option<u16>,
    /// Desperate levels as printed (one, or two for split nationalities).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub desperate: Vec<u16>,
    /// The levels the morale table prints as "None": the group never
    /// reaches them (the Guard, "Guard 74 None None", seed 001 l. 2252,
    /// written `[Demoralization, Desperate(0)]`). A level neither given
    /// nor listed here is one the file does not know (Ligny 1's "IV Cav
    /// 12", printed with both levels blank, l. 2258), which the validator
    /// reports as not checked (OOB014) instead of reading it as "None".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub printed_none: Vec<MoraleLevel>,
    /// Units whose losses count several times against the group's levels
    /// ("If they take any loss, these are counted as 5 losses on the
    /// morale demoralization level of the II Corps", Quatre-Bras 1, seed
    /// 001 l. 2073).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loss_weights: Vec<LossWeight>,
    /// Levels that strike only some of the group's units ("only the non
    /// British and non KGL units are demoralized", SR 5, l. 3219); a level
    /// not listed strikes every unit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<MoraleScope>,
    /// Losses the group starts with, as printed ("the French II Corps
    /// starts with 11 losses ... These losses are to be taken into account
    /// in the demoralization levels", Waterloo 1, seed 001 l. 2698); the
    /// validator compares it with the side's per-unit starting losses on
    /// the group's units (OOB011).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starting_losses: Option<u16>,
    /// Note (e.g. why a level is not half the steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A morale level of a group and the units it strikes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleScope {
    /// Which level.
    pub level: MoraleLevel,
    /// The units it strikes.
    pub units: UnitSet,
}

/// A level of a morale group.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
pub enum MoraleLevel {
    /// The demoralization level.
    Demoralization,
    /// A desperate level, by its place in `desperate` (0 = first).
    Desperate(u8),
}

/// Units whose every loss counts `factor` times on a morale group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LossWeight {
    /// The units.
    pub units: UnitSet,
    /// How many losses each of theirs counts for.
    #[schemars(range(min = 1))]
    pub factor: u8,
}

/// Units that must leave the map at a time ("At 1600 it must withdraw
/// from the battlefield by the eastern edge of the map", Quatre-Bras 1,
/// seed 001 l. 2073).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    /// The units.
    pub units: UnitSet,
    /// From when.
    pub at: super::TurnRef,
    /// Exits they must use; any edge when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub via: Vec<crate::placement::Location>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
