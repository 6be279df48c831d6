//! Printed hex numbers ("1715": column 17, row 15) and their conversion to
//! hexx's axial coordinates, the one canonical coordinate type.

use std::fmt;
use std::str::FromStr;

use hexx::{Hex, HexOrientation, OffsetHexMode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Serializes a type as its `Display` string, reads it back through
/// `FromStr`, and describes it in the JSON Schema as a string matching
/// `pattern`, so the loader and the schema accept the same texts.
#[macro_export]
#[doc(hidden)]
macro_rules! string_type {
    ($ty:ident, $err:ty, $pattern:expr, $description:expr) => {
        impl TryFrom<String> for $ty {
            type Error = $err;
            fn try_from(text: String) -> Result<Self, Self::Error> {
                text.parse()
            }
        }

        impl From<$ty> for String {
            fn from(value: $ty) -> Self {
                value.to_string()
            }
        }

        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($ty).into()
            }

            fn json_schema(
                _: &mut schemars::SchemaGenerator,
            ) -> schemars::Schema {
                schemars::json_schema!({
                    "type": "string",
                    "pattern": $pattern,
                    "description": $description,
                })
            }
        }
    };
}

/// A hex as printed on the map: an optional sheet letter, a column and a row.
///
/// Written `CCRR` (`"1715"`), with the column zero-padded to two digits and
/// the row always the last two digits, so `"601"` reads as `"0601"` and
/// `"10203"` as column 102, row 03. Multi-sheet maps prefix one capital letter
/// (`"W1715"`).
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
pub struct HexId {
    /// Sheet letter for multi-sheet maps (`b'A'..=b'Z'`).
    pub sheet: Option<u8>,
    /// Printed column number.
    pub col: u16,
    /// Printed row number.
    pub row: u16,
}

/// Why a printed hex number could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a printed hex number: expected column then two row \
     digits, like \"1715\" or \"601\" (optionally one sheet letter first, \
     like \"W1715\")"
)]
pub struct HexIdError {
    /// The rejected text.
    pub text: String,
}

impl HexId {
    /// The printed hex at `col`, `row` on a single-sheet map.
    pub const fn new(col: u16, row: u16) -> Self {
        Self {
            sheet: None,
            col,
            row,
        }
    }

    /// Converts to hexx's axial coordinate under `shift`.
    ///
    /// The printed column and row are used as offset coordinates directly,
    /// so "odd columns shifted" means odd *printed* columns, whatever the
    /// map's first column is.
    pub fn to_hex(self, shift: Shift, orientation: Orientation) -> Hex {
        Hex::from_offset_coordinates(
            [i32::from(self.col), i32::from(self.row)],
            shift.mode(),
            orientation.hexx(),
        )
    }

    /// Converts an axial coordinate back to the printed number, if it has
    /// one (columns and rows are never negative on a printed map).
    pub fn from_hex(
        hex: Hex,
        shift: Shift,
        orientation: Orientation,
        sheet: Option<u8>,
    ) -> Option<Self> {
        let [col, row] =
            hex.to_offset_coordinates(shift.mode(), orientation.hexx());
        Some(Self {
            sheet,
            col: u16::try_from(col).ok()?,
            row: u16::try_from(row).ok()?,
        })
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(sheet) = self.sheet {
            write!(f, "{}", char::from(sheet))?;
        }
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

impl FromStr for HexId {
    type Err = HexIdError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = || HexIdError {
            text: text.to_owned(),
        };
        let (sheet, digits) = match text.as_bytes().first() {
            Some(b) if b.is_ascii_uppercase() => (Some(*b), &text[1..]),
            _ => (None, text),
        };
        if !(3..=6).contains(&digits.len())
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(error());
        }
        let (col, row) = digits.split_at(digits.len() - 2);
        Ok(Self {
            sheet,
            col: col.parse().map_err(|_| error())?,
            row: row.parse().map_err(|_| error())?,
        })
    }
}

crate::string_type!(
    HexId,
    HexIdError,
    HEX_ID_PATTERN,
    "A printed hex number: column then two row digits (\"1715\" = column \
     17, row 15; \"601\" = \"0601\"), with an optional sheet letter first \
     (\"W1715\")."
);

/// The pattern every printed hex number matches.
pub const HEX_ID_PATTERN: &str = "^[A-Z]?[0-9]{3,6}$";

/// Whether hexes have a flat top (columns of hexes) or a pointed top (rows).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Orientation {
    /// Flat-topped hexes in vertical columns (Jours de Gloire, most maps).
    #[default]
    Flat,
    /// Pointy-topped hexes in horizontal rows.
    Pointy,
}

impl Orientation {
    /// The matching hexx orientation.
    pub fn hexx(self) -> HexOrientation {
        match self {
            Self::Flat => HexOrientation::Flat,
            Self::Pointy => HexOrientation::Pointy,
        }
    }
}

/// Which printed columns (flat) or rows (pointy) sit half a hex lower
/// (flat) or further right (pointy). Rivoli shifts odd columns, Canope even.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Shift {
    /// Odd-numbered columns (or rows) are shifted.
    #[default]
    Odd,
    /// Even-numbered columns (or rows) are shifted.
    Even,
}

impl Shift {
    pub(crate) fn mode(self) -> OffsetHexMode {
        match self {
            Self::Odd => OffsetHexMode::Odd,
            Self::Even => OffsetHexMode::Even,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_printed_numbers() {
        assert_eq!("1715".parse::<HexId>(), Ok(HexId::new(17, 15)));
        assert_eq!("601".parse::<HexId>(), Ok(HexId::new(6, 1)));
        assert_eq!("0601".parse::<HexId>(), Ok(HexId::new(6, 1)));
        let sheet = "W0203".parse::<HexId>().expect("sheet prefix");
        assert_eq!(sheet.sheet, Some(b'W'));
        assert_eq!(sheet.to_string(), "W0203");
        assert_eq!(HexId::new(6, 1).to_string(), "0601");
    }

    #[test]
    fn rejects_non_numbers() {
        for bad in ["", "17", "17a5", "w1715", "1234567", "-101", "17 15"] {
            assert!(bad.parse::<HexId>().is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn odd_and_even_shift_disagree_on_adjacency() {
        // Canope's slope pairs are adjacent only when even columns shift.
        let pairs = [("1709", "1808"), ("0504", "0403")];
        for (a, b) in pairs {
            let (a, b): (HexId, HexId) =
                (a.parse().expect("a"), b.parse().expect("b"));
            let dist = |s| {
                a.to_hex(s, Orientation::Flat)
                    .unsigned_distance_to(b.to_hex(s, Orientation::Flat))
            };
            assert_eq!(dist(Shift::Even), 1, "{a}-{b} even");
            assert_eq!(dist(Shift::Odd), 2, "{a}-{b} odd");
        }
    }
}
