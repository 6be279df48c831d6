//! A scenario's setup being edited, with no UI: the scenario as written
//! (what is saved), resolved with its variant chain (what is shown), its
//! map, counters and series, and undo. What the screen shows is worked
//! out by the model's own resolution ([`Battle`]) and the validator's rules
//! library: the roster ([`roster`]), the stacks ([`stack`]) and the
//! instructions' zones ([`zone`]). The screen is `screen::setup`.

pub mod art;
pub mod deployments;
pub mod forces_edit;
pub mod history;
pub mod instruction_edit;
pub mod levels_edit;
pub mod new;
pub mod posture;
pub mod roster;
pub mod rules_edit;
pub mod stack;
pub mod variant;
pub mod victory_combine;
pub mod victory_edit;
pub mod victory_hold;
pub mod zone;
pub mod zone_edit;
pub mod zone_kind;

/// A blank 9 x 7 map (series `s`), for the unit tests of the edits.
#[cfg(test)]
pub(crate) fn blank_test_map() -> berthier_schema::Map {
    let extent = berthier_schema::grid::Extent {
        cols: [1, 9],
        rows: [1, 7],
        missing: Vec::new(),
        sheet: None,
    };
    berthier_schema::Map::blank(
        "m".into(),
        "M".into(),
        "s".into(),
        berthier_schema::Grid::default(),
        vec![extent],
    )
}

use std::path::{Path, PathBuf};

use berthier_schema::battle::Battle;
use berthier_schema::pack::{
    beside, load_counters, load_scenario, load_series_named,
};
use berthier_schema::scenario::{
    Instruction, Placed, ScenarioOption, SpecialRule, VictoryCondition,
    VictoryLevels,
};
use berthier_schema::{Counters, Document, HexId, Scenario, Series};

use crate::edited::EditedFile;
pub use crate::edited::{SaveError, SaveOutcome};
use crate::project::{self, OpenError, OpenedMap};
use crate::undo::Invertible;
use history::SetupStep;

/// A scenario open on the Setup screen.
#[derive(Debug)]
pub struct SetupDoc {
    /// The scenario file, its undo history and how it is saved.
    file: EditedFile<SetupStep>,
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
    /// The instructions as resolved when the file was read (or last
    /// saved): only those a zone edit changed since are written back.
    instructions_read: Instructions,
    /// The victory conditions, special rules and options as resolved when
    /// the file was read (or last saved): each written back only once
    /// edited here.
    parts_read: Parts,
    /// The pack's other scenarios on this map, by the path a placement
    /// names them with and their names: read when first needed
    /// ([`SetupDoc::load_deployments`]), as listing the pack reads files.
    deployments: Option<Vec<(String, String)>>,
}

/// The parts of the scenario written back only once edited here.
#[derive(Debug, Clone, PartialEq)]
struct Parts {
    victory: Vec<VictoryCondition>,
    special_rules: Vec<SpecialRule>,
    options: Vec<ScenarioOption>,
    forces: Vec<forces_edit::SideForces>,
    levels: Option<VictoryLevels>,
}

impl Parts {
    fn of(s: &Scenario) -> Self {
        Self {
            victory: s.victory.clone(),
            special_rules: s.special_rules.clone(),
            options: s.options.clone(),
            forces: forces_of(s),
            levels: s.victory_levels.clone(),
        }
    }
}

/// Every side's morale groups and losses at start.
fn forces_of(s: &Scenario) -> Vec<forces_edit::SideForces> {
    s.sides
        .iter()
        .map(|side| forces_edit::SideForces {
            morale: side.morale.clone(),
            losses: side.losses.clone(),
            attachments: side.attachments.clone(),
        })
        .collect()
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
        // A standard series by name (`"jours-de-gloire@1"`) or a path,
        // resolved as the validator resolves it.
        let series = load_series_named(path, &scenario.series)
            .map_err(|e| whole(format!("series: {e}")))?;
        let instructions_read = scenario
            .sides
            .iter()
            .map(|s| s.instructions.clone())
            .collect();
        let parts_read = Parts::of(&scenario);
        let file = EditedFile::open(path).map_err(|e| whole(e.to_string()))?;
        Ok(Self {
            parts_read,
            file,
            opened,
            counters,
            series,
            scenario,
            variant_of,
            instructions_read,
            deployments: None,
        })
    }

    /// Reads the pack's other scenarios on this map, once: what a zone
    /// "where another scenario deploys them" can name.
    pub fn load_deployments(&mut self) {
        if self.deployments.is_none() {
            let found =
                deployments::on_same_map(self.path(), &self.opened.path);
            self.deployments = Some(found);
        }
    }

    /// The pack's other scenarios on this map (path as a placement names
    /// them, name), once read.
    pub fn deployments(&self) -> &[(String, String)] {
        self.deployments.as_deref().unwrap_or_default()
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
        self.file.record(before, None);
    }

    /// The names placements refer to: the map's and the order of battle's.
    pub fn names(&self) -> berthier_schema::placement::Names<'_> {
        berthier_schema::placement::Names {
            map: &self.opened.map,
            counters: Some(&self.counters),
            scenarios: self.deployments.as_deref().unwrap_or_default(),
        }
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
        self.file.record(before, None);
    }

    /// Replaces the victory conditions with `after` as one undo step
    /// (nothing when they are the same or the file is a variant).
    pub fn apply_victory(&mut self, after: Vec<VictoryCondition>) {
        if !self.is_editable() || after == self.scenario.victory {
            return;
        }
        let before = SetupStep::Victory(after).apply_to(&mut self.scenario);
        self.file.record(before, None);
    }

    /// Replaces the special rules with `after` as one undo step (typing
    /// into one field merges into one step, named by `merge`).
    pub fn apply_rules(
        &mut self,
        after: Vec<SpecialRule>,
        merge: Option<String>,
    ) {
        if !self.is_editable() || after == self.scenario.special_rules {
            return;
        }
        let before = SetupStep::Rules(after).apply_to(&mut self.scenario);
        self.file.record(before, merge);
    }

    /// Every side's morale groups and losses at start.
    pub fn forces(&self) -> Vec<forces_edit::SideForces> {
        forces_of(&self.scenario)
    }

    /// Replaces every side's forces with `after` as one undo step (typing
    /// into one field merges into one step, named by `merge`).
    pub fn apply_forces(
        &mut self,
        after: Vec<forces_edit::SideForces>,
        merge: Option<String>,
    ) {
        if !self.is_editable() || after == self.forces() {
            return;
        }
        let before = SetupStep::Forces(after).apply_to(&mut self.scenario);
        self.file.record(before, merge);
    }

    /// Replaces the levels of victory with `after` as one undo step
    /// (typing into one field merges into one step, named by `merge`).
    pub fn apply_levels(
        &mut self,
        after: Option<VictoryLevels>,
        merge: Option<String>,
    ) {
        if !self.is_editable() || after == self.scenario.victory_levels {
            return;
        }
        let before = SetupStep::Levels(after).apply_to(&mut self.scenario);
        self.file.record(before, merge);
    }

    /// Replaces the victory conditions and the levels of victory together
    /// as one undo step (a condition moved into or out of the tie-break).
    pub fn apply_victory_and_levels(
        &mut self,
        list: Vec<VictoryCondition>,
        levels: Option<VictoryLevels>,
    ) {
        let unchanged = list == self.scenario.victory
            && levels == self.scenario.victory_levels;
        if !self.is_editable() || unchanged {
            return;
        }
        let step = SetupStep::Batch(vec![
            SetupStep::Victory(list),
            SetupStep::Levels(levels),
        ]);
        let before = step.apply_to(&mut self.scenario);
        self.file.record(before, None);
    }

    /// Replaces the scenario's options with `after` as one undo step.
    pub fn apply_options(
        &mut self,
        after: Vec<ScenarioOption>,
        merge: Option<String>,
    ) {
        if !self.is_editable() || after == self.scenario.options {
            return;
        }
        let before = SetupStep::Options(after).apply_to(&mut self.scenario);
        self.file.record(before, merge);
    }

    /// Whether another program changed the file since it was read or
    /// saved here (a touch is not a change).
    pub fn changed_on_disk(&self) -> bool {
        self.file.changed_on_disk().is_some()
    }

    /// Goes on with the edits made here over the file as it now is (a save
    /// patches that file).
    pub fn accept_disk(&mut self) {
        self.file.accept_disk();
    }

    /// Undoes the last step; whether there was one.
    pub fn undo(&mut self) -> bool {
        self.file.undo(&mut self.scenario)
    }

    /// Redoes the last undone step; whether there was one.
    pub fn redo(&mut self) -> bool {
        self.file.redo(&mut self.scenario)
    }

    /// Whether there is a step to undo.
    pub fn can_undo(&self) -> bool {
        self.file.can_undo()
    }

    /// Whether there is a step to redo.
    pub fn can_redo(&self) -> bool {
        self.file.can_redo()
    }

    /// Whether the setup differs from the file.
    pub fn is_dirty(&self) -> bool {
        self.file.is_dirty()
    }

    /// Saves through the comment-keeping writer, atomically: only the
    /// changed setup entries are rewritten. Nothing is written when the
    /// file is unchanged; when the writer cannot keep the file's comments
    /// and layout, nothing is written and the answer says so.
    pub fn save(&mut self) -> Result<SaveOutcome, SaveError> {
        if !self.is_dirty() {
            return Ok(SaveOutcome::Saved);
        }
        let written = self.as_written()?;
        let outcome = self.file.save(&written)?;
        if outcome == SaveOutcome::Saved {
            self.instructions_read = self.instructions();
            self.parts_read = Parts::of(&self.scenario);
        }
        Ok(outcome)
    }

    /// Writes the file whole, formatted by the model (the author agreed to
    /// lose its comments and layout).
    pub fn rewrite(&mut self) -> Result<(), SaveError> {
        let written = self.as_written()?;
        self.file.rewrite(&written)?;
        self.instructions_read = self.instructions();
        self.parts_read = Parts::of(&self.scenario);
        Ok(())
    }

    /// The scenario as its file says it, with the edited setups and the
    /// instructions a zone edit changed: what is shown is resolved (a
    /// `DeploymentOf` placement becomes the other scenario's zones, Wavre
    /// 5's "as in scenario 1"), and writing that back would rewrite the
    /// user's other instructions.
    fn as_written(&self) -> Result<Scenario, SaveError> {
        let mut written: Scenario = self.file.read_written()?;
        let sides = self.scenario.sides.iter().zip(&self.instructions_read);
        for (side, (shown, read)) in written.sides.iter_mut().zip(sides) {
            side.setup.clone_from(&shown.setup);
            side.instructions =
                as_written_list(&shown.instructions, read, &side.instructions);
        }
        let read = &self.parts_read;
        if self.scenario.victory != read.victory {
            written.victory.clone_from(&self.scenario.victory);
        }
        if self.scenario.special_rules != read.special_rules {
            written
                .special_rules
                .clone_from(&self.scenario.special_rules);
        }
        if self.scenario.options != read.options {
            written.options.clone_from(&self.scenario.options);
        }
        if self.scenario.victory_levels != read.levels {
            written
                .victory_levels
                .clone_from(&self.scenario.victory_levels);
        }
        let forces = forces_of(&self.scenario);
        if forces != read.forces {
            for (side, f) in written.sides.iter_mut().zip(forces) {
                side.morale = f.morale;
                side.losses = f.losses;
                side.attachments = f.attachments;
            }
        }
        Ok(written)
    }

    /// The scenario file.
    pub fn path(&self) -> &Path {
        self.file.path()
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

/// A side's instructions to write: each one shown as it was read is
/// written as the file has it (a `DeploymentOf` stays one, not the zones
/// it resolved to); one edited, added or duplicated is written as shown;
/// one deleted is gone.
fn as_written_list(
    shown: &[Instruction],
    read: &[Instruction],
    file: &[Instruction],
) -> Vec<Instruction> {
    shown
        .iter()
        .map(|now| {
            let same = read.iter().position(|then| then == now);
            match same.and_then(|j| file.get(j)) {
                Some(original) => original.clone(),
                None => now.clone(),
            }
        })
        .collect()
}

impl crate::edited::Recoverable for SetupDoc {
    type Written = Scenario;
    type Step = SetupStep;

    fn edited(&self) -> &EditedFile<SetupStep> {
        &self.file
    }

    fn unsaved(&self) -> Result<Option<Scenario>, SaveError> {
        match self.is_dirty() && self.is_editable() {
            true => self.as_written().map(Some),
            false => Ok(None),
        }
    }

    /// The setups, instructions, victory conditions, special rules,
    /// forces and options (what this screen edits), as one step. An instruction the
    /// autosave writes as the file does keeps its resolved form (a
    /// `DeploymentOf` shown as the other scenario's zones).
    fn take_back(&mut self, saved: Scenario) -> Result<(), SaveError> {
        let on_disk: Scenario = self.file.read_written()?;
        let mut instructions = self.instructions();
        for (i, side) in saved.sides.iter().enumerate() {
            let (Some(shown), Some(disk)) =
                (instructions.get_mut(i), on_disk.sides.get(i))
            else {
                continue;
            };
            for (j, ins) in side.instructions.iter().enumerate() {
                if disk.instructions.get(j) != Some(ins) {
                    match shown.get_mut(j) {
                        Some(slot) => *slot = ins.clone(),
                        None => shown.push(ins.clone()),
                    }
                }
            }
            shown.truncate(side.instructions.len());
        }
        let setups = saved.sides.iter().map(|s| s.setup.clone()).collect();
        let forces = forces_of(&saved);
        let step = SetupStep::Batch(vec![
            SetupStep::Setups(setups),
            SetupStep::Instructions(instructions),
            SetupStep::Victory(saved.victory),
            SetupStep::Rules(saved.special_rules),
            SetupStep::Forces(forces),
            SetupStep::Options(saved.options),
            SetupStep::Levels(saved.victory_levels),
        ]);
        let before = step.apply_to(&mut self.scenario);
        self.file.record(before, None);
        Ok(())
    }
}
