//! How hexes are numbered on the printed map: the label a player reads
//! ("1715", "A1", "W-07.12", "117015") for each grid position.
//!
//! A [`HexId`] in a Berthier file is the hex's grid position (sheet
//! letter, column and row counted in the map's offset coordinates); a
//! [`Numbering`] prints that position as the map prints it and reads a
//! printed label back. Without one, the label is the position itself in
//! four-digit column-row form (the Jours de Gloire and Vive l'Empereur
//! maps). The options follow VASSAL's `HexGridNumbering` (`first`,
//! `hType`/`vType`, `hOff`/`vOff`, `hLeading`/`vLeading`,
//! `hDescend`/`vDescend`, `sep`), so an imported module keeps its names.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hex::HexId;

/// The printed numbering of a map or of one sheet.
#[derive(
    Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Numbering {
    /// Printed before every label ("W" for the western sheet).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
    /// Whether the column's name or the row's comes first (VASSAL `first`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub first: Axis,
    /// Printed between the two names ("-" for "C-12"; VASSAL `sep`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub separator: String,
    /// How columns are named (VASSAL `hType`, `hOff`, `hLeading`,
    /// `hDescend`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub columns: AxisNumbering,
    /// How rows are named (VASSAL `vType`, `vOff`, `vLeading`,
    /// `vDescend`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub rows: AxisNumbering,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// One of the two axes of a label.
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
pub enum Axis {
    /// The column's name first ("1715", "A1").
    #[default]
    Column,
    /// The row's name first ("15-17").
    Row,
}

/// How one axis is named.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AxisNumbering {
    /// Digits or letters.
    #[serde(default, skip_serializing_if = "is_default")]
    pub style: NameStyle,
    /// Printed value of grid position 0: the value of position `p` is
    /// `p + add`, or `add - p` when descending (VASSAL `hOff`, counted
    /// from the board's far side for a descending axis).
    #[serde(default, skip_serializing_if = "is_default")]
    pub add: i32,
    /// Minimum number of digits, zero-padded (2 prints "05"; VASSAL
    /// `hLeading` + 1). Ignored for letters.
    #[serde(default = "two", skip_serializing_if = "is_two")]
    #[schemars(range(min = 1, max = 6))]
    pub digits: u8,
    /// Values fall as the grid position grows (VASSAL `hDescend`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub descending: bool,
}

fn two() -> u8 {
    2
}

fn is_two(n: &u8) -> bool {
    *n == 2
}

impl Default for AxisNumbering {
    /// Two-digit numbers equal to the grid position: "05".
    fn default() -> Self {
        Self {
            style: NameStyle::Numeric,
            add: 0,
            digits: 2,
            descending: false,
        }
    }
}

/// Digits or letters on one axis.
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
pub enum NameStyle {
    /// Decimal digits, zero-padded to `digits`.
    #[default]
    Numeric,
    /// A = 1 .. Z = 26, then AA = 27, BB = 28 .. ZZ = 52, AAA = 53: one
    /// letter repeated, as VASSAL and most wargame maps print them.
    Letters,
    /// A = 1 .. Z = 26, then AA = 27, AB = 28 .. AZ = 52, BA = 53: the
    /// spreadsheet count.
    Spreadsheet,
}

const LETTERS: u32 = 26;

impl AxisNumbering {
    /// The printed value of grid position `position`.
    fn value(&self, position: u16) -> i64 {
        let (p, add) = (i64::from(position), i64::from(self.add));
        if self.descending { add - p } else { p + add }
    }

    /// The grid position whose value is `value`, if there is one.
    fn position(&self, value: i64) -> Option<u16> {
        let add = i64::from(self.add);
        let p = if self.descending {
            add - value
        } else {
            value - add
        };
        u16::try_from(p).ok()
    }

    /// The name of grid position `position` ("05", "E", "AA").
    pub fn name(&self, position: u16) -> String {
        let value = self.value(position);
        let mut out = String::new();
        if value < 0 {
            out.push('-');
        }
        let v = value.unsigned_abs();
        match self.style {
            NameStyle::Numeric => {
                let width = usize::from(self.digits);
                out.push_str(&format!("{v:0width$}"));
            }
            NameStyle::Letters => out.push_str(&repeated_letters(v)),
            NameStyle::Spreadsheet => out.push_str(&spreadsheet_letters(v)),
        }
        out
    }

    /// The grid position of a whole name, if it reads as one of this axis
    /// (digits need not be padded).
    pub fn read(&self, text: &str) -> Option<u16> {
        self.read_padded(text, 1)
    }

    /// [`Self::read`], with at least `min_digits` digits for a number.
    fn read_padded(&self, text: &str, min_digits: u8) -> Option<u16> {
        let (negative, body) = match text.strip_prefix('-') {
            Some(body) => (true, body),
            None => (false, text),
        };
        let magnitude = match self.style {
            NameStyle::Numeric => read_digits(body, min_digits)?,
            NameStyle::Letters => read_repeated(body)?,
            NameStyle::Spreadsheet => read_spreadsheet(body)?,
        };
        let value = i64::try_from(magnitude).ok()?;
        self.position(if negative { -value } else { value })
    }
}

/// At least `digits` decimal digits (the padding the axis prints).
fn read_digits(body: &str, digits: u8) -> Option<u64> {
    let all_digits =
        !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit());
    (all_digits && body.len() >= usize::from(digits))
        .then(|| body.parse().ok())
        .flatten()
}

/// 0 is the empty name; 1 is "A"; 27 is "AA".
fn repeated_letters(v: u64) -> String {
    if v == 0 {
        return String::new();
    }
    let index = (v - 1) % u64::from(LETTERS);
    let count = (v - 1) / u64::from(LETTERS) + 1;
    let letter = char::from(b'A' + index as u8);
    std::iter::repeat_n(letter, count as usize).collect()
}

fn read_repeated(body: &str) -> Option<u64> {
    let first = *body.as_bytes().first()?;
    if !first.is_ascii_uppercase() || !body.bytes().all(|b| b == first) {
        return None;
    }
    let runs = u64::try_from(body.len()).ok()? - 1;
    Some(runs * u64::from(LETTERS) + u64::from(first - b'A') + 1)
}

/// Bijective base 26: 1 is "A", 27 "AA", 53 "BA".
fn spreadsheet_letters(mut v: u64) -> String {
    let mut letters = Vec::new();
    while v > 0 {
        let digit = (v - 1) % u64::from(LETTERS);
        letters.push(b'A' + digit as u8);
        v = (v - 1) / u64::from(LETTERS);
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

fn read_spreadsheet(body: &str) -> Option<u64> {
    if body.is_empty() || body.len() > 8 {
        return None;
    }
    body.bytes().try_fold(0u64, |acc, b| {
        b.is_ascii_uppercase()
            .then(|| acc * u64::from(LETTERS) + u64::from(b - b'A') + 1)
    })
}

impl Numbering {
    /// The numbering every map has without one: "1715", column then row,
    /// two digits each.
    pub fn is_plain(&self) -> bool {
        *self == Self::default()
    }

    /// The label printed on the hex at grid position `id` (its sheet
    /// letter is not printed: the prefix stands for the sheet).
    pub fn label(&self, id: HexId) -> String {
        let column = self.columns.name(id.col);
        let row = self.rows.name(id.row);
        let (a, b) = match self.first {
            Axis::Column => (column, row),
            Axis::Row => (row, column),
        };
        format!("{}{a}{}{b}", self.prefix, self.separator)
    }

    /// The grid position (column, row) of a printed label, or `None` when
    /// the label does not read. Where the separator is empty and both
    /// names are digits, the second name is at least its `digits` long
    /// (so "601" reads as column 6, row 01).
    pub fn read(&self, label: &str) -> Option<(u16, u16)> {
        let body = label.strip_prefix(self.prefix.as_str())?;
        let (first, second) = match self.first {
            Axis::Column => (&self.columns, &self.rows),
            Axis::Row => (&self.rows, &self.columns),
        };
        // The longest first name whose rest still reads, as VASSAL's
        // `getLocation` splits a label.
        let cuts = (1..body.len()).rev().filter(|i| body.is_char_boundary(*i));
        for cut in cuts {
            let (a, rest) = body.split_at(cut);
            let Some(b) = rest.strip_prefix(self.separator.as_str()) else {
                continue;
            };
            let padding = if self.separator.is_empty() {
                second.digits
            } else {
                1
            };
            if let (Some(a), Some(b)) =
                (first.read(a), second.read_padded(b, padding))
            {
                return Some(match self.first {
                    Axis::Column => (a, b),
                    Axis::Row => (b, a),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(style: NameStyle) -> AxisNumbering {
        AxisNumbering {
            style,
            ..AxisNumbering::default()
        }
    }

    #[test]
    fn plain_numbering_prints_hex_ids() {
        let plain = Numbering::default();
        for id in ["1715", "0601", "10203"] {
            let hex: HexId = id.parse().expect("id");
            assert_eq!(plain.label(hex), hex.to_string());
            assert_eq!(plain.read(id), Some((hex.col, hex.row)));
        }
    }

    #[test]
    fn letter_styles_count_as_printed() {
        let repeated = letters(NameStyle::Letters);
        let sheet = letters(NameStyle::Spreadsheet);
        for (p, a, b) in [(1, "A", "A"), (26, "Z", "Z"), (27, "AA", "AA")] {
            assert_eq!((repeated.name(p), sheet.name(p)), (a.into(), b.into()));
        }
        assert_eq!(repeated.name(28), "BB");
        assert_eq!(sheet.name(28), "AB");
        assert_eq!(sheet.name(53), "BA");
        assert_eq!(repeated.read("BB"), Some(28));
        assert_eq!(repeated.read("AB"), None);
    }

    #[test]
    fn letter_number_and_separator_read_back() {
        let chess = Numbering {
            columns: letters(NameStyle::Letters),
            rows: AxisNumbering {
                digits: 1,
                ..AxisNumbering::default()
            },
            ..Numbering::default()
        };
        assert_eq!(chess.label(HexId::new(1, 1)), "A1");
        assert_eq!(chess.read("C12"), Some((3, 12)));
        let dashed = Numbering {
            first: Axis::Row,
            separator: "-".into(),
            prefix: "W".into(),
            ..Numbering::default()
        };
        assert_eq!(dashed.label(HexId::new(17, 5)), "W05-17");
        assert_eq!(dashed.read("W05-17"), Some((17, 5)));
        assert_eq!(dashed.read("E05-17"), None);
    }

    #[test]
    fn descending_axis_counts_back() {
        let down = Numbering {
            rows: AxisNumbering {
                add: 30,
                descending: true,
                ..AxisNumbering::default()
            },
            ..Numbering::default()
        };
        assert_eq!(down.label(HexId::new(3, 1)), "0329");
        assert_eq!(down.read("0329"), Some((3, 1)));
        assert_eq!(down.read("0331"), None, "value 31 is position -1");
    }
}
