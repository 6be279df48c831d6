//! A player's choice inside a game: who chooses, when on the game clock,
//! and what each option switches (the scenario a battle plays, whether a
//! battle is played, the transfers open, arrivals dropped, releases).
//! "The French staff decides before the battle of what to do with it. If
//! the French want d'Erlon at Ligny, then it enters ... as indicated in
//! Ligny-Scenario 8. If they want him at Quatre-Bras, they enter according
//! to Quatre-Bras-Scenario 5" (Combining games 1, seed 001 l. 3009); "the
//! Allied player may decide to stay ... If they choose to retreat on their
//! second position (Wavre and Waterloo)" (Combining games 5, l. 3074).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::GameTime;
use crate::scenario::UnitSet;

/// A choice one side makes once, between options that change the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameChoice {
    /// Identifier in the game, e.g. `derlon`.
    pub id: String,
    /// The side that chooses (a side id of the battles' scenarios).
    pub by: String,
    /// Other sides that make the choice with `by`, all together: "If both
    /// teams agree" (Combining games 3, l. 3044), "the Allied player" for
    /// the Anglo-Allied and Prussian players (Combining games 5, l. 3073).
    /// Without their agreement the `default` option is taken, where there
    /// is one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<String>,
    /// When the choice is made on the game clock (at the latest).
    pub at: GameTime,
    /// The options; exactly one is taken.
    pub options: Vec<ChoiceOption>,
    /// The option taken when the side does not choose, or is made to
    /// ("they can force the French to use the historical schedule",
    /// l. 3011).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<String>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// One option of a choice and what it switches. A battle, transfer or
/// arrival no option names is played whatever the choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// Identifier in the choice, e.g. `ligny`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Battles that play another scenario of their map with this option.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<ScenarioSwitch>,
    /// Battles played only with this option (the campaign's retreat to
    /// Wavre and Waterloo).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battles: Vec<String>,
    /// Transfers open only with this option.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transfers: Vec<String>,
    /// Arrivals of a battle's scenario not played with this option (the
    /// corps the option sends elsewhere).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_arrivals: Vec<ArrivalSwitch>,
    /// Battles released at another time with this option.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub releases: Vec<ReleaseSwitch>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A battle playing another scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSwitch {
    /// Battle id.
    pub battle: String,
    /// Path of the scenario played instead, relative to the game file.
    pub scenario: String,
    /// When the battle starts on the game clock with this option, if not
    /// at the battle's own `start` ("Wavre is played using either scenario
    /// 3 or 5 (this time, Wavre starts first, then Waterloo starts at
    /// 1100)", l. 3044): a turn of `scenario`'s track.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<GameTime>,
}

/// Arrivals of one battle's scenario, by the units or formations they
/// bring (as a variant's `drop_arrivals`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalSwitch {
    /// Battle id.
    pub battle: String,
    /// The arrivals: each one bringing one of these units or formations.
    pub units: UnitSet,
}

/// A battle's release at another time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseSwitch {
    /// Battle id.
    pub battle: String,
    /// Its release with this option.
    pub release: GameTime,
}

impl GameChoice {
    /// Every side that makes the choice: `by`, then `with`.
    pub fn choosers(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.by.as_str())
            .chain(self.with.iter().map(String::as_str))
    }

    /// The option with `id`.
    pub fn option(&self, id: &str) -> Option<&ChoiceOption> {
        self.options.iter().find(|o| o.id == id)
    }
}
