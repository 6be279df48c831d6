//! Variants in the pack: each variant's chain of bases (or a full
//! scenario's `DeploymentOf` scenarios) resolved once per run by
//! `berthier_schema::pack`'s resolution, reading the loaded pack instead
//! of the disk.

use std::path::PathBuf;
use std::sync::Arc;

use berthier_schema::Document;
use berthier_schema::counters::Counters;
use berthier_schema::pack::{
    ChainError, ResolvedScenario, ScenarioFiles, deployment_scenarios,
    resolve_scenario,
};

use super::{Pack, Resolved};
use crate::schema_pass::Checked;

/// A variant's chain, resolved or not.
pub type Resolution = Result<Arc<Variant>, ChainError<PathBuf, BaseError>>;

/// Why a base scenario named in a pack cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BaseError {
    /// The naming file is not in the pack that was loaded.
    #[error("not loaded")]
    NotLoaded,
    /// The base file does not exist.
    #[error("`{0}` does not exist")]
    Missing(String),
    /// The path leaves the pack root.
    #[error("`{reference}` leaves the pack root: {why}")]
    Escapes {
        /// The path as written.
        reference: String,
        /// Why it escapes.
        why: String,
    },
    /// The base file has errors of its own (reported on it).
    #[error("`{0}` has errors of its own")]
    Broken(String),
}

/// A resolved variant, with its files as canonical paths.
pub type Variant = ResolvedScenario<PathBuf>;

/// The pack as the resolution reads it.
struct PackFiles<'a>(&'a Pack);

impl ScenarioFiles for PackFiles<'_> {
    type File = PathBuf;
    type Error = BaseError;

    fn read(
        &mut self,
        from: &PathBuf,
        reference: &str,
    ) -> Result<(PathBuf, Document), BaseError> {
        let source = &self.0.get(from).ok_or(BaseError::NotLoaded)?.source;
        let path = match self.0.resolve(source, reference) {
            Resolved::Found(path) => path,
            Resolved::Missing(rel) => return Err(BaseError::Missing(rel)),
            Resolved::Escapes(why) => {
                return Err(BaseError::Escapes {
                    reference: reference.to_owned(),
                    why: why.to_string(),
                });
            }
        };
        let document = self.0.get(&path).and_then(|e| e.document.clone());
        let document =
            document.ok_or_else(|| BaseError::Broken(reference.to_owned()))?;
        Ok((path, document))
    }

    fn identity(&mut self, from: &PathBuf, reference: &str) -> Option<PathBuf> {
        let source = &self.0.get(from)?.source;
        match self.0.resolve(source, reference) {
            Resolved::Found(path) => Some(path),
            _ => None,
        }
    }

    /// The effective counters (with what they include): a variant's
    /// selection by formation ("the IV Corps and the II Corps", Waterloo
    /// 5) must see formations defined in an included army file.
    fn counters(
        &mut self,
        from: &PathBuf,
        reference: &str,
    ) -> Option<Counters> {
        let (path, document) = self.read(from, reference).ok()?;
        match document {
            Document::Counters(own) => Some(
                self.0
                    .effective_counters(&path)
                    .map_or(own, |m| m.counters.clone()),
            ),
            _ => None,
        }
    }
}

/// The resolved chain of a variant, or of a full scenario with
/// `DeploymentOf` placements (REF038, REF039); `None` for any other
/// document. Resolved once per run, on first use.
pub(crate) fn resolution<'a>(
    pack: &'a Pack,
    entry: &Checked,
) -> Option<&'a Resolution> {
    let document = entry.document.as_ref()?;
    match document {
        Document::Variant(_) => {}
        Document::Scenario(s) if !deployment_scenarios(s).is_empty() => {}
        _ => return None,
    }
    let path = &entry.source.at.path;
    let variants = &pack.cache.variants;
    let slot = match variants.get(path) {
        Some(slot) => slot,
        None => variants.insert(path.clone(), Box::default()),
    };
    Some(slot.get_or_init(|| {
        resolve_scenario(&mut PackFiles(pack), path.clone(), document)
            .map(Arc::new)
    }))
}
