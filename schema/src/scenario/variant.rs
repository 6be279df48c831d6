//! A scenario written as another one "except ...": the rulebook's variants
//! ("I Corps, as described in the scenario 1", 001 l. 2710; "follow the
//! reinforcement schedule from the historical scenario for the IV Corps and
//! the II Corps", l. 2801; "one hour earlier than the schedule", l. 2851;
//! "Instead of entering as shown in the scenario 1, Mouton enters at 1600",
//! l. 2480).
//!
//! A variant names its `base` scenario file and states only what differs.
//! It is what the file says; the scenario every tool checks and shows is
//! the one [`super::apply_variant`] resolves from the base and these
//! changes (`schema::pack::load_scenario` reads the chain of files).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{
    Arrival, Attachment, FeatureState, Instruction, LeaderRole, Losses,
    MoraleGroup, Placed, Release, SpecialRule, TurnRef, TurnTrack, UnitSet,
    VictoryCondition, Withdrawal,
};
use crate::common::{Provenance, ScenarioTag};
use crate::placement::Location;
use crate::series::overrides::RuleOverrides;

/// A scenario file that names a `base` scenario and states its changes.
/// Every field it states replaces the base's; what it leaves out is
/// inherited.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioVariant {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `scenario`.
    pub kind: ScenarioTag,
    /// Format version of this file: 2 (variants are new in version 2).
    #[schemars(range(min = 2, max = 2))]
    pub format_version: u32,
    /// Stable identifier of this scenario.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Path of the base scenario file, relative to this file (itself a
    /// scenario or a variant).
    pub base: String,
    /// The series (a standard series' name or a path); the base's when
    /// left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<String>,
    /// Path of the map file; when stated it must be the base's map (the
    /// inherited hexes and places are the base map's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    /// Path of the counters file; when stated it must be the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<String>,
    /// Introduction as printed; the base's when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The turn track; the base's when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<TurnTrack>,
    /// Side that sets up first; the base's when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets_up_first: Option<String>,
    /// Side that moves first; the base's when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_first: Option<String>,
    /// Changes to the base's sides, each naming its side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<SideChanges>,
    /// Victory conditions replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<Vec<VictoryCondition>>,
    /// Victory conditions replacing the inherited one with the same `id`,
    /// in its place (ignored when `victory` is stated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replace_victory: Vec<VictoryCondition>,
    /// Ids of inherited victory conditions to leave out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_victory: Vec<String>,
    /// Victory conditions added after the inherited ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_victory: Vec<VictoryCondition>,
    /// Special rules replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_rules: Option<Vec<SpecialRule>>,
    /// Special rules replacing the inherited one with the same `id`, in
    /// its place (ignored when `special_rules` is stated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replace_special_rules: Vec<SpecialRule>,
    /// Ids of inherited special rules to leave out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_special_rules: Vec<String>,
    /// Special rules added after the inherited ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_special_rules: Vec<SpecialRule>,
    /// Rule changes replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_overrides: Option<RuleOverrides>,
    /// Map feature states replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_state: Option<Vec<FeatureState>>,
    /// Map feature states changed: each replaces the inherited state of the
    /// same feature at the same place, in its place, or is added after the
    /// inherited ones ("The bridge is not damaged", Wavre 5, seed 001
    /// l. 2988, on Wavre 1's damaged bridges). Ignored when `map_state` is
    /// stated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_map_state: Vec<FeatureState>,
    /// Sources and choices of this variant, added after the base's (which
    /// still explain the inherited parts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
}

/// One side's changes. A list stated whole (`instructions`, `setup`,
/// `reinforcements`, `absent`, ...) replaces the base's; the edits
/// (`replace_instructions`, `drop_setup`, `keep_arrivals`, ...) change the
/// inherited list and are ignored when the whole list is stated.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct SideChanges {
    /// Side id, one of the base's sides.
    pub side: String,
    /// Setup instructions replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<Vec<Instruction>>,
    /// Instructions replacing the base's instruction with the same `id`, in
    /// its place.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replace_instructions: Vec<Instruction>,
    /// Ids of inherited instructions to leave out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_instructions: Vec<String>,
    /// Instructions added after the inherited ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_instructions: Vec<Instruction>,
    /// Concrete setup replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Vec<Placed>>,
    /// Inherited placed units to leave out (by unit or formation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop_setup: Option<UnitSet>,
    /// Placed units added after the inherited ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_setup: Vec<Placed>,
    /// Reinforcement schedule replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinforcements: Option<Vec<Arrival>>,
    /// Only the inherited arrivals of these units or formations are kept
    /// ("follow the reinforcement schedule from the historical scenario for
    /// the IV Corps and the II Corps", l. 2801).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_arrivals: Option<UnitSet>,
    /// Inherited arrivals of these units or formations are left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drop_arrivals: Option<UnitSet>,
    /// Only the inherited arrivals inside this window are kept: "Reinforcements:
    /// Per scenario 1" in Quatre-Bras 2, which starts at 1800 (l. 2094,
    /// 2112), keeps scenario 1's arrivals from 1800 on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_arrivals_within: Option<ArrivalWindow>,
    /// Inherited arrivals inside any of these windows are left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_arrivals_within: Vec<ArrivalWindow>,
    /// Inherited arrivals moved in time ("one hour earlier", l. 2851).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shift_arrivals: Vec<ArrivalShift>,
    /// Arrivals added after the inherited ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_reinforcements: Vec<Arrival>,
    /// Unused units, replacing the base's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<Vec<String>>,
    /// Activation markers in the pool at start, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub markers_at_start: Option<Vec<String>>,
    /// Special markers, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special_markers: Option<Vec<String>>,
    /// Losses at start, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<Vec<Losses>>,
    /// Attachments, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attachments: Option<Vec<Attachment>>,
    /// Morale groups, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<Vec<MoraleGroup>>,
    /// Morale groups added after the inherited ones (a corps the base does
    /// not have).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_morale: Vec<MoraleGroup>,
    /// Retreat destinations, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<Vec<Location>>,
    /// Lines of communication, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines_of_communication: Option<Vec<Location>>,
    /// Withdrawals, replacing the base's (Quatre-Bras 2 starts at 1800,
    /// after scenario 1's Guard cavalry has withdrawn, l. 2083).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawals: Option<Vec<Withdrawal>>,
    /// Movement releases, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub releases: Option<Vec<Release>>,
    /// Leader roles, replacing the base's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaders: Option<Vec<LeaderRole>>,
}

/// Inherited arrivals chosen by time, and by unit. Both times are read on
/// the base's turn track (the inherited arrivals were written for it), both
/// included; a missing bound leaves that end open. An arrival whose own
/// time does not read on the base's track is never inside a window.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct ArrivalWindow {
    /// Whose arrivals (an arrival whose `formation` is selected is taken
    /// whole, otherwise only its selected units); every arrival of the side
    /// when empty.
    #[serde(default)]
    pub units: UnitSet,
    /// The earliest arrival time inside the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<TurnRef>,
    /// The latest arrival time inside the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<TurnRef>,
}

/// Inherited arrivals moved in time. An arrival is moved whole when its
/// formation or any of its units is selected.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArrivalShift {
    /// Whose arrivals; every inherited arrival of the side when empty.
    #[serde(default)]
    pub units: UnitSet,
    /// Minutes to add: `-60` is "one hour earlier". The new time must
    /// start a turn of the track.
    pub minutes: i32,
}
