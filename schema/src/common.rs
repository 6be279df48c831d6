//! Pieces shared by every document kind: the `kind` tags and provenance.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

macro_rules! kind_tag {
    ($(#[$doc:meta] $name:ident => $variant:ident, $text:literal;)*) => {$(
        #[$doc]
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Default, Serialize,
            Deserialize, JsonSchema,
        )]
        pub enum $name {
            #[doc = concat!("The only value: `", $text, "`.")]
            #[default]
            #[serde(rename = $text)]
            $variant,
        }
    )*};
}

kind_tag! {
    /// The `kind` of a series file.
    SeriesTag => Series, "series";
    /// The `kind` of a map file.
    MapTag => Map, "map";
    /// The `kind` of a counters (order of battle) file.
    CountersTag => Counters, "counters";
    /// The `kind` of a scenario file.
    ScenarioTag => Scenario, "scenario";
    /// The `kind` of a game file (several battles played together).
    GameTag => Game, "game";
}

/// Where a fact in a file comes from.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Read from a rulebook (give the section in `reference`).
    Rulebook,
    /// Worked out from rulebook facts (e.g. grid parity from adjacency).
    Inferred,
    /// Placed from real geography or judgement, to be replaced by a
    /// designer working from the printed map.
    Reconstructed,
    /// Not given by any source; left empty or marked unknown.
    Unknown,
    /// Decided by the designer.
    Designer,
}

/// One provenance note: what a fact is, where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// What the note is about ("hex 1722", "grid parity", "Lebley counters").
    pub about: String,
    /// Where it comes from.
    pub source: Source,
    /// Rulebook file and section, e.g. "000 §III.A 2.3".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Free text: quotes, choices made, inconsistencies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Minutes after midnight of an `HH:MM` time (a turn track's, a night's,
/// an arrival's).
pub fn clock_minutes(clock: &str) -> Option<u32> {
    let (h, m) = clock.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    // `then`, not `then_some`: the minutes are worked out only for a valid
    // time ("4294967295:00" overflowed `h * 60`, found by the fuzzer).
    (h < 24 && m < 60 && clock.len() == 5).then(|| h * 60 + m)
}

#[cfg(test)]
mod clock_tests {
    use super::clock_minutes;

    #[test]
    fn a_huge_hour_is_no_time_not_an_overflow() {
        assert_eq!(clock_minutes("19:00"), Some(1140));
        assert_eq!(clock_minutes("4294967295:00"), None);
        assert_eq!(clock_minutes("00:4294967295"), None);
    }
}
