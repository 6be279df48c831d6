//! `Placement::DeploymentOf` resolved through the pack: each one is
//! replaced by the placement it stands for in the scenario it names
//! ("deployed in its historical area", seed 001 l. 3054), read the way a
//! variant's base is read. A scenario that cannot be read, is on another
//! map, leads back to the scenario naming it, or deploys none of the units
//! asked leaves the placement as it is, with an issue in the file that
//! says it.

use std::fmt::Display;

use super::scenarios::{
    ChainError, MAX_VARIANT_CHAIN, ResolvedScenario, ScenarioFiles,
};
use crate::document::Document;
use crate::placement::Placement;
use crate::scenario::{
    DeploymentAsk, Issue, IssueKind, Scenario, deployment_placement,
};

/// One `DeploymentOf` met in the resolved scenario.
struct Found {
    pointer: String,
    side: String,
    placement: Placement,
}

/// Whether the scenario holds a `DeploymentOf` anywhere it is read.
pub(super) fn any(s: &Scenario) -> bool {
    !found(s).is_empty()
}

/// The scenario files a scenario's `DeploymentOf` placements name, as
/// written (relative to the scenario).
pub fn deployment_scenarios(s: &Scenario) -> Vec<String> {
    found(s)
        .into_iter()
        .filter_map(|f| match f.placement {
            Placement::DeploymentOf { scenario, .. } => Some(scenario),
            _ => None,
        })
        .collect()
}

/// Replaces the resolved scenario's `DeploymentOf` placements. `stack`
/// holds the files whose deployments are being resolved (a cycle guard).
pub(super) fn substitute<S: ScenarioFiles>(
    files: &mut S,
    top: &S::File,
    resolved: &mut ResolvedScenario<S::File>,
    stack: &mut Vec<S::File>,
) where
    S::Error: Display,
{
    let mut replacements = Vec::new();
    let mut known = Referenced::new();
    for f in found(&resolved.scenario) {
        let Placement::DeploymentOf {
            scenario: reference,
            units,
            setup_hexes,
        } = &f.placement
        else {
            continue;
        };
        let (file, written) = resolved.origin(&f.pointer);
        let ask = DeploymentAsk {
            side: &f.side,
            units: units.as_ref(),
            setup_hexes: *setup_hexes,
        };
        let ours = &resolved.scenario;
        let result = known
            .get(&file, reference, || {
                referenced(files, top, &file, reference, stack, ours)
            })
            .and_then(|(other, counters)| {
                deployment_placement(&other, ask, counters.as_ref()).ok_or_else(
                    || IssueKind::DeploymentEmpty {
                        scenario: reference.clone(),
                        whose: whose(&ask),
                    },
                )
            });
        match result {
            Ok(placement) => replacements.push(Some(placement)),
            Err(kind) => {
                replacements.push(None);
                resolved.issues.push((
                    file,
                    Issue {
                        pointer: format!("{written}/DeploymentOf/scenario"),
                        kind,
                    },
                ));
            }
        }
    }
    replace_all(&mut resolved.scenario, replacements.into_iter());
}

/// A referenced scenario, resolved, with its counters (or why not).
type Resolution =
    Result<(Scenario, Option<crate::counters::Counters>), IssueKind>;

/// The scenarios one `substitute` has resolved, by the file naming them
/// and the reference as written: ten placements naming the same scenario
/// resolve it once, so that a chain of scenarios each deploying ten units
/// as the next one's costs its length, not ten to the power of it. The
/// cycle guard and the map compared are the same for every placement of
/// one `substitute`, so a kept result is the one a new resolution gives.
struct Referenced<F> {
    kept: Vec<(F, String, Resolution)>,
}

impl<F: PartialEq> Referenced<F> {
    fn new() -> Self {
        Self { kept: Vec::new() }
    }

    /// The resolution of `reference` from `from`, worked out by `resolve`
    /// the first time.
    fn get(
        &mut self,
        from: &F,
        reference: &str,
        resolve: impl FnOnce() -> Resolution,
    ) -> Resolution
    where
        F: Clone,
    {
        let hit = self
            .kept
            .iter()
            .find(|(f, r, _)| f == from && r == reference);
        if let Some((_, _, result)) = hit {
            return result.clone();
        }
        let result = resolve();
        self.kept
            .push((from.clone(), reference.to_owned(), result.clone()));
        result
    }
}

/// The scenario `reference` names from `from`, resolved, with its counters.
fn referenced<S: ScenarioFiles>(
    files: &mut S,
    top: &S::File,
    from: &S::File,
    reference: &str,
    stack: &mut Vec<S::File>,
    ours: &Scenario,
) -> Resolution
where
    S::Error: Display,
{
    let unusable = |why: String| IssueKind::DeploymentUnusable {
        scenario: reference.to_owned(),
        why,
    };
    let (file, document) = files
        .read(from, reference)
        .map_err(|e| unusable(e.to_string()))?;
    if !matches!(document, Document::Scenario(_) | Document::Variant(_)) {
        let kind = document.kind().as_str();
        return Err(unusable(format!(
            "it is a {kind} document, not a scenario"
        )));
    }
    if file == *top || stack.contains(&file) || stack.len() >= MAX_VARIANT_CHAIN
    {
        return Err(unusable(
            "it leads back to the scenario that names it".to_owned(),
        ));
    }
    stack.push(top.clone());
    let resolved =
        super::scenarios::resolve_in(files, file.clone(), &document, stack);
    stack.pop();
    let other = resolved.map_err(|e| unusable(chain_words(&e)))?.scenario;
    if any(&other) {
        // Its own deployment stayed unresolved: it loops back here, or
        // names a scenario that cannot be used (reported on that file).
        return Err(unusable(
            "its own deployment of another scenario does not resolve"
                .to_owned(),
        ));
    }
    let theirs = files.identity(&file, &other.map);
    if theirs.is_some() && theirs != files.identity(top, &ours.map) {
        return Err(unusable(format!(
            "it is played on another map (`{}`)",
            other.map
        )));
    }
    let counters = files.counters(&file, &other.counters);
    Ok((other, counters))
}

/// Why a referenced variant's chain of bases does not resolve.
fn chain_words<F, E: Display>(e: &ChainError<F, E>) -> String {
    match e {
        ChainError::Read { error, .. } => format!("a base: {error}"),
        ChainError::NotScenario { kind, .. } => {
            format!("a base is a {} document", kind.as_str())
        }
        ChainError::Cycle { .. } => "its chain of bases loops".to_owned(),
    }
}

fn whose(ask: &DeploymentAsk<'_>) -> String {
    match ask.units {
        None => format!("side `{}`", ask.side),
        Some(set) => {
            let mut names: Vec<String> =
                set.units.iter().map(|u| format!("`{u}`")).collect();
            names.extend(set.formations.iter().map(|f| format!("`{f}`")));
            match names.as_slice() {
                [] => "the units asked".to_owned(),
                _ => names.join(", "),
            }
        }
    }
}

/// Every `DeploymentOf` of the scenario's instructions and on-map arrivals,
/// with its JSON Pointer.
fn found(s: &Scenario) -> Vec<Found> {
    let mut out = Vec::new();
    for (k, side) in s.sides.iter().enumerate() {
        for (j, ins) in side.instructions.iter().enumerate() {
            let at = format!("/sides/{k}/instructions/{j}/placement");
            walk(&ins.placement, at, &side.side, &mut out);
        }
        for (j, arrival) in side.reinforcements.iter().enumerate() {
            if let Some(placed) = &arrival.placed {
                let at = format!("/sides/{k}/reinforcements/{j}/placed");
                walk(placed, at, &side.side, &mut out);
            }
        }
    }
    out
}

fn walk(p: &Placement, at: String, side: &str, out: &mut Vec<Found>) {
    match p {
        Placement::DeploymentOf { .. } => out.push(Found {
            pointer: at,
            side: side.to_owned(),
            placement: p.clone(),
        }),
        Placement::All(parts) | Placement::AnyOf(parts) => {
            let name = if matches!(p, Placement::All(_)) {
                "All"
            } else {
                "AnyOf"
            };
            for (i, part) in parts.iter().enumerate() {
                walk(part, format!("{at}/{name}/{i}"), side, out);
            }
        }
        Placement::Not(inner) => walk(inner, format!("{at}/Not"), side, out),
        _ => {}
    }
}

/// Replaces the scenario's `DeploymentOf` placements, in [`found`]'s
/// order, by the given placements (`None` keeps one as it is).
fn replace_all(
    s: &mut Scenario,
    mut with: std::vec::IntoIter<Option<Placement>>,
) {
    for side in &mut s.sides {
        for ins in &mut side.instructions {
            replace_in(&mut ins.placement, &mut with);
        }
        for arrival in &mut side.reinforcements {
            if let Some(placed) = &mut arrival.placed {
                replace_in(placed, &mut with);
            }
        }
    }
}

fn replace_in(
    p: &mut Placement,
    with: &mut std::vec::IntoIter<Option<Placement>>,
) {
    match p {
        Placement::DeploymentOf { .. } => {
            if let Some(Some(new)) = with.next() {
                *p = new;
            }
        }
        Placement::All(parts) | Placement::AnyOf(parts) => {
            for part in parts {
                replace_in(part, with);
            }
        }
        Placement::Not(inner) => replace_in(inner, with),
        _ => {}
    }
}

#[cfg(test)]
#[path = "deployment_tests.rs"]
mod tests;
