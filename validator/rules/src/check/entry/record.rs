//! What the simulation records of each column that entered, for tools
//! that show the schedule played ([`crate::schedule`]): the order of the
//! column, the hex each mover took and the movement it had left.

use berthier_schema::HexId;

/// One activation of a column: the movers that entered, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnEntry {
    /// The turn.
    pub turn: u16,
    /// Index in the plan of the arrival of its first unit.
    pub arrival: usize,
    /// The usable entry hexes (empty: an entry that does not resolve, the
    /// units placed unchecked).
    pub hexes: Vec<HexId>,
    /// The movers that entered, in entry order.
    pub entered: Vec<Entered>,
}

/// A mover (stack or unit) that entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    /// Unit ids.
    pub units: Vec<String>,
    /// Position in its lane's column (1-based); `None` for leaders and
    /// units entered unchecked, who pay nothing the rules can cost.
    pub slot: Option<u32>,
    /// The entry hex it took, when known.
    pub hex: Option<HexId>,
    /// Movement points left on the entry hex; `None` when unknown.
    pub left: Option<u32>,
    /// Movement points it had (forced march applied); `None` when unknown.
    pub allowance: Option<u32>,
}
