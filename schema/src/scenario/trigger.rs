//! Events a scenario waits for: the end of a game, a conditional arrival,
//! the release of units that may not move yet.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{TurnRef, UnitSet};
use crate::placement::{Location, Placement};

/// Something that happens (or not) during play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Trigger {
    /// The start of a turn ("cannot move before the 1400 turn", seed 001
    /// l. 3007).
    Turn(TurnRef),
    /// Any unit of the set enters the zone ("can not move before a
    /// Prussian unit reaches a vertical line passing at Ohain", l. 2700).
    Reaches {
        /// The units watched.
        units: UnitSet,
        /// Where.
        zone: Placement,
    },
    /// Every unit of the set is eliminated or has left the map, through
    /// one of `via` when given ("ends when all the units of the IV
    /// Prussian corps are either destroyed or have left the map", Wavre 5,
    /// l. 2987).
    AllGone {
        /// The units watched.
        units: UnitSet,
        /// Exits that count; any when empty.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        via: Vec<Location>,
    },
    /// At a given turn, units are still in a zone, or on the map of a
    /// battle of the game ("If the Prussian army is still at Ligny on the
    /// morning of the 17th", l. 3020).
    StillAt {
        /// The units watched.
        units: UnitSet,
        /// When.
        at: TurnRef,
        /// Where on this scenario's map; anywhere on it when `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<Placement>,
        /// The battle of the game whose map counts (a game's battle id);
        /// this scenario's own map when `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        battle: Option<String>,
    },
    /// Every unit of the set is eliminated (leaving the map does not
    /// count): "Consequences of a commander elimination: Napoleon: the
    /// game is over" (SR 13, seed 001 l. 3268-3270).
    Eliminated(UnitSet),
    /// Any unit of the set is on the map (set up, or arrived): "Once
    /// Wellington arrives at Quatre-Bras the Prince becomes a corps
    /// commander" (seed 001 l. 3175).
    Arrives(UnitSet),
    /// An option of the scenario was chosen (by its id).
    Chosen(String),
    /// Every one of these.
    All(Vec<Trigger>),
    /// At least one of these.
    AnyOf(Vec<Trigger>),
}
