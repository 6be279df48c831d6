//! Off-map travel time: how many turns a transfer takes, counting night
//! and rain turns as the rulebook says ("a night turn counts for 3 hours
//! for the two first and 2 hours for the third, each turn of rain counts
//! for one hour", seed 001 l. 3088).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::TurnTrack;

/// How night and rain turns count for off-map travel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TravelTime {
    /// Hours each night turn of a night counts for, in order (`[3, 3, 2]`:
    /// "3 hours for the two first and 2 hours for the third"); a night
    /// turn past the list counts its own length.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub night_hours: Vec<u16>,
    /// Hours a rain turn counts for ("each turn of rain counts for one
    /// hour"); absent: its own length.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rain_hours: Option<u16>,
}

/// One turn of the clock a transfer runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTurn {
    /// Its length in minutes.
    pub minutes: u32,
    /// A night turn.
    pub night: bool,
    /// A rain turn.
    pub rain: bool,
}

impl ClockTurn {
    /// The turns of a track, with the given turn numbers (1-based) as
    /// rain turns.
    pub fn from_track(track: &TurnTrack, rain: &[u16]) -> Vec<Self> {
        (1..=track.count)
            .map(|turn| {
                let special = track
                    .special
                    .iter()
                    .find(|s| (s.turns[0]..=s.turns[1]).contains(&turn));
                Self {
                    minutes: u32::from(
                        special
                            .and_then(|s| s.minutes)
                            .unwrap_or(track.minutes_per_turn),
                    ),
                    night: special.is_some_and(|s| s.night),
                    rain: rain.contains(&turn),
                }
            })
            .collect()
    }
}

impl TravelTime {
    /// Travel minutes turn `i` of `turns` counts for: a night turn by its
    /// place in its night, a rain turn by `rain_hours`, any other turn
    /// its length.
    pub fn counted_minutes(&self, turns: &[ClockTurn], i: usize) -> u32 {
        let turn = turns[i];
        if turn.night {
            let nth = turns[..i].iter().rev().take_while(|t| t.night).count();
            if let Some(hours) = self.night_hours.get(nth) {
                return u32::from(*hours) * 60;
            }
        } else if turn.rain
            && let Some(hours) = self.rain_hours
        {
            return u32::from(hours) * 60;
        }
        turn.minutes
    }
}

/// The turn (index into `turns`) at which a unit that leaves on turn
/// `exit` comes on after `hours` of travel: the exit turn and each turn
/// after it count their travel time (by `travel`, or their length), and
/// the unit enters on the first turn once they add up to `hours`.
/// `None` when the clock ends first or `exit` is not on it.
pub fn arrival_turn(
    travel: Option<&TravelTime>,
    turns: &[ClockTurn],
    exit: usize,
    hours: u16,
) -> Option<usize> {
    let plain = TravelTime {
        night_hours: Vec::new(),
        rain_hours: None,
    };
    let travel = travel.unwrap_or(&plain);
    let needed = u32::from(hours) * 60;
    let mut done = 0;
    for i in exit..turns.len() {
        done += travel.counted_minutes(turns, i);
        if done >= needed {
            return (i + 1 < turns.len()).then_some(i + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Night falls at the end of the 2130 turn ... The night is divided
    /// in 3 turns: 2200-0100, 0100-0400 and 0400-0600" (l. 3096): 30
    /// minute day turns from 1900 to 2130, the three night turns, then
    /// day turns from 0600.
    fn night_clock() -> Vec<ClockTurn> {
        let day = ClockTurn {
            minutes: 30,
            night: false,
            rain: false,
        };
        let night = |minutes| ClockTurn {
            minutes,
            night: true,
            rain: false,
        };
        let mut turns = vec![day; 6]; // 1900 .. 2130
        turns.extend([night(180), night(180), night(120)]);
        turns.extend(vec![day; 8]); // 0600 .. 0930
        turns
    }

    fn rulebook() -> TravelTime {
        TravelTime {
            night_hours: vec![3, 3, 2],
            rain_hours: Some(1),
        }
    }

    #[test]
    fn wavre_to_waterloo_takes_two_hours_for_cavalry_three_for_infantry() {
        // Wavre 3 (l. 2964): leaving at the 1400 turn of a 30-minute track.
        let turns = vec![
            ClockTurn {
                minutes: 30,
                night: false,
                rain: false
            };
            20
        ];
        let at = |i: usize| 14 * 60 + 30 * i as u32;
        let cavalry = arrival_turn(Some(&rulebook()), &turns, 0, 2);
        let infantry = arrival_turn(Some(&rulebook()), &turns, 0, 3);
        assert_eq!(cavalry.map(at), Some(16 * 60));
        assert_eq!(infantry.map(at), Some(17 * 60));
    }

    #[test]
    fn night_turns_count_three_three_and_two_hours() {
        let turns = night_clock();
        let travel = rulebook();
        let last_day_turn = 5; // 2130
        // Quatre-Bras to Waterloo by the road to Brussels, infantry 2 hours
        // (l. 3086): 2130 (30 min) and the first night turn (3 hours) are
        // enough, it enters on the 0100 turn.
        assert_eq!(
            arrival_turn(Some(&travel), &turns, last_day_turn, 2),
            Some(7)
        );
        // Ligny to Wavre by the trails, infantry 6 hours (l. 3090):
        // 0.5 + 3 + 3 = 6.5, it enters on the 0400 turn.
        assert_eq!(
            arrival_turn(Some(&travel), &turns, last_day_turn, 6),
            Some(8)
        );
        // Quatre-Bras to Waterloo by the road to Nivelles, infantry 4
        // hours, leaving on the second night turn: 3 + 2 = 5, the 0600
        // turn.
        assert_eq!(arrival_turn(Some(&travel), &turns, 7, 4), Some(9));
        // The third night turn counts 2 hours, not its own 2 hours by
        // chance: with [3, 3, 1] it would count one.
        let shorter = TravelTime {
            night_hours: vec![3, 3, 1],
            rain_hours: Some(1),
        };
        assert_eq!(shorter.counted_minutes(&turns, 8), 60);
        assert_eq!(travel.counted_minutes(&turns, 8), 120);
    }

    #[test]
    fn a_rain_turn_counts_one_hour() {
        let mut turns = vec![
            ClockTurn {
                minutes: 30,
                night: false,
                rain: false
            };
            10
        ];
        turns[0].rain = true;
        turns[1].rain = true;
        // Quatre-Bras to Waterloo by the road to Brussels, cavalry 1 hour
        // (l. 3086), leaving in rain: the rain turn alone is enough.
        assert_eq!(arrival_turn(Some(&rulebook()), &turns, 0, 1), Some(1));
        // Infantry, 2 hours: two rain turns.
        assert_eq!(arrival_turn(Some(&rulebook()), &turns, 0, 2), Some(2));
        // Without the rule the same trip takes four 30-minute turns.
        assert_eq!(arrival_turn(None, &turns, 0, 2), Some(4));
    }

    #[test]
    fn the_clock_ending_first_is_no_arrival() {
        let turns = night_clock();
        assert_eq!(arrival_turn(Some(&rulebook()), &turns, 15, 3), None);
        assert_eq!(arrival_turn(Some(&rulebook()), &turns, 99, 1), None);
    }
}
