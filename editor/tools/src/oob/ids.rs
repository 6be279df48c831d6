//! Ids in a counters file: which ones are taken (formations, units,
//! markers and activation markers share one namespace here, so a new id
//! is never confused with anything a scenario names) and fresh ones.

use std::collections::BTreeSet;

use berthier_schema::Counters;

/// Whether `c` defines a formation, unit, marker or activation marker
/// with this id.
pub fn defines(c: &Counters, id: &str) -> bool {
    c.formations
        .iter()
        .any(|f| f.id == id || f.activation_markers.iter().any(|m| m.id == id))
        || c.units.iter().any(|u| u.id == id)
        || c.markers.iter().any(|m| m.id == id)
}

/// Every id `c` defines.
pub fn taken(c: &Counters) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for f in &c.formations {
        ids.insert(f.id.clone());
        ids.extend(f.activation_markers.iter().map(|m| m.id.clone()));
    }
    ids.extend(c.units.iter().map(|u| u.id.clone()));
    ids.extend(c.markers.iter().map(|m| m.id.clone()));
    ids
}

/// `base` if free, else `base-2`, `base-3`, ... (also checked against
/// `also`, ids handed out in the same step).
pub fn fresh(taken: &BTreeSet<String>, also: &[String], base: &str) -> String {
    let free = |id: &str| !taken.contains(id) && !also.iter().any(|a| a == id);
    if free(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| free(id))
        .unwrap_or_else(|| base.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_id_skips_taken_ones_and_those_of_the_same_step() {
        let taken: BTreeSet<String> =
            ["u", "u-2"].iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(fresh(&taken, &[], "v"), "v");
        assert_eq!(fresh(&taken, &[], "u"), "u-3");
        assert_eq!(fresh(&taken, &["u-3".to_owned()], "u"), "u-4");
    }
}
