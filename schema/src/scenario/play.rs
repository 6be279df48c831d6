//! Scenario rules as data: options, the state of map features, units that
//! may not move yet, areas no one may enter, and leaders' powers.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Trigger, UnitSet};
use crate::placement::{Location, Placement};

/// A choice the players make before play: an optional rule, optional
/// units, or one of several schedules or maps ("Optional Guard
/// activation", seed 001 l. 2700; "the players can decide to add these
/// units", Waterloo 10; "either on the Wavre map or on the Ligny map, at
/// the Prussian player's choice", l. 3098).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioOption {
    /// Stable id, referred to by `option` on arrivals, attachments,
    /// special rules and victory conditions.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The side whose player chooses; both players together when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_by: Option<String>,
    /// Options of one group exclude each other (one schedule or map of
    /// several).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Chosen unless the players decide otherwise.
    #[serde(default)]
    pub default: bool,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A map feature whose state this scenario sets ("The bridges at Bas
/// Wavre and Limelette are damaged", l. 2917; "The bridge is not damaged",
/// l. 2988).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureState {
    /// Where: every hexside of `feature` kind on or touching a hex of it.
    pub at: Location,
    /// The hexside kind, by series id (`bridge`).
    pub feature: String,
    /// The state, by the hexside kind's state ids (`damaged`, `intact`).
    pub state: String,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// Units set up that may not move until something happens ("units at
/// Quatre-Bras are set up but cannot move before the 1400 turn",
/// l. 3007; "the Lambert brigade cannot move before 1000", l. 2851).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Release {
    /// The units held.
    pub units: UnitSet,
    /// What frees them.
    pub until: Trigger,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// An area units may not enter ("no side can penetrate in the woods or
/// the chateau", Waterloo 6, l. 2831).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoGo {
    /// Sides it binds; every side when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
    /// The area.
    pub area: Placement,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A leader's powers in this scenario ("Orange is only a corps commander
/// in this battle", l. 2669; "Ney can issue two orders per turn", QB3;
/// "he can add his bonus to any Dutch unit", l. 2845).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderRole {
    /// The leader's unit id.
    pub unit: String,
    /// The command level he holds, by formation level (`corps`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// Orders he may give each turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orders_per_turn: Option<u8>,
    /// The units he commands, when not his formation's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<UnitSet>,
    /// No limit on his orders: "this allows Napoleon to issue an
    /// unlimited number of orders per turn" (Davout in charge, seed 001
    /// l. 3122). Excludes `orders_per_turn`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unlimited_orders: bool,
    /// The role ends when this happens: "The Prince of Orange is an army
    /// leader only for the few first turns of Quatre-Bras. Once Wellington
    /// arrives at Quatre-Bras the Prince becomes a corps commander" (seed
    /// 001 l. 3175) is a role of level `army` until
    /// `Arrives(wellington)`, then one of level `corps` from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Trigger>,
    /// The role starts when this happens (from the start when `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Trigger>,
    /// Only when this scenario option is chosen ("Had Davout been present
    /// ... he can replace either Ney or Grouchy", seed 001 l. 3122).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
