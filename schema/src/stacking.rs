//! Stacking rules in declarative form, and their evaluation on one hex.
//!
//! Two shapes of rule cover both series without series-specific code:
//! *allowed combinations* (Jours de Gloire: "two units of the same type and
//! formation, or one artillery with one or two infantry, ...") and *limits*
//! on a summed measure (Vive l'Empereur: "up to 10 steps of infantry and
//! artillery or 7 of cavalry"). Forbidden pairs and per-name group limits
//! complete them.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A series' stacking rules.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Classes that never count (leaders); markers are never units.
    #[serde(default)]
    pub exempt_classes: Vec<String>,
    /// If not empty, the counted units of a hex must form one of these.
    #[serde(default)]
    pub allowed: Vec<Combination>,
    /// Caps on a summed measure.
    #[serde(default)]
    pub limits: Vec<Limit>,
    /// Pairs of units that may never share a hex.
    #[serde(default)]
    pub forbidden: Vec<ForbiddenPair>,
    /// Caps on units sharing a name or formation.
    #[serde(default)]
    pub group_limits: Vec<GroupLimit>,
    /// Classes whose units are always on top of their stack, above every
    /// other counted unit (Jours de Gloire 5.1.2: artillery).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_top: Vec<String>,
    /// Pairs of units that may share a hex only where the hex meets a
    /// condition (Vive l'Empereur IV.3: infantry in general order with
    /// limbered artillery only in a town, or in a forest on a road).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs_only_in: Vec<PairOnlyIn>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// One allowed make-up of a hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Combination {
    /// Name, used in messages and by overrides to remove it.
    pub name: String,
    /// Every counted unit falls in exactly one group.
    pub groups: Vec<Group>,
    /// The units' summed rating may not exceed this (Empire: three units
    /// of at most 6 strength points in all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_total: Option<RatingCap>,
}

/// Part of a combination.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// Classes that fit this group.
    pub classes: Vec<String>,
    /// Only units in one of these states fit (empty: any state).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
    /// Fewest units in the group.
    #[serde(default)]
    pub min: u8,
    /// Most units in the group.
    pub max: u8,
    /// All units of the group belong to one formation.
    #[serde(default)]
    pub same_formation: bool,
}

/// A cap on a summed rating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingCap {
    /// Rating id (current side), e.g. `strength`.
    pub rating: String,
    /// Largest allowed sum.
    pub max: i32,
}

/// What a limit sums.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Measure {
    /// Count units.
    Units,
    /// Sum a rating, e.g. `Rating("steps")` (current steps after losses).
    Rating(String),
}

/// A cap on a summed measure over some classes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    /// Name, used in messages and overrides.
    pub name: String,
    /// Classes summed.
    pub classes: Vec<String>,
    /// What is summed.
    pub measure: Measure,
    /// Largest allowed sum.
    pub max: i32,
}

/// Which units a rule speaks of.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Selector {
    /// Units of these classes (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub classes: Vec<String>,
    /// Units in these states (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
    /// Units not in these states.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_states: Vec<String>,
    /// Units in these formations (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub formations: Vec<String>,
    /// Units not in these formations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_formations: Vec<String>,
}

/// Units matching `a` may not share a hex with units matching `b`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForbiddenPair {
    /// Name, used in messages and overrides.
    pub name: String,
    /// One side of the pair.
    pub a: Selector,
    /// The other side.
    pub b: Selector,
}

/// Units matching `a` may share a hex with units matching `b` only where
/// the hex meets one of `hexes` (Vive l'Empereur IV.3, 001 l. 248).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairOnlyIn {
    /// Name, used in messages.
    pub name: String,
    /// One side of the pair.
    pub a: Selector,
    /// The other side.
    pub b: Selector,
    /// The hexes where the pair may stack: any one of these conditions.
    pub hexes: Vec<HexCondition>,
    /// Rulebook section.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

/// A condition on a hex: its terrain, and a road through it.
#[derive(
    Debug, Clone, PartialEq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct HexCondition {
    /// Terrain type ids the hex must be painted with (empty: any).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<String>,
    /// A road must run through the hex.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_road: bool,
    /// With `on_road`: the road classes that count (empty: any road).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub road_classes: Vec<String>,
}

/// What a hex offers to a [`HexCondition`]: its terrain id and the classes
/// of the roads through it.
#[derive(Debug, Clone, Copy)]
pub struct HexFacts<'a> {
    /// Painted terrain type id.
    pub terrain: &'a str,
    /// Classes of the roads running through the hex.
    pub roads: &'a [&'a str],
}

impl HexCondition {
    /// Whether a hex with these facts meets the condition.
    pub fn holds(&self, hex: HexFacts<'_>) -> bool {
        let terrain = self.terrain.is_empty()
            || self.terrain.iter().any(|t| t == hex.terrain);
        let road = !self.on_road
            || hex.roads.iter().any(|r| {
                self.road_classes.is_empty()
                    || self.road_classes.iter().any(|c| c == r)
            });
        terrain && road
    }

    /// The condition in words ("forest on a road").
    pub fn describe(&self) -> String {
        let terrain = if self.terrain.is_empty() {
            "any terrain".to_owned()
        } else {
            self.terrain.join(" or ")
        };
        match (self.on_road, self.road_classes.is_empty()) {
            (false, _) => terrain,
            (true, true) => format!("{terrain} on a road"),
            (true, false) => {
                format!("{terrain} on a {}", self.road_classes.join(" or "))
            }
        }
    }
}

impl PairOnlyIn {
    /// The first two counted units of `units` that form the pair, if
    /// any, whatever the hex.
    pub fn offenders<'a>(
        &self,
        units: &[&'a StackUnit],
    ) -> Option<(&'a str, &'a str)> {
        first_pair(units, &self.a, &self.b)
    }

    /// Whether the pair may stack in a hex with these facts.
    pub fn allowed_in(&self, hex: HexFacts<'_>) -> bool {
        self.hexes.iter().any(|c| c.holds(hex))
    }

    /// Where the pair may stack, in words.
    pub fn describe_hexes(&self) -> String {
        let each: Vec<String> =
            self.hexes.iter().map(HexCondition::describe).collect();
        each.join(", or ")
    }
}

/// What units are grouped by for a group limit.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum GroupKey {
    /// The name printed on the counter ("Lebley").
    Name,
    /// The formation (colour band).
    Formation,
}

/// At most `max` counted units of one name (or formation) per hex.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLimit {
    /// Name, used in messages and overrides.
    pub name: String,
    /// Grouping key.
    pub key: GroupKey,
    /// Largest group.
    pub max: u32,
}

/// One unit in a hex, as the stacking rules see it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StackUnit {
    /// Unit id (for messages).
    pub id: String,
    /// Class for stacking purposes.
    pub class: String,
    /// Formation id (command), for `same_formation`.
    pub formation: String,
    /// Printed name, for name group limits.
    pub name: String,
    /// State (good order, routed, ...).
    pub state: String,
    /// Tactical formation (line, square, ...), if any.
    pub posture: Option<String>,
    /// Known current ratings.
    pub ratings: BTreeMap<String, i32>,
}

impl Selector {
    /// Whether `unit` matches.
    pub fn matches(&self, unit: &StackUnit) -> bool {
        let posture = unit.posture.as_deref().unwrap_or("");
        (self.classes.is_empty() || self.classes.contains(&unit.class))
            && (self.states.is_empty() || self.states.contains(&unit.state))
            && !self.not_states.contains(&unit.state)
            && (self.formations.is_empty()
                || self.formations.iter().any(|f| f == posture))
            && !self.not_formations.iter().any(|f| f == posture)
    }
}

impl Stacking {
    /// Every way the units of one hex break these rules, as sentences.
    pub fn violations(&self, units: &[StackUnit]) -> Vec<String> {
        let counted: Vec<&StackUnit> = units
            .iter()
            .filter(|u| !self.exempt_classes.contains(&u.class))
            .collect();
        let mut found = Vec::new();
        if !self.allowed.is_empty()
            && counted.len() > 1
            && !self.allowed.iter().any(|c| c.admits(&counted))
        {
            let names: Vec<&str> =
                self.allowed.iter().map(|c| c.name.as_str()).collect();
            found.push(format!(
                "{} units stacked do not form an allowed stack (allowed: {})",
                counted.len(),
                names.join("; ")
            ));
        }
        for limit in &self.limits {
            let total = limit.total(&counted);
            if total > limit.max {
                found.push(format!(
                    "{}: {} exceeds the limit of {}",
                    limit.name, total, limit.max
                ));
            }
        }
        for pair in &self.forbidden {
            if let Some((a, b)) = pair.offenders(&counted) {
                found.push(format!("{}: {} with {}", pair.name, a, b));
            }
        }
        for group in &self.group_limits {
            found.extend(group.violations(&counted));
        }
        found
    }
}

impl Limit {
    fn total(&self, units: &[&StackUnit]) -> i32 {
        units
            .iter()
            .filter(|u| self.classes.contains(&u.class))
            .map(|u| match &self.measure {
                Measure::Units => 1,
                Measure::Rating(r) => u.ratings.get(r).copied().unwrap_or(0),
            })
            .sum()
    }
}

impl ForbiddenPair {
    fn offenders<'a>(
        &self,
        units: &[&'a StackUnit],
    ) -> Option<(&'a str, &'a str)> {
        first_pair(units, &self.a, &self.b)
    }
}

impl GroupLimit {
    fn violations(&self, units: &[&StackUnit]) -> Vec<String> {
        let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
        for unit in units {
            let key = match self.key {
                GroupKey::Name => unit.name.as_str(),
                GroupKey::Formation => unit.formation.as_str(),
            };
            *counts.entry(key).or_default() += 1;
        }
        counts
            .into_iter()
            .filter(|(_, n)| *n > self.max)
            .map(|(key, n)| {
                format!(
                    "{}: {n} counters of {key} (at most {})",
                    self.name, self.max
                )
            })
            .collect()
    }
}

impl Combination {
    /// Whether the counted units can be split among the groups.
    pub fn admits(&self, units: &[&StackUnit]) -> bool {
        if let Some(cap) = &self.max_total {
            let sum: i32 = units
                .iter()
                .map(|u| u.ratings.get(&cap.rating).copied().unwrap_or(0))
                .sum();
            if sum > cap.max {
                return false;
            }
        }
        let mut slots: Vec<Vec<&StackUnit>> =
            vec![Vec::new(); self.groups.len()];
        self.assign(units, &mut slots)
    }

    fn assign<'a>(
        &self,
        rest: &[&'a StackUnit],
        slots: &mut Vec<Vec<&'a StackUnit>>,
    ) -> bool {
        let Some((unit, rest)) = rest.split_first() else {
            return self
                .groups
                .iter()
                .zip(slots.iter())
                .all(|(g, s)| s.len() >= usize::from(g.min));
        };
        for (i, group) in self.groups.iter().enumerate() {
            if group.fits(unit, &slots[i]) {
                slots[i].push(unit);
                if self.assign(rest, slots) {
                    return true;
                }
                slots[i].pop();
            }
        }
        false
    }
}

impl Group {
    fn fits(&self, unit: &StackUnit, members: &[&StackUnit]) -> bool {
        members.len() < usize::from(self.max)
            && self.classes.contains(&unit.class)
            && (self.states.is_empty() || self.states.contains(&unit.state))
            && (!self.same_formation
                || members.iter().all(|m| m.formation == unit.formation))
    }
}

/// The first unit of `units` matching `a` that has a partner matching `b`
/// (another unit id), with the first such partner: what a search of every
/// `b` for every `a` finds, in one pass. The two-loop search was quadratic
/// in the stack, which a list of thousands of duplicated setup entries in
/// one hex makes long.
fn first_pair<'a>(
    units: &[&'a StackUnit],
    a: &Selector,
    b: &Selector,
) -> Option<(&'a str, &'a str)> {
    let first_b = units.iter().find(|u| b.matches(u))?;
    // The partner of an `a` that is `first_b`'s unit itself.
    let other_b = units.iter().find(|u| u.id != first_b.id && b.matches(u));
    units.iter().filter(|u| a.matches(u)).find_map(|unit| {
        let partner = if unit.id == first_b.id {
            other_b?
        } else {
            first_b
        };
        Some((unit.id.as_str(), partner.id.as_str()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(id: u8, class: u8) -> StackUnit {
        StackUnit {
            id: format!("u{id}"),
            class: format!("c{class}"),
            ..StackUnit::default()
        }
    }

    fn of_class(class: u8) -> Selector {
        Selector {
            classes: vec![format!("c{class}")],
            ..Selector::default()
        }
    }

    proptest::proptest! {
        /// The one-pass search finds the pair the search of every `b` for
        /// every `a` finds (repeated ids stand for duplicated entries).
        #[test]
        fn first_pair_is_the_first_of_all_pairs(
            units in proptest::collection::vec((0..4u8, 0..3u8), 0..12),
            a in 0..3u8,
            b in 0..3u8,
        ) {
            let units: Vec<StackUnit> =
                units.into_iter().map(|(id, class)| unit(id, class)).collect();
            let refs: Vec<&StackUnit> = units.iter().collect();
            let (a, b) = (of_class(a), of_class(b));
            let all_pairs = refs.iter().find_map(|x| {
                refs.iter()
                    .find(|y| x.id != y.id && a.matches(x) && b.matches(y))
                    .map(|y| (x.id.as_str(), y.id.as_str()))
            });
            proptest::prop_assert_eq!(first_pair(&refs, &a, &b), all_pairs);
        }
    }
}
