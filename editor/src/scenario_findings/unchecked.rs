//! What the rules cannot check in a scenario, counted so that an empty
//! findings list is not read as "fully checked": setup instructions kept
//! as the rulebook's text (`Placement::Unstructured`), units set up whose
//! stacking rating is unknown (a rating the series' stacking limits sum,
//! such as Vive l'Empereur's steps, printed nowhere in the sources), and
//! victory conditions kept as text (`Condition::Text`).

use std::path::Path;

use berthier_schema::counters::{Counters, Unit};
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series_named,
};
use berthier_schema::placement::Placement;
use berthier_schema::scenario::{Condition, Scenario};
use berthier_schema::series::{Purpose, Series};
use berthier_schema::stacking::Measure;

use super::Texts;

/// The counts; `None` where the files they come from cannot be read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unchecked {
    /// Setup instructions (and parts of them) kept as text.
    pub text_placements: Option<usize>,
    /// Units set up whose stacking rating is unknown.
    pub unknown_steps: Option<usize>,
    /// Victory conditions kept as text.
    pub text_victory: Option<usize>,
}

impl Unchecked {
    /// Counts them for the scenario at `path` (a variant resolved through
    /// its bases), its series and counters. The scenario is read from
    /// `texts` when the Setup or Timeline screen holds it there (a full
    /// scenario, never a variant); the rest from disk.
    pub fn count(path: &Path, texts: &Texts) -> Self {
        let Some(s) = scenario_of(path, texts) else {
            return Self::default();
        };
        let (series, counters) = sources(path, &s);
        Self::of(&s, series.as_ref(), counters.as_ref())
    }

    /// The counts for the scenario `s`, with its series and counters as
    /// loaded (`None` when they cannot be).
    pub fn of(
        s: &Scenario,
        series: Option<&Series>,
        counters: Option<&Counters>,
    ) -> Self {
        Self {
            text_placements: Some(text_placements(s)),
            unknown_steps: series
                .zip(counters)
                .map(|(series, counters)| unknown_steps(s, series, counters)),
            text_victory: Some(
                s.victory
                    .iter()
                    .filter(|v| matches!(v.condition, Condition::Text(_)))
                    .count(),
            ),
        }
    }

    /// Whether anything is known not to be checked.
    pub fn any(&self) -> bool {
        [self.text_placements, self.unknown_steps, self.text_victory]
            .iter()
            .any(|n| n.is_some_and(|n| n > 0))
    }
}

/// The scenario at `path`: held in `texts` (a full scenario), else read
/// from disk (a variant resolved through its bases).
pub fn scenario_of(path: &Path, texts: &Texts) -> Option<Scenario> {
    in_memory(path, texts)
        .or_else(|| load_scenario(path).ok().map(|r| r.scenario))
}

/// The series and counters the scenario `s` at `path` names, read from
/// disk (`None` when they cannot be).
pub fn sources(
    path: &Path,
    s: &Scenario,
) -> (Option<Series>, Option<Counters>) {
    let series = load_series_named(path, &s.series).ok();
    let counters = load_counters(&beside(path, &s.counters)).ok();
    (series, counters)
}

/// The scenario held in `texts` at `path`, when it is a full scenario.
fn in_memory(path: &Path, texts: &Texts) -> Option<Scenario> {
    let text = texts.get(path)?;
    let format = berthier_schema::Format::of_path(path)?;
    match berthier_schema::load_document(text, format).ok()? {
        berthier_schema::Document::Scenario(s) => Some(s),
        _ => None,
    }
}

fn text_placements(s: &Scenario) -> usize {
    s.sides
        .iter()
        .flat_map(|side| &side.instructions)
        .map(|i| unstructured(&i.placement))
        .sum()
}

/// The `Unstructured` parts of a placement, looking inside `All`, `AnyOf`
/// and `Not`.
fn unstructured(p: &Placement) -> usize {
    match p {
        Placement::Unstructured(_) => 1,
        Placement::All(list) | Placement::AnyOf(list) => {
            list.iter().map(unstructured).sum()
        }
        Placement::Not(inner) => unstructured(inner),
        _ => 0,
    }
}

/// Units set up whose stacking class is counted by a limit on a summed
/// rating that no side of their counter gives (STK003 reports the stacks
/// where this leaves a limit undecided; this counts the units).
fn unknown_steps(s: &Scenario, series: &Series, counters: &Counters) -> usize {
    let Some(rules) = &series.stacking else {
        return 0;
    };
    let lacks = |unit: &Unit| {
        let class = unit.class_for(Purpose::Stacking);
        if rules.exempt_classes.iter().any(|c| c == class) {
            return false;
        }
        rules.limits.iter().any(|limit| {
            let Measure::Rating(rating) = &limit.measure else {
                return false;
            };
            limit.classes.iter().any(|c| c == class)
                && !unit
                    .ratings
                    .values()
                    .any(|side| side.get(rating).is_some_and(Option::is_some))
        })
    };
    s.sides
        .iter()
        .flat_map(|side| &side.setup)
        .filter_map(|placed| {
            counters.units.iter().find(|u| u.id == placed.unit)
        })
        .filter(|u| lacks(u))
        .count()
}
