//! A game on several maps: battles played together on one dated clock,
//! their maps joined or overlapping, and the routes between them
//! ("Combining games" 1-5, seed 001 l. 3000-3110).
//!
//! Each battle is one scenario file (its map, counters and reinforcement
//! schedule); the game says when each starts on the shared clock, how the
//! maps meet, and how long a unit takes off-map from one battlefield to
//! another ([`travel`]).

pub mod choice;
pub mod travel;
pub mod weather;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{GameTag, Provenance};
use crate::counters::Unit;
use crate::hex::HexId;
use crate::placement::Location;
use crate::scenario::TurnTrack;
use crate::series::Series;

pub use choice::{
    ArrivalSwitch, ChoiceOption, GameChoice, ReleaseSwitch, ScenarioSwitch,
};
pub use travel::{ClockTurn, TravelTime};
pub use weather::UndatedWeather;

/// A game file (`scenarios/<games>/*.game.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `game`.
    pub kind: GameTag,
    /// Format version of this file: 2 (games are new in version 2).
    #[schemars(range(min = 2, max = 2))]
    pub format_version: u32,
    /// Stable identifier, e.g. `c1-quatre-bras-and-ligny`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The battles played together, each one scenario on its own map.
    pub battles: Vec<GameBattle>,
    /// Where two maps meet edge to edge ("The maps can be set for the
    /// main road from Nivelles to Namur to be continuous", l. 3007).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joins: Vec<MapJoin>,
    /// Ground shown on two maps ("solved on the maps as they overlap",
    /// l. 3085).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overlaps: Vec<MapOverlap>,
    /// Off-map routes from one battle's map to another's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub transfers: Vec<Transfer>,
    /// How night and rain turns count for off-map travel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub travel: Option<TravelTime>,
    /// Turns of weather counted but not dated ("twelve turns of rain
    /// during these three days", l. 3102): no turn track marks them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weather: Vec<UndatedWeather>,
    /// Choices a side makes that switch battles, scenarios, transfers,
    /// arrivals or releases (the d'Erlon option, l. 3009).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<GameChoice>,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What was read from a rulebook, what is reconstructed or unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
}

/// One battle of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameBattle {
    /// Identifier in the game, e.g. `ligny`.
    pub id: String,
    /// Path of the scenario played, relative to this file.
    pub scenario: String,
    /// When its first turn is played on the game clock; the time must be
    /// a turn of the scenario's track ("Ligny starts at 1300", l. 3007).
    pub start: GameTime,
    /// Before this turn its units are set up but cannot move ("units at
    /// Quatre-Bras are set up but cannot move before the 1400 turn").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release: Option<GameTime>,
    /// Which reinforcement schedule runs on the game clock.
    #[serde(default, skip_serializing_if = "Schedule::is_scenario")]
    pub schedule: Schedule,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A battle's reinforcements in a game.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Schedule {
    /// The scenario's own schedule, its clock times read on the battle's
    /// start date ("Follow both reinforcement schedules", l. 3007).
    #[default]
    Scenario,
    /// None of the scenario's arrivals: the game brings its units.
    None,
}

impl Schedule {
    fn is_scenario(&self) -> bool {
        *self == Self::Scenario
    }
}

/// A time on the game clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameTime {
    /// Date, `YYYY-MM-DD`.
    #[schemars(regex(
        pattern = r"^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
    ))]
    pub date: String,
    /// Clock time, `HH:MM`.
    #[schemars(regex(pattern = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"))]
    pub time: String,
}

impl GameTime {
    /// Minutes since 1 January of year 0 (proleptic Gregorian), to order
    /// and subtract times across days; `None` when malformed.
    pub fn minutes(&self) -> Option<i64> {
        let mut parts = self.date.splitn(3, '-');
        let year: i64 = parts.next()?.parse().ok()?;
        let month: i64 = parts.next()?.parse().ok()?;
        let day: i64 = parts.next()?.parse().ok()?;
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
            return None;
        }
        let clock = crate::scenario::clock_minutes(&self.time)?;
        Some(days_from_civil(year, month, day) * 1440 + i64::from(clock))
    }
}

/// Days since 0000-03-01 of a proleptic Gregorian date (H. Hinnant's
/// algorithm), enough to order and subtract dates.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = (month + 9) % 12;
    let doy = (153 * m + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe
}

/// Two maps that meet: the hexes of one map's edge that continue into the
/// other's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapJoin {
    /// One side.
    pub a: JoinEnd,
    /// The other side.
    pub b: JoinEnd,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Where the hexes come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

/// One side of a join.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinEnd {
    /// Battle id (its scenario's map).
    pub battle: String,
    /// The road that continues across, by road id of that map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub road: Option<String>,
    /// Edge hexes of that map, in order along the seam; with `road`, the
    /// road's hexes at the edge.
    pub hexes: Vec<HexId>,
}

/// Ground two maps both show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapOverlap {
    /// Battle id of the first map.
    pub a: String,
    /// Battle id of the second map.
    pub b: String,
    /// Pairs of hexes that are the same ground: a hex of `a`, a hex of `b`.
    pub hexes: Vec<[HexId; 2]>,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Where the pairs come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

/// An off-map route between two battles' maps ("Passing from
/// Quatre-Bras to Waterloo by the road to Brussels takes 1 hour for the
/// cavalry and 2 for the infantry/artillery", l. 3086).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transfer {
    /// Identifier in the game.
    pub id: String,
    /// Where units leave.
    pub from: TransferEnd,
    /// Where they come on.
    pub to: TransferEnd,
    /// Hours on the way, by arm (the series' `UnitClass.arm`, or class id
    /// where a class has no arm).
    pub hours: Vec<ArmHours>,
    /// Whether the route may be taken in the other direction too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub both_ways: bool,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Where the route and its hours come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<Provenance>,
}

/// One end of a transfer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TransferEnd {
    /// Battle id.
    pub battle: String,
    /// Where on that battle's map.
    pub at: Location,
}

/// The hours a transfer takes for some arms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmHours {
    /// Arms (`cavalry`; `infantry` and `artillery`).
    pub arms: Vec<String>,
    /// Hours of travel.
    #[schemars(range(min = 1))]
    pub hours: u16,
}

impl Game {
    /// The battle with `id`.
    pub fn battle(&self, id: &str) -> Option<&GameBattle> {
        self.battles.iter().find(|b| b.id == id)
    }

    /// The turn (index into `turns`) at which a unit of `arm` that leaves
    /// by transfer `transfer` on turn `exit` comes on at the other end;
    /// `None` when the transfer or the arm is unknown or the clock ends
    /// first.
    pub fn arrival_turn(
        &self,
        transfer: &str,
        arm: &str,
        turns: &[ClockTurn],
        exit: usize,
    ) -> Option<usize> {
        let t = self.transfers.iter().find(|t| t.id == transfer)?;
        let hours = t.hours_for(arm)?;
        travel::arrival_turn(self.travel.as_ref(), turns, exit, hours)
    }
}

impl GameBattle {
    /// When turn `turn` (1-based) of the battle's scenario `track` is
    /// played, in game-clock minutes ([`GameTime::minutes`]): its
    /// schedule runs on the game clock from `start` on ("Follow both
    /// reinforcement schedules", l. 3007), across midnight when the track
    /// does. `None` when `start` is no turn of the track.
    pub fn turn_minutes(&self, track: &TurnTrack, turn: u16) -> Option<i64> {
        let starts = track.start_minutes()?;
        let first = track.turn_at(&self.start.time)?;
        let at = |t: u16| starts.get(usize::from(t).checked_sub(1)?).copied();
        let offset = i64::from(at(turn)?) - i64::from(at(first)?);
        Some(self.start.minutes()? + offset)
    }
}

impl Transfer {
    /// The hours this route takes for `arm`.
    pub fn hours_for(&self, arm: &str) -> Option<u16> {
        self.hours
            .iter()
            .find(|h| h.arms.iter().any(|a| a == arm))
            .map(|h| h.hours)
    }

    /// The hours this route takes for `unit`: by its class's arm in
    /// `series`, else by its class id (a modder's class listed by name).
    pub fn hours_for_unit(&self, series: &Series, unit: &Unit) -> Option<u16> {
        let arm = series.class(&unit.class).map(|c| c.arm.as_str());
        arm.and_then(|a| self.hours_for(a))
            .or_else(|| self.hours_for(&unit.class))
    }
}
