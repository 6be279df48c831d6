//! A scenario's setup being edited, with no UI: the scenario as written
//! (what is saved), resolved with its variant chain (what is shown), its
//! map, counters and series, and undo. What the screen shows is worked
//! out by the model's own resolution ([`Battle`]) and the validator's rules
//! library: the roster ([`roster`]), the stacks ([`stack`]) and the
//! instructions' zones ([`zone`]). The screen is `screen::setup`.

pub mod art;
pub mod history;
pub mod posture;
pub mod roster;
pub mod stack;
pub mod variant;
pub mod zone;
pub mod zone_edit;

use std::path::{Path, PathBuf};

use berthier_schema::battle::Battle;
use berthier_schema::io::save_atomic;
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series,
};
use berthier_schema::scenario::{Instruction, Placed};
use berthier_schema::{Counters, Document, Format, HexId, Scenario, Series};

use crate::project::{self, OpenError, OpenedMap};
use crate::undo::Invertible;
use history::{SetupHistory, SetupStep};

/// A scenario open on the Setup screen.
#[derive(Debug)]
pub struct SetupDoc {
    /// The scenario file.
    pub path: PathBuf,
    /// Its map, with scan and palette.
    pub opened: OpenedMap,
    /// Its counters, included files merged.
    pub counters: Counters,
    /// Its series, `extends` chain applied.
    pub series: Series,
    /// The scenario resolved (a variant's bases applied); every edit
    /// changes it and, for a full scenario, it is what is saved.
    scenario: Scenario,
    /// The base file a variant inherits its setup from (then the setup is
    /// shown, not edited: edits belong in the base).
    pub variant_of: Option<PathBuf>,
    history: SetupHistory,
    /// The instructions as resolved when the file was read (or last
    /// saved): only those a zone edit changed since are written back.
    instructions_read: Instructions,
}

/// Every side's setup list, as one undo step restores them.
pub type Setups = Vec<Vec<Placed>>;

/// Every side's setup instructions, as one zone edit restores them.
pub type Instructions = Vec<Vec<Instruction>>;

impl SetupDoc {
    /// Opens a scenario (or a variant) with its map, counters and series.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        let whole = |message: String| OpenError {
            file: path.to_owned(),
            line: 0,
            column: 0,
            message,
        };
        let variant_of = match project::read_document(path)? {
            Document::Scenario(_) => None,
            Document::Variant(v) => Some(beside(path, &v.base)),
            other => {
                return Err(whole(format!(
                    "expected a scenario, found a {}",
                    other.kind().as_str()
                )));
            }
        };
        let scenario = load_scenario(path)
            .map_err(|e| whole(e.to_string()))?
            .scenario;
        let opened = project::open(path)?;
        let counters = load_counters(&beside(path, &scenario.counters))
            .map_err(|e| whole(format!("counters: {e}")))?;
        let series = load_series(&beside(path, &scenario.series))
            .map_err(|e| whole(format!("series: {e}")))?;
        let instructions_read = scenario
            .sides
            .iter()
            .map(|s| s.instructions.clone())
            .collect();
        Ok(Self {
            path: path.to_owned(),
            opened,
            counters,
            series,
            scenario,
            variant_of,
            history: SetupHistory::new(),
            instructions_read,
        })
    }

    /// The scenario as shown.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The scenario resolved against its series, map and counters.
    pub fn battle(&self) -> Battle<'_> {
        Battle::new(
            &self.series,
            &self.opened.map,
            &self.counters,
            &self.scenario,
        )
    }

    /// Whether edits are allowed (a variant's setup is its base's).
    pub fn is_editable(&self) -> bool {
        self.variant_of.is_none()
    }

    /// Every side's setup.
    pub fn setups(&self) -> Setups {
        self.scenario
            .sides
            .iter()
            .map(|s| s.setup.clone())
            .collect()
    }

    /// Replaces the setups with `after` as one undo step (nothing when
    /// they are the same or the file is a variant).
    pub fn apply(&mut self, after: Setups) {
        if !self.is_editable() || after == self.setups() {
            return;
        }
        let before = SetupStep::Setups(after).apply_to(&mut self.scenario);
        self.history.record(before);
    }

    /// Every side's instructions.
    pub fn instructions(&self) -> Instructions {
        self.scenario
            .sides
            .iter()
            .map(|s| s.instructions.clone())
            .collect()
    }

    /// Replaces the instructions with `after` as one undo step (nothing
    /// when they are the same or the file is a variant).
    pub fn apply_instructions(&mut self, after: Instructions) {
        if !self.is_editable() || after == self.instructions() {
            return;
        }
        let step = SetupStep::Instructions(after);
        let before = step.apply_to(&mut self.scenario);
        self.history.record(before);
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.history.undo(&mut self.scenario).is_some()
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.history.redo(&mut self.scenario).is_some()
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.history.can_undo()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.history.can_redo()
    }

    /// Whether the setup differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Saves through the comment-keeping writer, atomically: only the
    /// changed setup entries are rewritten. Nothing is written when the
    /// file is unchanged; an error when the writer cannot patch the file.
    pub fn save(&mut self) -> Result<(), String> {
        if !self.is_dirty() {
            return Ok(());
        }
        let path = &self.path;
        let format = Format::of_path(path).ok_or_else(|| {
            format!("{}: save as .ron or .json", path.display())
        })?;
        let original = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let written = self.as_written(&original, format)?;
        let text = berthier_schema::preserve::patch_text(
            &original, format, &written,
        )
        .ok_or_else(|| {
            format!(
                "{}: the setup could not be written without rewriting the \
                 whole file; nothing was saved",
                path.display()
            )
        })?;
        save_atomic(path, text.as_bytes())
            .map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        self.history.mark_saved();
        self.instructions_read = self.instructions();
        Ok(())
    }

    /// The scenario as its file says it, with the edited setups and the
    /// instructions a zone edit changed: what is shown is resolved (a
    /// `DeploymentOf` placement becomes the other scenario's zones, Wavre
    /// 5's "as in scenario 1"), and writing that back would rewrite the
    /// user's other instructions.
    fn as_written(
        &self,
        original: &str,
        format: Format,
    ) -> Result<Scenario, String> {
        let path = self.path.display();
        let mut written = match berthier_schema::load_document(original, format)
        {
            Ok(Document::Scenario(s)) => s,
            Ok(other) => {
                return Err(format!(
                    "{path}: expected a scenario, found a {}",
                    other.kind().as_str()
                ));
            }
            Err(e) => return Err(format!("{path}: {e}")),
        };
        let sides = self.scenario.sides.iter().zip(&self.instructions_read);
        for (side, (shown, read)) in written.sides.iter_mut().zip(sides) {
            side.setup.clone_from(&shown.setup);
            let edited = shown.instructions.iter().zip(read);
            for (i, (now, then)) in edited.enumerate() {
                if now != then
                    && let Some(slot) = side.instructions.get_mut(i)
                {
                    slot.clone_from(now);
                }
            }
        }
        Ok(written)
    }

    /// The side index and setup index of `unit`'s first setup entry.
    pub fn placed(&self, unit: &str) -> Option<(usize, usize)> {
        self.scenario.sides.iter().enumerate().find_map(|(i, s)| {
            s.setup.iter().position(|p| p.unit == unit).map(|j| (i, j))
        })
    }

    /// The index of the scenario side a unit belongs to.
    pub fn side_of(&self, unit: &str) -> Option<usize> {
        let side = &self.counters.units.iter().find(|u| u.id == unit)?.side;
        self.scenario.sides.iter().position(|s| s.side == *side)
    }

    /// The setup entries on `hex`, top of the stack first (the order the
    /// validator reads: `stack`, then document order).
    pub fn stack_at(&self, hex: HexId) -> Vec<&Placed> {
        let mut on: Vec<&Placed> = self
            .scenario
            .sides
            .iter()
            .flat_map(|s| &s.setup)
            .filter(|p| p.hex == hex)
            .collect();
        on.sort_by_key(|p| p.stack.unwrap_or(u8::MAX));
        on
    }
}
