//! Counters: the sides, the command hierarchy and every unit and leader of a
//! battle, with the ratings printed on each counter side.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::common::{CountersTag, Provenance};
use crate::series::Purpose;

pub mod include;

/// A counters file (`counters/<battle>/*.counters.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// URL or path of the JSON Schema (JSON files only).
    #[serde(
        rename = "$schema",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub schema: Option<String>,
    /// Always `counters`.
    pub kind: CountersTag,
    /// Format version of this file: 2; version 1 is still read (through
    /// the migration, `berthier-validate migrate`).
    #[schemars(range(min = 1, max = 2))]
    pub format_version: u32,
    /// Stable identifier, e.g. `rivoli-1797`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The series: a standard series' name (`vive-l-empereur`, pinned
    /// `vive-l-empereur@1`) or the path of a series file relative to this
    /// file.
    pub series: String,
    /// Counters files whose sides, formations, units and markers this
    /// battle uses as its own (an army defined once for every battle it
    /// fought: [`crate::include`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub include: Vec<crate::counters::include::CountersInclude>,
    /// The sides (armies) and their nationalities.
    pub sides: Vec<Side>,
    /// The command hierarchy: army, wing, corps, division, brigade,
    /// formation.
    #[serde(default)]
    pub formations: Vec<Formation>,
    /// Every counter: combat units and leaders.
    #[serde(default)]
    pub units: Vec<Unit>,
    /// Special markers (Furia Francese, combined activation markers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    /// What was read from a rulebook, what is unknown.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub provenance: Vec<Provenance>,
    /// Unit ids to positions, built on first lookup: scenarios look units
    /// up once per setup entry, and a linear search made that quadratic.
    #[serde(skip)]
    #[schemars(skip)]
    unit_index: IdIndex,
    /// Formation ids to positions, likewise.
    #[serde(skip)]
    #[schemars(skip)]
    formation_index: IdIndex,
}

/// A lazily built id-to-position index. It never decides equality or
/// identity of documents (two indexes always compare equal) and a clone
/// starts empty, so it is invisible outside lookups.
#[derive(Default)]
struct IdIndex(OnceLock<HashMap<String, usize>>);

impl Clone for IdIndex {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl PartialEq for IdIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for IdIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("IdIndex")
    }
}

impl IdIndex {
    /// The item with `id`: through the index when it is still right, else
    /// by a scan (the list may have changed since the index was built).
    fn find<'a, T>(
        &self,
        items: &'a [T],
        id: &str,
        key: impl Fn(&T) -> &str,
    ) -> Option<&'a T> {
        let index = self.0.get_or_init(|| {
            items
                .iter()
                .enumerate()
                .map(|(i, item)| (key(item).to_owned(), i))
                .collect()
        });
        if let Some(item) = index.get(id).and_then(|i| items.get(*i))
            && key(item) == id
        {
            return Some(item);
        }
        items.iter().find(|item| key(item) == id)
    }
}

/// A side (army).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Identifier, e.g. `french`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Nationalities serving on this side.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nationalities: Vec<Nationality>,
}

/// A nationality (counter background colour).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Nationality {
    /// Identifier, e.g. `kgl`.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// A node of the command hierarchy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    /// Identifier, e.g. `joubert`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Side id.
    pub side: String,
    /// Level: army, wing, corps, division, brigade, formation, column...
    pub level: String,
    /// Parent formation id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Leader unit id commanding it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commander: Option<String>,
    /// Colour band on its counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// Its activation markers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub activation_markers: Vec<ActivationMarker>,
    /// Stated when the rulebook names the formation but prints none of its
    /// units: "the X corps under Lamarque ... is made of 2 divisions
    /// including a brigade of Young Guard" (seed 001 l. 3128). Scenarios
    /// may then bring or place it whole; what needs its units (entry
    /// stacking, set-up zones, steps) is reported not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units_unknown: Option<UnitsUnknown>,
}

/// What the rulebook prints of a formation whose units it never lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsUnknown {
    /// Its composition in the rulebook's words ("2 divisions including a
    /// brigade of Young Guard").
    pub composition: String,
    /// Its size in steps, where printed (the X Corps' 36, SR 5, seed 001
    /// l. 3199); unknown when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<u16>,
}

/// An activation marker of a formation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActivationMarker {
    /// Identifier, unique in the file, e.g. `joubert-1`.
    pub id: String,
    /// Printed code (`O` normal, `C` combined).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Printed initiative number; absent when not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<i16>,
}

/// A special marker used by a battle's rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// Identifier, e.g. `furia-francese`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Side id, if it belongs to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// How many times per game it may be used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses_per_game: Option<u8>,
    /// What it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// A counter: a combat unit or a leader.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Identifier, unique in the file, e.g. `fr-045` or `lebley-1`.
    pub id: String,
    /// Number printed on the counter, unique per side ("15A", "043").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<String>,
    /// Name printed on the counter ("Lebley", "39e").
    pub name: String,
    /// Full designation ("39th demi-brigade").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub designation: Option<String>,
    /// Side id.
    pub side: String,
    /// Nationality id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nationality: Option<String>,
    /// Unit class id from the series.
    pub class: String,
    /// The class it counts as for some purposes (the Dromadaire moves as
    /// cavalry but stacks as infantry).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub class_as: BTreeMap<Purpose, String>,
    /// Formation id it belongs to (the lowest level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
    /// Ratings per counter side id, per rating id; a rating that is not
    /// printed in the sources is `None` (unknown), never invented.
    #[serde(default)]
    pub ratings: BTreeMap<String, BTreeMap<String, Option<i16>>>,
    /// Ratings that change once the unit has lost steps, by the number of
    /// steps lost (Vive l'Empereur SR 4, three-step artillery: "First step
    /// loss: their value is now 6 as fire value, 1 for melee", seed 001
    /// l. 3181); ratings not listed keep their printed value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ratings_after_losses: Vec<RatingsAfterLosses>,
    /// Light infantry, militia, guard...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Counters {
    /// The unit with `id`.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.unit_index.find(&self.units, id, |u| &u.id)
    }

    /// The formation with `id`.
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formation_index.find(&self.formations, id, |f| &f.id)
    }

    /// Whether `unit` is in `formation` or one of its sub-formations.
    pub fn in_formation(&self, unit: &Unit, formation: &str) -> bool {
        let mut current = unit.formation.as_deref();
        let mut depth = 0;
        while let Some(id) = current {
            if id == formation {
                return true;
            }
            depth += 1;
            if depth > self.formations.len() {
                return false; // a cycle; reported by the validator
            }
            current = self.formation(id).and_then(|f| f.parent.as_deref());
        }
        false
    }
}

impl Unit {
    /// The class this unit counts as for `purpose`.
    pub fn class_for(&self, purpose: Purpose) -> &str {
        self.class_as.get(&purpose).unwrap_or(&self.class)
    }

    /// A known rating on a counter side.
    pub fn rating(&self, side: &str, rating: &str) -> Option<i16> {
        self.ratings.get(side)?.get(rating).copied().flatten()
    }
}

/// A unit's ratings from a number of steps lost on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingsAfterLosses {
    /// Steps lost from which these ratings hold.
    #[schemars(range(min = 1))]
    pub steps_lost: u8,
    /// Per counter side id, per rating id, as `Unit::ratings`.
    pub ratings: BTreeMap<String, BTreeMap<String, Option<i16>>>,
}
