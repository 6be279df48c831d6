//! Tests of [`super::locate`], including proptests that no input panics.

use super::*;

fn at(text: &str, format: Format, pointer: &str) -> (String, bool) {
    let found = locate(text, format, pointer);
    let rest = text.get(found.value..).unwrap_or("");
    (rest.chars().take(8).collect(), found.exact)
}

#[test]
fn json_objects_and_arrays() {
    let text = r#"{"a": {"b/c": [1, {"d": "x"}]}, "e": 2}"#;
    assert_eq!(at(text, Format::Json, "/a/b~1c/1/d").0, "\"x\"}]}, ");
    assert_eq!(at(text, Format::Json, "/e"), ("2}".into(), true));
    let missing = at(text, Format::Json, "/a/zz");
    assert_eq!(missing, ("{\"b/c\": ".into(), false));
    let found = locate(text, Format::Json, "/e");
    assert_eq!(text.get(found.key_or_value()..found.value), Some("\"e\": "));
}

#[test]
fn ron_structs_enums_and_wrappers() {
    let text = "// c (x: [\n(\n  kind: map, /* (a: [ */ x: Some((1, 2)),\n  \
                p: Within(of: Place(\"mill\"), hexes: 1),\n  \
                h: Hex(\"0101\"), m: {\"k\": r#\"v\"#, \"z\": north},\n)";
    assert_eq!(at(text, Format::Ron, "/kind").0, "map, /* ");
    assert_eq!(at(text, Format::Ron, "/x/1").0, "2)),\n  p");
    assert_eq!(at(text, Format::Ron, "/p/Within/of/Place").0, "\"mill\"),");
    assert_eq!(at(text, Format::Ron, "/p/Within/hexes").0, "1),\n  h:");
    assert_eq!(at(text, Format::Ron, "/h/Hex").0, "\"0101\"),");
    assert_eq!(at(text, Format::Ron, "/m/z").0, "north},\n");
    let leaf = locate(text, Format::Ron, "/p/Within");
    assert_eq!(
        text.get(leaf.key_or_value()..leaf.key_or_value() + 6),
        Some("Within")
    );
    assert!(!locate(text, Format::Ron, "/p/Within/nope").exact);
}

#[test]
fn pathological_inputs_stay_fast() {
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    let found = locate(&deep, Format::Ron, "/0/0/0/a");
    assert!(!found.exact);
    let deep = "[".repeat(200_000);
    assert!(!locate(&deep, Format::Json, "/0/0/0/0/1").exact);
}

proptest::proptest! {
    #[test]
    fn never_panics(text in "\\PC{0,200}", pointer in "(/[a-z0-9]{0,3}){0,4}") {
        for format in [Format::Ron, Format::Json] {
            let found = locate(&text, format, &pointer);
            proptest::prop_assert!(found.value <= text.len());
            let _ = scalar_at(&text, format, found.value);
        }
    }

    #[test]
    fn never_panics_on_structure(
        text in "[()\\[\\]{}:,\"'a-z0-9 r#b/*\\\\\n]{0,120}",
        pointer in "(/[a-z0-9]{0,2}){0,4}",
    ) {
        for format in [Format::Ron, Format::Json] {
            let found = locate(&text, format, &pointer);
            proptest::prop_assert!(found.value <= text.len());
        }
    }
}

#[test]
fn segments_escape_and_unescape() {
    assert_eq!(escape_segment("a/b~c"), "a~1b~0c");
    assert_eq!(escape_segment("~1"), "~01");
    for key in ["", "plain", "a/b~c", "~1", "/~0/"] {
        assert_eq!(unescape_segment(&escape_segment(key)), key);
    }
}

proptest::proptest! {
    /// The index only remembers what a scan would find: many pointers
    /// through one shared index give what each finds alone.
    #[test]
    fn an_index_finds_what_a_scan_finds(
        text in "[()\\[\\]{}:,\"'a-z0-9 /*\n]{0,160}",
        pointers in proptest::collection::vec("(/[a-c0-3]{1,2}){0,4}", 1..8),
    ) {
        for format in [Format::Ron, Format::Json] {
            let mut index = LocateIndex::new();
            for pointer in &pointers {
                let alone = locate(&text, format, pointer);
                let indexed = locate_indexed(&text, format, pointer, &mut index);
                proptest::prop_assert_eq!(alone, indexed, "{}", pointer);
            }
        }
    }
}

#[test]
fn an_index_finds_every_entry_of_a_long_list() {
    let entries: Vec<String> = (0..500)
        .map(|i| format!("(unit: \"u{i}\", hex: \"0101\")"))
        .collect();
    let text = format!("(sides: [(setup: [{}])])", entries.join(",\n"));
    let mut index = LocateIndex::new();
    for i in [0, 499, 250, 1] {
        let pointer = format!("/sides/0/setup/{i}/unit");
        let found = locate_indexed(&text, Format::Ron, &pointer, &mut index);
        assert_eq!(found, locate(&text, Format::Ron, &pointer));
        assert_eq!(
            scalar_at(&text, Format::Ron, found.value),
            Some(format!("u{i}"))
        );
    }
}

/// Children read to locate `/sides/0/setup/k/unit` for every entry `k` of
/// a setup list of `n` entries, through one index.
fn reads_to_locate_every_entry(n: usize) -> usize {
    let entries: Vec<String> = (0..n)
        .map(|i| format!("(unit: \"u{i}\", hex: \"0101\")"))
        .collect();
    let text = format!(
        "(kind: scenario, sides: [(setup: [{}])])",
        entries.join(",\n")
    );
    let mut index = LocateIndex::new();
    for k in 0..n {
        let pointer = format!("/sides/0/setup/{k}/unit");
        assert!(locate_indexed(&text, Format::Ron, &pointer, &mut index).exact);
    }
    index.reads()
}

/// One finding per setup entry used to cost a scan of the entries before
/// it (quadratic: 10,000 duplicated entries took 6.8 s). Counted in
/// children read, twice the entries is at most 2.5 times the work.
#[test]
fn locating_one_finding_per_entry_grows_linearly() {
    let (one, two) = (
        reads_to_locate_every_entry(2000),
        reads_to_locate_every_entry(4000),
    );
    assert!(one >= 2000, "{one}");
    assert!(
        two * 2 <= one * 5,
        "2,000 entries: {one} reads, 4,000: {two}"
    );
}

/// The tree gives up on a key written twice (the typed reader refuses a
/// repeated field, a JSON object would keep the last), whether the keys'
/// signatures tell it to compare them or not, and keeps distinct keys that
/// share a signature.
#[test]
fn the_ron_tree_refuses_a_repeated_key_and_keeps_distinct_ones() {
    let many: Vec<String> = (0..20).map(|i| format!("k{i:02}: {i}")).collect();
    let many = many.join(", ");
    let repeated = [
        "(a: 1, a: 2)".to_owned(),
        "(unit: \"u\", hex: \"0101\", unit: \"v\")".to_owned(),
        "{\"k\": 1, \"j\": 2, \"k\": 3}".to_owned(),
        "[(x: (a: 1, b: 2, a: 3))]".to_owned(),
        format!("({many}, k07: 0)"),
    ];
    for text in &repeated {
        assert!(RonTree::read_ron(text).is_none(), "{text}");
    }
    // `axb` and `ayb` share length, first and last byte: one signature.
    let distinct = [
        "(axb: 1, ayb: 2)".to_owned(),
        "(unit: \"u\", hex: \"0101\", facing: 0)".to_owned(),
        format!("({many})"),
        "(a: (a: 1), b: [(a: 2), (a: 3)])".to_owned(),
    ];
    for text in &distinct {
        let tree = RonTree::read_ron(text);
        assert!(tree.is_some(), "{text}");
    }
}
