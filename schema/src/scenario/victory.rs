//! Victory conditions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::UnitSet;
use crate::placement::Location;

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
