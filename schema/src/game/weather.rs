//! Weather the rulebook counts but does not date: "There are also twelve
//! turns of rain during these three days" (Combining games 5, seed 001
//! l. 3102). A turn track marks weather only on the turns it names; these
//! turns are a number within a span of the game clock, placed by the
//! players as the game goes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::GameTime;

/// A number of turns of one weather somewhere in a span of the game clock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UndatedWeather {
    /// The weather, by the series' weather id (`rain`).
    pub weather: String,
    /// How many turns of it.
    #[schemars(range(min = 1))]
    pub turns: u16,
    /// The earliest turn they may fall on, on the game clock.
    pub from: GameTime,
    /// The latest turn they may fall on, on the game clock.
    pub until: GameTime,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}
