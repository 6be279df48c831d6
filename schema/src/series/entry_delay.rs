//! When a reinforcement that could not enter tries again, as data: the
//! three delays the bundled series print are shorthands of one general
//! form, [`DelaySpan`], that also states "N turns", "N activations" and
//! "at a phase" without code.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// When a unit that could not enter tries again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryDelay {
    /// At the next activation of its formation (Jours de Gloire 5.2):
    /// `after(activations: 1)`.
    NextActivation,
    /// At the first activation of its formation next turn (Empire 5.2.2):
    /// `after(turns: 1, at: first_activation)`.
    NextTurnFirstActivation,
    /// Next turn: `after(turns: 1)`.
    NextTurn,
    /// Any other wait, stated in turns, activations and the point of the
    /// turn where it ends (Rivoli's optional arrivals: "2-6 one-turn
    /// delay; 7-8 two-turn delay", seed 000, is `after(turns: 2)`); the
    /// fields are those of [`DelaySpan`].
    After {
        /// Turns to wait; 0 tries again within the same turn.
        #[serde(default, skip_serializing_if = "is_zero_u16")]
        turns: u16,
        /// Activations of its formation to wait after those turns.
        #[serde(default, skip_serializing_if = "is_zero_u8")]
        activations: u8,
        /// When in the turn the wait ends.
        #[serde(default, skip_serializing_if = "RetryAt::is_entry")]
        at: RetryAt,
    },
}

/// A wait before a unit that could not enter tries again: `turns` turns,
/// then `activations` activations of its formation, ending at `at`. Every
/// [`EntryDelay`] reads as one ([`EntryDelay::span`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DelaySpan {
    /// Turns to wait; 0 tries again within the same turn.
    pub turns: u16,
    /// Activations of its formation to wait after those turns; with no
    /// turns, counted from the activation that could not bring it in
    /// (1: its formation's next activation).
    pub activations: u8,
    /// When in the turn the wait ends.
    pub at: RetryAt,
}

/// The point of a turn where a wait ends.
#[derive(
    Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RetryAt {
    /// Whenever the series brings reinforcements in (its movement phase,
    /// or any activation of the unit's formation).
    #[default]
    Entry,
    /// The first activation of its formation in that turn only.
    FirstActivation,
    /// The phase of the series' `phases` with this id.
    Phase(String),
}

impl RetryAt {
    fn is_entry(&self) -> bool {
        *self == Self::Entry
    }
}

/// A phase of a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseDef {
    /// Identifier entry rules use, e.g. `rally`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

fn is_zero_u16(n: &u16) -> bool {
    *n == 0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

impl EntryDelay {
    /// The wait this delay states, shorthands written out.
    pub fn span(&self) -> DelaySpan {
        match self {
            Self::NextActivation => DelaySpan {
                activations: 1,
                ..DelaySpan::default()
            },
            Self::NextTurnFirstActivation => DelaySpan {
                turns: 1,
                at: RetryAt::FirstActivation,
                ..DelaySpan::default()
            },
            Self::NextTurn => DelaySpan {
                turns: 1,
                ..DelaySpan::default()
            },
            Self::After {
                turns,
                activations,
                at,
            } => DelaySpan {
                turns: *turns,
                activations: *activations,
                at: at.clone(),
            },
        }
    }
}

impl DelaySpan {
    /// Whether the wait has no length: the unit would try again at the
    /// very moment it was refused, forever.
    pub fn is_empty(&self) -> bool {
        self.turns == 0 && self.activations == 0
    }

    /// How many times a column tries to enter in the turn it is due,
    /// given the activations of its formation that turn (`None`: the side
    /// draws no markers, one try). Waiting activations tries at the first
    /// and then every `activations`-th one; a wait of turns tries once.
    pub fn tries_in_turn(&self, markers: Option<u8>) -> u8 {
        if self.turns > 0 || self.activations == 0 {
            return 1;
        }
        let markers = markers.unwrap_or(1).max(1);
        markers.div_ceil(self.activations)
    }

    /// How many turns after a refused try the unit tries again: at least
    /// the next turn.
    pub fn turns_to_wait(&self) -> u16 {
        self.turns.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_shorthands_read_as_their_spans() {
        let parse = |text: &str| -> EntryDelay {
            ron::from_str(text).expect("delay reads")
        };
        assert_eq!(
            parse("next_activation").span(),
            parse("after(activations: 1)").span()
        );
        assert_eq!(
            parse("next_turn_first_activation").span(),
            parse("after(turns: 1, at: first_activation)").span()
        );
        assert_eq!(parse("next_turn").span(), parse("after(turns: 1)").span());
        assert_eq!(
            parse("after(turns: 2, at: phase(\"rally\"))").span().at,
            RetryAt::Phase("rally".into())
        );
    }

    #[test]
    fn tries_in_a_turn_follow_the_markers_drawn() {
        let every = EntryDelay::NextActivation.span();
        assert_eq!(every.tries_in_turn(Some(3)), 3);
        assert_eq!(every.tries_in_turn(None), 1);
        let second = DelaySpan {
            activations: 2,
            ..DelaySpan::default()
        };
        assert_eq!(second.tries_in_turn(Some(3)), 2);
        assert_eq!(second.tries_in_turn(Some(4)), 2);
        let two_turns = DelaySpan {
            turns: 2,
            ..DelaySpan::default()
        };
        assert_eq!(two_turns.tries_in_turn(Some(3)), 1);
        assert_eq!(two_turns.turns_to_wait(), 2);
        assert_eq!(second.turns_to_wait(), 1);
    }
}
