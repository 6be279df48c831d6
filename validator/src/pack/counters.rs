//! Counters files in the pack: each file's effective counters (its own
//! items, then every included file's, merged by
//! `berthier_schema::include::merge_included`, the one merge every tool
//! uses), and the indexes every scenario looks up (a map's terrain by
//! hex, the counters' ids), each worked out once per run.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::Document;
use berthier_schema::battle::CountersIndex;
use berthier_schema::counters::Counters;
use berthier_schema::hex_terrain::HexTerrain;
use berthier_schema::include::{Merged, merge_included};
use berthier_schema::map::Map;

use super::{Pack, Resolved};

/// Longest chain of includes followed before calling it a loop.
const MAX_DEPTH: usize = 16;

/// Each counters file merged so far in one walk (`None`: not mergeable).
type Memo = HashMap<PathBuf, Option<Arc<Merged>>>;

impl Pack {
    /// The counters file at `path` (canonical), its includes merged; `None`
    /// when it is not a loaded counters file. An include that loops or
    /// does not load is left out (the file's own check says why).
    pub fn effective_counters(&self, path: &Path) -> Option<Arc<Merged>> {
        if let Some(known) = self.merged_known(path) {
            return known;
        }
        let merged =
            self.merged_within(path, &mut Vec::new(), &mut Memo::new());
        if let Ok(mut cache) = self.merged.lock() {
            cache.insert(path.to_owned(), merged.clone());
        }
        merged
    }

    /// `path` merged, each file once per call: `memo` keeps every file
    /// merged so far, so that a file included along many paths (16 files
    /// each including the next four times are 4^16 paths) is merged once.
    /// In a loop (REF035) or past [`MAX_DEPTH`] the include is left out
    /// where it was first reached; one walk in a fixed order, so the
    /// result is the same on every run.
    fn merged_within(
        &self,
        path: &Path,
        open: &mut Vec<PathBuf>,
        memo: &mut Memo,
    ) -> Option<Arc<Merged>> {
        if let Some(known) = memo.get(path) {
            return known.clone();
        }
        if open.iter().any(|p| p == path) || open.len() >= MAX_DEPTH {
            return None;
        }
        let entry = self.get(path)?;
        let Some(Document::Counters(own)) = &entry.document else {
            return None;
        };
        open.push(path.to_owned());
        let included: Vec<Option<Arc<Merged>>> = own
            .include
            .iter()
            .map(|include| match self.resolve(&entry.source, &include.path) {
                Resolved::Found(p) => self.merged_within(&p, open, memo),
                _ => None,
            })
            .collect();
        open.pop();
        let refs: Vec<Option<&Counters>> = included
            .iter()
            .map(|m| m.as_deref().map(|m| &m.counters))
            .collect();
        let merged = Some(Arc::new(merge_included(own, &refs)));
        memo.insert(path.to_owned(), merged.clone());
        merged
    }

    /// Each unit and formation id the counters file at `path` (canonical)
    /// and its includes define, with the file (relative to the pack root)
    /// that defines it: the first definition, as the merge keeps it.
    pub fn definitions(&self, path: &Path) -> BTreeMap<String, String> {
        let mut found = BTreeMap::new();
        self.define_within(path, &mut found, &mut HashSet::new(), 0);
        found
    }

    /// Adds what `path` and its includes define, each file once (`seen`):
    /// a file reached again adds nothing the first visit did not, since
    /// the first definition of an id is kept.
    fn define_within(
        &self,
        path: &Path,
        found: &mut BTreeMap<String, String>,
        seen: &mut HashSet<PathBuf>,
        depth: usize,
    ) {
        if depth >= MAX_DEPTH || !seen.insert(path.to_owned()) {
            return;
        }
        let Some(entry) = self.get(path) else { return };
        let Some(Document::Counters(c)) = &entry.document else {
            return;
        };
        let file = &entry.source.at.rel;
        let ids = c.units.iter().map(|u| &u.id);
        for id in ids.chain(c.formations.iter().map(|f| &f.id)) {
            found.entry(id.clone()).or_insert_with(|| file.clone());
        }
        for include in &c.include {
            if let Resolved::Found(p) =
                self.resolve(&entry.source, &include.path)
            {
                self.define_within(&p, found, seen, depth + 1);
            }
        }
    }

    fn merged_known(&self, path: &Path) -> Option<Option<Arc<Merged>>> {
        self.merged.lock().ok()?.get(path).cloned()
    }

    /// Whether `target` is reached by following includes from `from`, or
    /// the includes go on past [`MAX_DEPTH`] (called a loop). Breadth
    /// first, each file once, so that fan-out costs the number of files,
    /// not of paths.
    pub(crate) fn includes_reach(&self, from: &Path, target: &Path) -> bool {
        let mut seen: HashSet<PathBuf> = HashSet::from([from.to_owned()]);
        let mut level = vec![from.to_owned()];
        for _ in 0..MAX_DEPTH {
            let mut next = Vec::new();
            for path in &level {
                for p in self.included_files(path) {
                    if p == target {
                        return true;
                    }
                    if seen.insert(p.clone()) {
                        next.push(p);
                    }
                }
            }
            if next.is_empty() {
                return false;
            }
            level = next;
        }
        true
    }

    /// The files the counters file at `path` includes that exist.
    fn included_files(&self, path: &Path) -> Vec<PathBuf> {
        let Some(entry) = self.get(path) else {
            return Vec::new();
        };
        let Some(Document::Counters(c)) = &entry.document else {
            return Vec::new();
        };
        c.include
            .iter()
            .filter_map(|include| {
                match self.resolve(&entry.source, &include.path) {
                    Resolved::Found(p) => Some(p),
                    _ => None,
                }
            })
            .collect()
    }
}

impl Pack {
    /// The terrain index of the map at `path` (`map`), built on first use
    /// and shared by every scenario on the map.
    pub(crate) fn hex_terrain(
        &self,
        path: &Path,
        map: &Map,
    ) -> Arc<HexTerrain> {
        shared(&self.terrain, path, || HexTerrain::new(map))
    }

    /// The id index of the effective counters of the file at `path`
    /// (`counters`), built on first use and shared by every scenario on
    /// them.
    pub(crate) fn counters_index(
        &self,
        path: &Path,
        counters: &Counters,
    ) -> Arc<CountersIndex> {
        shared(&self.counters_index, path, || CountersIndex::new(counters))
    }
}

/// The value `kept` holds for `path`, else `build`'s, kept.
fn shared<T>(
    kept: &Mutex<HashMap<PathBuf, Arc<T>>>,
    path: &Path,
    build: impl FnOnce() -> T,
) -> Arc<T> {
    if let Some(known) = kept.lock().ok().and_then(|t| t.get(path).cloned()) {
        return known;
    }
    // Built unlocked: two threads may both build it once; either copy is
    // the same index.
    let built = Arc::new(build());
    if let Ok(mut kept) = kept.lock() {
        kept.entry(path.to_owned()).or_insert_with(|| built.clone());
    }
    built
}
