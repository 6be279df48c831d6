//! A scenario's reinforcement schedule being edited, with no UI: the
//! scenario file as written (what is saved), the map, counters and series
//! it names (to resolve entries and play the schedule), and undo of the
//! moves. The screen is `screen::timeline`.
//!
//! A variant (a file with a `base`) shows the schedule it resolves to and
//! is not edited here: its arrivals are mostly its base's, and a move
//! would have to be written as a change of the variant.

pub mod alternatives;
pub mod arrival_edit;
pub mod cadence_edit;
pub mod cards;
pub mod condition_edit;
pub mod moves;
pub mod names;
pub mod track;

use std::path::Path;

use berthier_schema::battle::Battle;
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series_named,
};
use berthier_schema::scenario::Arrival;
use berthier_schema::{Counters, Document, Location, Map, Scenario, Series};

use crate::edited::EditedFile;
pub use crate::edited::{SaveError, SaveOutcome};
use crate::project::{OpenError, read_document};
use crate::undo::Invertible;
use moves::{EntryChange, Move, ScheduleStep};

/// A scenario open in the timeline.
#[derive(Debug)]
pub struct TimelineDoc {
    /// The scenario file, its undo history and how it is saved.
    file: EditedFile<ScheduleStep>,
    /// The schedule shown: the file's own scenario, or the scenario a
    /// variant resolves to.
    scenario: Scenario,
    /// Whether the file is a variant (shown, not edited).
    pub variant: bool,
    /// The map the scenario names, when it loads.
    pub map: Option<Map>,
    /// Its counters with what they include, when they load.
    pub counters: Option<Counters>,
    /// Its series, when it loads.
    pub series: Option<Series>,
    /// Problems that do not stop the schedule from showing.
    pub warnings: Vec<String>,
}

impl TimelineDoc {
    /// Opens a scenario (or variant) file with its map, counters and
    /// series; only the scenario itself must load.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        let whole = |message: String| OpenError {
            file: path.to_owned(),
            line: 0,
            column: 0,
            message,
        };
        let (scenario, variant) = match read_document(path)? {
            Document::Scenario(s) => (s, false),
            Document::Variant(_) => {
                let resolved =
                    load_scenario(path).map_err(|e| whole(e.to_string()))?;
                (resolved.scenario, true)
            }
            other => {
                return Err(whole(format!(
                    "expected a scenario file, found a {}",
                    other.kind().as_str()
                )));
            }
        };
        let mut warnings = Vec::new();
        let map = match read_document(&beside(path, &scenario.map)) {
            Ok(Document::Map(m)) => Some(m),
            Ok(other) => {
                warnings.push(format!("map: a {} file", other.kind().as_str()));
                None
            }
            Err(e) => {
                warnings.push(format!("map: {e}"));
                None
            }
        };
        let counters = load_counters(&beside(path, &scenario.counters))
            .map_err(|e| warnings.push(format!("counters: {e}")))
            .ok();
        // A standard series by name (`"jours-de-gloire@1"`) or a path,
        // resolved as the validator resolves it.
        let series = load_series_named(path, &scenario.series)
            .map_err(|e| warnings.push(format!("series: {e}")))
            .ok();
        let file = EditedFile::open(path).map_err(|e| whole(e.to_string()))?;
        Ok(Self {
            file,
            scenario,
            variant,
            map,
            counters,
            series,
            warnings,
        })
    }

    /// The scenario shown.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The scenario resolved against its map, counters and series, when
    /// all three loaded.
    pub fn battle(&self) -> Option<Battle<'_>> {
        Some(Battle::new(
            self.series.as_ref()?,
            self.map.as_ref()?,
            self.counters.as_ref()?,
            &self.scenario,
        ))
    }

    /// Moves an arrival (side index, arrival index) to `turn`, as one undo
    /// step; whether anything changed.
    pub fn move_arrival(
        &mut self,
        side: usize,
        index: usize,
        turn: u16,
    ) -> bool {
        let Some(arrival) = self.editable_arrival(side, index) else {
            return false;
        };
        let to = track::turn_ref_for(&self.scenario.turns, &arrival.at, turn);
        if to == arrival.at {
            return false;
        }
        let step = Move {
            side,
            index,
            at: to,
        };
        let inverse = ScheduleStep::Move(step).apply_to(&mut self.scenario);
        self.file.record(inverse, None);
        true
    }

    /// Gives an arrival (side index, arrival index) a new entry, as one
    /// undo step; whether anything changed.
    pub fn set_entry(
        &mut self,
        side: usize,
        index: usize,
        entry: Option<Location>,
    ) -> bool {
        let Some(arrival) = self.editable_arrival(side, index) else {
            return false;
        };
        if arrival.entry == entry {
            return false;
        }
        let step = ScheduleStep::Entry(EntryChange { side, index, entry });
        let inverse = step.apply_to(&mut self.scenario);
        self.file.record(inverse, None);
        true
    }

    /// Replaces every side's arrivals (an arrival added, duplicated or
    /// deleted, or the units one brings), as one undo step; whether
    /// anything changed. Nothing in a variant.
    pub fn apply_arrivals(&mut self, after: arrival_edit::Arrivals) -> bool {
        self.apply_arrivals_merging(after, None)
    }

    /// [`Self::apply_arrivals`], typing into one field merging into one
    /// undo step (named by `merge`).
    pub fn apply_arrivals_merging(
        &mut self,
        after: arrival_edit::Arrivals,
        merge: Option<String>,
    ) -> bool {
        if self.variant || arrival_edit::of(&self.scenario) == after {
            return false;
        }
        let inverse =
            ScheduleStep::Arrivals(after).apply_to(&mut self.scenario);
        self.file.record(inverse, merge);
        true
    }

    /// An arrival (side index, arrival index) that may be edited: none in
    /// a variant, whose schedule is its base's.
    fn editable_arrival(&self, side: usize, index: usize) -> Option<&Arrival> {
        if self.variant {
            return None;
        }
        self.scenario.sides.get(side)?.reinforcements.get(index)
    }

    /// Undoes the last move or entry change; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.file.undo(&mut self.scenario)
    }

    /// Redoes the last undone move or entry change; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.file.redo(&mut self.scenario)
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.file.can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.file.can_redo()
    }

    /// Whether the schedule differs from the file on disk.
    pub fn is_dirty(&self) -> bool {
        self.file.is_dirty()
    }

    /// Saves through the comment-keeping writer, atomically: only the
    /// changed times and entries are rewritten; when that cannot be done
    /// nothing is written and the answer says so.
    pub fn save(&mut self) -> Result<SaveOutcome, SaveError> {
        self.writable()?;
        self.file.save(&self.scenario)
    }

    /// Writes the file whole, formatted by the model (the author agreed to
    /// lose its comments and layout).
    pub fn rewrite(&mut self) -> Result<(), SaveError> {
        self.writable()?;
        self.file.rewrite(&self.scenario)
    }

    /// The scenario file.
    pub fn path(&self) -> &Path {
        self.file.path()
    }

    /// A variant's schedule is its base's: shown, not written from here.
    fn writable(&self) -> Result<(), SaveError> {
        if self.variant {
            return Err(SaveError::ReadOnly(
                "a variant's schedule is edited in the file that writes it",
            ));
        }
        Ok(())
    }
}

impl crate::edited::Recoverable for TimelineDoc {
    type Written = Scenario;
    type Step = ScheduleStep;

    fn edited(&self) -> &EditedFile<ScheduleStep> {
        &self.file
    }

    fn unsaved(&self) -> Result<Option<Scenario>, SaveError> {
        Ok((self.is_dirty() && !self.variant).then(|| self.scenario.clone()))
    }

    /// The arrivals (what this screen edits), as one step.
    fn take_back(&mut self, saved: Scenario) -> Result<(), SaveError> {
        self.apply_arrivals(arrival_edit::of(&saved));
        Ok(())
    }
}
