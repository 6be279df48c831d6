//! Saving a document without losing what its author wrote around the data:
//! the new text is the original with only the changed top-level fields
//! replaced, so comments, layout and field order elsewhere survive an
//! editor's save.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::document::{Format, parse, to_text};
use crate::locate::{locate, value_span};

/// `original` (the text `updated` was read from and then edited) rewritten
/// to hold `updated`, changing only the top-level fields whose values
/// differ. `None` when that cannot be done safely (the original does not
/// parse, a field was removed, or the result would not read back as
/// `updated`); the caller then writes the whole document afresh.
pub fn patch_text<T>(
    original: &str,
    format: Format,
    updated: &T,
) -> Option<String>
where
    T: Serialize + DeserializeOwned + PartialEq,
{
    let before: T = parse(original, format).ok()?;
    let (Value::Object(old), Value::Object(new)) = (
        serde_json::to_value(&before).ok()?,
        serde_json::to_value(updated).ok()?,
    ) else {
        return None;
    };
    if old.keys().any(|k| !new.contains_key(k)) {
        return None;
    }
    let fresh = to_text(updated, format).ok()?;
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for (key, value) in &new {
        if old.get(key) == Some(value) {
            continue;
        }
        let pointer = format!("/{}", key.replace('~', "~0").replace('/', "~1"));
        let written = value_span(&fresh, format, &pointer)?;
        if old.contains_key(key) {
            let span = value_span(original, format, &pointer)?;
            edits.push((span, fresh[written].to_owned()));
        } else {
            let member_start = locate(&fresh, format, &pointer).key?;
            edits.push(insertion(
                original,
                format,
                &fresh[member_start..written.end],
            )?);
        }
    }
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut text = original.to_owned();
    for (span, replacement) in edits {
        text.replace_range(span, &replacement);
    }
    let reread: T = parse(&text, format).ok()?;
    (reread == *updated).then_some(text)
}

/// Where and what to insert to add `member` (`key: value`) as the last
/// member of the root object, with the comma the previous member needs.
fn insertion(
    original: &str,
    format: Format,
    member: &str,
) -> Option<(std::ops::Range<usize>, String)> {
    let root = value_span(original, format, "")?;
    let close = root.end.checked_sub(1)?;
    let body = &original[root.start + 1..close];
    let needs_comma = body.trim_end().chars().last().is_some_and(|c| c != ',');
    let comma = if needs_comma { "," } else { "" };
    let at = root.start + 1 + body.trim_end().len();
    Some((at..at, format!("{comma}\n    {member},")))
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn only_the_changed_field_is_rewritten() {
        let mut edited = map();
        edited.name = "Renamed".into();
        let text = patch_text(MAP, Format::Ron, &edited).expect("patched");
        assert!(text.contains("// A hand-written map"), "{text}");
        assert!(text.contains("// trailing comment"), "{text}");
        assert!(text.contains("/* painted so far */"), "{text}");
        assert!(text.contains(r#"name: "Renamed""#), "{text}");
        assert_eq!(parse::<Map>(&text, Format::Ron).expect("reads"), edited);
    }

    #[test]
    fn a_new_field_is_added_at_the_end() {
        let mut edited = map();
        edited.scale = Some("300 m per hex".into());
        let text = patch_text(MAP, Format::Ron, &edited).expect("patched");
        assert!(text.contains("// A hand-written map"), "{text}");
        assert_eq!(parse::<Map>(&text, Format::Ron).expect("reads"), edited);
    }

    #[test]
    fn json_is_patched_too_and_removals_fall_back() {
        let mut base = map();
        base.scale = Some("300 m".into());
        let json = to_text(&base, Format::Json).expect("json");
        let mut edited = base.clone();
        edited.scale = None;
        assert_eq!(patch_text(&json, Format::Json, &edited), None);
        let mut edited = base.clone();
        edited.id = "other".into();
        let text = patch_text(&json, Format::Json, &edited).expect("patched");
        assert_eq!(parse::<Map>(&text, Format::Json).expect("reads"), edited);
    }
}
