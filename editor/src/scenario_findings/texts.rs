//! The scenario being edited on the Setup or Timeline screen, as the live
//! check reads it: the text the comment-keeping save would write (so the
//! findings' lines are those of the file once saved), made on the worker
//! thread. A variant is not edited on those screens, so it is read from
//! disk and nothing is held in memory.

use std::path::{Path, PathBuf};

use berthier_schema::{Format, Scenario};

use super::Texts;
use super::live::MakeTexts;

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
        let (in_memory, texts) = scenario_texts(path, scenario, variant);
        self.changed(in_memory, texts)
    }

    /// [`Self::scenario_changed`] now, on this thread (tests, which run no
    /// tasks).
    pub fn check_scenario_now(
        &mut self,
        path: &Path,
        scenario: &Scenario,
        variant: bool,
    ) -> super::live::Message {
        let (_, make) = scenario_texts(path, scenario, variant);
        self.check_now(&make())
    }
}
