//! Pass 3: can this scenario be set up and played as written? Each rule
//! reads a scenario resolved against its series, map and counters
//! (`berthier_schema::battle::Battle`) and returns findings that point at
//! the offending value by JSON Pointer; the pass turns them into located
//! diagnostics.
//!
//! `registry.rs` holds the list of rules and runs them on a battle; each
//! rule is one small module below whose documentation is its codes'
//! `validator/rules/docs/<CODE>.md` (see [`crate::code`]).

pub mod accounting;
mod arrival_entry;
mod arrival_shape;
mod common;
pub(crate) mod defined;
mod demoralized;
mod enemy_contact;
mod enemy_stack;
pub(crate) mod entry;
pub(crate) mod entry_delay;
mod facing;
mod formation_redoubt;
mod formation_terrain;
mod formation_unit;
pub mod game;
mod hex_names;
mod hexside_missing;
mod instruction_twice;
mod leader_roles;
mod losses_cap;
mod losses_per_unit;
pub mod map;
mod morale;
mod morale_levels;
mod morale_unknown;
mod night_turns;
pub mod oob;
pub mod references;
pub mod registry;
mod scene;
mod second_hex;
pub mod series_night;
mod series_stub;
mod setup_count;
mod setup_zone;
mod stack_order;
mod stack_terrain;
mod stacking;
mod starting_losses;
mod terrain;
mod turn_count;
mod turn_inside;
mod unit_sets;
pub mod units_unknown;
mod victory;
mod victory_hold;
mod victory_levels;
mod victory_logic;

use berthier_schema::{HexId, Hexside};

pub use scene::Scene;

use crate::code::Code;

/// One finding of a pass-3 rule, before it is located in the source text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// Permanent code.
    pub code: Code,
    /// JSON Pointer into the scenario document (e.g. `/sides/0/setup/3`).
    pub pointer: String,
    /// The printed hex involved, if any.
    pub hex: Option<HexId>,
    /// The hexside the finding is about, if any (the editor marks it; the
    /// diagnostic names it in its message only).
    pub side: Option<Hexside>,
    /// What is wrong, naming units and hexes.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// Whether the pointer names a map key that is itself wrong (a painted
    /// hex off the map): the finding is located at the key, not its value.
    pub at_key: bool,
}

impl Finding {
    /// A finding of `code` at `pointer`.
    pub fn new(
        code: Code,
        pointer: impl Into<String>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            code,
            pointer: pointer.into(),
            hex: None,
            side: None,
            message: message.into(),
            help: None,
            at_key: false,
        }
    }

    /// Names the hex involved.
    pub fn hex(mut self, hex: HexId) -> Self {
        self.hex = Some(hex);
        self
    }

    /// Locates the finding at the key its pointer names.
    pub fn at_key(mut self) -> Self {
        self.at_key = true;
        self
    }

    /// Names the hexside involved.
    pub fn side(mut self, side: Hexside) -> Self {
        self.side = Some(side);
        self
    }

    /// Adds a help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
