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
