//! Formation and state offered for a unit at setup: what its series
//! allows, read from the series' data. A formation is offered when the
//! unit's class may adopt it, the series allows it at setup
//! (`allowed_at_setup`: Vive l'Empereur's cavalry line exists only during
//! a charge, §IV.7) and the unit carries a tag it needs, if any
//! (tirailleurs: light infantry only, §IV.6). Terrain and state limits
//! (`only_in`, `mandatory_in`, `states`) are not filtered here: the
//! designer may choose them and TER003 then says why they do not hold.

use berthier_schema::Unit;
use berthier_schema::series::{FormationDef, Series, StateDef};

/// One choice: the series id and its display name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Series id.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// The formations `unit` may be set up in.
pub fn formations(series: &Series, unit: &Unit) -> Vec<Choice> {
    series
        .formations
        .iter()
        .filter(|f| offered(f, unit))
        .map(|f| Choice {
            id: f.id.clone(),
            name: f.name.clone(),
        })
        .collect()
}

fn offered(f: &FormationDef, unit: &Unit) -> bool {
    f.allowed_at_setup
        && f.classes.contains(&unit.class)
        && (f.tags.is_empty() || f.tags.iter().any(|t| unit.tags.contains(t)))
}

/// The states a unit may be set up in: every state of the series (a
/// state has no class limit in the model).
pub fn states(series: &Series) -> Vec<Choice> {
    series
        .states
        .iter()
        .map(|s: &StateDef| Choice {
            id: s.id.clone(),
            name: if s.default {
                format!("{} (default)", s.name)
            } else {
                s.name.clone()
            },
        })
        .collect()
}
