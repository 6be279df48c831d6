//! The validator's fast path checks a RON document against its schema and
//! types it straight from the locate tokenizer's tree. Both must answer
//! exactly what the precise path answers for the same shape as a
//! `serde_json::Value` (`schema_violations`, `Document::from_json_value`),
//! and the typing what the typed RON reader gives, for every RON file in
//! the repository (bundled documents and the validator's broken fixtures)
//! and for generated odd values.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ron_files;

use std::collections::BTreeMap;
use std::path::PathBuf;

use berthier_schema::locate::{RonTree, ron_json_shape};
use berthier_schema::validate::{ron_tree_is_valid, schema_violations};
use berthier_schema::{Document, Format, probe_kind};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// Every RON file of the repository: content, templates, fixtures.
fn repository_ron_files() -> Vec<PathBuf> {
    ron_files::under(&["schema", "maps", "counters", "scenarios", "validator"])
}

/// What the fast path and the precise path say of one text; `None` when
/// the tree does not read it (both paths then leave it to the typed
/// reader).
fn compare(text: &str, what: &str) -> Option<bool> {
    let tree = RonTree::read_ron(text);
    let shape = ron_json_shape(text);
    assert_eq!(tree.as_ref().map(RonTree::to_value), shape, "{what}");
    let (tree, value) = (tree?, shape?);
    let kind = probe_kind(text, Format::Ron).ok()?;
    let valid = schema_violations(kind, &value).is_empty();
    assert_eq!(
        ron_tree_is_valid(kind, &tree),
        valid,
        "{what}: schema check"
    );
    let by_value = Document::from_json_value(kind, value);
    match Document::from_ron_tree(kind, &tree) {
        Some(Ok(document)) => {
            let expected = by_value.expect("the value path types it too");
            assert_eq!(document, expected, "{what}: typed");
        }
        Some(Err(e)) => assert!(by_value.is_err(), "{what}: {e}"),
        None => assert!(!tree.is_exact(), "{what}"),
    }
    Some(valid)
}

#[test]
fn the_ron_tree_checks_and_types_every_repository_file_as_the_value_does() {
    let files = repository_ron_files();
    assert!(files.len() > 300, "found only {} files", files.len());
    let (mut valid, mut invalid) = (0, 0);
    for file in &files {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        match compare(&text, &file.display().to_string()) {
            Some(true) => valid += 1,
            Some(false) => invalid += 1,
            None => {}
        }
    }
    // Both sides of the schema check are exercised.
    assert!(
        valid > 300 && invalid > 10,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn a_key_with_an_escape_the_shape_does_not_decode_is_not_typed() {
    let tree = RonTree::read_ron(r#"{"a\u{41}": 1}"#).unwrap();
    assert!(!tree.is_exact());
    assert!(
        Document::from_ron_tree(berthier_schema::DocKind::Map, &tree).is_none()
    );
}

/// Odd values in every position a document uses: strings with escapes
/// and any Unicode, chars, integers, floats, options, enums, maps.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Odd {
    s: String,
    c: char,
    i: i64,
    u: u64,
    f: f64,
    opt: Option<String>,
    list: Vec<String>,
    map: BTreeMap<String, i32>,
    e: Vec<Shape>,
    pair: (u8, i16),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Shape {
    Unit,
    New(String),
    Tuple(i32, String),
    Struct { a: Option<u32>, b: f32 },
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Unit),
        any::<String>().prop_map(Shape::New),
        (any::<i32>(), any::<String>()).prop_map(|(a, b)| Shape::Tuple(a, b)),
        (any::<Option<u32>>(), -1e6f32..1e6)
            .prop_map(|(a, b)| Shape::Struct { a, b }),
    ]
}

fn odd() -> impl Strategy<Value = Odd> {
    (
        (any::<String>(), any::<char>(), any::<i64>(), any::<u64>()),
        (-1e300f64..1e300, any::<Option<String>>()),
        (
            prop::collection::vec("[a-z\"\\\\\n\t\r]{0,6}", 0..4),
            prop::collection::btree_map(any::<String>(), any::<i32>(), 0..4),
            prop::collection::vec(shape(), 0..4),
            any::<(u8, i16)>(),
        ),
    )
        .prop_map(|((s, c, i, u), (f, opt), (list, map, e, pair))| Odd {
            s,
            c,
            i,
            u,
            f,
            opt,
            list,
            map,
            e,
            pair,
        })
}

/// Whenever the tree types `text`, it gives what the typed RON reader
/// and serde_json (from the same shape) give.
fn agrees(text: &str) -> Result<(), TestCaseError> {
    // A key with an escape the shape does not decode (`"\u{b01}"`) is
    // not exact: `Document::from_ron_tree` refuses to type it.
    let Some(tree) = RonTree::read_ron(text).filter(RonTree::is_exact) else {
        return Ok(());
    };
    let Ok(fast) = Odd::deserialize(tree.root()) else {
        return Ok(());
    };
    let typed: Odd = ron::from_str(text).unwrap();
    prop_assert_eq!(&fast, &typed, "{}", text);
    let by_value: Odd = serde_json::from_value(tree.to_value()).unwrap();
    prop_assert_eq!(&fast, &by_value, "{}", text);
    Ok(())
}

proptest! {
    #[test]
    fn odd_values_type_from_the_ron_tree_as_ron_reads_them(value in odd()) {
        agrees(&ron::to_string(&value).unwrap())?;
        let pretty = ron::ser::PrettyConfig::new().escape_strings(false);
        agrees(&ron::ser::to_string_pretty(&value, pretty).unwrap())?;
    }
}

#[test]
fn written_forms_type_from_the_ron_tree_as_ron_reads_them() {
    let cases = [
        r##"(s: r#"raw "quoted" \n"#, c: 'W', i: -9_223_372_036_854_775_808,
            u: 18446744073709551615, f: 1e300, opt: Some("x"), list: [],
            map: {}, e: [Unit, New("a\tb"), Tuple(-1, ""),
            Struct(a: None, b: -1.5e-3)], pair: (255, -32768))"##,
        r#"(s: "\"\\\n\t\r", c: 'é', i: 0, u: 1_000, f: -0.0, opt: None,
            list: ["😀", "a\"b"], map: {"k": 1, "\\": -2},
            e: [Struct(a: Some(4), b: 3)], pair: (0, 0),)"#,
        r#"(s: "", c: '€', i: -1, u: 0, f: 2.5E+10, opt: Some(""),
            list: ["x",], map: {"0101": 7}, e: [], pair: (1, -1))"#,
    ];
    for text in cases {
        let tree = RonTree::read_ron(text).expect(text);
        let fast = Odd::deserialize(tree.root()).expect(text);
        let typed: Odd = ron::from_str(text).expect(text);
        assert_eq!(fast, typed, "{text}");
    }
}
