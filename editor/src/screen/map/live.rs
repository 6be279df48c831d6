//! The scenario's live findings on the map screen (when the map was opened
//! through a scenario): every change to the map starts a debounced check
//! of the whole battle off the window's thread
//! ([`crate::scenario_findings::live`]), the panel lists the findings,
//! clicking one centres its hex and says which unit, and every hex with
//! a finding is marked on the map.

use std::path::PathBuf;
use std::sync::Arc;

use berthier_schema::HexId;
use iced::Task;

use super::{MapScreen, Message};
use crate::files;
use crate::map_canvas::highlight::Highlight;
use crate::scenario_findings::Texts;
use crate::scenario_findings::live::{self, Live};

impl MapScreen {
    /// The live findings, when the map was opened through a scenario.
    pub fn live(&self) -> Option<&Live> {
        self.live.as_ref()
    }

    /// The task that checks the scenario with the map as it is now, when a
    /// change (or the opening) asked for one.
    pub(super) fn live_task(&mut self) -> Task<Message> {
        if !std::mem::take(&mut self.live_due) {
            return Task::none();
        }
        let Some(live) = self.live.as_mut() else {
            return Task::none();
        };
        let (path, texts) = map_texts(&self.opened.map, &self.opened.path);
        live.changed(vec![path], texts).map(Message::Live)
    }

    /// The map as the check reads it: the text a whole rewrite would save
    /// (the findings' messages and hexes do not depend on the file's
    /// comments), made on the worker thread.
    pub fn live_texts(&self) -> Texts {
        let (_, make) = map_texts(&self.opened.map, &self.opened.path);
        make()
    }

    /// Handles a message of the live panel.
    pub(super) fn live_message(&mut self, message: live::Message) {
        let Some(live) = self.live.as_mut() else {
            return;
        };
        let show = matches!(message, live::Message::Show(_));
        let Some(finding) = live.update(message).cloned() else {
            if !show {
                self.marked =
                    live.findings().iter().filter_map(|d| d.hex).collect();
                self.marked.sort_unstable();
                self.marked.dedup();
            }
            return;
        };
        let Some(hex) = finding.hex else { return };
        let unit = live.unit_of(&finding);
        self.notice = Some(match unit {
            Some(unit) => format!("{}: hex {hex}, unit {unit}", finding.code),
            None => format!("{}: hex {hex}", finding.code),
        });
        self.centre_on(hex);
    }

    /// The live finding last clicked, marked on the overlay.
    pub(super) fn live_highlight(&self) -> Option<Highlight> {
        let hex = self.live.as_ref()?.selected()?.hex?;
        Some(Highlight { hex, side: None })
    }

    /// Every hex a live finding names.
    pub fn marked_hexes(&self) -> &[HexId] {
        &self.marked
    }
}

/// The map's canonical path and a maker of its text.
fn map_texts(
    map: &Arc<berthier_schema::Map>,
    path: &std::path::Path,
) -> (PathBuf, live::MakeTexts) {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let map = Arc::clone(map);
    let key = path.clone();
    let make = Box::new(move || {
        let mut texts = Texts::new();
        if let Ok(text) = files::map_text(&map, &key) {
            texts.insert(key, text.into());
        }
        texts
    });
    (path, make)
}

impl MapScreen {
    /// Checks the scenario now, on this thread, and shows the result (the
    /// tests and the benchmark, which run no tasks).
    pub fn check_live_now(&mut self) {
        let texts = self.live_texts();
        let Some(live) = self.live.as_mut() else {
            return;
        };
        let message = live.check_now(&texts);
        self.live_due = false;
        self.live_message(message);
    }
}
