//! Counters files that include other counters files: one army's order of
//! battle defined once (`counters/armee-du-nord-1815/`) and used by every
//! battle it fought, so a game on several maps ("Combining games" 1, seed
//! 001 l. 3007) loads each unit once.
//!
//! A file's effective counters are its own sides, formations, units and
//! markers, followed by those of every file it includes (each already
//! effective), in include order. Own items come first so that a JSON
//! Pointer into the file (`/units/3`) still names the same item in the
//! effective counters. The one merge is [`merge_included`]; reading the
//! files is [`crate::pack::load_counters`] (and the validator's pack,
//! which reads inside a pack root).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::counters::{Counters, Side};

/// One included counters file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountersInclude {
    /// Path of the counters file, relative to this file.
    pub path: String,
    /// Parents given, in this battle, to formations of the included file
    /// that have none there: formation id to parent formation id (of this
    /// file). On 16 June d'Erlon's I Corps is under Ney's left wing at
    /// Quatre-Bras (001 l. 1984) and is the army's at Ligny.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parents: BTreeMap<String, String>,
    /// Commanders given likewise to included formations that have none:
    /// formation id to leader unit id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub commanders: BTreeMap<String, String>,
}

/// The list an id is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemList {
    /// `formations`.
    Formations,
    /// `units`.
    Units,
    /// `markers`.
    Markers,
}

impl ItemList {
    /// The field name in a counters file.
    pub fn field(self) -> &'static str {
        match self {
            Self::Formations => "formations",
            Self::Units => "units",
            Self::Markers => "markers",
        }
    }

    /// The thing it lists, for messages.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Formations => "formation",
            Self::Units => "unit",
            Self::Markers => "marker",
        }
    }
}

/// Where an item of the effective counters was defined: in the file
/// itself (`include: None`) or in its `include`-th included file, at
/// `index` of `list` in that file's effective counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// `None`: the file itself; else the index into `include`.
    pub include: Option<usize>,
    /// The list.
    pub list: ItemList,
    /// Position in that file's (effective) list.
    pub index: usize,
}

/// Why the merge of a file with what it includes is not clean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IncludeProblem {
    /// The same id is defined twice: `first` is kept, `again` dropped.
    Duplicate {
        /// The id.
        id: String,
        /// The definition kept.
        first: Origin,
        /// The one dropped.
        again: Origin,
    },
    /// `parents` or `commanders` of include `include` name a formation
    /// the included file does not define.
    UnknownFormation {
        /// Index into `include`.
        include: usize,
        /// `parents` or `commanders`.
        field: &'static str,
        /// The formation id.
        formation: String,
    },
    /// They set the parent or commander of a formation that already has
    /// one in the included file.
    AlreadySet {
        /// Index into `include`.
        include: usize,
        /// `parents` or `commanders`.
        field: &'static str,
        /// The formation id.
        formation: String,
    },
}

impl Origin {
    /// Where it is, for messages: `units[3] of this file` or `units[3] of
    /// include 0`.
    pub fn describe(&self) -> String {
        let file = match self.include {
            None => "this file".to_owned(),
            Some(k) => format!("included file {k}"),
        };
        format!("{}[{}] of {file}", self.list.field(), self.index)
    }
}

impl std::fmt::Display for IncludeProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Duplicate { id, first, again } => write!(
                f,
                "{} `{id}` is defined twice: {} and {}",
                first.list.noun(),
                first.describe(),
                again.describe()
            ),
            Self::UnknownFormation {
                include,
                field,
                formation,
            } => write!(
                f,
                "`include[{include}].{field}` names formation `{formation}`, \
                 which the included file does not define"
            ),
            Self::AlreadySet {
                include,
                field,
                formation,
            } => write!(
                f,
                "`include[{include}].{field}` sets formation `{formation}`, \
                 which already has one in the included file"
            ),
        }
    }
}

/// A file's effective counters and what went wrong making them.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// Own items first, then each included file's.
    pub counters: Counters,
    /// Every duplicate and bad extension, in file order.
    pub problems: Vec<IncludeProblem>,
}

/// Merges `own` with the effective counters of each file of its
/// `include` list (`included[k]` for `own.include[k]`; `None` for a file
/// that does not load, skipped). Sides with one id are one side (a battle
/// file restates the army it fights for): the first definition is kept
/// and the nationalities of later ones are added. Formations, units and
/// markers must be defined once.
pub fn merge_included(
    own: &Counters,
    included: &[Option<&Counters>],
) -> Merged {
    let mut merged = own.clone();
    let mut seen = Seen::default();
    seen.take(None, ItemList::Formations, &own.formations, |f| &f.id);
    seen.take(None, ItemList::Units, &own.units, |u| &u.id);
    seen.take(None, ItemList::Markers, &own.markers, |m| &m.id);
    for (k, other) in included.iter().enumerate() {
        let Some(other) = other else { continue };
        let from = Some(k);
        let mut formations =
            seen.take(from, ItemList::Formations, &other.formations, |f| &f.id);
        let units = seen.take(from, ItemList::Units, &other.units, |u| &u.id);
        merged.units.extend(units);
        let markers =
            seen.take(from, ItemList::Markers, &other.markers, |m| &m.id);
        merged.markers.extend(markers);
        if let Some(include) = own.include.get(k) {
            extend_formations(include, k, &mut formations, &mut seen.problems);
        }
        merged.formations.extend(formations);
        merge_sides(&mut merged.sides, &other.sides);
    }
    merged.include.clear();
    Merged {
        counters: merged,
        problems: seen.problems,
    }
}

/// The ids met so far, where each was first defined, and the duplicates.
#[derive(Default)]
struct Seen {
    first: BTreeMap<(ItemList, String), Origin>,
    problems: Vec<IncludeProblem>,
}

impl Seen {
    /// The items of `list` (from the file itself, `include: None`, or from
    /// include `k`) whose ids are new, cloned; a duplicate is recorded.
    fn take<T: Clone>(
        &mut self,
        include: Option<usize>,
        list: ItemList,
        items: &[T],
        id: impl Fn(&T) -> &String,
    ) -> Vec<T> {
        let mut fresh = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let again = Origin {
                include,
                list,
                index,
            };
            let key = (list, id(item).clone());
            match self.first.get(&key) {
                // A file repeating its own id is REF003, not a clash.
                Some(_) if include.is_none() => {}
                Some(first) => self.problems.push(IncludeProblem::Duplicate {
                    id: key.1,
                    first: *first,
                    again,
                }),
                None => {
                    self.first.insert(key, again);
                    fresh.push(item.clone());
                }
            }
        }
        fresh
    }
}

/// Applies an include's `parents` and `commanders` to the formations it
/// brings in.
fn extend_formations(
    include: &CountersInclude,
    k: usize,
    formations: &mut [crate::counters::Formation],
    problems: &mut Vec<IncludeProblem>,
) {
    let fields = [
        ("parents", &include.parents),
        ("commanders", &include.commanders),
    ];
    for (field, given) in fields {
        for (formation, value) in given {
            let Some(f) = formations.iter_mut().find(|f| &f.id == formation)
            else {
                problems.push(IncludeProblem::UnknownFormation {
                    include: k,
                    field,
                    formation: formation.clone(),
                });
                continue;
            };
            let slot = match field {
                "parents" => &mut f.parent,
                _ => &mut f.commander,
            };
            if slot.is_some() {
                problems.push(IncludeProblem::AlreadySet {
                    include: k,
                    field,
                    formation: formation.clone(),
                });
            } else {
                *slot = Some(value.clone());
            }
        }
    }
}

fn merge_sides(sides: &mut Vec<Side>, more: &[Side]) {
    for side in more {
        match sides.iter_mut().find(|s| s.id == side.id) {
            Some(known) => {
                for n in &side.nationalities {
                    if !known.nationalities.iter().any(|k| k.id == n.id) {
                        known.nationalities.push(n.clone());
                    }
                }
            }
            None => sides.push(side.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Format, parse};

    fn counters(units: &str, include: &str) -> Counters {
        let text = format!(
            "(kind: counters, format_version: 2, id: \"x\", name: \"X\", \
             series: \"s.series.ron\", include: [{include}], \
             sides: [(id: \"french\", name: \"French\")], \
             formations: [(id: \"fr-i\", name: \"I\", side: \"french\", \
             level: \"corps\")], units: [{units}])"
        );
        parse(&text, Format::Ron).expect("counters parse")
    }

    fn unit(id: &str) -> String {
        format!(
            "(id: \"{id}\", name: \"{id}\", side: \"french\", \
             class: \"infantry\", formation: \"fr-i\")"
        )
    }

    #[test]
    fn own_items_come_first_and_a_duplicate_is_reported_once() {
        let army = counters(&[unit("fr-024"), unit("fr-025")].join(","), "");
        let own = counters(
            &unit("fr-045"),
            "(path: \"army.counters.ron\", parents: {\"fr-ii\": \"x\"})",
        );
        let merged = merge_included(&own, &[Some(&army)]);
        let ids: Vec<&str> = merged
            .counters
            .units
            .iter()
            .map(|u| u.id.as_str())
            .collect();
        assert_eq!(ids, ["fr-045", "fr-024", "fr-025"]);
        assert_eq!(merged.counters.formations.len(), 1, "fr-i kept once");
        assert_eq!(
            merged.problems,
            [
                IncludeProblem::Duplicate {
                    id: "fr-i".into(),
                    first: Origin {
                        include: None,
                        list: ItemList::Formations,
                        index: 0
                    },
                    again: Origin {
                        include: Some(0),
                        list: ItemList::Formations,
                        index: 0
                    },
                },
                IncludeProblem::UnknownFormation {
                    include: 0,
                    field: "parents",
                    formation: "fr-ii".into()
                },
            ]
        );
    }

    #[test]
    fn an_include_gives_a_parent_to_a_formation_without_one() {
        let mut army = counters(&unit("fr-024"), "");
        army.formations[0].id = "fr-army-i".into();
        army.units[0].formation = Some("fr-army-i".into());
        let own = counters(
            "",
            "(path: \"a.counters.ron\", parents: {\"fr-army-i\": \"fr-i\"}, \
             commanders: {\"fr-army-i\": \"fr-derlon\"})",
        );
        let merged = merge_included(&own, &[Some(&army)]);
        assert!(merged.problems.is_empty(), "{:?}", merged.problems);
        let f = merged.counters.formation("fr-army-i").expect("included");
        assert_eq!(f.parent.as_deref(), Some("fr-i"));
        assert_eq!(f.commander.as_deref(), Some("fr-derlon"));
        let u = merged.counters.unit("fr-024").expect("unit");
        assert!(merged.counters.in_formation(u, "fr-i"));
    }
}
