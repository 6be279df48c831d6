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
use crate::map_canvas::highlight::Highlight;
use crate::scenario_findings::Memory;
use crate::scenario_findings::live::{self, Live};

impl MapScreen {
    /// The live findings, when the map was opened through a scenario.
    pub fn live(&self) -> Option<&Live> {
        self.scenario.live.as_ref()
    }

    /// The task that checks the scenario with the map as it is now, when a
    /// change (or the opening) asked for one.
    pub(super) fn live_task(&mut self) -> Task<Message> {
        if !std::mem::take(&mut self.scenario.live_due) {
            return Task::none();
        }
        let Some(live) = self.scenario.live.as_mut() else {
            return Task::none();
        };
        let (path, memory) = map_memory(&self.opened.map, &self.opened.path);
        live.changed_memory(vec![path], memory).map(Message::Live)
    }

    /// The map as the check reads it: typed, as it is now (its findings
    /// are placed in the file as last saved; the panel shows no line for
    /// a file in memory).
    pub fn live_memory(&self) -> Memory {
        let (_, make) = map_memory(&self.opened.map, &self.opened.path);
        make()
    }

    /// Handles a message of the live panel.
    pub(super) fn live_message(&mut self, message: live::Message) {
        let Some(live) = self.scenario.live.as_mut() else {
            return;
        };
        let show = matches!(message, live::Message::Show(_));
        let Some(finding) = live.update(message).cloned() else {
            if !show {
                self.scenario.marked =
                    live.findings().iter().filter_map(|d| d.hex).collect();
                self.scenario.marked.sort_unstable();
                self.scenario.marked.dedup();
            }
            return;
        };
        let Some(hex) = finding.hex else { return };
        let unit = live.unit_of(&finding);
        self.notice = Some(match unit {
            Some(unit) => {
                let name = live.name_of(&unit);
                format!("{}: hex {hex}, {name}", finding.code)
            }
            None => format!("{}: hex {hex}", finding.code),
        });
        self.centre_on(hex);
    }

    /// The live finding last clicked, marked on the overlay.
    pub(super) fn live_highlight(&self) -> Option<Highlight> {
        let hex = self.scenario.live.as_ref()?.selected()?.hex?;
        Some(Highlight { hex, side: None })
    }

    /// Every hex a live finding names.
    pub fn marked_hexes(&self) -> &[HexId] {
        &self.scenario.marked
    }
}

/// The map's canonical path and a maker of the documents in memory.
fn map_memory(
    map: &Arc<berthier_schema::Map>,
    path: &std::path::Path,
) -> (PathBuf, live::MakeMemory) {
    let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    let map = Arc::clone(map);
    let key = path.clone();
    let make = Box::new(move || Memory {
        maps: vec![(key, map)],
        ..Memory::default()
    });
    (path, make)
}

impl MapScreen {
    /// Checks the scenario now, on this thread, and shows the result (the
    /// tests and the benchmark, which run no tasks).
    pub fn check_live_now(&mut self) {
        let memory = self.live_memory();
        let Some(live) = self.scenario.live.as_mut() else {
            return;
        };
        let message = live.check_now_memory(memory);
        self.scenario.live_due = false;
        self.live_message(message);
    }
}
