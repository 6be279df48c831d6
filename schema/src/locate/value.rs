//! Reads RON text into its JSON shape without the model's types, following
//! the same correspondence as [`super::locate`], so a RON file whose typed
//! read stops at the first error can still be checked against the JSON
//! Schema for every error at once. The reading is [`RonTree::read_ron`]'s
//! (see there what it refuses rather than guess), so this shape and the
//! validator's fast path, which checks and types the tree itself, are one
//! reading.

use serde_json::Value;

use super::ron_tree::RonTree;

/// The JSON shape of a RON document, or `None` when the text is not RON
/// that this reading understands (syntax errors are the typed reader's to
/// report).
pub fn ron_json_shape(text: &str) -> Option<Value> {
    RonTree::read_ron(text).map(|tree| tree.to_value())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_every_ron_shape_as_serde_writes_it_in_json() {
        let text = r#"#![enable(implicit_some)]
            // a comment
            (kind: map, n: 3, f: -1.5, s: "a\"b", opt: Some(2), none: None,
             tuple: (1, 6), list: [1, 2,], map: {"0101": (terrain: "clear")},
             unit: north, newtype: Hex("0101"), cost: Mp(2),
             variant: Within(of: Place("mill"), hexes: 1), yes: true)"#;
        assert_eq!(
            ron_json_shape(text),
            Some(json!({
                "kind": "map", "n": 3, "f": -1.5, "s": "a\"b", "opt": 2,
                "none": null, "tuple": [1, 6], "list": [1, 2],
                "map": {"0101": {"terrain": "clear"}}, "unit": "north",
                "newtype": {"Hex": "0101"}, "cost": {"Mp": 2},
                "variant": {"Within": {"of": {"Place": "mill"}, "hexes": 1}},
                "yes": true
            }))
        );
    }

    #[test]
    fn unusual_escapes_and_literals_give_up_instead_of_guessing() {
        assert_eq!(ron_json_shape(r#"(s: "a\u{41}")"#), None);
        assert_eq!(ron_json_shape(r#"(s: "a\0")"#), None);
        assert_eq!(ron_json_shape(r"(c: '\'')"), None);
        assert_eq!(ron_json_shape(r"(c: '\n')"), None);
        assert_eq!(ron_json_shape("(n: 0x1F)"), None);
        assert_eq!(
            ron_json_shape(r#"(s: "tab\tquote\"")"#),
            Some(json!({"s": "tab\tquote\""}))
        );
    }

    #[test]
    fn a_plain_char_literal_is_a_one_letter_string() {
        // A sheet letter (`sheet: 'W'`), as serde reads a `char` from JSON.
        assert_eq!(ron_json_shape("(c: 'W')"), Some(json!({"c": "W"})));
    }

    #[test]
    fn what_the_typed_reader_refuses_gives_none_not_a_guess() {
        // A JSON object would keep the last of two `a`, `[..)` would read
        // as a list, `1e309` and `NaN` as `null`: the typed reader refuses
        // each, so the shape must not stand in for it.
        assert_eq!(ron_json_shape("(a: 1, b: 2, a: 3)"), None);
        assert_eq!(ron_json_shape(r#"{"k": 1, "k": 2}"#), None);
        assert_eq!(ron_json_shape("(a: [1, 2))"), None);
        assert_eq!(ron_json_shape("(a: (1, 2])"), None);
        assert_eq!(ron_json_shape("[(a: 1}]"), None);
        assert_eq!(ron_json_shape("(facing: 1e309)"), None);
        assert_eq!(ron_json_shape("(facing: -1e309)"), None);
        assert_eq!(ron_json_shape("(f: NaN)"), None);
        assert_eq!(ron_json_shape("(f: inf)"), None);
        assert_eq!(ron_json_shape("(a: [1,, 2])"), None);
        assert_eq!(ron_json_shape("(a: [, 1])"), None);
        assert_eq!(ron_json_shape("(a: [1, 2,])"), Some(json!({"a": [1, 2]})));
    }

    #[test]
    fn broken_or_hostile_text_gives_none() {
        assert_eq!(ron_json_shape("(a: 1"), None);
        assert_eq!(ron_json_shape("(a 1)"), None);
        assert_eq!(ron_json_shape(&"[".repeat(100_000)), None);
        assert_eq!(ron_json_shape(""), None);
    }
}
