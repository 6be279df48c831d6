//! Rule changes a battle or scenario makes to its series (Canope: three
//! cavalry per hex; Rivoli: two counters of one name at most, no squares).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::series::{EntryRules, Series, TerrainType};
use crate::stacking::{
    Combination, ForbiddenPair, GroupLimit, Limit, PairOnlyIn,
};

/// Changes to a series' rules.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct RuleOverrides {
    /// Stacking changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stacking: Option<StackingOverride>,
    /// Formations that may not be used at all (Rivoli forbids squares).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_formations: Vec<String>,
    /// Terrain types added, or replaced when the id exists.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<TerrainType>,
    /// Formations added, or replaced when the id exists (Canope: no
    /// square in a redoubt hex).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formations: Vec<crate::series::FormationDef>,
    /// Replacement entry rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<EntryRules>,
    /// Entry stack limits added to the series' entry rules (after
    /// `entry`), without restating them (Waterloo SR 1: Prussian units
    /// enter unstacked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_entry_stack_limits: Vec<crate::series::EntryStackLimit>,
    /// Rulebook section of the battle rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// Changes to stacking rules, applied in field order: removals first.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct StackingOverride {
    /// Names of allowed combinations to drop.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_allowed: Vec<String>,
    /// Combinations to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_allowed: Vec<Combination>,
    /// Names of limits to drop.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove_limits: Vec<String>,
    /// Limits to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_limits: Vec<Limit>,
    /// Forbidden pairs to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_forbidden: Vec<ForbiddenPair>,
    /// Group limits to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_group_limits: Vec<GroupLimit>,
    /// Pairs allowed only in some hexes to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add_pairs_only_in: Vec<PairOnlyIn>,
}

impl Series {
    /// This series with `overrides` applied.
    pub fn with_overrides(&self, overrides: &RuleOverrides) -> Series {
        let mut series = self.clone();
        if let (Some(stacking), Some(change)) =
            (series.stacking.as_mut(), overrides.stacking.as_ref())
        {
            stacking
                .allowed
                .retain(|c| !change.remove_allowed.contains(&c.name));
            stacking.allowed.extend(change.add_allowed.iter().cloned());
            stacking
                .limits
                .retain(|l| !change.remove_limits.contains(&l.name));
            stacking.limits.extend(change.add_limits.iter().cloned());
            stacking
                .forbidden
                .extend(change.add_forbidden.iter().cloned());
            stacking
                .group_limits
                .extend(change.add_group_limits.iter().cloned());
            stacking
                .pairs_only_in
                .extend(change.add_pairs_only_in.iter().cloned());
        }
        series
            .formations
            .retain(|f| !overrides.forbidden_formations.contains(&f.id));
        for terrain in &overrides.terrain {
            match series.terrain.iter_mut().find(|t| t.id == terrain.id) {
                Some(existing) => *existing = terrain.clone(),
                None => series.terrain.push(terrain.clone()),
            }
        }
        for formation in &overrides.formations {
            match series.formations.iter_mut().find(|f| f.id == formation.id) {
                Some(existing) => *existing = formation.clone(),
                None => series.formations.push(formation.clone()),
            }
        }
        if let Some(entry) = &overrides.entry {
            series.entry = Some(entry.clone());
        }
        // A series without entry rules has no entry simulation for the
        // limits to bind: the entry rule ENT008 reports them unused.
        if let Some(entry) = series.entry.as_mut() {
            entry
                .stack_limits
                .extend(overrides.add_entry_stack_limits.iter().cloned());
        }
        series
    }
}
