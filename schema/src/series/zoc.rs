//! Where a zone of control stops short of an adjacent hex.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What keeps a unit's zone of control out of an adjacent hex. Jours de
/// Gloire 6.2 (000 l. 365-377; Empire 6.2.1, 002 l. 461-470): "ZoCs do not
/// extend through hexsides impassable to that unit", "through bridges or
/// fords over impassable water bodies", nor "into fortifications, castle,
/// redoubt, even if a trail or a road crosses the hexside".
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct ZoneOfControl {
    /// A hexside with a feature impassable to the unit (an `impassable`
    /// hexside type, or one whose movement cost is `NotAllowed` for its
    /// class) stops the unit's ZoC, a bridge or ford on it included.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_across_impassable: bool,
    /// Hexside types a ZoC does not cross into their inner (`high`) side,
    /// or either way when the type is not directed (redoubts, walls).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_into_across: Vec<String>,
    /// Terrain types a ZoC does not extend into from a hex of another
    /// terrain (fortifications, castles).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_into_terrain: Vec<String>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}
