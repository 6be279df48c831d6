//! Undo and redo for the setup (the shared [`Undo`]): each step holds
//! every side's setup list, or every side's instructions, as they were, so
//! one action (placing, moving, reordering a stack, editing a zone) is one
//! step however many entries it touched. A scenario's setup is a few
//! hundred short entries: whole copies cost less than diffing them.

use berthier_schema::Scenario;

use super::{Instructions, Setups};
use crate::undo::{Invertible, Undo};

/// One step: what a setup edit or a zone edit replaced.
#[derive(Debug, Clone, PartialEq)]
pub enum SetupStep {
    /// Every side's setup list.
    Setups(Setups),
    /// Every side's instructions.
    Instructions(Instructions),
    /// The victory conditions.
    Victory(Vec<berthier_schema::scenario::VictoryCondition>),
    /// The special rules.
    Rules(Vec<berthier_schema::scenario::SpecialRule>),
    /// The scenario's options.
    Options(Vec<berthier_schema::scenario::ScenarioOption>),
    /// Every side's morale groups, losses and attachments at start.
    Forces(Vec<super::forces_edit::SideForces>),
    /// How a lead in points reads as a level of victory.
    Levels(Option<berthier_schema::scenario::VictoryLevels>),
    /// Several of these as one step (an autosave recovered), applied in
    /// order.
    Batch(Vec<SetupStep>),
}

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

impl Invertible<Scenario> for SetupStep {
    fn apply_to(self, scenario: &mut Scenario) -> Self {
        match self {
            Self::Setups(setups) => Self::Setups(setups.apply_to(scenario)),
            Self::Instructions(list) => {
                let mut old = Vec::with_capacity(list.len());
                for (side, new) in scenario.sides.iter_mut().zip(list) {
                    old.push(std::mem::replace(&mut side.instructions, new));
                }
                Self::Instructions(old)
            }
            Self::Victory(list) => {
                Self::Victory(std::mem::replace(&mut scenario.victory, list))
            }
            Self::Rules(list) => Self::Rules(std::mem::replace(
                &mut scenario.special_rules,
                list,
            )),
            Self::Options(list) => {
                Self::Options(std::mem::replace(&mut scenario.options, list))
            }
            Self::Levels(levels) => Self::Levels(std::mem::replace(
                &mut scenario.victory_levels,
                levels,
            )),
            Self::Forces(list) => {
                let mut old = Vec::with_capacity(list.len());
                for (side, f) in scenario.sides.iter_mut().zip(list) {
                    old.push(super::forces_edit::SideForces {
                        morale: std::mem::replace(&mut side.morale, f.morale),
                        losses: std::mem::replace(&mut side.losses, f.losses),
                        attachments: std::mem::replace(
                            &mut side.attachments,
                            f.attachments,
                        ),
                    });
                }
                Self::Forces(old)
            }
            Self::Batch(steps) => {
                let mut inverses: Vec<Self> =
                    steps.into_iter().map(|s| s.apply_to(scenario)).collect();
                inverses.reverse();
                Self::Batch(inverses)
            }
        }
    }
}

/// Undo and redo over whole copies of the setups or instructions.
pub type SetupHistory = Undo<SetupStep>;
