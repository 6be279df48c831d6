//! The documents of a run and what is derived from them once per run:
//! each file read on first use and kept while other documents share it
//! ([`load`]), references resolved inside the pack root, series with
//! their `extends` chains merged ([`series`]), counters files with their
//! includes merged and the indexes scenarios look up ([`counters`]), and
//! variants' chains resolved ([`variant`]). The passes read the pack;
//! the pack knows nothing of their findings.

mod counters;
mod load;
pub mod memo;
pub(crate) mod series;
pub mod variant;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use berthier_schema::battle::CountersIndex;
use berthier_schema::hex_terrain::HexTerrain;
use berthier_schema::scenario::Scenario;
use berthier_schema::series::Series;
use berthier_schema::{Document, Map};

use crate::schema_pass::Checked;
use crate::source::SourceFile;

/// The documents of a run (see [`load`]) and what is derived from them
/// once per run.
pub struct Pack {
    cache: load::Cache,
    /// Joined path to its canonical form (`None`: it does not exist).
    /// Every scenario resolves the same few series, map and counters
    /// files, several times each; the file system is asked once per path.
    canonical: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    /// A series file's effective rules (its `extends` chain merged): every
    /// scenario, map and counters file of a pack names the same few
    /// series, so each chain is merged once per run.
    effective: Mutex<HashMap<PathBuf, Option<Arc<berthier_schema::Series>>>>,
    /// A counters file's effective counters (its `include` list merged),
    /// likewise once per run.
    merged:
        Mutex<HashMap<PathBuf, Option<Arc<berthier_schema::include::Merged>>>>,
    /// A map's terrain by hex, hashed (every scenario on the map looks
    /// up the terrain of each unit it sets up), likewise once per run.
    terrain: Mutex<HashMap<PathBuf, Arc<HexTerrain>>>,
    /// Effective counters' ids hashed (every scenario on them looks up
    /// each unit it names), likewise once per run.
    counters_index: Mutex<HashMap<PathBuf, Arc<CountersIndex>>>,
    /// Texts read instead of the files at their paths (see
    /// [`crate::Texts`]).
    texts: crate::Texts,
    /// What pure checks found in a session's run before (none in a
    /// plain run).
    memo: Option<Arc<memo::Memo>>,
}

/// Where a reference leads.
pub enum Resolved {
    /// An existing file inside the root (canonical path).
    Found(PathBuf),
    /// No such file (path relative to the root).
    Missing(String),
    /// Absolute, or climbing out of the root.
    Escapes(&'static str),
}

/// A selected scenario with what it refers to, loaded: the input of
/// pass 3.
pub struct ScenarioInputs<'a> {
    /// The scenario file.
    pub source: &'a SourceFile,
    /// The scenario (a variant resolved).
    pub scenario: &'a Scenario,
    /// For a variant, where each resolved part was written.
    pub origin: Option<&'a variant::Variant>,
    /// Its series, `extends` chain applied (not yet its `rule_overrides`).
    pub series: Arc<Series>,
    /// Its map.
    pub map: &'a Map,
    /// Its map's terrain by hex.
    pub terrain: Arc<HexTerrain>,
    /// Its counters, with what they include.
    pub counters: Arc<berthier_schema::include::Merged>,
    /// The ids of `counters`, hashed.
    pub counters_index: Arc<CountersIndex>,
}

impl Pack {
    /// The inputs of pass 3 for a scenario or a variant whose series
    /// chain, map and counters load (the others have pass-2 findings
    /// saying why).
    pub fn scenario_inputs<'a>(
        &'a self,
        entry: &'a Checked,
    ) -> Option<ScenarioInputs<'a>> {
        let (scenario, origin) =
            match (&entry.document, variant::resolution(self, entry)) {
                (
                    Some(Document::Variant(_) | Document::Scenario(_)),
                    Some(r),
                ) => {
                    let resolved = r.as_deref().ok()?;
                    (&resolved.scenario, Some(resolved))
                }
                (Some(Document::Scenario(scenario)), None) => (scenario, None),
                _ => return None,
            };
        let series_path =
            match self.resolve_series(&entry.source, &scenario.series) {
                Resolved::Found(path) => path,
                _ => return None,
            };
        let series = series::effective(self, &series_path)?;
        let Resolved::Found(map_path) =
            self.resolve(&entry.source, &scenario.map)
        else {
            return None;
        };
        let Some(Document::Map(map)) = &self.get(&map_path)?.document else {
            return None;
        };
        let terrain = self.hex_terrain(&map_path, map);
        let Resolved::Found(counters_path) =
            self.resolve(&entry.source, &scenario.counters)
        else {
            return None;
        };
        let counters = self.effective_counters(&counters_path)?;
        let counters_index =
            self.counters_index(&counters_path, &counters.counters);
        Some(ScenarioInputs {
            source: &entry.source,
            scenario,
            origin,
            series,
            map,
            terrain,
            counters,
            counters_index,
        })
    }

    /// Resolves `reference` (relative to `from`'s folder) inside the root.
    pub fn resolve(&self, from: &SourceFile, reference: &str) -> Resolved {
        let mut parts: Vec<String> =
            from.at.rel.split('/').map(str::to_owned).collect();
        parts.pop();
        let path = Path::new(reference);
        if reference.is_empty() || path.has_root() {
            return Resolved::Escapes("an absolute path");
        }
        for component in path.components() {
            match component {
                Component::Normal(p) => {
                    parts.push(p.to_string_lossy().into_owned());
                }
                Component::CurDir => {}
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        return Resolved::Escapes("`..` climbs above it");
                    }
                }
                Component::RootDir | Component::Prefix(_) => {
                    return Resolved::Escapes("an absolute path");
                }
            }
        }
        let root = &from.at.root.dir;
        let joined = parts.iter().fold(root.clone(), |p, part| p.join(part));
        match self.canonicalize(joined) {
            Some(real) if real.starts_with(root) => {
                self.note_root(&real, &from.at.root);
                Resolved::Found(real)
            }
            Some(_) => Resolved::Escapes("a link leads out of it"),
            None => Resolved::Missing(parts.join("/")),
        }
    }

    /// `path.canonicalize()`, remembered for the run.
    fn canonicalize(&self, path: PathBuf) -> Option<PathBuf> {
        let known =
            |c: &HashMap<PathBuf, Option<PathBuf>>| c.get(&path).cloned();
        if let Some(found) = self.canonical.lock().ok().and_then(|c| known(&c))
        {
            return found;
        }
        let real = path.canonicalize().ok();
        if let Ok(mut cache) = self.canonical.lock() {
            cache.insert(path, real.clone());
        }
        real
    }

    /// What pure checks found in a session's run before.
    pub(crate) fn memo(&self) -> Option<&memo::Memo> {
        self.memo.as_deref()
    }
}
