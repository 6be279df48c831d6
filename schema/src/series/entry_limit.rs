//! A cap on the units an entering unit may be stacked with.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// At most `max_units` counted units (leaders and stacking-exempt classes
/// aside) in an entry hex as a unit of `sides` enters it: 1 means no
/// unit enters stacked with another (Waterloo SR 1, 001 l. 2668).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryStackLimit {
    /// Most units in the entry hex, the entering unit included.
    #[schemars(range(min = 1))]
    pub max_units: u8,
    /// The side ids it binds (empty: every side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

impl EntryStackLimit {
    /// Whether the limit binds the units of side `side`.
    pub fn binds(&self, side: &str) -> bool {
        self.sides.is_empty() || self.sides.iter().any(|s| s == side)
    }
}
