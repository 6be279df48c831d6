//! Series: the `extends` chain, which must resolve without a cycle, and
//! the effective series it gives; the ids inside a series are checked by
//! `berthier_rules::check::references` (unique ids, then classes, ratings
//! and terrain against the effective series).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::DocKind;
use berthier_schema::series::Series;
use berthier_schema::standard;

use super::{Ctx, Pack, Resolved};
use crate::code::Code;
use crate::pack::series::{effective, parent_of, standard_path};
use crate::schema_pass::Checked;
use berthier_rules::check::references;

impl Ctx<'_> {
    /// Checks a series reference: a standard series' name must be shipped
    /// (REF043, with the known names), a path as any document reference
    /// ([`Ctx::document`]). The series document when it resolves.
    pub(super) fn series_document(
        &mut self,
        pointer: &str,
        reference: &str,
    ) -> Option<Arc<Checked>> {
        if !standard::is_name(reference) {
            return self.document(pointer, reference, DocKind::Series);
        }
        match standard::find(reference) {
            Ok(series) => self.pack.get(&standard_path(series)).cloned(),
            Err(e) => {
                let help = match e.suggestion() {
                    Some(name) => format!(
                        "write `{name}`, or a path to a series file ending \
                         in .series.ron (`berthier-validate series list` \
                         shows every standard series)"
                    ),
                    None => "write a standard series' name \
                             (`berthier-validate series list`) or a path to a \
                             series file ending in .series.ron"
                        .to_owned(),
                };
                self.report(Code::Ref043, pointer, e.to_string()).help =
                    Some(help);
                None
            }
        }
    }
}

pub(super) fn check(ctx: &mut Ctx<'_>, s: &Series) {
    ctx.findings(references::series_ids(s));
    let own = match &s.extends {
        Some(reference) => extends(ctx, reference),
        None => Some(Arc::new(s.clone())),
    };
    if let Some(effective) = own {
        ctx.findings(references::series_refs(s, &effective));
    }
}

/// Checks `extends`; the effective series when the chain resolves.
fn extends(ctx: &mut Ctx<'_>, reference: &str) -> Option<Arc<Series>> {
    ctx.series_document("/extends", reference)?;
    let me = ctx.src.at.path.clone();
    let pack = ctx.pack;
    match pack.resolve_series(ctx.src, reference) {
        Resolved::Found(parent) if leads_to(pack, &parent, &me) => {
            ctx.report(
                Code::Ref013,
                "/extends",
                format!(
                    "`extends` loops back to this series via `{reference}`"
                ),
            );
            None
        }
        Resolved::Found(_) => effective(pack, &me),
        _ => None,
    }
}

/// Whether following `extends` from `start` reaches `target`.
fn leads_to(pack: &Pack, start: &Path, target: &Path) -> bool {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut current = start.to_path_buf();
    loop {
        if current == target {
            return true;
        }
        if seen.contains(&current) {
            return false; // a loop not through `target`: reported there
        }
        seen.push(current.clone());
        let Some(next) = parent_of(pack, &current) else {
            return false;
        };
        current = next;
    }
}
