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
