//! Activation markers in the pool, turn by turn (Jours de Gloire 1.3 C,
//! 5.2): the markers of formations on the map and of formations due to
//! enter; a formation arriving with no unit on the map puts one marker in
//! (both once it has units there); special turns cap the count per
//! formation (Rivoli: one on the two night turns).

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;

use crate::check::common::Setup;

/// The markers each formation owns, and who activates whom.
pub struct Markers<'b, 'a> {
    battle: &'b Battle<'a>,
    /// Formation id to the number of its activation markers (only
    /// formations that have some).
    owned: HashMap<&'a str, u8>,
    /// Formation id to its parent's.
    parents: HashMap<&'a str, &'a str>,
    /// Formation id to the formation whose markers activate its units.
    activating: HashMap<&'a str, &'a str>,
    /// Sides with activation markers.
    sides: HashSet<&'a str>,
}

impl<'b, 'a> Markers<'b, 'a> {
    /// The markers of the battle's counters.
    pub fn new(battle: &'b Battle<'a>) -> Self {
        let formations = &battle.counters.formations;
        let with_markers = || {
            formations
                .iter()
                .filter(|f| !f.activation_markers.is_empty())
        };
        let owned: HashMap<&'a str, u8> = with_markers()
            .map(|f| {
                let n = u8::try_from(f.activation_markers.len());
                (f.id.as_str(), n.unwrap_or(u8::MAX))
            })
            .collect();
        let parents: HashMap<&'a str, &'a str> = formations
            .iter()
            .filter_map(|f| Some((f.id.as_str(), f.parent.as_deref()?)))
            .collect();
        let mut activating = HashMap::default();
        for f in formations {
            let mut current = Some(f.id.as_str());
            for _ in 0..=formations.len() {
                let Some(id) = current else { break };
                if let Some((key, _)) = owned.get_key_value(id) {
                    activating.insert(f.id.as_str(), *key);
                    break;
                }
                current = parents.get(id).copied();
            }
        }
        Self {
            battle,
            sides: with_markers().map(|f| f.side.as_str()).collect(),
            owned,
            parents,
            activating,
        }
    }

    /// `formation` (a unit's, in this scenario) and every formation above
    /// it.
    pub fn chain_from(&self, formation: &'a str) -> Vec<&'a str> {
        let mut chain = Vec::new();
        let mut current = Some(formation);
        while let Some(id) = current {
            if chain.contains(&id) || chain.len() > self.parents.len() {
                break; // a loop: OOB001 reports it
            }
            chain.push(id);
            current = self.parents.get(id).copied();
        }
        chain
    }

    /// Whether the side uses activation markers at all (Vive l'Empereur
    /// does not).
    pub fn used_by(&self, side: &str) -> bool {
        self.sides.contains(side)
    }

    /// How many markers a formation owns (0 when none).
    pub fn owned(&self, formation: &str) -> u8 {
        self.owned.get(formation).copied().unwrap_or(0)
    }

    /// The formation whose markers activate `unit`: its own formation (in
    /// this scenario, attachments applied) or the nearest parent that has
    /// markers.
    pub fn activating(&self, unit: &Unit) -> Option<&'a str> {
        self.activating_formation(self.battle.formation_of(&unit.id)?)
    }

    /// The formation whose markers activate the units of `formation`.
    pub fn activating_formation(&self, formation: &str) -> Option<&'a str> {
        self.activating.get(formation).copied()
    }

    /// The formation whose markers bring an arriving unit: the arrival's
    /// `formation` when it has markers, else the unit's own.
    pub fn bringing(
        &self,
        arrival: Option<&'a str>,
        unit: &Unit,
    ) -> Option<&'a str> {
        arrival
            .and_then(|f| self.owned.get_key_value(f).map(|(k, _)| *k))
            .or_else(|| self.activating(unit))
    }

    /// The most markers per formation on `turn`, when a special turn says.
    pub fn cap(&self, turn: u16) -> Option<u8> {
        self.battle
            .scenario
            .turns
            .special
            .iter()
            .filter(|s| (s.turns[0]..=s.turns[1]).contains(&turn))
            .find_map(|s| s.markers_per_formation)
    }

    /// The pool on `turn`: formations whose markers are in already and
    /// formations due to enter with units on the map put all their
    /// markers in; formations only due to enter, one.
    pub fn pool(
        &self,
        turn: u16,
        in_pool: &BTreeSet<&'a str>,
        on_map: &BTreeSet<&'a str>,
        due: &BTreeSet<&'a str>,
    ) -> BTreeMap<&'a str, u8> {
        let cap = self.cap(turn).unwrap_or(u8::MAX);
        // Both sets are in order: merged in one pass, so a formation's
        // membership of `in_pool` is known without searching it, and the
        // pool is collected into a map at once rather than searched and
        // inserted one by one (this runs every turn).
        let mut pool = Vec::with_capacity(in_pool.len() + due.len());
        let mut push = |formation: &'a str, all: bool| {
            let owned = self.owned(formation);
            let n = if all { owned } else { owned.min(1) };
            if n > 0 {
                pool.push((formation, n.min(cap)));
            }
        };
        let mut due = due.iter().copied().peekable();
        for &formation in in_pool {
            while let Some(only_due) = due.next_if(|d| *d < formation) {
                push(only_due, on_map.contains(only_due));
            }
            due.next_if_eq(&formation);
            push(formation, true);
        }
        for only_due in due {
            push(only_due, on_map.contains(only_due));
        }
        pool.into_iter().collect()
    }

    /// Formations whose markers are in the pool at the start
    /// (`markers_at_start`).
    pub fn at_start(&self) -> BTreeSet<&'a str> {
        self.battle
            .scenario
            .sides
            .iter()
            .flat_map(|s| s.markers_at_start.iter())
            .filter_map(|f| self.owned.get_key_value(f.as_str()))
            .map(|(k, _)| *k)
            .collect()
    }

    /// Formations with units set up on the map (`entries`: the scene's
    /// setup entries, units looked up).
    pub fn on_map(&self, entries: &[Vec<Setup<'a>>]) -> BTreeSet<&'a str> {
        let mut on_map = BTreeSet::new();
        let mut last = None;
        for entry in entries.iter().flatten().filter(|s| s.unit.is_some()) {
            // A setup lists a formation's units together: the formation of
            // the entry before (and the one activating it) is in already.
            if entry.formation == last {
                continue;
            }
            last = entry.formation;
            if let Some(f) = last.and_then(|f| self.activating_formation(f)) {
                on_map.insert(f);
            }
        }
        on_map
    }
}
