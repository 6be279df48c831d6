//! Hex numbering schemes: every label a scheme prints reads back as the
//! grid position it was printed for.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::HexId;
use berthier_schema::numbering::{Axis, AxisNumbering, NameStyle, Numbering};
use proptest::prelude::*;

fn axis(
    style: NameStyle,
    add: i32,
    digits: u8,
    descending: bool,
) -> AxisNumbering {
    AxisNumbering {
        style,
        add,
        digits,
        descending,
    }
}

/// The schemes named in the issue, each with the positions it can print
/// unambiguously: (name, numbering, columns, rows).
fn schemes() -> Vec<(&'static str, Numbering, u16, u16)> {
    let numeric = |digits| axis(NameStyle::Numeric, 0, digits, false);
    vec![
        ("four-digit column-row", Numbering::default(), 999, 99),
        (
            "letter-number (A1)",
            Numbering {
                columns: axis(NameStyle::Letters, 0, 2, false),
                rows: numeric(1),
                ..Numbering::default()
            },
            200,
            999,
        ),
        (
            "number-letter, rows alphabetic (12C)",
            Numbering {
                rows: axis(NameStyle::Spreadsheet, 0, 2, false),
                ..Numbering::default()
            },
            999,
            900,
        ),
        (
            "three-digit columns (117015)",
            Numbering {
                columns: numeric(3),
                rows: numeric(3),
                ..Numbering::default()
            },
            999,
            999,
        ),
        (
            "per-sheet prefix, separator, row first (W-15.17)",
            Numbering {
                prefix: "W-".into(),
                first: Axis::Row,
                separator: ".".into(),
                ..Numbering::default()
            },
            999,
            999,
        ),
        (
            "no leading zeros with a separator (5-7)",
            Numbering {
                separator: "-".into(),
                columns: numeric(1),
                rows: numeric(1),
                ..Numbering::default()
            },
            999,
            999,
        ),
        (
            "descending rows counted from 40, columns from 100",
            Numbering {
                columns: axis(NameStyle::Numeric, 99, 3, false),
                rows: axis(NameStyle::Numeric, 40, 2, true),
                ..Numbering::default()
            },
            800,
            40,
        ),
        (
            "letters both ways, separated (AA/C)",
            Numbering {
                separator: "/".into(),
                columns: axis(NameStyle::Letters, 0, 2, false),
                rows: axis(NameStyle::Letters, 0, 2, false),
                ..Numbering::default()
            },
            300,
            300,
        ),
    ]
}

proptest! {
    #[test]
    fn every_scheme_reads_back_what_it_prints(
        pick in 0usize..8,
        col in 1u16..1000,
        row in 1u16..1000,
    ) {
        let schemes = schemes();
        let (name, numbering, max_col, max_row) = &schemes[pick];
        let (col, row) = (col.min(*max_col), row.min(*max_row));
        let label = numbering.label(HexId::new(col, row));
        prop_assert_eq!(
            numbering.read(&label), Some((col, row)),
            "{}: {}", name, label
        );
    }
}

#[test]
fn schemes_print_as_the_maps_do() {
    let by_name = |n: &str| {
        schemes()
            .into_iter()
            .find(|s| s.0.starts_with(n))
            .expect("scheme")
            .1
    };
    let at = |col, row| HexId::new(col, row);
    assert_eq!(by_name("four").label(at(17, 15)), "1715");
    assert_eq!(by_name("letter-number").label(at(3, 12)), "C12");
    assert_eq!(by_name("number-letter").label(at(12, 3)), "12C");
    assert_eq!(by_name("three").label(at(117, 15)), "117015");
    assert_eq!(by_name("per-sheet").label(at(17, 15)), "W-15.17");
    assert_eq!(by_name("no leading").label(at(5, 7)), "5-7");
    assert_eq!(by_name("descending").label(at(1, 1)), "10039");
    assert_eq!(by_name("letters both").label(at(27, 3)), "AA/C");
    // What does not read: another sheet's prefix, a letter where a number
    // goes, a position before the first.
    assert_eq!(by_name("per-sheet").read("E-15.17"), None);
    assert_eq!(by_name("four").read("17A5"), None);
    assert_eq!(by_name("descending").read("10041"), None);
}
