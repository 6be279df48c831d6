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
    /// Every setup entry, per side, in document order, its unit looked up
    /// ([`common::entries`]).
    pub entries: Vec<Vec<Setup<'a>>>,
    /// Every setup entry on a printed hex, in document order
    /// ([`common::setups`]).
    pub setups: Vec<Setup<'a>>,
    /// The setup entries on the map in hex order, each hex's in stack
    /// order ([`common::stacks`]).
    stacked: Vec<Setup<'a>>,
    /// Each hex holding entries, in hex order, with where its stack is
    /// in `stacked` (one list for every stack: most hexes hold one unit,
    /// and a list per hex was an allocation per unit).
    hexes: Vec<(HexId, usize, usize)>,
    /// (side index, unit id) to the first of that side's entries in
    /// `setups` for the unit.
    by_unit: HashMap<(usize, &'a str), usize>,
}

impl<'b, 'a> Scene<'b, 'a> {
    /// Reads the setup of `battle`.
    pub fn new(battle: &'b Battle<'a>) -> Self {
        let entries = common::entries(battle);
        let setups = common::setups(battle, &entries);
        let (stacked, hexes) = common::stacks(&setups);
        let mut by_unit =
            HashMap::with_capacity_and_hasher(setups.len(), Default::default());
        for (i, s) in setups.iter().enumerate() {
            by_unit.entry((s.side, s.placed.unit.as_str())).or_insert(i);
        }
        Self {
            battle,
            entries,
            setups,
            stacked,
            hexes,
            by_unit,
        }
    }

    /// The setup entries on `hex`, in stack order (empty when none).
    pub fn stack(&self, hex: HexId) -> &[Setup<'a>] {
        self.hexes
            .binary_search_by_key(&hex, |(h, ..)| *h)
            .map_or(&[], |i| self.stack_in(self.hexes[i]))
    }

    /// Every hex holding setup entries, in hex order, with its entries in
    /// stack order.
    pub fn stacks(&self) -> impl Iterator<Item = (HexId, &[Setup<'a>])> {
        self.hexes.iter().map(|h| (h.0, self.stack_in(*h)))
    }

    fn stack_in(&self, (_, from, to): (HexId, usize, usize)) -> &[Setup<'a>] {
        self.stacked.get(from..to).unwrap_or_default()
    }

    /// The first setup entry on the map of side `side` for `unit`.
    pub fn setup_of(&self, side: usize, unit: &str) -> Option<&Setup<'a>> {
        self.by_unit.get(&(side, unit)).map(|i| &self.setups[*i])
    }
}
