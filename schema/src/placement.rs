//! The vocabulary of setup instructions, as printed in the rulebooks:
//! "at Frasnes", "within two hexes of", "on the road to Charleroi between A
//! and B", "north of 0104-1009-1904", "half distance between A and B"...

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::map::Compass;

/// A point or area on the map a placement refers to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Location {
    /// A printed hex.
    Hex(HexId),
    /// A named place (all its hexes), by place id.
    Place(String),
    /// A named entry point, by id.
    Entry(String),
    /// A named map edge, by id.
    Edge(String),
}

/// Where a unit may be set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Placement {
    /// Exactly this hex.
    Hex(HexId),
    /// This hex or one of the six adjacent hexes.
    HexOrAdjacent(HexId),
    /// In the location (any hex of a place, edge or entry point).
    At(Location),
    /// Within `hexes` hexes of the location.
    Within {
        /// Centre.
        of: Location,
        /// Largest distance in hexes.
        hexes: u8,
    },
    /// Inside (or on the boundary of) the polygon whose corners are these
    /// hex centres, in order.
    Region(Vec<HexId>),
    /// On one side of a line through these points (hex centres of hexes or
    /// places), e.g. "north of 0104-1009-1904".
    SideOfLine {
        /// The line, in order.
        line: Vec<Location>,
        /// Which side.
        side: Compass,
        /// Hexes on the line itself count.
        #[serde(default)]
        inclusive: bool,
    },
    /// On (or next to) a road between two locations.
    OnRoad {
        /// Road id.
        road: String,
        /// One end of the stretch.
        from: Location,
        /// Other end of the stretch.
        to: Location,
        /// Hexes adjacent to the road count too.
        #[serde(default)]
        or_adjacent: bool,
    },
    /// Within `radius` of the hex halfway between two locations
    /// (Vive l'Empereur: two hexes).
    HalfwayBetween {
        /// One end.
        a: Location,
        /// Other end.
        b: Location,
        /// Radius around the midpoint hex.
        radius: u8,
    },
    /// On the hexes of the straight hex line between two locations.
    LineBetween {
        /// One end.
        a: Location,
        /// Other end.
        b: Location,
    },
    /// In the same hex as this unit (by id).
    StackedWith(String),
    /// In a hex adjacent to this unit (by id).
    AdjacentTo(String),
    /// In the same hex as any unit of this formation (by id); "with any
    /// unit" when `None`.
    WithAnyUnitOf(Option<String>),
    /// Anywhere on the map.
    Anywhere,
    /// Every one of these.
    All(Vec<Placement>),
    /// At least one of these.
    AnyOf(Vec<Placement>),
    /// Not this.
    Not(Box<Placement>),
    /// Instructions the vocabulary cannot yet express, kept as printed;
    /// the validator reports them instead of checking.
    Unstructured(String),
}
