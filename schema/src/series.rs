//! A game series' rules as data: unit classes, ratings, counter sides and
//! formations, terrain and hexside types with movement costs, stacking, and
//! reinforcement entry. A modder adds a series by writing one of these files.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{Provenance, SeriesTag};
use crate::series::overrides::RuleOverrides;
use crate::stacking::Stacking;

mod counter_art;
mod entry_delay;
mod entry_limit;
mod night;
mod zoc;

pub use counter_art::{CounterArt, CounterSideArt, CounterSlot};
pub use entry_delay::{DelaySpan, EntryDelay, PhaseDef, RetryAt};
pub use entry_limit::EntryStackLimit;
pub use night::{NightDef, NightRally, NightRecovery, NightTurn, TurnRule};
pub use zoc::ZoneOfControl;

pub mod overrides;

/// A series rules file (`schema/series/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Series {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `series`.
    pub kind: SeriesTag,
    /// Format version of this file: 2; version 1 is still read (through
    /// the migration, `berthier-validate migrate`).
    #[schemars(range(min = 1, max = 2))]
    pub format_version: u32,
    /// Stable identifier, e.g. `jours-de-gloire`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rules edition, e.g. "v3.2 (October 2011)".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// A battle-specific variant names the series it builds on (a
    /// standard series' name such as `jours-de-gloire-empire@1`, or the
    /// path of a series file relative to this one) and lists its
    /// `overrides`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// Rule changes applied on top of `extends`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<RuleOverrides>,
    /// Dice used, e.g. "1d10, 0 reads zero".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// Rating names printed on counters.
    #[serde(default)]
    pub ratings: Vec<RatingDef>,
    /// Unit classes (infantry, cavalry, leader, ...).
    #[serde(default)]
    pub unit_classes: Vec<UnitClass>,
    /// Unit states (good order, disordered, routed, ...).
    #[serde(default)]
    pub states: Vec<StateDef>,
    /// Formations a unit can be in (line, column, square, limbered, ...).
    #[serde(default)]
    pub formations: Vec<FormationDef>,
    /// Hex terrain types.
    #[serde(default)]
    pub terrain: Vec<TerrainType>,
    /// Hexside feature types (river, stream, slope, bridge, redoubt, ...).
    #[serde(default)]
    pub hexside_types: Vec<HexsideType>,
    /// Road classes (road, track, trail, ...).
    #[serde(default)]
    pub road_types: Vec<RoadType>,
    /// Stacking rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacking: Option<Stacking>,
    /// How reinforcements enter the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<EntryRules>,
    /// Facing rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<FacingRules>,
    /// Units that may not stand next to an enemy unit without friendly
    /// company (Jours de Gloire: artillery in an enemy ZoC, a lone
    /// commander-in-chief).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_contact: Vec<EnemyContact>,
    /// Where a zone of control does not reach although the hexes are
    /// adjacent (Jours de Gloire 6.2: not across impassable hexsides, not
    /// into fortifications); read by `enemy_contact`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone_of_control: Option<ZoneOfControl>,
    /// When a formation is demoralized by the state of its units on the
    /// map (Jours de Gloire Empire 11.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demoralization: Option<Demoralization>,
    /// Kinds of weather a turn track may name (Vive l'Empereur: rain,
    /// seed 001 l. 3102).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weather: Vec<WeatherDef>,
    /// The night: its turns, what they forbid, recovery and rally (Le
    /// Retour de l'Empereur, "Night and Rain turns", seed 001 l. 3098).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub night: Option<NightDef>,
    /// Phases of a turn that entry rules may name (a delay "until the
    /// rally phase"); the sequence of play in rulebook order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<PhaseDef>,
    /// How the counters are printed: the front side, bands, nationality
    /// colours (ratings' places are `ratings[].position`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter_art: Option<CounterArt>,
    /// A start written by an import (a VASSAL module holds no rules), not
    /// a finished series: berthier-validate warns of each part still
    /// missing (REF046) until the modder completes it and removes the
    /// mark, so a pack's CI is not green by accident.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stub: bool,
    /// What was read from which rulebook section, and what is unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
}

/// A kind of weather.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeatherDef {
    /// Identifier turn tracks use, e.g. `rain`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What a turn of it forbids or limits ("The following rules apply
    /// during the rain or night turns", seed 001 l. 3104).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<TurnRule>,
    /// What it changes, as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A rating printed on counters (strength, cohesion, fire, morale, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingDef {
    /// Identifier used in counters files, e.g. `strength`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What it means and where it is printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Where it is printed on a counter side; without one it takes the
    /// first free place ([`CounterSlot::FILL_ORDER`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<CounterSlot>,
}

/// What a unit's class is used for, when a special unit counts as one class
/// for some purposes and another for others (Canope's Dromadaire).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// Movement costs and permissions.
    Movement,
    /// Stacking limits.
    Stacking,
    /// Fire and shock.
    Combat,
    /// Victory conditions and morale.
    Victory,
}

/// A unit class: infantry, cavalry, artillery, leader...
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitClass {
    /// Identifier, e.g. `heavy_cavalry`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The broad arm this class belongs to (`infantry`, `cavalry`,
    /// `artillery`, `leader`), used by rules written per arm.
    pub arm: String,
    /// Leaders and commanders (not combat units).
    #[serde(default)]
    pub leader: bool,
    /// Ratings a counter of this class carries, per counter side id (the
    /// side ids come from `states` and `formations`).
    #[serde(default)]
    pub ratings: BTreeMap<String, Vec<String>>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A unit state (good order, disordered, routed, disorganized, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StateDef {
    /// Identifier, e.g. `routed`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The counter side showing (e.g. `disordered` for routed units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter_side: Option<String>,
    /// The default state for units placed without one.
    #[serde(default)]
    pub default: bool,
}

/// How a formation faces.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FacingKind {
    /// The counter's top faces a hex vertex (two front hexes).
    Vertex,
    /// The counter's top faces a hexside (one front hex).
    Hexside,
    /// No facing: all six hexes are front.
    AllAround,
}

/// A formation a unit can adopt (line, column, square, limbered, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    /// Identifier, e.g. `square`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Classes that may adopt it.
    pub classes: Vec<String>,
    /// The counter side showing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter_side: Option<String>,
    /// How a unit in this formation faces.
    pub facing: FacingKind,
    /// Number of front hexes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_hexes: Option<u8>,
    /// Terrain types where it is allowed (empty: anywhere passable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_in: Vec<String>,
    /// Terrain types where it is mandatory for its classes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mandatory_in: Vec<String>,
    /// States a unit must be in to adopt it (empty: any state). Jours de
    /// Gloire's square: only units "neither disordered nor routed".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
    /// Tags a unit must carry one of to adopt it (empty: no tag needed).
    /// Vive l'Empereur's tirailleurs: light infantry only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Per class: a friendly unit in the same hex one of its units needs
    /// to adopt it. Jours de Gloire's square: artillery "only if stacked
    /// with an infantry unit which is also in square".
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub needs_company: BTreeMap<String, crate::stacking::Selector>,
    /// Not allowed in a hex holding a redoubt (Canope 4.2: "a square
    /// counter may not be placed in such a hex").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_in_redoubt: bool,
    /// Whether a setup may place units in it (cavalry line exists only
    /// during a charge in Vive l'Empereur).
    #[serde(default = "yes")]
    pub allowed_at_setup: bool,
    /// The counter sits on a hexside and the unit occupies the hexes on
    /// both sides (Vive l'Empereur IV.6, VI.3: tirailleurs); a setup
    /// names the second hex with `on_hexside`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub covers_two_hexes: bool,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

fn yes() -> bool {
    true
}

/// Movement point cost for one unit class.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
pub enum Cost {
    /// This many movement points (for a hexside: this many extra).
    Mp(u8),
    /// The unit may not enter (or cross).
    NotAllowed,
    /// Use the cost of the other terrain in the hex.
    UseOther,
    /// Not printed in the surviving rulebook text.
    Unknown,
}

/// A hex terrain type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainType {
    /// Identifier used in map files, e.g. `woods`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Other names for it in the rulebooks (translations, synonyms).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// Movement cost per unit class id.
    #[serde(default)]
    pub movement: BTreeMap<String, Cost>,
    /// No unit may ever enter (sea, lake).
    #[serde(default)]
    pub impassable: bool,
    /// Unit classes whose `NotAllowed` here holds even where a road or
    /// trail runs through the hex. Without it a road lets a class in
    /// wherever its own cost is not `NotAllowed` ("movement not allowed in
    /// forest, brush, or marsh, except through a road", Vive l'Empereur
    /// IV.11); a prohibition no road lifts is listed here (Vive
    /// l'Empereur's fortified farms, special rule 2: "Cavalry and artillery
    /// are not allowed inside").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_lifted_by_road: Vec<String>,
    /// Units here have all six hexes as front (towns, villages, castles).
    #[serde(default)]
    pub six_fronts: bool,
    /// Display colour for the editor, `#rrggbb`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9a-fA-F]{6}$"))]
    pub colour: Option<String>,
    /// Notes (combat modifiers, charges, line of sight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Rulebook section or chart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A hexside feature type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideType {
    /// Identifier used in map files, e.g. `slope`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Other names for it in the rulebooks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The feature has a high (or inner) side that map files must name.
    #[serde(default)]
    pub directed: bool,
    /// A slope: it marks a change of elevation, its high side being the
    /// upper level (map checks compare it with painted levels).
    #[serde(default)]
    pub slope: bool,
    /// Extra movement cost to cross, per unit class id.
    #[serde(default)]
    pub movement: BTreeMap<String, Cost>,
    /// No unit may cross except where a crossing feature (bridge, ford)
    /// or a road says otherwise.
    #[serde(default)]
    pub impassable: bool,
    /// Makes an impassable hexside crossable (bridge, ford).
    #[serde(default)]
    pub crossing: bool,
    /// Roads and tracks crossing it avoid its extra cost.
    #[serde(default)]
    pub negated_by_road: bool,
    /// Display colour for the editor, `#rrggbb`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9a-fA-F]{6}$"))]
    pub colour: Option<String>,
    /// Notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Rulebook section or chart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A road class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoadType {
    /// Identifier used in map files, e.g. `track`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Cost per hex moved along it, per unit class id.
    #[serde(default)]
    pub movement: BTreeMap<String, Cost>,
    /// Display colour for the editor, `#rrggbb`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = r"^#[0-9a-fA-F]{6}$"))]
    pub colour: Option<String>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// How a column of reinforcements pays to enter.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ColumnCost {
    /// The k-th stack pays k times the entry hex cost (Jours de Gloire 5.2).
    MultiplyPerStack,
    /// Each further unit loses one more movement point (Vive l'Empereur
    /// XIII on a road).
    MinusOnePerUnit,
    /// Every unit pays the entry hex cost once.
    Flat,
    /// The k-th unit spends `first + step × (k - 1)` movement points to
    /// enter on top of the entry hex cost, on a road or trail only when
    /// `road_only` (Waterloo 1: "Each unit entering spends one MP to enter,
    /// the following spends 2 MP to enter, and so on", seed 001 l. 2668,
    /// is `first: 1, step: 1`; `minus_one_per_unit` is `first: 0, step: 1,
    /// road_only: true`). A series or scenario states a column cost the
    /// named ones do not cover without code.
    PerPosition {
        /// Points the first unit spends.
        first: u8,
        /// Points each next unit spends more than the one before.
        step: u8,
        /// Only when the entry is on a road or trail.
        #[serde(default)]
        road_only: bool,
    },
}

impl ColumnCost {
    /// Whether the cost depends on the entry being on a road or trail.
    pub fn needs_road(self) -> bool {
        matches!(
            self,
            Self::MinusOnePerUnit
                | Self::PerPosition {
                    road_only: true,
                    ..
                }
        )
    }
}

/// How reinforcements enter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryRules {
    /// Column entry cost.
    pub column_cost: ColumnCost,
    /// Reinforcements enter force-marching (movement allowance multiplied).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march_factor: Option<u8>,
    /// Reinforcements may not force march when an enemy unit is this many
    /// hexes or fewer from the entry hex as they arrive (Jours de Gloire
    /// 5.2, seed 000 l. 333: "if an enemy unit is five hexes or less from
    /// the entry hex at the moment the reinforcements arrive ... cannot
    /// force march").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march_enemy_radius: Option<u8>,
    /// When units that could not enter try again.
    pub delay: EntryDelay,
    /// No unit may occupy or be adjacent to an enemy entry hex while
    /// reinforcements are still due there.
    #[serde(default)]
    pub keep_out_radius: Option<u8>,
    /// Caps on the friendly units a unit may enter stacked with, per side
    /// (Waterloo special rule 1: "No unit can enter stacked with another
    /// unit", Prussians only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack_limits: Vec<EntryStackLimit>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// Facing rules for stacked units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FacingRules {
    /// Units in one hex must share a facing...
    pub stacked_share_facing: bool,
    /// ...except units of these classes when stacked with others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exempt_classes: Vec<String>,
    /// Units of different formations must share at least this many front
    /// hexes (Vive l'Empereur V.7 mixed order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mixed_min_shared_fronts: Option<u8>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

impl TerrainType {
    /// Whether units of `class` may not be here even on a road: their cost
    /// is `NotAllowed` and the terrain lists the class in
    /// `not_lifted_by_road`.
    pub fn barred_even_on_road(&self, class: &str) -> bool {
        self.movement.get(class) == Some(&Cost::NotAllowed)
            && self.not_lifted_by_road.iter().any(|c| c == class)
    }
}

impl Series {
    /// The class with `id`.
    pub fn class(&self, id: &str) -> Option<&UnitClass> {
        self.unit_classes.iter().find(|c| c.id == id)
    }

    /// The terrain type with `id`.
    pub fn terrain_type(&self, id: &str) -> Option<&TerrainType> {
        self.terrain.iter().find(|t| t.id == id)
    }

    /// The hexside type with `id`.
    pub fn hexside_type(&self, id: &str) -> Option<&HexsideType> {
        self.hexside_types.iter().find(|t| t.id == id)
    }
}

/// Units that may not be next to an enemy unit unless a friendly unit
/// shares their hex: Jours de Gloire 6.2.1 (artillery may not enter an
/// enemy ZoC unless a friendly unit negates it), 2.6-2.7 (a
/// commander-in-chief may not enter an enemy ZoC alone, and retreats at
/// once when an enemy unit comes next to him alone).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnemyContact {
    /// Name, used in messages.
    pub name: String,
    /// The units it binds.
    pub units: crate::stacking::Selector,
    /// Enemy units that do not count (those without a ZoC: artillery,
    /// routed units, squares). Leader classes never count.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub enemy_exempt: Vec<crate::stacking::Selector>,
    /// A friendly unit in the hex matching this lifts it (an empty
    /// selector: any friendly unit that is not a leader).
    #[serde(default)]
    pub unless_with: crate::stacking::Selector,
    /// An enemy unit counts only where its zone of control reaches the
    /// unit's hex, as the series' `zone_of_control` says (Jours de Gloire
    /// 6.2.1: artillery and an enemy ZoC); otherwise plain adjacency (2.7:
    /// a commander-in-chief alone next to an enemy unit).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub through_zoc: bool,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A formation is demoralized when at least `share_num / share_den` of
/// its units of
/// `classes` on the map are in one of `states` (Jours de Gloire Empire
/// 11.2: all infantry and cavalry disordered or routed; the classic
/// optional rule 11: two thirds routed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Demoralization {
    /// Classes counted (infantry and cavalry).
    pub classes: Vec<String>,
    /// States that count toward it.
    pub states: Vec<String>,
    /// The share's numerator: 1 of 1 is all of them, 2 of 3 two thirds.
    pub share_num: u8,
    /// The share's denominator.
    pub share_den: u8,
    /// What it does, for messages ("one AM only; may not enter an enemy
    /// ZoC").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}
