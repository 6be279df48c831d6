//! What several pass-3 rules read off one scenario, computed once by the
//! runner and handed to every rule: the battle, its setup entries on the
//! map and the stacks they form. Rules used to rebuild these each (the
//! stacks three times per scenario), which was most of their cost on a
//! large pack.

use rustc_hash::FxHashMap as HashMap;

use berthier_schema::HexId;
use berthier_schema::battle::Battle;

use super::common::{self, Setup};

/// One scenario as the rules read it.
pub struct Scene<'b, 'a> {
    /// The scenario resolved against its series, map and counters.
    pub battle: &'b Battle<'a>,
    /// Every setup entry on a printed hex, in document order
    /// ([`common::setups`]).
    pub setups: Vec<Setup<'a>>,
    /// The setup entries per hex, in hex order, each in stack order
    /// ([`common::stacks`]).
    pub stacks: Vec<(HexId, Vec<Setup<'a>>)>,
    /// Hex to its index in `stacks`.
    stack_at: HashMap<HexId, usize>,
    /// (side index, unit id) to the first of that side's entries in
    /// `setups` for the unit.
    by_unit: HashMap<(usize, &'a str), usize>,
}

impl<'b, 'a> Scene<'b, 'a> {
    /// Reads the setup of `battle`.
    pub fn new(battle: &'b Battle<'a>) -> Self {
        let setups = common::setups(battle);
        let stacks = common::stacks(&setups);
        let mut by_unit =
            HashMap::with_capacity_and_hasher(setups.len(), Default::default());
        for (i, s) in setups.iter().enumerate() {
            by_unit.entry((s.side, s.placed.unit.as_str())).or_insert(i);
        }
        let stack_at = stacks
            .iter()
            .enumerate()
            .map(|(i, (hex, _))| (*hex, i))
            .collect();
        Self {
            battle,
            setups,
            stacks,
            stack_at,
            by_unit,
        }
    }

    /// The setup entries on `hex`, in stack order (empty when none).
    pub fn stack(&self, hex: HexId) -> &[Setup<'a>] {
        self.stack_at
            .get(&hex)
            .map_or(&[], |i| self.stacks[*i].1.as_slice())
    }

    /// The first setup entry on the map of side `side` for `unit`.
    pub fn setup_of(&self, side: usize, unit: &str) -> Option<&Setup<'a>> {
        self.by_unit.get(&(side, unit)).map(|i| &self.setups[*i])
    }
}
