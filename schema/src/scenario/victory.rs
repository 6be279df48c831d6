//! Victory conditions: points, outright wins, their combinations, and the
//! levels of victory a total or a combination gives.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{MoraleLevel, UnitSet};
use crate::placement::Location;

/// A victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryCondition {
    /// Identifier, unique among the scenario's victory conditions, by
    /// which a variant replaces or removes this one (`replace_victory`,
    /// `remove_victory`): Ligny 2 prints "Sombreffe" where Ligny 1 prints
    /// "Sombreffe (but the Chateau)" (seed 001 l. 2321, 2235).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Side that benefits.
    pub side: String,
    /// What it is.
    pub condition: Condition,
    /// The level of victory it gives when met, for conditions that decide
    /// the game rather than add points ("The French win a major victory by
    /// filing the three conditions", Wavre 1, seed 001 l. 2913).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Points the whole condition gives when met, for combinations whose
    /// parts carry none ("Papelotte and Fichermont controlled: 1 VP",
    /// Waterloo 1, seed 001 l. 2645).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<i32>,
    /// It counts only when this scenario option is chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<String>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A level of victory.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The game is won outright ("obviously wins", Waterloo 3).
    Decisive,
    /// A major victory.
    Major,
    /// A minor victory.
    Minor,
    /// Neither side wins ("Any other result is a draw", l. 2803).
    Draw,
}

/// How a difference of victory points reads as a level of victory, and
/// who wins a tie ("In case the totals are equal, the side controlling
/// the entry hex of the road to Brussels wins. A difference of 1-4 VPs is
/// a minor victory, a difference over 5 VPs is a major victory", Waterloo
/// 1, l. 2662).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VictoryLevels {
    /// Bands of the winner's lead in points, lowest first, not
    /// overlapping.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_difference: Vec<DifferenceBand>,
    /// Who wins when the totals are equal, tried in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tie_break: Vec<VictoryCondition>,
    /// The rulebook's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A band of the lead in victory points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DifferenceBand {
    /// Smallest lead, inclusive.
    pub min: u16,
    /// Largest lead, inclusive; no limit when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u16>,
    /// The level it gives.
    pub outcome: Outcome,
}

/// How much of a location must be held.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum HoldHexes {
    /// Every hex ("all 4 hexes"; "totally holding").
    #[default]
    All,
    /// Any one hex.
    Any,
}

/// What holding a hex means.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    /// As the series says (the default).
    #[default]
    Series,
    /// Occupied by a unit of the side at the end, alone.
    Occupied,
    /// The side's unit was the last to occupy or pass through it.
    LastThrough,
}

/// A quantity measured at the end, for comparisons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Measure {
    /// Steps these units lost.
    StepsLost(UnitSet),
    /// Steps of these units that left the map through one of `via` (any
    /// exit when empty) in the given state (any when `None`).
    StepsExited {
        /// The units.
        units: UnitSet,
        /// Exits that count.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        via: Vec<Location>,
        /// Series state id they must leave in ("in good order").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        state: Option<String>,
    },
    /// A side's victory points.
    VictoryPoints(String),
}

/// The structured part of a victory condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Condition {
    /// Victory points for holding a location at the end.
    Objective {
        /// Where.
        at: Location,
        /// Points.
        points: i32,
        /// Side holding it at start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held_by: Option<String>,
    },
    /// Units leaving the map through a location.
    Exit {
        /// Through where.
        via: Location,
        /// Which units.
        units: UnitSet,
        /// How many of them (or formations, per the text).
        count: u16,
        /// Wins outright.
        #[serde(default)]
        automatic: bool,
    },
    /// Points per enemy unit or step eliminated.
    Elimination {
        /// Points per unit.
        points: i32,
    },
    /// Holding a location at the end: all its hexes or any, but not the
    /// hexes of `except` ("Braine l'Alleud (all 4 hexes)"; "Sombreffe
    /// (but the Chateau)", Ligny 1, l. 2233).
    Hold {
        /// Where.
        at: Location,
        /// Hexes not counted.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        except: Vec<Location>,
        /// All hexes or any.
        #[serde(default)]
        hexes: HoldHexes,
        /// What holding means.
        #[serde(default)]
        control: Control,
        /// Points; 0 for a condition that decides by its `outcome`.
        #[serde(default)]
        points: i32,
        /// Side holding it at start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        held_by: Option<String>,
    },
    /// Points per morale group of a side at a level at the end ("1 VP per
    /// Anglo-Allied demoralized Corps", "2 VP per Desperate ... (not in
    /// addition to the previous VP for demoralization)", l. 2645-2655).
    MoraleState {
        /// The side whose groups count.
        side: String,
        /// The groups that count, by name; every group of the side when
        /// empty.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        groups: Vec<String>,
        /// The level reached.
        level: MoraleLevel,
        /// Points per group.
        points: i32,
        /// Also counted for a group already counted at a lower level.
        #[serde(default)]
        in_addition: bool,
    },
    /// Units leaving the map by any of several exits, as any of several
    /// groups ("Exiting one infantry corps and one cavalry division
    /// (either units 97 and 98, 114 and 115 ...) by either road to la
    /// Chapelle St Lambert", Wavre 1, l. 2909).
    ExitAny {
        /// Exits that count.
        via: Vec<Location>,
        /// The groups, any one of which meets the condition.
        groups: Vec<UnitSet>,
        /// How many units of the chosen group; all of them when `None`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u16>,
    },
    /// One measure at the end is higher than another ("we compare the
    /// number of losses with the number of steps that exited the map in
    /// good order. The higher number wins", Wavre 5, l. 2993).
    Compare {
        /// The measure that must be higher.
        higher: Measure,
        /// The other.
        than: Measure,
    },
    /// Every one of these.
    All(Vec<Condition>),
    /// At least one of these.
    AnyOf(Vec<Condition>),
    /// At least `count` of these ("by doing two of the following").
    AtLeast {
        /// How many.
        count: u8,
        /// Of these.
        of: Vec<Condition>,
    },
    /// Exactly `count` of these: "Filing one condition is a minor
    /// Prussian victory. Filing no condition is a major Prussian victory"
    /// (Wavre 1, seed 001 l. 2913) are `Exactly { count: 1 }` and
    /// `Exactly { count: 0 }` of the French conditions.
    Exactly {
        /// How many.
        count: u8,
        /// Of these.
        of: Vec<Condition>,
    },
    /// Whole formations leaving the map: `count` of the listed
    /// formations, each with all its units out by one of `via`, and with
    /// `distinct_parents` no two from the same parent formation: "four
    /// infantry divisions of different corps" (Wavre 3, seed 001 l. 2960).
    ExitFormations {
        /// Exits that count.
        via: Vec<Location>,
        /// The candidate formations.
        formations: Vec<String>,
        /// How many of them.
        count: u16,
        /// No two with the same parent formation.
        #[serde(default)]
        distinct_parents: bool,
        /// Series state id they must leave in ("in good order").
        #[serde(default, skip_serializing_if = "Option::is_none")]
        state: Option<String>,
    },
    /// Something that happened during the game: "Napoleon [eliminated]:
    /// the game is over and it is a major Allied victory" (SR 13, seed 001
    /// l. 3270) is `Happened(Eliminated(..))` with `outcome: major`.
    Happened(crate::scenario::trigger::Trigger),
    /// A condition kept as text.
    Text(String),
}
