//! Scenario variants in pass 2: each variant's chain of bases is resolved
//! once per run from the loaded pack (`berthier_schema::pack`'s
//! resolution, reading the pack instead of the disk), its own problems
//! reported (REF001, REF002 and REF010 on `base`, REF023 a cycle, REF024
//! another map or counters, REF025 an unknown side or instruction id,
//! REF026 a shift off the turn track, REF036 an arrival window off the
//! base's turn track or empty, REF037 a victory condition or special rule
//! id the base lacks; REF038 and REF039 a `DeploymentOf` that does not
//! resolve, in a variant or in a full scenario; MAP012 a map state change
//! that repeats the base's), then the resolved scenario is
//! checked like any scenario, each finding located in the file that holds
//! the part it is about.

use std::path::PathBuf;
use std::sync::Arc;

use berthier_schema::counters::Counters;
use berthier_schema::pack::{
    ChainError, MAX_VARIANT_CHAIN, ResolvedScenario, ScenarioFiles,
    deployment_scenarios, resolve_scenario,
};
use berthier_schema::scenario::{IssueKind, Scenario, ScenarioVariant};
use berthier_schema::{DocKind, Document};

use super::{Ctx, Pack, Resolved, map};
use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::pass::schema::Checked;
use crate::source::SourceFile;

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
pub(super) fn resolution<'a>(
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

/// Pass 2 on a variant: its `base`, its chain, its changes, then the
/// resolved scenario's references.
pub(super) fn check(ctx: &mut Ctx<'_>, v: &ScenarioVariant) {
    if let Some(reference) = &v.series {
        ctx.series_document("/series", reference);
    }
    for (pointer, reference) in [("/map", &v.map), ("/counters", &v.counters)] {
        if let Some(reference) = reference {
            ctx.file(pointer, reference);
        }
    }
    ctx.document("/base", &v.base, DocKind::Scenario);
    let pack = ctx.pack;
    match ctx.entry.and_then(|entry| resolution(pack, entry)) {
        Some(Ok(resolved)) => {
            report_issues(ctx, resolved);
            ctx.origin = Some(resolved);
            map::scenario(ctx, &resolved.scenario);
        }
        Some(Err(ChainError::Cycle { length, .. })) => {
            let message = if *length >= MAX_VARIANT_CHAIN {
                format!(
                    "the chain of bases is longer than {MAX_VARIANT_CHAIN} variants"
                )
            } else {
                "`base` leads back to this file or to a file of its chain"
                    .to_owned()
            };
            ctx.report(Code::Ref023, "/base", message).help =
                Some("a chain of variants must end at a full scenario".into());
        }
        Some(Err(ChainError::Read { file, error }))
            if *file != ctx.src.at.path =>
        {
            let message = format!(
                "the chain of bases of `{}` does not resolve: {error}",
                v.base
            );
            ctx.report(Code::Ref010, "/base", message);
        }
        Some(Err(ChainError::NotScenario { file, kind }))
            if *file != ctx.src.at.path =>
        {
            let message = format!(
                "a base in the chain of `{}` is a {} document, not a scenario",
                v.base,
                kind.as_str()
            );
            ctx.report(Code::Ref010, "/base", message);
        }
        // The first `base` itself: `ctx.document` above reported it.
        Some(Err(_)) | None => {}
    }
}

/// Pass 2 on a full scenario with `DeploymentOf` placements: the
/// deployments that do not resolve, then the resolved scenario's
/// references.
pub(super) fn check_full(ctx: &mut Ctx<'_>, s: &Scenario) {
    let pack = ctx.pack;
    match ctx.entry.and_then(|entry| resolution(pack, entry)) {
        Some(Ok(resolved)) => {
            report_issues(ctx, resolved);
            ctx.origin = Some(resolved);
            map::scenario(ctx, &resolved.scenario);
        }
        _ => map::scenario(ctx, s),
    }
}

/// The changes of the chain that could not be applied, each in the file
/// that states it.
fn report_issues(ctx: &mut Ctx<'_>, resolved: &Variant) {
    for (file, issue) in &resolved.issues {
        let code = match issue.kind {
            IssueKind::OtherFile { .. } => Code::Ref024,
            IssueKind::UnknownSide(_)
            | IssueKind::UnknownInstruction { .. } => Code::Ref025,
            IssueKind::ShiftOffTrack { .. } => Code::Ref026,
            IssueKind::WindowOffTrack { .. }
            | IssueKind::WindowEmpty { .. } => Code::Ref036,
            IssueKind::UnknownId { .. } => Code::Ref037,
            IssueKind::DeploymentUnusable { .. } => Code::Ref038,
            IssueKind::DeploymentEmpty { .. } => Code::Ref039,
            IssueKind::MapStateUnchanged { .. } => Code::Map012,
        };
        let source = ctx.pack.get(file).map_or(ctx.src, |e| &e.source);
        let d = source.at_pointer(code, &issue.pointer, issue.kind.to_string());
        ctx.out.push(d);
    }
}

/// A finding about the resolved scenario at `pointer`, located in the file
/// that holds that part: the variant, or a base for an inherited part.
pub fn locate(
    pack: &Pack,
    origin: Option<&Variant>,
    source: &SourceFile,
    code: Code,
    pointer: &str,
    message: String,
    at_key: bool,
) -> Diagnostic {
    let variant = source;
    let (source, pointer) = match origin {
        Some(resolved) => {
            let (file, written) = resolved.origin(pointer);
            (pack.get(&file).map_or(source, |e| &e.source), written)
        }
        None => (source, pointer.to_owned()),
    };
    let mut d = if at_key {
        let found = source.locate(&pointer);
        source.at_offset(code, found.key_or_value(), &pointer, message)
    } else {
        source.at_pointer(code, &pointer, message)
    };
    if source.at.path != variant.at.path {
        // Said in `help`, which deduplication ignores: the base's own copy
        // of the same finding is kept, a finding only the variant's
        // context makes names the variant.
        d.help = Some(format!(
            "found checking `{}`, which inherits this part",
            variant.at.rel
        ));
    }
    d
}

/// Sets a finding's `help`, keeping the note [`locate`] adds to a finding
/// located in a base.
pub fn set_help(d: &mut Diagnostic, help: Option<String>) {
    d.help = match (help, d.help.take()) {
        (Some(help), Some(note)) => Some(format!("{help}; {note}")),
        (help, note) => help.or(note),
    };
}
