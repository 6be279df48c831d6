//! The run: the walked files dealt to rayon's threads, each file through
//! the three passes by one task ([`process`]: pass 1 its schema, pass 2
//! its references, pass 3 the rules on a scenario), then the run-wide
//! steps on every finding (severity from `berthier.toml` and the command
//! line, order, repeats dropped). Above the passes and the pass-3 runner,
//! which know nothing of it.

use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Report};
use crate::pack::Pack;
use crate::walk::Candidate;
use crate::{Code, RunError, Texts, severity, shard, walk};

/// Checks one walked file: pass 1, pass 2 and, for a scenario or a
/// variant, pass 3. `None` when it is not a pack document. A full
/// scenario nothing else has loaded is dropped when this returns.
pub fn process(pack: &Pack, candidate: &Candidate) -> Option<Vec<Diagnostic>> {
    let entry = pack.pass_one(candidate)?;
    let mut out = entry.diagnostics.clone();
    out.extend(crate::reference_pass::check(pack, &entry));
    if let Some(inputs) = pack.scenario_inputs(&entry) {
        out.extend(crate::check::run::check_scenario(pack, &inputs));
    }
    Some(out)
}

/// [`validate_with`] on the files `shard` owns (every file when `None`);
/// also returns how many `.ron`/`.json` files the walk found in all.
pub fn validate_shard(
    paths: &[PathBuf],
    overrides: &severity::Overrides,
    shard: Option<shard::Shard>,
) -> Result<(Report, usize), RunError> {
    let walked = walk::collect_walked(paths)?;
    validate_walked(walked, overrides, Texts::new(), shard)
}

/// Validates what a walk found (the files `shard` owns), reading the
/// files `texts` holds from it.
pub(crate) fn validate_walked(
    walked: walk::Walked,
    overrides: &severity::Overrides,
    texts: Texts,
    shard: Option<shard::Shard>,
) -> Result<(Report, usize), RunError> {
    let pack = Pack::new(&walked.candidates, texts);
    validate_pack(&pack, walked, overrides, shard)
}

/// [`validate_walked`] with the pack made (some documents may be in its
/// cache already: [`validate_documents_in`]).
pub(crate) fn validate_pack(
    pack: &Pack,
    walked: walk::Walked,
    overrides: &severity::Overrides,
    shard: Option<shard::Shard>,
) -> Result<(Report, usize), RunError> {
    use rayon::prelude::*;
    let candidates = walked.candidates;
    let mut packs = std::collections::HashMap::new();
    for c in &candidates {
        if !packs.contains_key(&c.root.shown) {
            packs.insert(c.root.shown.clone(), walk::severity_levels(&c.root)?);
        }
    }
    // Each file is read, checked and (a full scenario) dropped by one
    // task; the documents scenarios share are loaded once, on first use.
    let owns = |position: usize| shard.is_none_or(|s| s.owns(position));
    let inheriting = match shard {
        Some(_) => inheriting_variants(pack, &candidates, &owns),
        None => std::collections::HashSet::new(),
    };
    let per_file: Vec<(bool, Vec<Diagnostic>)> = candidates
        .par_iter()
        .enumerate()
        .filter(|(position, _)| {
            owns(*position) || inheriting.contains(position)
        })
        .filter_map(|(position, c)| {
            process(pack, c).map(|found| (owns(position), found))
        })
        .collect();
    let documents = per_file.iter().filter(|(own, _)| *own).count();
    let elsewhere = owned_elsewhere(&candidates, &owns);
    let mut diagnostics: Vec<Diagnostic> = per_file
        .into_iter()
        .flat_map(|(_, found)| found)
        .filter(|d| !elsewhere.contains(&(d.root.as_str(), d.file.as_str())))
        .collect();
    // What the walk skipped is reported once, by the first shard.
    if owns(0) {
        diagnostics.extend(walked.skipped.iter().map(skipped_finding));
    }
    let mut diagnostics = severity::apply(diagnostics, &packs, overrides);
    diagnostics.sort_by(|a, b| {
        a.cmp_path(b).then_with(|| {
            (a.line, a.column, a.code).cmp(&(b.line, b.column, b.code))
        })
    });
    let diagnostics = drop_repeated(diagnostics);
    let report = Report {
        documents,
        diagnostics,
    };
    Ok((report, candidates.len()))
}

/// The positions of the walked variants another shard owns whose chain of
/// bases holds a file this shard owns. A finding located in a base belongs
/// to the shard that owns the base, and may be found only by checking a
/// variant (its overrides, its own setup on the base's map); that shard
/// checks those variants too and keeps only what lies in its own files,
/// so the shards' outputs add up to the unsharded run's exactly.
fn inheriting_variants(
    pack: &Pack,
    candidates: &[Candidate],
    owns: &(dyn Fn(usize) -> bool + Sync),
) -> std::collections::HashSet<usize> {
    use rayon::prelude::*;
    let owned: std::collections::HashSet<&std::path::Path> = candidates
        .iter()
        .enumerate()
        .filter(|(position, _)| owns(*position))
        .map(|(_, c)| c.path.as_path())
        .collect();
    candidates
        .par_iter()
        .enumerate()
        .filter(|(position, c)| !owns(*position) && is_scenario_file(c))
        .filter(|(_, c)| names_a_base(c))
        .filter(|(_, c)| {
            let Some(entry) = pack.pass_one(c) else {
                return false;
            };
            let Some(Ok(variant)) =
                crate::pack::variant::resolution(pack, &entry)
            else {
                return false;
            };
            variant.files().any(|f| owned.contains(f.as_path()))
        })
        .map(|(position, _)| position)
        .collect()
}

/// Whether a walked scenario file names a `base` (is a variant), read
/// without the schema check: most scenarios are full ones, which hold no
/// other file's findings, and a shard that does not own them need not
/// check them.
fn names_a_base(candidate: &Candidate) -> bool {
    let Some(format) = berthier_schema::Format::of_path(&candidate.path) else {
        return false;
    };
    std::fs::read_to_string(&candidate.path)
        .is_ok_and(|text| berthier_schema::document::is_variant(&text, format))
}

/// Whether a walked file is named as a scenario (a variant is one).
fn is_scenario_file(candidate: &Candidate) -> bool {
    [".scenario.ron", ".scenario.json"]
        .iter()
        .any(|end| candidate.rel.ends_with(end))
}

/// The walked scenario files another shard owns, as findings name them
/// (root as shown, path under it): a finding located in one, found through
/// a variant of it, is that shard's (see [`inheriting_variants`]).
fn owned_elsewhere<'c>(
    candidates: &'c [Candidate],
    owns: &(dyn Fn(usize) -> bool + Sync),
) -> std::collections::HashSet<(&'c str, &'c str)> {
    candidates
        .iter()
        .enumerate()
        .filter(|(position, c)| !owns(*position) && is_scenario_file(c))
        .map(|(_, c)| (c.root.shown.as_str(), c.rel.as_str()))
        .collect()
}

/// The exit status of a validation run: 2 when it found no pack document
/// at all (an empty folder, an unreadable one, a wrong path in a CI job),
/// unless `allow_empty`; else 1 when it found errors, 0 when not.
pub fn exit_status(report: &Report, allow_empty: bool) -> u8 {
    if report.documents == 0 && !allow_empty {
        2
    } else {
        u8::from(report.has_errors())
    }
}

/// A path the walk did not check, as an `SCH007` finding on that path.
fn skipped_finding(skipped: &walk::Skipped) -> Diagnostic {
    use walk::SkipReason;
    let (message, help) = match &skipped.why {
        SkipReason::Unreadable(why) => (
            format!(
                "this folder cannot be read ({why}): nothing in it is checked"
            ),
            "give the validator read permission on the folder",
        ),
        SkipReason::FolderNamedLikeADocument => (
            "this is a folder named like a document, not a document".to_owned(),
            "rename the folder, or move the document it should be here",
        ),
        SkipReason::NotARegularFile(what) => (
            format!(
                "this is {what} named like a document, not a file: not read"
            ),
            "replace it with the document file",
        ),
    };
    // The root itself (a folder given on the command line) is named as
    // given.
    let (root, file) = if skipped.rel.is_empty() {
        (".".to_owned(), skipped.root.shown.clone())
    } else {
        (skipped.root.shown.clone(), skipped.rel.clone())
    };
    Diagnostic {
        code: Code::Sch007,
        severity: Code::Sch007.severity(),
        root,
        file,
        line: 0,
        column: 0,
        pointer: String::new(),
        hex: None,
        message,
        help: Some(help.to_owned()),
        snippet: None,
    }
}

/// Whether two sorted findings are the same but for `help` (a finding in a
/// base, reported by the base and by each variant that inherits it).
pub fn same_finding(a: &Diagnostic, b: &Diagnostic) -> bool {
    (
        a.code, &a.root, &a.file, a.line, a.column, &a.pointer, &a.message,
        a.hex,
    ) == (
        b.code, &b.root, &b.file, b.line, b.column, &b.pointer, &b.message,
        b.hex,
    )
}

/// Sorted findings without repeats: a finding in a base is found again by
/// each variant inheriting it, and one copy is kept (the copies may differ
/// in `help`, see [`same_finding`]): the one whose `help` sorts first, so
/// the text never depends on the order the files were checked in.
pub fn drop_repeated(sorted: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::with_capacity(sorted.len());
    let mut group = 0;
    for d in sorted {
        if out.get(group).is_some_and(|g| !g.same_place(&d)) {
            group = out.len();
        }
        match out[group..].iter_mut().find(|k| same_finding(k, &d)) {
            // The copy kept does not depend on which file was checked
            // first, nor on which files a shard checked: the base's own
            // (no note), else the least note.
            Some(kept) if d.help < kept.help => *kept = d,
            Some(_) => {}
            None => out.push(d),
        }
    }
    out
}
