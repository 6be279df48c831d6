//! Tests of [`super::patch_text`] on small documents; every edit kind on
//! every bundled map is tested in `schema/tests/preserve_bundled.rs`.

use super::*;
use crate::map::Map;

const MAP: &str = r#"// A hand-written map: this comment must survive.
(
    kind: map,
    format_version: 1,
    id: "m",
    name: "Map", // trailing comment
    series: "s.series.ron",
    grid: (shift: odd, origin_hex: "0101", hex_radius_px: 30.0),
    extent: [(cols: (1, 4), rows: (1, 4))],
    /* painted so far */
    hexes: {"0101": (terrain: "clear")},
)
"#;

fn map() -> Map {
    parse(MAP, Format::Ron).expect("map")
}

fn patched(text: &str, edited: &Map) -> String {
    let out = patch_text(text, Format::Ron, edited).expect("patched");
    assert_eq!(&parse::<Map>(&out, Format::Ron).expect("reads"), edited);
    assert!(keeps_comments(text, &out, Format::Ron), "{out}");
    out
}

#[test]
fn only_the_changed_field_is_rewritten() {
    let mut edited = map();
    edited.name = "Renamed".into();
    let text = patched(MAP, &edited);
    assert_eq!(text, MAP.replace(r#"name: "Map""#, r#"name: "Renamed""#));
}

#[test]
fn a_new_key_in_an_inline_struct_goes_on_its_line() {
    let mut edited = map();
    edited.grid.rotation_deg = 0.5;
    let text = patched(MAP, &edited);
    assert!(
        text.contains("hex_radius_px: 30.0, rotation_deg: 0.5)"),
        "{text}"
    );
    assert_eq!(text.lines().count(), MAP.lines().count());
}

#[test]
fn painting_one_hex_keeps_comments_beside_the_other_hexes() {
    let text = MAP.replace(
        r#"hexes: {"0101": (terrain: "clear")},"#,
        "hexes: {\n        \"0101\": (terrain: \"clear\"), // a farm\n        \"0103\": (terrain: \"clear\"),\n    },",
    );
    let mut edited: Map = parse(&text, Format::Ron).expect("map");
    edited.hexes.insert(
        "0102".parse().expect("hex"),
        crate::map::HexData {
            terrain: Some("woods".into()),
            ..Default::default()
        },
    );
    let out = patched(&text, &edited);
    assert!(
        out.contains("// a farm\n        \"0102\": (terrain: \"woods\"),\n        \"0103\""),
        "{out}"
    );
}

#[test]
fn a_first_entry_in_an_empty_map_reads_like_a_file_entry() {
    let text =
        MAP.replace(r#"hexes: {"0101": (terrain: "clear")},"#, "hexes: {},");
    let mut edited: Map = parse(&text, Format::Ron).expect("map");
    edited.hexes.insert(
        "1811".parse().expect("hex"),
        crate::map::HexData {
            terrain: Some("woods".into()),
            ..Default::default()
        },
    );
    let out = patched(&text, &edited);
    assert!(
        out.contains(
            "hexes: {\n        \"1811\": (terrain: \"woods\"),\n    },"
        ),
        "{out}"
    );
}

#[test]
fn removals_keep_their_comments() {
    let text = MAP.replace(
        r#"hexes: {"0101": (terrain: "clear")},"#,
        "hexes: {\n        // the mill\n        \"0101\": (terrain: \"clear\"), // a farm\n        \"0102\": (terrain: \"clear\"),\n    },",
    );
    let mut edited: Map = parse(&text, Format::Ron).expect("map");
    edited.hexes.remove(&"0101".parse().expect("hex"));
    let out = patched(&text, &edited);
    assert!(
        out.contains("// the mill\n        // a farm\n        \"0102\""),
        "{out}"
    );
    edited.hexes.clear();
    let out = patched(&text, &edited);
    assert!(out.contains("// a farm"), "{out}");
}

#[test]
fn a_new_field_is_added_after_its_predecessor() {
    let mut edited = map();
    edited.scale = Some("300 m per hex".into());
    let text = patched(MAP, &edited);
    assert!(
        text.contains(
            "series: \"s.series.ron\",\n    scale: \"300 m per hex\",\n"
        ),
        "{text}"
    );
}

#[test]
fn json_is_patched_too_and_removals_work() {
    let mut base = map();
    base.scale = Some("300 m".into());
    let json = to_text(&base, Format::Json).expect("json");
    let mut edited = base.clone();
    edited.scale = None;
    let text = patch_text(&json, Format::Json, &edited).expect("patched");
    assert_eq!(parse::<Map>(&text, Format::Json).expect("reads"), edited);
    assert_eq!(text.lines().count() + 1, json.lines().count());
    let mut edited = base.clone();
    edited.id = "other".into();
    edited.grid.rotation_deg = 1.5;
    edited.hexes.clear();
    let text = patch_text(&json, Format::Json, &edited).expect("patched");
    assert_eq!(parse::<Map>(&text, Format::Json).expect("reads"), edited);
}

#[test]
fn escapes_and_spelling_of_untouched_values_stay() {
    let text = MAP.replace(
        r#"name: "Map", // trailing comment"#,
        "name: \"Ru de l'Etang\", // trailing comment",
    );
    let mut edited: Map = parse(&text, Format::Ron).expect("map");
    edited.id = "n".into();
    let out = patched(&text, &edited);
    assert!(out.contains("\"Ru de l'Etang\""), "{out}");
    edited.name = "Moulin d'en bas".into();
    let out = patched(&text, &edited);
    assert!(out.contains("\"Moulin d'en bas\""), "{out}");
}
