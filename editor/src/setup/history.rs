//! Undo and redo for the setup (the shared [`Undo`]): each step holds
//! every side's setup list as it was, so one action (placing, moving,
//! reordering a stack) is one step however many entries it touched. A
//! scenario's setup is a few hundred short entries: whole copies cost less
//! than diffing them.

use berthier_schema::Scenario;

use super::Setups;
use crate::undo::{Invertible, Undo};

/// Applying a copy of the setups puts them in the scenario and returns the
/// ones they replaced.
impl Invertible<Scenario> for Setups {
    fn apply_to(self, scenario: &mut Scenario) -> Self {
        let mut old = Vec::with_capacity(self.len());
        for (side, setup) in scenario.sides.iter_mut().zip(self) {
            old.push(std::mem::replace(&mut side.setup, setup));
        }
        old
    }
}

/// Undo and redo over whole copies of the setups.
pub type SetupHistory = Undo<Setups>;
