//! Saving a document without losing what its author wrote around the data.
//!
//! The new text is the original with only the values that changed
//! rewritten, however deep: a new key goes beside its siblings in their
//! style, an array keeps the text of every element that did not change
//! (a longest common subsequence lines them up), a removed member takes
//! its line with it but leaves its comments. Values written new follow
//! the layout of their neighbours: on one line where those are on one
//! line, spread over lines where the author spread them.
//!
//! The result is checked before it is returned: it must read back as the
//! updated document and keep every comment of the original. When either
//! check fails, [`patch_text`] returns `None`, and the caller must ask
//! before writing the document afresh.

mod align;
mod layout;
mod render;
#[cfg(test)]
mod tests;

use std::ops::Range;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map as Object, Value};

use crate::format::Format;
use crate::locate::{
    Container, Expect, Member, comments, container, locate, root, token_end,
    value_end, value_span,
};
use crate::text::{parse, to_text};
use align::{Step, align};
use layout::{Layout, Splice, indent_at};
use render::{WIDTH, comments_in, compact, plain_quotes, reindent};

/// `original` (the text `updated` was read from and then edited) rewritten
/// to hold `updated`, changing only the values that differ. `None` when
/// that cannot be done safely: the original does not parse, or the result
/// would not read back as `updated`, or it would lose a comment.
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
    if old == new {
        return Some(original.to_owned());
    }
    let fresh = to_text(updated, format).ok()?;
    let mut patch = Patch {
        original,
        fresh: &fresh,
        format,
        comments: comments(original, format),
        splices: Vec::new(),
    };
    patch.value(&old, &new, root(original, format), "")?;
    let mut text = apply(original, patch.splices)?;
    if format == Format::Json {
        text = drop_trailing_commas(&text);
    }
    let reread: T = parse(&text, format).ok()?;
    (reread == *updated && keeps_comments(original, &text, format))
        .then_some(text)
}

/// Whether every comment of `before` is still in `after` (as many times).
/// Both sorted and walked once together: removing each match from a list
/// made this quadratic (800,000 comment lines took 261 s to migrate).
pub fn keeps_comments(before: &str, after: &str, format: Format) -> bool {
    fn sorted(text: &str, format: Format) -> Vec<&str> {
        let mut all: Vec<&str> = comments(text, format)
            .into_iter()
            .map(|r| &text[r])
            .collect();
        all.sort_unstable();
        all
    }
    let left = sorted(after, format);
    let mut rest = left.iter().peekable();
    sorted(before, format).into_iter().all(|wanted| {
        while rest.next_if(|c| **c < wanted).is_some() {}
        rest.next_if(|c| **c == wanted).is_some()
    })
}

/// How many comments a text holds.
pub fn comment_count(text: &str, format: Format) -> usize {
    comments(text, format).len()
}

/// Applies splices that do not overlap, from the end of the text back;
/// `None` when two overlap (a bug, never a damaged file).
fn apply(original: &str, splices: Vec<Splice>) -> Option<String> {
    let mut ordered: Vec<(usize, Splice)> =
        splices.into_iter().enumerate().collect();
    // Later splices first; at one place, the wider first, then the one
    // made last, so insertions at one point keep the order they were made.
    ordered.sort_by(|(ia, (a, _)), (ib, (b, _))| {
        b.start
            .cmp(&a.start)
            .then(b.end.cmp(&a.end))
            .then(ib.cmp(ia))
    });
    let mut text = original.to_owned();
    let mut limit = original.len();
    for (_, (range, with)) in ordered {
        let fits = range.start <= range.end && range.end <= limit;
        if !fits
            || !text.is_char_boundary(range.start)
            || !text.is_char_boundary(range.end)
        {
            return None;
        }
        text.replace_range(range.clone(), &with);
        limit = range.start;
    }
    Some(text)
}

/// JSON allows no comma before a closing bracket; removing a last member
/// can leave one behind its neighbour.
fn drop_trailing_commas(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for (i, c) in text.char_indices() {
        if in_string {
            (in_string, escaped) = match (escaped, c) {
                (true, _) => (true, false),
                (false, '\\') => (true, true),
                (false, '"') => (false, false),
                _ => (true, false),
            };
        } else if c == '"' {
            in_string = true;
        } else if c == ',' {
            let next = text[i + 1..].trim_start().chars().next();
            if matches!(next, Some(']' | '}')) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// The single key of an object, if it has exactly one.
fn single_key(o: &Object<String, Value>) -> Option<&str> {
    (o.len() == 1).then(|| o.keys().next().map(String::as_str))?
}

struct Patch<'a> {
    original: &'a str,
    fresh: &'a str,
    format: Format,
    comments: Vec<Range<usize>>,
    splices: Vec<Splice>,
}

/// Where new members go: after a kept member (`Some(i)`) or before the
/// first kept one (`None`), with the fresh-text pointers of each.
type Inserts = Vec<(Option<usize>, Vec<String>)>;

impl Patch<'_> {
    /// Splices turning the value written at `at` from `old` into `new`
    /// (found in the fresh text at `pointer`).
    fn value(
        &mut self,
        old: &Value,
        new: &Value,
        at: usize,
        pointer: &str,
    ) -> Option<()> {
        if old == new {
            return Some(());
        }
        match (old, new) {
            (Value::Object(a), Value::Object(b)) => {
                let hint = single_key(a).filter(|k| single_key(b) == Some(k));
                let found = container(
                    self.original,
                    self.format,
                    at,
                    Expect::Object(hint),
                )
                .filter(|c| is_object_of(c, a, b));
                match found {
                    Some(c) => self.object(a, b, &c, pointer),
                    None => self.replace(at, pointer),
                }
            }
            (Value::Array(a), Value::Array(b)) => {
                match container(self.original, self.format, at, Expect::Array) {
                    Some(c) if c.members.len() == a.len() => {
                        self.array(a, b, &c, pointer)
                    }
                    _ => self.replace(at, pointer),
                }
            }
            _ => self.replace(at, pointer),
        }
    }

    /// Rewrites the value at `at` whole, in the layout it had (one line or
    /// several); comments written inside it move before it.
    fn replace(&mut self, at: usize, pointer: &str) -> Option<()> {
        let end = value_end(self.original, self.format, at);
        let span = value_span(self.fresh, self.format, pointer)?;
        let indent = indent_at(self.original, at).to_owned();
        let value = if self.original[at..end].contains('\n') {
            self.spread(span)
        } else {
            compact(&self.fresh[span], self.format)
        };
        let mut lead = String::new();
        for c in comments_in(self.original, &self.comments, at..end) {
            lead.push_str(c);
            lead.push('\n');
            lead.push_str(&indent);
        }
        let value = value.replace('\n', &format!("\n{indent}"));
        let value = plain_quotes(&value, self.format);
        self.splices.push((at..end, format!("{lead}{value}")));
        Some(())
    }

    fn object(
        &mut self,
        old: &Object<String, Value>,
        new: &Object<String, Value>,
        c: &Container,
        pointer: &str,
    ) -> Option<()> {
        let written = |key: &str| {
            c.members.iter().position(|m| m.key.as_deref() == Some(key))
        };
        let (mut anchor, mut pending, mut inserts) =
            (None, Vec::new(), Vec::new());
        for (key, value) in new {
            let child =
                format!("{pointer}/{}", crate::locate::escape_segment(key));
            let Some(i) = written(key) else {
                // A default the author left out stays left out.
                if old.get(key) != Some(value) {
                    pending.push(child);
                }
                continue;
            };
            if !pending.is_empty() {
                inserts.push((anchor, std::mem::take(&mut pending)));
            }
            let before = old.get(key).unwrap_or(&Value::Null);
            self.value(before, value, c.members[i].value.start, &child)?;
            anchor = Some(i);
        }
        if !pending.is_empty() {
            inserts.push((anchor, pending));
        }
        let removed: Vec<usize> = (0..c.members.len())
            .filter(|&i| {
                let key = c.members[i].key.as_deref().unwrap_or_default();
                old.contains_key(key) && !new.contains_key(key)
            })
            .collect();
        self.rearrange(c, &removed, inserts)
    }

    fn array(
        &mut self,
        old: &[Value],
        new: &[Value],
        c: &Container,
        pointer: &str,
    ) -> Option<()> {
        let (mut anchor, mut pending, mut inserts) =
            (None, Vec::new(), Vec::new());
        let mut removed = Vec::new();
        for step in align(old, new) {
            let (i, changed) = match step {
                Step::Keep(i, _) => (i, None),
                Step::Change(i, j) => (i, Some(j)),
                Step::Delete(i) => {
                    removed.push(i);
                    continue;
                }
                Step::Insert(j) => {
                    pending.push(format!("{pointer}/{j}"));
                    continue;
                }
            };
            if !pending.is_empty() {
                inserts.push((anchor, std::mem::take(&mut pending)));
            }
            if let Some(j) = changed {
                let child = format!("{pointer}/{j}");
                self.value(&old[i], &new[j], c.members[i].value.start, &child)?;
            }
            anchor = Some(i);
        }
        if !pending.is_empty() {
            inserts.push((anchor, pending));
        }
        self.rearrange(c, &removed, inserts)
    }

    /// Removes members and inserts new ones.
    fn rearrange(
        &mut self,
        c: &Container,
        removed: &[usize],
        inserts: Inserts,
    ) -> Option<()> {
        let layout = Layout {
            text: self.original,
            format: self.format,
            container: c,
            comments: &self.comments,
        };
        let emptied = !c.members.is_empty() && removed.len() == c.members.len();
        if emptied
            && inserts.is_empty()
            && comments_in(self.original, &self.comments, c.open_end..c.close)
                .is_empty()
        {
            self.splices.push((c.open_end..c.close, String::new()));
            return Some(());
        }
        self.splices.extend(layout.remove_runs(removed));
        let first_kept = (0..c.members.len()).find(|i| !removed.contains(i));
        let neighbour = first_kept.map(|i| &c.members[i]);
        for (anchor, pointers) in inserts {
            let items = pointers
                .iter()
                .map(|p| self.member(p, neighbour))
                .collect::<Option<Vec<_>>>()?;
            let splices = match (anchor, first_kept) {
                (Some(a), _) => layout.insert_after(a, &items),
                (None, Some(first)) => layout.insert_before(first, &items),
                (None, None) => {
                    let inline = items.iter().all(|(_, scalar)| *scalar);
                    layout.fill(&items, inline)
                }
            };
            self.splices.extend(splices);
        }
        Some(())
    }

    /// A whole member (`key: value`, or an element) as new text, laid out
    /// like `neighbour`, with whether its value is a scalar.
    fn member(
        &self,
        pointer: &str,
        neighbour: Option<&Member>,
    ) -> Option<(String, bool)> {
        let span = value_span(self.fresh, self.format, pointer)?;
        let key = match locate(self.fresh, self.format, pointer).key {
            Some(k) => {
                let end = token_end(self.fresh, self.format, k);
                format!("{}: ", &self.fresh[k..end])
            }
            None => String::new(),
        };
        let one_line = compact(&self.fresh[span.clone()], self.format);
        let scalar = !one_line.contains(['(', '[', '{']);
        let long = key.len() + one_line.len() > WIDTH;
        let spread = long
            || neighbour.is_some_and(|n| {
                let written = &self.original[n.start..n.value.end];
                written.contains('\n')
                    && compact(written, self.format).len() <= WIDTH
            });
        let value = if spread { self.spread(span) } else { one_line };
        Some((plain_quotes(&format!("{key}{value}"), self.format), scalar))
    }

    /// The fresh text of `span` over several lines, its first line's
    /// indentation taken off every line. RON gets one member a line, each
    /// on one line when it fits (a long list of corrections reads as a
    /// list); JSON is written as serde_json writes it.
    fn spread(&self, span: Range<usize>) -> String {
        let from = indent_at(self.fresh, span.start);
        let pretty = || reindent(&self.fresh[span.clone()], from, "");
        if self.format == Format::Json {
            return pretty();
        }
        let found = [Expect::Object(None), Expect::Array]
            .into_iter()
            .find_map(|e| container(self.fresh, self.format, span.start, e));
        let Some(c) = found else {
            return pretty();
        };
        let lines: Vec<String> = c
            .members
            .iter()
            .map(|m| compact(&self.fresh[m.start..m.value.end], self.format))
            .collect();
        if lines.is_empty() || lines.iter().any(|l| l.len() + 8 > WIDTH) {
            return pretty();
        }
        let open = &self.fresh[span.start..c.open_end];
        let close = &self.fresh[c.close..span.end];
        let body: String =
            lines.iter().map(|l| format!("    {l},\n")).collect();
        format!("{open}\n{body}{close}")
    }
}

/// Whether the container found for `old`/`new` really holds their keys (a
/// RON enum variant that changed reads as some other struct).
fn is_object_of(
    c: &Container,
    old: &Object<String, Value>,
    new: &Object<String, Value>,
) -> bool {
    c.members.is_empty()
        || c.members.iter().any(|m| {
            m.key
                .as_deref()
                .is_some_and(|k| old.contains_key(k) || new.contains_key(k))
        })
}
