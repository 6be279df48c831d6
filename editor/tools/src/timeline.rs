//! A scenario's reinforcement schedule being edited, with no UI: the
//! scenario file as written (what is saved), the map, counters and series
//! it names (to resolve entries and play the schedule), and undo of the
//! moves. The screen is `screen::timeline`.
//!
//! A variant (a file with a `base`) shows the schedule it resolves to and
//! is not edited here: its arrivals are mostly its base's, and a move
//! would have to be written as a change of the variant.

pub mod cards;
pub mod moves;
pub mod names;
pub mod track;

use std::path::{Path, PathBuf};

use berthier_schema::battle::Battle;
use berthier_schema::io::save_atomic;
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series,
};
use berthier_schema::scenario::Arrival;
use berthier_schema::{
    Counters, Document, Format, Location, Map, Scenario, Series,
};

use crate::project::{OpenError, read_document};
use crate::undo::Invertible;
use moves::{EntryChange, Move, MoveHistory, ScheduleStep};

/// A scenario open in the timeline.
#[derive(Debug)]
pub struct TimelineDoc {
    /// The scenario file.
    pub path: PathBuf,
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
    history: MoveHistory,
}

/// Why a save did not write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// A variant is not written from the timeline.
    Variant,
    /// The comment-keeping writer could not patch the file: nothing was
    /// written (rewriting it whole would lose its comments and layout).
    CannotPatch,
    /// Reading or writing the file failed.
    Io(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Variant => f.write_str(
                "a variant's schedule is edited in the file that writes it",
            ),
            Self::CannotPatch => f.write_str(
                "the file could not be updated in place, so nothing was \
                 written (its comments and layout are kept)",
            ),
            Self::Io(e) => f.write_str(e),
        }
    }
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
        let series = load_series(&beside(path, &scenario.series))
            .map_err(|e| warnings.push(format!("series: {e}")))
            .ok();
        Ok(Self {
            path: path.to_owned(),
            scenario,
            variant,
            map,
            counters,
            series,
            warnings,
            history: MoveHistory::new(),
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
        self.history.record(inverse);
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
        self.history.record(inverse);
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
        self.history.undo(&mut self.scenario).is_some()
    }

    /// Redoes the last undone move or entry change; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.scenario).is_some()
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Whether the schedule differs from the file on disk.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Saves through the comment-keeping writer, atomically: only the
    /// changed times are rewritten; when that cannot be done nothing is
    /// written.
    pub fn save(&mut self) -> Result<(), SaveError> {
        if self.variant {
            return Err(SaveError::Variant);
        }
        let path = &self.path;
        let format = Format::of_path(path).ok_or_else(|| {
            SaveError::Io(format!("{}: save as .ron or .json", path.display()))
        })?;
        let original = std::fs::read_to_string(path).map_err(|e| {
            SaveError::Io(format!("cannot read {}: {e}", path.display()))
        })?;
        let text = berthier_schema::preserve::patch_text(
            &original,
            format,
            &self.scenario,
        )
        .ok_or(SaveError::CannotPatch)?;
        if text != original {
            save_atomic(path, text.as_bytes()).map_err(|e| {
                SaveError::Io(format!("cannot save {}: {e}", path.display()))
            })?;
        }
        self.history.mark_saved();
        Ok(())
    }
}
