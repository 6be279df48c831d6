//! The vocabulary of setup instructions, as printed in the rulebooks:
//! "at Frasnes", "within two hexes of", "on the road to Charleroi between A
//! and B", "north of 0104-1009-1904", "half distance between A and B"...

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::map::Compass;

mod unit_set;
mod words;
pub use unit_set::UnitSet;
pub use words::Names;

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
    /// Every hex of a road, by road id ("on the road").
    Road(String),
    /// The hexes of a road between the road hexes nearest two locations,
    /// both ends included, as `Placement::OnRoad` reads them: "the main
    /// road between Belle Alliance and Rossomme" (seed 001 l. 2601).
    RoadStretch {
        /// Road id.
        road: String,
        /// One end of the stretch.
        from: Box<Location>,
        /// Other end of the stretch.
        to: Box<Location>,
    },
    /// The hexes two roads share: "the crossing with the road to Nivelles"
    /// (seed 001 l. 2600). Roads that share no hex have no crossing.
    Crossing {
        /// Road id.
        road: String,
        /// The other road's id.
        with: String,
    },
    /// The hexes on either side of every hexside whose feature has this
    /// `name` (a stream, a river): "adjacent to the Ruisseau", and the
    /// reference of `Placement::SideOf` for "north of the Ruisseau de
    /// Lasne" (seed 001 l. 2790).
    Hexsides(String),
    /// Every hex of a location moved `hexes` hexes toward a compass side,
    /// in printed numbers: north is `hexes` rows up, south rows down,
    /// east columns right, west columns left (each a straight line of
    /// `hexes` steps on a grid of columns, so the distance is `hexes`).
    /// "5 hexes north of Hougoumont" (seed 001 l. 2614). Hexes that fall
    /// off the numbering are dropped.
    Offset {
        /// The location moved.
        from: Box<Location>,
        /// How far.
        hexes: u8,
        /// Toward which side.
        toward: Compass,
    },
    /// The hexes where units of this formation (or its sub-formations)
    /// stand in the setup being checked: "South of the I Corps" (seed 001
    /// l. 2602).
    Formation(String),
    /// The hexes of a location that a placement allows: "the south edge,
    /// east of the Dyle" (Combining games 4, seed 001 l. 3067) is the
    /// south edge's hexes east of the river; "the south-east corner of the
    /// map" (Combining games 2, l. 3019; Quatre-Bras 5, l. 2039) is the south edge's hexes on the
    /// east edge.
    Part {
        /// The whole location.
        of: Box<Location>,
        /// What its kept hexes must satisfy (measured as for a unit
        /// standing there, with no unit of its own).
        only: Box<Placement>,
    },
    /// Squares of the map divided into `columns` x `rows` equal
    /// rectangles of hex centres, counted from 1 at the north-west: "Each
    /// battlefield is divided in 16 squares. The French player starts
    /// deploying corps ... on the four south squares" (SR 11, seed 001
    /// l. 3256) is `columns: 4, rows: 4` with the squares `(1, 4)` to
    /// `(4, 4)`. A hex belongs to the square its centre falls in.
    Squares {
        /// Columns of squares across the map.
        columns: u8,
        /// Rows of squares down the map.
        rows: u8,
        /// The squares meant, as (column, row), each from 1.
        squares: Vec<(u8, u8)>,
    },
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
    /// On one side of a line through these points, e.g. "north of
    /// 0104-1009-1904". Each location stands for its first hex (a place's
    /// first listed hex). The line is extended flat beyond its ends, so a
    /// one-point line is the straight row (north, south) or column (east,
    /// west) through that hex: "north of X" measured from X's first hex.
    /// For "north of" a place of several hexes, `SideOf` measures from
    /// the whole place instead.
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
    /// On one side of a location's whole extent: "north of Frasnes" is
    /// north of Frasnes's northernmost hex in each column, "north of the
    /// Ruisseau de Lasne" north of the stream's hexsides (seed 001
    /// l. 2790). The boundary runs through the location's points (hex
    /// centres, or hexside midpoints for `Location::Hexsides`), keeping in
    /// each column (for north and south; each row for east and west) the
    /// point nearest the side asked for, joined by straight lines and
    /// extended flat beyond the location's ends. Unlike `SideOfLine`, which
    /// takes each location's first hex only.
    SideOf {
        /// The reference.
        of: Location,
        /// Which side.
        side: Compass,
        /// The location's own hexes count too.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        inclusive: bool,
    },
    /// A band "between A and B" (seed 001 l. 2620, 2767): the hexes
    /// within `width` hexes of the straight hex line joining the two
    /// nearest hexes of A and B (one of each). A and B themselves are in
    /// the band only where they are that close to the line; add them with
    /// `AnyOf` when the rulebook says "included".
    Band {
        /// One side.
        a: Location,
        /// Other side.
        b: Location,
        /// Largest distance from the line, in hexes.
        width: u8,
    },
    /// Inside (or on the boundary of) the polygon whose corners are these
    /// locations' first hexes, in order: `Region` with places instead of
    /// hex numbers, so it follows the gazetteer when places move ("a
    /// square Ligny-Brye-La Haye", seed 001 l. 2209).
    RegionOf(Vec<Location>),
    /// In a hex adjacent to any unit of this formation: "Adjacent to any
    /// unit of the VI Corps" (seed 001 l. 2604).
    AdjacentToAnyUnitOf(String),
    /// Instructions the vocabulary cannot yet express, kept as printed;
    /// the validator reports them instead of checking.
    Unstructured(String),
    /// Where another scenario of the same map deploys units: "set within
    /// the area of deployment of the historical battle" (Waterloo 8, seed
    /// 001 l. 2845), "deployed in its historical area" (Combining games 4,
    /// l. 3054), "I Corps, as described in the scenario 1" (Waterloo 2,
    /// l. 2710), "deployed in a hex where any unit was deployed
    /// historically" (Waterloo 11, l. 2861, with `setup_hexes`). Resolved
    /// through the pack like a variant's base
    /// (`schema::pack::resolve_scenario`): the scenario every tool checks
    /// holds `AnyOf` the placements of the referenced scenario's matching
    /// instructions (or `Hex`es of its setup) instead; a relative part
    /// ("South of the I Corps") is then measured from where those units
    /// stand in the setup being checked.
    DeploymentOf {
        /// Path of the scenario file, relative to the file that says this.
        scenario: String,
        /// Whose deployment: the referenced scenario's instructions (or
        /// placed units) naming any of these units or formations. When
        /// absent, every instruction (or placed unit) of the side this
        /// placement's instruction belongs to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<UnitSet>,
        /// The hexes the referenced scenario's concrete setup uses, rather
        /// than the zones its instructions allow.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        setup_hexes: bool,
    },
}

/// How many of an instruction's units may stand where: a constraint across
/// the units, where a `Placement` constrains each unit alone. Leaders
/// (series classes with `leader`) are not counted: they stack freely with
/// the units they command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum Count {
    /// Units of the instruction in one hex. "One unit per hex" (seed 001
    /// l. 2889) is `max: 1`: no hex holds more than `max` of them. "At
    /// least one unit per hex" (l. 2985, "on the road between Wavre and the
    /// map edge ... at least one unit per hex") is `min: 1`: every hex the
    /// instruction's placement allows holds at least `min` of them (the
    /// zone must be filled).
    PerHex {
        /// Fewest units in each hex of the instruction's zone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<u16>,
        /// Most units in one hex.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u16>,
    },
    /// Exactly one unit in each of these locations, and as many units as
    /// locations: "Papelotte and Fichermont, units 15B and 16, one each"
    /// (seed 001 l. 2617).
    OneEach(Vec<Location>),
    /// Between `min` and `max` of the instruction's units (or of `units`
    /// among them) stand in a sub-zone: "One infantry unit can be set at
    /// Boignee" (seed 001 l. 2315) is `zone: At(Place("boignee"))`,
    /// `max: 1`, with a second count `max: 0` for the other arms.
    InZone {
        /// The sub-zone.
        zone: Box<Placement>,
        /// Which of the instruction's units are counted (all when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        units: Option<Box<UnitSet>>,
        /// Fewest units there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min: Option<u16>,
        /// Most units there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max: Option<u16>,
    },
    /// The instruction's units spread over these formations, one per
    /// formation: "The artillery is spread one unit per brigade" (seed 001
    /// l. 2212, 2221, 2311, 2420). Each unit stands within `within` hexes
    /// of a unit of one of `formations` (0: in its hex), and each unit can
    /// be given a formation of its own near it, as long as formations
    /// remain: with as many units as formations every formation has one;
    /// with more units (Ligny 1's five I Corps batteries for four brigades,
    /// l. 2212) every formation has one and the others stand with any; with
    /// fewer, each stands with a different formation. The instruction's own
    /// units and leaders do not count as a formation's units.
    PerFormation {
        /// The formations, by id (their sub-formations' units included).
        formations: Vec<String>,
        /// Largest distance in hexes from a unit of the formation.
        #[serde(default, skip_serializing_if = "is_zero")]
        within: u8,
    },
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl std::fmt::Display for Location {
    /// The location as a message names it: "place `ligny`", "the
    /// crossing of roads `a` and `b`".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Hex(h) => write!(f, "hex {h}"),
            Self::Place(id) => write!(f, "place `{id}`"),
            Self::Entry(id) => write!(f, "entry point `{id}`"),
            Self::Edge(id) => write!(f, "edge `{id}`"),
            Self::Road(id) => write!(f, "road `{id}`"),
            Self::RoadStretch { road, from, to } => {
                write!(f, "road `{road}` between {from} and {to}")
            }
            Self::Crossing { road, with } => {
                write!(f, "the crossing of roads `{road}` and `{with}`")
            }
            Self::Hexsides(name) => write!(f, "the hexsides of `{name}`"),
            Self::Offset {
                from,
                hexes,
                toward,
            } => {
                let toward = match toward {
                    Compass::North => "north",
                    Compass::South => "south",
                    Compass::East => "east",
                    Compass::West => "west",
                };
                write!(f, "{hexes} hexes {toward} of {from}")
            }
            Self::Formation(id) => write!(f, "the units of `{id}`"),
            Self::Part { of, .. } => write!(f, "the allowed part of {of}"),
            Self::Squares {
                columns,
                rows,
                squares,
            } => {
                let listed: Vec<String> = squares
                    .iter()
                    .map(|(c, r)| format!("({c}, {r})"))
                    .collect();
                write!(
                    f,
                    "squares {} of the map cut {columns} x {rows}",
                    listed.join(", ")
                )
            }
        }
    }
}
