//! What hovering shows: a finding's code explained (`--explain`), a code
//! named in `berthier.toml`, and a unit or formation by its id, with
//! what the order of battle says of it; a rating the sources do not
//! print is shown as unknown, never as a number.

use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

use berthier_schema::Format;
use berthier_schema::counters::{Counters, Formation, Unit};
use berthier_validator::Code;

use crate::ids::{self, Texts};
use crate::{context, map_hover};

/// A finding's code at a byte range of the document.
pub type FindingAt = (Range<usize>, Code);

/// The markdown shown when hovering the byte `offset` of `text`, the
/// document at `path` whose findings are `findings`; with the range of
/// what is hovered.
pub fn hover(
    path: &Path,
    text: &str,
    offset: usize,
    findings: &[FindingAt],
    texts: &dyn Texts,
) -> Option<(String, Option<Range<usize>>)> {
    let mut codes: Vec<Code> = findings
        .iter()
        .filter(|(range, _)| range.start <= offset && offset <= range.end)
        .map(|(_, code)| *code)
        .collect();
    codes.dedup();
    if !codes.is_empty() {
        let texts: Vec<String> = codes.iter().map(|c| c.explain()).collect();
        return Some((texts.join("\n---\n"), None));
    }
    let (word, range) = word_or_scalar(path, text, offset)?;
    if let Some(code) = Code::from_name(&word) {
        return Some((code.explain(), Some(range)));
    }
    let counters = ids::counters_for(path, text, texts);
    let unit = counters.as_ref().and_then(|c| describe_id(c, &word));
    let shown =
        unit.or_else(|| map_hover::describe(path, text, &word, texts))?;
    Some((shown, Some(range)))
}

/// The scalar under the cursor in a pack document, or the word (letters,
/// digits, `-`, `_`) in any other file (`berthier.toml`).
fn word_or_scalar(
    path: &Path,
    text: &str,
    offset: usize,
) -> Option<(String, Range<usize>)> {
    if let Some(format) = Format::of_path(path) {
        let (value, range) = context::scalar(text, format, offset)?;
        return Some((value, range));
    }
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let offset = offset.min(text.len());
    let start = text[..offset]
        .rfind(|c: char| !is_word(c))
        .map_or(0, |i| i + 1);
    let end = text[offset..]
        .find(|c: char| !is_word(c))
        .map_or(text.len(), |i| offset + i);
    (start < end).then(|| (text[start..end].to_owned(), start..end))
}

/// What the order of battle says of the unit or formation `id`.
pub fn describe_id(counters: &Counters, id: &str) -> Option<String> {
    if let Some(unit) = counters.unit(id) {
        return Some(describe_unit(counters, unit));
    }
    counters
        .formation(id)
        .map(|f| describe_formation(counters, f))
}

fn describe_unit(counters: &Counters, unit: &Unit) -> String {
    let mut out = format!("**{}** (`{}`), unit", unit.name, unit.id);
    if let Some(designation) = &unit.designation {
        let _ = write!(out, ": {designation}");
    }
    let _ = write!(out, "\n\n- side: {}\n- class: {}", unit.side, unit.class);
    let formation = match &unit.formation {
        Some(id) => formation_name(counters, id),
        None => "none (the unit belongs to no formation)".to_owned(),
    };
    let _ = write!(out, "\n- formation: {formation}");
    for (side, ratings) in &unit.ratings {
        let shown: Vec<String> = ratings
            .iter()
            .map(|(rating, value)| match value {
                Some(v) => format!("{rating} {v}"),
                None => {
                    format!("{rating} unknown (not printed in the sources)")
                }
            })
            .collect();
        let _ = write!(out, "\n- ratings ({side}): {}", shown.join(", "));
    }
    if unit.ratings.is_empty() {
        out.push_str("\n- ratings: unknown (none recorded)");
    }
    out
}

fn describe_formation(counters: &Counters, formation: &Formation) -> String {
    let mut out = format!(
        "**{}** (`{}`), {} of side {}",
        formation.name, formation.id, formation.level, formation.side
    );
    if let Some(parent) = &formation.parent {
        let _ =
            write!(out, "\n\n- under: {}", formation_name(counters, parent));
    }
    if let Some(commander) = &formation.commander {
        let name = counters.unit(commander).map_or_else(
            || format!("`{commander}` (unknown unit)"),
            |u| u.name.clone(),
        );
        let _ = write!(out, "\n- commander: {name}");
    }
    let members = counters
        .units
        .iter()
        .filter(|u| counters.in_formation(u, &formation.id))
        .count();
    match &formation.units_unknown {
        Some(unknown) => {
            let _ = write!(
                out,
                "\n- units: unknown (the rulebook prints none): {}",
                unknown.composition
            );
        }
        None => {
            let _ = write!(out, "\n- units: {members}");
        }
    }
    out
}

/// A formation's name, or its id marked unknown.
fn formation_name(counters: &Counters, id: &str) -> String {
    counters.formation(id).map_or_else(
        || format!("`{id}` (unknown formation)"),
        |f| f.name.clone(),
    )
}
