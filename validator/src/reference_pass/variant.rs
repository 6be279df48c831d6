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

use berthier_schema::DocKind;
use berthier_schema::pack::{ChainError, MAX_VARIANT_CHAIN};
use berthier_schema::scenario::{IssueKind, Scenario, ScenarioVariant};

use super::{Ctx, map};
use crate::code::Code;
use crate::pack::variant::{Variant, resolution};

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
