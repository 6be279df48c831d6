//! What the checks that read nothing but their inputs found in the run
//! before, for a [`crate::Session`] validating the same documents again
//! and again as an editor changes one of them: a map's own rules (they
//! read the map and its series) and a counters file's (the effective
//! counters and the series). Each is kept with the values it read and
//! reused while those are equal, so a change to the setup does not check
//! the 10,000 hexes of an unchanged map again. The findings are kept
//! before they are located: the text they are located in may change (a
//! file reformatted, a map held typed) while the values do not.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::counters::Counters;
use berthier_schema::series::Series;

use crate::schema_pass::Checked;
use berthier_rules::check::Finding;

/// The results of pure checks by file, with what they were made from.
#[derive(Default)]
pub struct Memo {
    maps: Mutex<HashMap<PathBuf, (MapKey, Vec<Finding>)>>,
    counters: Mutex<HashMap<PathBuf, (CountersKey, Vec<Finding>)>>,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Memo")
    }
}

/// What a map's rules read: the map (inside its pass-1 entry) and its
/// effective series.
pub struct MapKey {
    /// The map's pass-1 entry (its `document` is the map).
    pub entry: Arc<Checked>,
    /// The series with its `extends` chain applied.
    pub series: Option<Arc<Series>>,
}

impl PartialEq for MapKey {
    fn eq(&self, other: &Self) -> bool {
        // The same entry is the same map; another entry (read again from
        // an equal text, or held typed) is compared by value.
        (Arc::ptr_eq(&self.entry, &other.entry)
            || self.entry.document == other.entry.document)
            && self.series == other.series
    }
}

/// What a counters file's rules read.
#[derive(PartialEq)]
pub struct CountersKey {
    /// The effective counters (the file's own, then what it includes).
    pub counters: Counters,
    /// The series with its `extends` chain applied.
    pub series: Option<Arc<Series>>,
}

impl Memo {
    /// The map rules' findings for `key`: those kept for the map at
    /// `path` when they were made from equal values, else `run`'s, kept.
    pub fn map(
        &self,
        path: &Path,
        key: MapKey,
        run: impl FnOnce() -> Vec<Finding>,
    ) -> Vec<Finding> {
        reuse(&self.maps, path, key, run)
    }

    /// [`Self::map`] for a counters file's rules.
    pub fn counters(
        &self,
        path: &Path,
        key: CountersKey,
        run: impl FnOnce() -> Vec<Finding>,
    ) -> Vec<Finding> {
        reuse(&self.counters, path, key, run)
    }
}

fn reuse<K: PartialEq>(
    kept: &Mutex<HashMap<PathBuf, (K, Vec<Finding>)>>,
    path: &Path,
    key: K,
    run: impl FnOnce() -> Vec<Finding>,
) -> Vec<Finding> {
    if let Ok(kept) = kept.lock()
        && let Some((from, findings)) = kept.get(path)
        && *from == key
    {
        return findings.clone();
    }
    // Not locked while the check runs: the other files of the run are
    // checked meanwhile on other threads.
    let findings = run();
    if let Ok(mut kept) = kept.lock() {
        kept.insert(path.to_owned(), (key, findings.clone()));
    }
    findings
}
