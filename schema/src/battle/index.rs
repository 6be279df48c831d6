//! What a [`super::Battle`] looks up in its counters by id, hashed once
//! per counters file: every scenario of a pack on the same counters
//! shares one index (the validator builds it once per file and run), so a
//! scenario no longer pays some 900 hash insertions before its first rule.

use rustc_hash::FxHashMap as HashMap;

use crate::counters::Counters;

/// Units and formations of one counters document by id, as positions in
/// its `units` and `formations` lists. Where an id is defined twice (an
/// error the reference pass reports), the last definition wins.
#[derive(Debug, Clone, Default)]
pub struct CountersIndex {
    /// Unit id to its position.
    units: HashMap<String, usize>,
    /// Unit id to the position of the last unit with that id that names
    /// a formation.
    formations: HashMap<String, usize>,
    /// Formation id to the position of the last formation with that id
    /// that names a parent.
    parents: HashMap<String, usize>,
    /// Formation id to the positions of the units in it or in one of its
    /// sub-formations, in counters order: `Battle::units_in` reads a
    /// formation's units off it instead of walking every unit's chain.
    members: HashMap<String, Vec<usize>>,
    /// Whether no unit id is defined twice.
    unique_units: bool,
}

impl CountersIndex {
    /// The index of `counters` as they are (rebuild it after they change).
    pub fn new(counters: &Counters) -> Self {
        let mut units = HashMap::default();
        let mut formations = HashMap::default();
        for (i, unit) in counters.units.iter().enumerate() {
            units.insert(unit.id.clone(), i);
            if unit.formation.is_some() {
                formations.insert(unit.id.clone(), i);
            }
        }
        let parents: HashMap<&str, usize> = (counters.formations.iter())
            .enumerate()
            .filter(|(_, f)| f.parent.is_some())
            .map(|(i, f)| (f.id.as_str(), i))
            .collect();
        let members = members(counters, &parents);
        Self {
            unique_units: units.len() == counters.units.len(),
            units,
            formations,
            parents: owned_keys(parents),
            members: owned_keys(members),
        }
    }

    /// The position of the unit with `id`.
    pub fn unit(&self, id: &str) -> Option<usize> {
        self.units.get(id).copied()
    }

    /// The position of the unit whose `formation` is unit `id`'s.
    pub fn formation_of(&self, id: &str) -> Option<usize> {
        self.formations.get(id).copied()
    }

    /// The position of the formation whose `parent` is formation `id`'s.
    pub fn parent_of(&self, id: &str) -> Option<usize> {
        self.parents.get(id).copied()
    }

    /// How many formations have a parent (the longest chain a walk up the
    /// hierarchy takes without a cycle).
    pub fn parent_count(&self) -> usize {
        self.parents.len()
    }

    /// Whether every unit id is defined once (then a unit listed by id is
    /// the one unit [`Self::unit`] finds).
    pub fn unique_units(&self) -> bool {
        self.unique_units
    }

    /// The positions of the units in formation `id` or below it.
    pub fn members(&self, id: &str) -> &[usize] {
        self.members.get(id).map_or(&[], Vec::as_slice)
    }
}

fn owned_keys<V>(map: HashMap<&str, V>) -> HashMap<String, V> {
    map.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

/// Formation id to the indices of the units in it or in one of its
/// sub-formations, in counters order: the formations each unit's chain
/// passes through, walked as far as `Battle::in_formation` walks it.
fn members<'a>(
    counters: &'a Counters,
    parents: &HashMap<&'a str, usize>,
) -> HashMap<&'a str, Vec<usize>> {
    let parent = |id: &str| {
        let f = &counters.formations[*parents.get(id)?];
        f.parent.as_deref()
    };
    let mut members: HashMap<&'a str, Vec<usize>> = HashMap::default();
    for (i, unit) in counters.units.iter().enumerate() {
        let mut current = unit.formation.as_deref();
        for _ in 0..=parents.len() {
            let Some(id) = current else { break };
            let list = members.entry(id).or_default();
            if list.last() != Some(&i) {
                list.push(i); // once, even round a cycle
            }
            current = parent(id);
        }
    }
    members
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// Every bundled counters file: each unit found by id, and each
    /// formation's members exactly the units `Counters::in_formation`
    /// (which walks the parents itself) puts in it, in counters order.
    #[test]
    fn agrees_with_every_bundled_counters_file() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../counters");
        let mut files = Vec::new();
        for dir in std::fs::read_dir(root).expect("counters") {
            let dir = dir.expect("entry").path();
            for file in std::fs::read_dir(&dir).into_iter().flatten() {
                let file = file.expect("entry").path();
                if file.to_string_lossy().ends_with(".counters.ron") {
                    files.push(file);
                }
            }
        }
        let mut checked = 0;
        for file in &files {
            let text = std::fs::read_to_string(file).expect("read");
            let Ok(counters) = crate::parse::<Counters>(&text, Format::Ron)
            else {
                continue;
            };
            let index = CountersIndex::new(&counters);
            for unit in &counters.units {
                let found = index.unit(&unit.id).map(|i| &counters.units[i]);
                assert_eq!(found.map(|u| &u.id), Some(&unit.id));
            }
            for formation in &counters.formations {
                let expected: Vec<usize> = (counters.units.iter())
                    .enumerate()
                    .filter(|(_, u)| counters.in_formation(u, &formation.id))
                    .map(|(i, _)| i)
                    .collect();
                assert_eq!(
                    index.members(&formation.id),
                    expected,
                    "{} {}",
                    file.display(),
                    formation.id
                );
                checked += 1;
            }
            assert!(index.unit("no such unit").is_none());
        }
        assert!(checked > 20, "only {checked} formations checked");
    }
}
