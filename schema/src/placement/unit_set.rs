//! Which units an instruction, a placement or an arrival is about.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    /// Only the units of these series classes (`heavy_cavalry`...); with
    /// no `units` and no `formations`, every unit of the scenario's
    /// counters of these classes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
    /// Only the units whose class is of these arms (`infantry`,
    /// `cavalry`, `artillery`, `leader`): "One infantry unit" (seed 001
    /// l. 2315).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arms: Vec<String>,
    /// Minus these units: "except Ompteda, Byng, Somerset and the units 56
    /// and 62" (seed 001 l. 2770).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub except: Option<Box<UnitSet>>,
    /// Only `choose` of the units the rest selects, the player's pick:
    /// "three of the units of the artillery reserve" (seed 001 l. 2770).
    /// A setup then needs `choose` of them to satisfy the instruction, not
    /// every one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choose: Option<u16>,
}

impl UnitSet {
    /// Whether the set filters its units (classes, arms, except, choose),
    /// beyond naming them.
    pub fn is_filtered(&self) -> bool {
        !self.classes.is_empty()
            || !self.arms.is_empty()
            || self.except.is_some()
            || self.choose.is_some()
    }
}
