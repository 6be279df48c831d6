//! Pass 3: can this scenario be set up and played as written? Each rule
//! reads a scenario resolved against its series, map and counters
//! (`berthier_schema::battle::Battle`) and returns findings that point at
//! the offending value by JSON Pointer; the pass turns them into located
//! diagnostics.

use berthier_schema::HexId;

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
    /// What is wrong, naming units and hexes.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
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
            message: message.into(),
            help: None,
        }
    }

    /// Names the hex involved.
    pub fn hex(mut self, hex: HexId) -> Self {
        self.hex = Some(hex);
        self
    }

    /// Adds a help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}
