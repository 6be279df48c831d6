//! REF031 and REF035: a counters file's `include` list. The merge itself
//! is `berthier_schema::include::merge_included` (the one every tool
//! uses); this module turns what it found into findings, located in the
//! including file, and, for a duplicate, in each included file that
//! defines the id too.
//!
//! What follows is `docs/REF031.md`, then `docs/REF035.md`.
#![doc = include_str!("../../../docs/REF031.md")]
#![doc = include_str!("../../../docs/REF035.md")]

use berthier_schema::counters::Counters;
use berthier_schema::include::{IncludeProblem, Merged, Origin};

use crate::check::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// A finding to locate in the file of `include[include]` (its pointer is
/// into that file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elsewhere {
    /// Index into the including file's `include`.
    pub include: usize,
    /// The finding.
    pub finding: Finding,
}

/// The findings of `own`'s includes: REF031 for an id defined twice,
/// REF035 for `parents` or `commanders` that extend nothing or clash, or
/// that name a formation or leader the effective counters lack.
/// `included_own_len(k, list)` is how many items of `list` the `k`-th
/// included file defines itself (a pointer past them is not in its text).
pub fn check(
    own: &Counters,
    merged: &Merged,
    included_own_len: &dyn Fn(usize, &'static str) -> usize,
) -> (Vec<Finding>, Vec<Elsewhere>) {
    let mut here = Vec::new();
    let mut there = Vec::new();
    for problem in &merged.problems {
        match problem {
            IncludeProblem::Duplicate { id, first, again } => {
                let (finding, elsewhere) =
                    duplicate(own, id, [first, again], included_own_len);
                here.push(finding);
                there.extend(elsewhere);
            }
            IncludeProblem::UnknownFormation {
                include,
                field,
                formation,
            }
            | IncludeProblem::AlreadySet {
                include,
                field,
                formation,
            } => here.push(
                Finding::new(
                    Code::Ref035,
                    at("include").index(*include).field(field).key(formation),
                    problem.to_string(),
                )
                .at_key(),
            ),
        }
    }
    here.extend(dangling(own, &merged.counters));
    (here, there)
}

/// REF031 for one id defined twice: the finding in the including file,
/// and one in each included file that defines it itself.
fn duplicate(
    own: &Counters,
    id: &str,
    [first, again]: [&Origin; 2],
    included_own_len: &dyn Fn(usize, &'static str) -> usize,
) -> (Finding, Vec<Elsewhere>) {
    let noun = first.list.noun();
    let message = format!(
        "{noun} `{id}` is defined twice: {} and {}",
        where_(own, first),
        where_(own, again)
    );
    let here = Finding::new(Code::Ref031, pointer_here(first), message)
        .help("define it once, in the file the others include");
    let there_message = format!(
        "{noun} `{id}` is defined here and again in `{}`, which includes \
         this file",
        own.id
    );
    let mut there = Vec::new();
    for origin in [first, again] {
        let Some(k) = origin.include else { continue };
        let list = origin.list.field();
        if origin.index < included_own_len(k, list) {
            let pointer = at(list).index(origin.index).field("id");
            there.push(Elsewhere {
                include: k,
                finding: Finding::new(
                    Code::Ref031,
                    pointer,
                    there_message.clone(),
                ),
            });
        }
    }
    (here, there)
}

/// REF035 for a `parents` value that is no formation, or a `commanders`
/// value that is no unit, of the effective counters.
fn dangling(own: &Counters, effective: &Counters) -> Vec<Finding> {
    let mut out = Vec::new();
    for (k, include) in own.include.iter().enumerate() {
        let base = at("include").index(k);
        for (formation, parent) in &include.parents {
            if effective.formation(parent).is_none() {
                out.push(Finding::new(
                    Code::Ref035,
                    base.field("parents").key(formation),
                    format!(
                        "the parent `{parent}` given to `{formation}` is not \
                         a formation of this file or of what it includes"
                    ),
                ));
            }
        }
        for (formation, leader) in &include.commanders {
            if effective.unit(leader).is_none() {
                out.push(Finding::new(
                    Code::Ref035,
                    base.field("commanders").key(formation),
                    format!(
                        "the commander `{leader}` given to `{formation}` is \
                         not a unit of this file or of what it includes"
                    ),
                ));
            }
        }
    }
    out
}

/// Where a definition is, for the message.
fn where_(own: &Counters, origin: &Origin) -> String {
    match origin.include.and_then(|k| own.include.get(k)) {
        None => format!("here ({}[{}])", origin.list.field(), origin.index),
        Some(include) => format!("in the included `{}`", include.path),
    }
}

/// The finding's place in the including file: its own definition, or the
/// include that brings the id in.
fn pointer_here(origin: &Origin) -> Pointer {
    match origin.include {
        None => at(origin.list.field()).index(origin.index).field("id"),
        Some(k) => at("include").index(k).field("path"),
    }
}
