//! Pass 2: the references between documents. Referenced files must exist
//! inside the pack root and have the right kind (here: the pack, path
//! resolution, `extends` chains); ids must be unique and every unit,
//! formation, place, road, series id and hex reference must resolve
//! (`berthier_rules::check::references` and `check::map`, on the documents
//! loaded here).
//!
//! Every finding points at the referencing value (through the JSON Pointer
//! of the value and `locate`), and names the printed hex when one is
//! involved.

mod game;
mod include;
mod load;
mod map;
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
use berthier_schema::{DocKind, Document, Map};

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::pass::schema::Checked;
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

    /// Pass 2 of one document: its references to the pack's others.
    pub(crate) fn check_one(&self, entry: &Checked) -> Vec<Diagnostic> {
        let Some(document) = &entry.document else {
            return Vec::new();
        };
        let mut ctx = Ctx {
            pack: self,
            src: &entry.source,
            entry: Some(entry),
            origin: None,
            out: Vec::new(),
        };
        match document {
            Document::Series(d) => series::check(&mut ctx, d),
            Document::Map(d) => map::check(&mut ctx, d),
            Document::Counters(d) => map::counters(&mut ctx, d),
            Document::Scenario(d) => variant::check_full(&mut ctx, d),
            Document::Variant(d) => variant::check(&mut ctx, d),
            Document::Game(d) => game::check(&mut ctx, d),
        }
        ctx.out
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
}

/// Checking one document: the pack, the file, the findings so far.
pub struct Ctx<'a> {
    pack: &'a Pack,
    src: &'a SourceFile,
    /// The document being checked.
    entry: Option<&'a Checked>,
    /// For a resolved variant, where each part was written: findings are
    /// located there.
    origin: Option<&'a variant::Variant>,
    out: Vec<Diagnostic>,
}

impl<'a> Ctx<'a> {
    /// Records a finding at the value `pointer` names.
    fn report(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let d = variant::locate(
            self.pack,
            self.origin,
            self.src,
            code,
            pointer,
            message.into(),
            false,
        );
        self.out.push(d);
        let last = self.out.len() - 1;
        &mut self.out[last]
    }

    /// Records a rule's finding at the value its pointer names.
    fn finding(&mut self, f: berthier_rules::check::Finding) {
        let d = if f.at_key {
            self.report_key(f.code, &f.pointer, f.message)
        } else {
            self.report(f.code, &f.pointer, f.message)
        };
        d.hex = f.hex;
        variant::set_help(d, f.help);
    }

    /// Records the findings of `berthier_rules`' checks, in order.
    fn findings(&mut self, list: Vec<berthier_rules::check::Finding>) {
        list.into_iter().for_each(|f| self.finding(f));
    }

    /// Records a finding at the key of the member `pointer` names (a map
    /// key that is itself wrong).
    fn report_key(
        &mut self,
        code: Code,
        pointer: &str,
        message: impl Into<String>,
    ) -> &mut Diagnostic {
        let d = variant::locate(
            self.pack,
            self.origin,
            self.src,
            code,
            pointer,
            message.into(),
            true,
        );
        self.out.push(d);
        let last = self.out.len() - 1;
        &mut self.out[last]
    }

    /// Checks a file reference (REF001, REF002); the canonical path when it
    /// resolves.
    fn file(&mut self, pointer: &str, reference: &str) -> Option<PathBuf> {
        match self.pack.resolve(self.src, reference) {
            Resolved::Found(path) => Some(path),
            Resolved::Missing(rel) => {
                self.report(
                    Code::Ref001,
                    pointer,
                    format!("referenced file `{reference}` does not exist"),
                )
                .help = Some(format!("looked for `{rel}` in the pack root"));
                None
            }
            Resolved::Escapes(why) => {
                self.report(
                    Code::Ref002,
                    pointer,
                    format!("`{reference}` leaves the pack root: {why}"),
                )
                .help = Some(
                    "use a path relative to this file, inside the pack".into(),
                );
                None
            }
        }
    }

    /// Checks a document reference (REF001, REF002, REF010); the document
    /// when it resolves, has kind `want` and loads.
    fn document(
        &mut self,
        pointer: &str,
        reference: &str,
        want: DocKind,
    ) -> Option<Arc<Checked>> {
        let path = self.file(pointer, reference)?;
        let entry = self.pack.get(&path).cloned();
        let broken = entry.as_ref().is_none_or(|e| e.document.is_none());
        if broken && self.pack.is_selected(&path) {
            // Its own findings say why; a file that cannot be read at all
            // has no line to point at, so each document that needs it
            // says, at its reference, that it is not checked against it.
            let unreadable = entry.as_ref().and_then(|e| e.unreadable.clone());
            if let Some(why) = unreadable {
                self.report(
                    Code::Ref010,
                    pointer,
                    format!(
                        "`{reference}` cannot be read ({why}): this file is \
                         not checked against it"
                    ),
                )
                .help = Some(format!("make `{reference}` readable"));
            }
            return None;
        }
        let kind = entry.as_ref().and_then(|e| e.kind);
        if kind != Some(want) {
            let found = kind.map_or("not a pack document", DocKind::as_str);
            self.report(
                Code::Ref010,
                pointer,
                format!(
                    "`{reference}` should be a {} document, but it is {found}",
                    want.as_str()
                ),
            );
            return None;
        }
        let entry = entry?;
        if entry.document.is_none() {
            self.report(
                Code::Ref010,
                pointer,
                format!("`{reference}` has errors of its own"),
            )
            .help = Some(format!("run berthier-validate on `{reference}`"));
            return None;
        }
        Some(entry)
    }
}
