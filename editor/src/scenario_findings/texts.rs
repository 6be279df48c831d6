//! The scenario being edited on the Setup or Timeline screen, as the live
//! check reads it: held typed, its findings located in the text the
//! comment-keeping save would write (so their lines are those of the file
//! once saved), made on the worker thread only when it has findings
//! ([`berthier_validator::TypedText::Saved`]). [`scenario_texts`] makes
//! that text every time (the benchmark's baseline). A variant is not
//! edited on those screens, so it is read from disk and nothing is held
//! in memory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::{Format, Scenario};

use super::live::{MakeMemory, MakeTexts};
use super::{Memory, Texts};

/// The files held in memory (the scenario's canonical path, unless it is a
/// variant) and a maker of the memory the check reads, the scenario typed.
pub fn scenario_memory(
    path: &Path,
    scenario: &Scenario,
    variant: bool,
) -> (Vec<PathBuf>, MakeMemory) {
    if variant {
        return (Vec::new(), Box::new(Memory::default));
    }
    let key = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let held = Arc::new(scenario.clone());
    let file = key.clone();
    let make = Box::new(move || Memory {
        scenario: Some((file, held)),
        ..Memory::default()
    });
    (vec![key], make)
}

/// The files held in memory (the scenario's canonical path, unless it is a
/// variant) and a maker of their texts.
pub fn scenario_texts(
    path: &Path,
    scenario: &Scenario,
    variant: bool,
) -> (Vec<PathBuf>, MakeTexts) {
    if variant {
        return (Vec::new(), Box::new(Texts::new));
    }
    let key = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let scenario = scenario.clone();
    let file = key.clone();
    let make = Box::new(move || {
        let mut texts = Texts::new();
        if let Some(text) = text_of(&file, &scenario) {
            texts.insert(file, text.into());
        }
        texts
    });
    (vec![key], make)
}

/// The text a save of `scenario` over the file at `path` writes (see
/// [`text_of`]); the file as it is when it cannot be written (then the
/// check reads the file, as it did when no text was held).
pub(super) fn saved_text(path: &Path, scenario: &Scenario) -> String {
    text_of(path, scenario)
        .or_else(|| std::fs::read_to_string(path).ok())
        .unwrap_or_default()
}

/// The scenario's text: the file patched where the save would patch it,
/// else written whole (the findings still hold; only lines differ).
fn text_of(path: &Path, scenario: &Scenario) -> Option<String> {
    let format = Format::of_path(path)?;
    let original = std::fs::read_to_string(path).ok();
    original
        .and_then(|o| {
            berthier_schema::preserve::patch_text(&o, format, scenario)
        })
        .or_else(|| berthier_schema::document::to_text(scenario, format).ok())
}

impl super::live::Live {
    /// Checks `scenario` as the file at `path` would be saved (a variant,
    /// not edited, as it is on disk) after the debounce, off the window's
    /// thread.
    pub fn scenario_changed(
        &mut self,
        path: &Path,
        scenario: &Scenario,
        variant: bool,
    ) -> iced::Task<super::live::Message> {
        let (in_memory, memory) = scenario_memory(path, scenario, variant);
        self.changed_memory(in_memory, memory)
    }

    /// [`Self::scenario_changed`] now, on this thread (tests, which run no
    /// tasks).
    pub fn check_scenario_now(
        &mut self,
        path: &Path,
        scenario: &Scenario,
        variant: bool,
    ) -> super::live::Message {
        let (_, make) = scenario_memory(path, scenario, variant);
        self.check_now_memory(make())
    }
}
