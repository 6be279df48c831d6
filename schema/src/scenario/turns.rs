//! The turn track: clock times, turn lengths, night and fog.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The turn track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnTrack {
    /// Date as printed ("14 January 1797").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Clock time of turn 1, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub first: String,
    /// Minutes per ordinary turn.
    #[schemars(range(min = 1))]
    pub minutes_per_turn: u16,
    /// Number of turns.
    #[schemars(range(min = 1))]
    pub count: u16,
    /// Turns that differ: night, fog, other lengths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<TurnSpecial>,
}

/// Turns that differ from the ordinary turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnSpecial {
    /// First and last turn number (1-based), inclusive.
    pub turns: [u16; 2],
    /// Night turns.
    #[serde(default)]
    pub night: bool,
    /// Fog turns.
    #[serde(default)]
    pub fog: bool,
    /// Length of each of these turns in minutes, if not the ordinary one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u16>,
    /// Activation markers per formation on these turns, if not the usual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers_per_formation: Option<u8>,
    /// Note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A turn, by number or by the clock time printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum TurnRef {
    /// Turn number, 1-based.
    Turn(u16),
    /// Clock time `HH:MM` that must fall on the turn track.
    Clock(String),
}

impl TurnTrack {
    /// The start time of each turn in minutes after midnight (may pass
    /// 1440 for games running past midnight).
    pub fn start_minutes(&self) -> Option<Vec<u32>> {
        let mut now = clock_minutes(&self.first)?;
        let mut starts = Vec::with_capacity(usize::from(self.count));
        for turn in 1..=self.count {
            starts.push(now);
            let length = self
                .special
                .iter()
                .find(|s| (s.turns[0]..=s.turns[1]).contains(&turn))
                .and_then(|s| s.minutes)
                .unwrap_or(self.minutes_per_turn);
            now += u32::from(length);
        }
        Some(starts)
    }

    /// The turn (1-based) that starts at `clock`, if any.
    pub fn turn_at(&self, clock: &str) -> Option<u16> {
        let target = clock_minutes(clock)?;
        let starts = self.start_minutes()?;
        let index = starts.iter().position(|s| s % 1440 == target)?;
        u16::try_from(index + 1).ok()
    }
}

/// Minutes after midnight of an `HH:MM` time.
pub fn clock_minutes(clock: &str) -> Option<u32> {
    let (h, m) = clock.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && clock.len() == 5).then_some(h * 60 + m)
}
