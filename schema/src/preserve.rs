//! Saving a document without losing what its author wrote around the data:
//! the new text is the original with only the changed top-level fields
//! replaced, so comments, layout and field order elsewhere survive an
//! editor's save.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::document::{Format, parse, to_text};
use crate::locate::{locate, value_span};

/// How deep the patch follows changes before replacing a whole value:
/// deep enough that painting one hex rewrites that hex's entry, not the
/// whole `hexes` map.
const MAX_DEPTH: usize = 3;

/// A text replacement: this byte range becomes this text.
type Splice = (std::ops::Range<usize>, String);

/// `original` (the text `updated` was read from and then edited) rewritten
/// to hold `updated`, changing only the values that differ (down to
/// [`MAX_DEPTH`] levels: a changed hex entry, a changed road). `None` when
/// that cannot be done safely (the original does not parse, or the result
/// would not read back as `updated`); the caller then writes the whole
/// document afresh.
pub fn patch_text<T>(
    original: &str,
    format: Format,
    updated: &T,
) -> Option<String>
where
    T: Serialize + DeserializeOwned + PartialEq,
{
    let before: T = parse(original, format).ok()?;
    let old = serde_json::to_value(&before).ok()?;
    let new = serde_json::to_value(updated).ok()?;
    if !old.is_object() || !new.is_object() {
        return None;
    }
    let patch = Patch {
        original,
        fresh: &to_text(updated, format).ok()?,
        format,
    };
    let mut splices = Vec::new();
    patch.diff(&old, &new, "", 0, &mut splices)?;
    splices.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    let mut text = original.to_owned();
    for (span, replacement) in splices {
        text.replace_range(span, &replacement);
    }
    let reread: T = parse(&text, format).ok()?;
    (reread == *updated).then_some(text)
}

struct Patch<'a> {
    original: &'a str,
    fresh: &'a str,
    format: Format,
}

impl Patch<'_> {
    /// Splices turning the value at `pointer` from `old` into `new`.
    fn diff(
        &self,
        old: &Value,
        new: &Value,
        pointer: &str,
        depth: usize,
        out: &mut Vec<Splice>,
    ) -> Option<()> {
        if old == new {
            return Some(());
        }
        match (old, new) {
            (Value::Object(a), Value::Object(b))
                if depth < MAX_DEPTH && a.keys().all(|k| b.contains_key(k)) =>
            {
                for (key, value) in b {
                    let child = format!("{pointer}/{}", escape(key));
                    match a.get(key) {
                        Some(before) => {
                            self.diff(before, value, &child, depth + 1, out)?;
                        }
                        None => out.push(self.insertion(pointer, &child)?),
                    }
                }
                Some(())
            }
            (Value::Array(a), Value::Array(b))
                if depth < MAX_DEPTH && a.len() == b.len() =>
            {
                for (i, (before, value)) in a.iter().zip(b).enumerate() {
                    let child = format!("{pointer}/{i}");
                    self.diff(before, value, &child, depth + 1, out)?;
                }
                Some(())
            }
            _ => {
                let span = value_span(self.original, self.format, pointer)?;
                let written = value_span(self.fresh, self.format, pointer)?;
                out.push((span, self.fresh[written].to_owned()));
                Some(())
            }
        }
    }

    /// Adds the member at `child` (as written in the fresh text) as the
    /// last member of the object at `parent`, with the comma the previous
    /// member needs and the fresh text's indentation.
    fn insertion(&self, parent: &str, child: &str) -> Option<Splice> {
        let written = value_span(self.fresh, self.format, child)?;
        let key = locate(self.fresh, self.format, child).key?;
        let line_start = self.fresh[..key].rfind('\n').map_or(0, |i| i + 1);
        let indent = &self.fresh[line_start..key];
        let indent = if indent.trim().is_empty() { indent } else { "" };
        let member = &self.fresh[key..written.end];
        let object = value_span(self.original, self.format, parent)?;
        let close = object.end.checked_sub(1)?;
        let body = &self.original[object.start + 1..close];
        let kept = body.trim_end();
        let comma = match kept.chars().last() {
            Some(',') | None => "",
            Some(_) => ",",
        };
        let at = object.start + 1 + kept.len();
        Some((at..at, format!("{comma}\n{indent}{member},")))
    }
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
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
    fn painting_one_hex_keeps_comments_beside_the_other_hexes() {
        let text = MAP.replace(
            r#"hexes: {"0101": (terrain: "clear")},"#,
            "hexes: {\n        \"0101\": (terrain: \"clear\"), // a farm\n        \"0102\": (terrain: \"clear\"),\n    },",
        );
        let mut edited: Map = parse(&text, Format::Ron).expect("map");
        let hex = "0102".parse().expect("hex");
        edited.hexes.get_mut(&hex).expect("hex").terrain = Some("woods".into());
        edited
            .hexes
            .insert("0103".parse().expect("hex"), Default::default());
        let out = patch_text(&text, Format::Ron, &edited).expect("patched");
        assert!(out.contains("// a farm"), "{out}");
        assert_eq!(parse::<Map>(&out, Format::Ron).expect("reads"), edited);
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
    fn json_is_patched_too_and_removals_work() {
        let mut base = map();
        base.scale = Some("300 m".into());
        let json = to_text(&base, Format::Json).expect("json");
        let mut edited = base.clone();
        edited.scale = None;
        let text = patch_text(&json, Format::Json, &edited).expect("patched");
        assert_eq!(parse::<Map>(&text, Format::Json).expect("reads"), edited);
        let mut edited = base.clone();
        edited.id = "other".into();
        let text = patch_text(&json, Format::Json, &edited).expect("patched");
        assert_eq!(parse::<Map>(&text, Format::Json).expect("reads"), edited);
    }
}
