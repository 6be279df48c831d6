//! Pass 1 of a map held typed in memory, made again after each change to
//! it: only the hexes that changed are checked against the schema again.
//!
//! A map's hexes are the members of one JSON object whose schema checks
//! each member on its own (`patternProperties` to `HexData`, no other
//! member allowed), so what the schema finds under `/hexes/0412` depends
//! on that hex alone. The map without its unchanged hexes is checked, and
//! what was found under each unchanged hex in the run before is added:
//! the same violations, in the same order (sorted by pointer, as
//! [`schema_violations`] sorts them), as a check of the whole map. A
//! violation about the hexes as a whole (a hex number the schema refuses
//! is reported at `/hexes`, naming every such number at once) cannot be
//! split so: the next run checks every hex again.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use berthier_schema::map::HexData;
use berthier_schema::validate::{SchemaViolation, schema_violations};
use berthier_schema::{DocKind, Document, Format, HexId, Map};

use crate::schema_pass::{self, Checked};
use crate::source::SourceFile;
use crate::walk::Candidate;

/// A typed map's pass 1, kept for the next run.
pub(super) struct KeptMap {
    /// The entry made (its `document` is the map when it passed).
    checked: Arc<Checked>,
    /// The map when it did not pass (the entry then holds none).
    failed: Option<Map>,
    /// The violations under each hex that has some.
    by_hex: HashMap<HexId, Vec<SchemaViolation>>,
    /// Whether every violation about a hex is in `by_hex` (none is about
    /// the hexes as a whole).
    split: bool,
}

impl KeptMap {
    fn map(&self) -> Option<&Map> {
        match &self.checked.document {
            Some(Document::Map(map)) => Some(map),
            _ => self.failed.as_ref(),
        }
    }

    /// The entry made.
    pub(super) fn checked(&self) -> &Arc<Checked> {
        &self.checked
    }
}

/// Pass 1 of `map`, held typed, for the file `candidate` whose text as
/// last read is `text`: what [`schema_pass::check_typed`] makes, reusing what
/// `kept` (the run before) found under the hexes that did not change.
/// The entry `kept` made when neither the map nor the text changed.
pub(super) fn check(
    kept: Option<KeptMap>,
    candidate: &Candidate,
    text: Arc<str>,
    mut map: Map,
) -> Option<KeptMap> {
    let format = Format::of_path(&candidate.path)?;
    let same_text = kept
        .as_ref()
        .is_some_and(|k| *k.checked.source.text == *text);
    if same_text && kept.as_ref().and_then(KeptMap::map) == Some(&map) {
        return kept;
    }
    let source = match &kept {
        // The same text keeps what locating findings in it found.
        Some(k) if same_text => k.checked.source.clone(),
        _ => SourceFile::new(candidate.clone(), text, format),
    };
    let before = kept.as_ref().filter(|k| k.split).and_then(|k| {
        let old = k.map()?;
        Some((k, changed_hexes(&old.hexes, &map.hexes)))
    });
    let found = match before {
        Some((k, changed)) => {
            let keys: BTreeSet<HexId> = changed.keys().copied().collect();
            violations_of(&mut map, Some(changed)).map(|mut found| {
                let unchanged = k.by_hex.iter().filter(|(hex, _)| {
                    map.hexes.contains_key(hex) && !keys.contains(hex)
                });
                found.extend(unchanged.flat_map(|(_, v)| v.iter().cloned()));
                // Stable: a pointer's violations all come from one check.
                found.sort_by(|a, b| a.pointer.cmp(&b.pointer));
                found
            })
        }
        None => violations_of(&mut map, None),
    };
    let Some(found) = found else {
        // Not writable as JSON: the plain pass says why, every time.
        let checked = schema_pass::check_typed(
            candidate,
            source.text.clone(),
            Document::Map(map),
        )?;
        return Some(KeptMap {
            checked: Arc::new(checked),
            failed: None,
            by_hex: HashMap::new(),
            split: false,
        });
    };
    let (by_hex, split) = split_by_hex(&found);
    let diagnostics = schema_pass::located(&source, found);
    let (document, failed) = if diagnostics.is_empty() {
        (Some(Document::Map(map)), None)
    } else {
        (None, Some(map))
    };
    let checked = Arc::new(Checked {
        source,
        kind: Some(DocKind::Map),
        document,
        diagnostics,
        unreadable: None,
    });
    Some(KeptMap {
        checked,
        failed,
        by_hex,
        split,
    })
}

/// The hexes of `after` that `before` does not hold as they are now.
fn changed_hexes(
    before: &BTreeMap<HexId, HexData>,
    after: &BTreeMap<HexId, HexData>,
) -> BTreeMap<HexId, HexData> {
    let mut old = before.iter().peekable();
    let mut changed = BTreeMap::new();
    for (hex, data) in after {
        while old.next_if(|(h, _)| *h < hex).is_some() {}
        match old.next_if(|(h, _)| *h == hex) {
            Some((_, was)) if was == data => {}
            _ => {
                changed.insert(*hex, data.clone());
            }
        }
    }
    changed
}

/// The schema violations of `map` with only the hexes of `only` (all of
/// them when `None`); `None` when it cannot be written as JSON (then
/// [`schema_pass::check_typed`] says why).
fn violations_of(
    map: &mut Map,
    only: Option<BTreeMap<HexId, HexData>>,
) -> Option<Vec<SchemaViolation>> {
    let Some(only) = only else {
        let value = serde_json::to_value(&*map).ok()?;
        return Some(schema_violations(DocKind::Map, &value));
    };
    let all = std::mem::replace(&mut map.hexes, only);
    let value = serde_json::to_value(&*map);
    map.hexes = all;
    Some(schema_violations(DocKind::Map, &value.ok()?))
}

/// The violations about each hex, and whether every violation about the
/// hexes is about one hex.
fn split_by_hex(
    found: &[SchemaViolation],
) -> (HashMap<HexId, Vec<SchemaViolation>>, bool) {
    let mut by_hex: HashMap<HexId, Vec<SchemaViolation>> = HashMap::new();
    let mut split = true;
    for v in found {
        let rest = match v.pointer.strip_prefix("/hexes") {
            Some("") => None,
            Some(rest) => match rest.strip_prefix('/') {
                Some(rest) => Some(rest),
                None => continue, // another field
            },
            None => continue,
        };
        let key = rest.and_then(|r| r.split('/').next());
        let hex = key.and_then(|k| {
            let hex: HexId = k.parse().ok()?;
            (hex.to_string() == k).then_some(hex)
        });
        match hex {
            Some(hex) => by_hex.entry(hex).or_default().push(v.clone()),
            None => split = false,
        }
    }
    (by_hex, split)
}
