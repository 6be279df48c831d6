//! The scenario's live findings on the Setup screen: every edit (and undo)
//! starts a debounced check of the whole battle off the window's thread
//! ([`crate::scenario_findings::live`]) with the setup as it would be
//! saved; clicking a finding selects its unit and centres its hex.

use iced::Task;

use super::{Message, SetupScreen};
use crate::scenario_findings;
use crate::scenario_findings::live::{self, Live};

impl SetupScreen {
    /// The live findings.
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The task that checks the scenario as it is now, when an edit (or
    /// the opening) asked for one.
    pub fn live_task(&mut self) -> Task<Message> {
        if !std::mem::take(&mut self.live_due) {
            return Task::none();
        }
        let variant = !self.doc.is_editable();
        let task = self.live.scenario_changed(
            self.doc.path(),
            self.doc.scenario(),
            variant,
        );
        task.map(Message::Live)
    }

    /// Checks now on this thread and shows the result (tests, which run
    /// no tasks).
    pub fn check_live_now(&mut self) {
        let variant = !self.doc.is_editable();
        let message = self.live.check_scenario_now(
            self.doc.path(),
            self.doc.scenario(),
            variant,
        );
        self.live_due = false;
        self.live_message(message);
    }

    /// Handles a message of the live panel: a finding clicked selects the
    /// unit it is about and centres its hex.
    pub(super) fn live_message(&mut self, message: live::Message) {
        let Some(finding) = self.live.update(message).cloned() else {
            return;
        };
        let Some(hex) = finding.hex else { return };
        let unit = scenario_findings::unit_in(
            self.doc.path(),
            self.doc.scenario(),
            &finding,
        );
        let map = &self.doc.opened.map;
        let px = map.geometry().center_px(hex);
        self.map.centre_on(px, map.grid.hex_radius_px);
        self.counters_cache.clear();
        self.hex = Some(hex);
        self.armed = false;
        self.notice = Some(match &unit {
            Some(u) => {
                let name = self.live.name_of(u);
                format!("{}: hex {hex}, {name}", finding.code)
            }
            None => format!("{}: hex {hex}", finding.code),
        });
        if unit.is_some() {
            self.unit = unit;
        }
    }
}
