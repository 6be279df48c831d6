//! Hexsides: one canonical key per hexside, so a river seen from either hex
//! is the same river.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::grid::{Geometry, Grid};
use crate::hex::{HexId, HexIdError};

/// The hexside between two hexes, written `"1709/1808"`.
///
/// Always stored with the lower hex first, so `"1808/1709"` reads as the same
/// key. Whether the two hexes really touch depends on the map's grid and is
/// checked against it ([`Hexside::is_on`]).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct Hexside {
    a: HexId,
    b: HexId,
}

/// Why a hexside key could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexsideError {
    /// Not two hex numbers separated by `/`.
    #[error(
        "`{0}` is not a hexside: expected two hex numbers joined by `/`, \
         like \"1709/1808\""
    )]
    Shape(String),
    /// One side is not a hex number.
    #[error(transparent)]
    Hex(#[from] HexIdError),
    /// Both sides name the same hex.
    #[error("`{0}` names the same hex twice")]
    SameHex(String),
}

impl Hexside {
    /// The hexside between `a` and `b`, in canonical order.
    pub fn between(a: HexId, b: HexId) -> Result<Self, HexsideError> {
        if a == b {
            return Err(HexsideError::SameHex(format!("{a}/{b}")));
        }
        Ok(if a < b {
            Self { a, b }
        } else {
            Self { a: b, b: a }
        })
    }

    /// The two hexes, lower first.
    pub fn hexes(self) -> [HexId; 2] {
        [self.a, self.b]
    }

    /// The hex across the hexside from `from`, if `from` is one of its two.
    pub fn other(self, from: HexId) -> Option<HexId> {
        match from {
            h if h == self.a => Some(self.b),
            h if h == self.b => Some(self.a),
            _ => None,
        }
    }

    /// Whether the two hexes touch on this grid.
    pub fn is_on(self, grid: &Grid) -> bool {
        grid.adjacent(self.a, self.b)
    }

    /// Whether the two hexes touch on this map, across a sheet seam too.
    pub fn is_on_map(self, map: &crate::Map) -> bool {
        map.adjacent(self.a, self.b)
    }

    /// The two scan-pixel end points of the hexside: the corners the two
    /// hexes share.
    pub fn endpoints_px(self, grid: &Grid) -> Option<[[f64; 2]; 2]> {
        self.endpoints_on(&grid.geometry())
    }

    /// [`Self::endpoints_px`] with the grid's geometry already worked out
    /// (for many hexsides).
    pub fn endpoints_on(
        self,
        geometry: &Geometry<'_>,
    ) -> Option<[[f64; 2]; 2]> {
        let a = geometry.corners_px(self.a);
        let b = geometry.corners_px(self.b);
        let radius = geometry.grid().hex_radius_px;
        let close = |p: &[f64; 2], q: &[f64; 2]| {
            (p[0] - q[0]).hypot(p[1] - q[1]) < radius * 0.01
        };
        let mut shared = a.iter().filter(|p| b.iter().any(|q| close(p, q)));
        Some([*shared.next()?, *shared.next()?])
    }
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.a, self.b)
    }
}

impl FromStr for Hexside {
    type Err = HexsideError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (a, b) = text
            .split_once('/')
            .ok_or_else(|| HexsideError::Shape(text.to_owned()))?;
        Self::between(a.trim().parse()?, b.trim().parse()?)
    }
}

crate::string_type!(
    Hexside,
    HexsideError,
    "^[A-Z]?[0-9]{3,6} ?/ ?[A-Z]?[0-9]{3,6}$",
    "The hexside between two adjacent hexes, \"1709/1808\"; either order \
     names the same hexside."
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Shift;

    #[test]
    fn either_order_is_one_key() {
        let ab: Hexside = "1709/1808".parse().expect("ab");
        let ba: Hexside = "1808/1709".parse().expect("ba");
        assert_eq!(ab, ba);
        assert_eq!(ba.to_string(), "1709/1808");
    }

    #[test]
    fn every_neighbour_pair_has_one_key_and_shared_corners() {
        for shift in [Shift::Odd, Shift::Even] {
            let grid = Grid {
                shift,
                ..Grid::default()
            };
            let hex = HexId::new(5, 5);
            for n in grid.neighbours(hex) {
                let here = Hexside::between(hex, n).expect("side");
                let there = Hexside::between(n, hex).expect("side");
                assert_eq!(here, there);
                assert!(here.is_on(&grid));
                assert!(here.endpoints_px(&grid).is_some(), "{here}");
            }
        }
    }

    #[test]
    fn rejects_same_hex_and_bad_shape() {
        assert!("1709/1709".parse::<Hexside>().is_err());
        assert!("1709-1808".parse::<Hexside>().is_err());
    }
}
